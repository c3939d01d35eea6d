// The game engine as the page shell sees it: loading (with its stage and progress), ready or
// failed. It follows the engine that boot.js started, paints the header's status box, sets
// `<html data-engine>` (idle, loading, ready, failed) and tells the screens when the state changes.
// A guest's page (`#join=`, ui/role.js, issue 34) runs no engine: the state is `idle` (the box
// hidden) until the page goes to an address that needs one, or `start()` is called; then the
// engine starts, once. Once it has started, the service worker is asked to keep its files too
// (ui/pwa.js `keepEngine`).
// While a request has been on its way for a while the box says so ("The engine is working…",
// `data-state="busy"`, `<html data-engine-busy="yes">`), not "Game engine ready"; `restart()` ends a
// busy worker for a fresh one (the opening screen's Cancel).
// It also says how the engine started, `<html data-engine-boot>`: `snapshot` (from the memory
// snapshot stored on the device), `normal`, or `fallback` (a stored snapshot could not be used),
// and `<html data-engine-snapshot>` once a new snapshot was stored (`stored`) or not (`failed`).

import { h } from './dom.js';
import { t, tx } from '../i18n.js';
import { errorText } from './errors.js';
import { guestOnly } from './role.js';
import { keepEngine } from './pwa.js';

const STAGES = new Set(['download', 'start', 'install']);

export class EngineStatus {
  /** @param {HTMLElement} html the page's root element (it carries `data-engine`) */
  constructor(html) {
    this.html = html;
    /** @type {import('../types.js').Engine | null} */
    this.engine = null;
    /** @type {'idle' | 'loading' | 'ready' | 'failed'} */
    this.state = 'loading';
    this.stage = 'download';
    this.pct = 0;
    /** @type {import('../types.js').Text | null} */
    this.error = null;
    /** @type {Set<() => void>} */
    this.listeners = new Set();
    this.busy = false; // a request has been on its way for a while (web/engine.js)
    this.started = false; // start() was called
    this.expect();
  }

  /** A new wait for the engine to be ready or to fail. */
  expect() {
    this.settled = new Promise((resolve, reject) => { this.resolve = resolve; this.reject = reject; });
    this.settled.catch(() => {});
  }

  /**
   * End the engine's worker, whatever it is busy with, and start a fresh one (the calls still
   * waiting reject with a `cancelled` error). The status is `loading` again until it is ready.
   * @returns {Promise<void>}
   */
  async restart() {
    if (!this.engine?.restart || this.state === 'failed') return;
    const ready = this.engine.restart();
    this.state = 'loading';
    this.stage = 'start';
    this.pct = 0;
    this.busy = false;
    this.html.dataset.engine = 'loading';
    this.html.dataset.engineBusy = 'no';
    this.expect();
    this.paint();
    for (const fn of this.listeners) fn();
    try {
      await ready;
      this.settle('ready');
    } catch (err) {
      this.settle('failed', errorText(err));
    }
  }

  /**
   * Follow the page's engine (`start`); on a guest's page, stay `idle` until the address is one
   * that needs the engine.
   */
  boot() {
    if (!guestOnly(location.hash)) {
      this.start();
      return;
    }
    this.state = 'idle';
    this.html.dataset.engine = 'idle';
    this.paint();
    const leave = () => {
      if (guestOnly(location.hash)) return;
      window.removeEventListener('hashchange', leave);
      this.start();
    };
    window.addEventListener('hashchange', leave);
  }

  /**
   * Take the engine from boot.js (started there, or now) and follow it until it is ready or has
   * failed; once it is, the service worker keeps the engine's files. Does nothing the second time.
   */
  async start() {
    if (this.started) return;
    this.started = true;
    this.html.dataset.engine = 'loading';
    if (this.state === 'idle') this.changeTo('loading');
    try {
      // boot.js (an async script of its own) started the engine before this module graph loaded;
      // importing it here gives that same module, or loads it now if it has not run yet
      const { startEngine, followEngine } = await import('../boot.js');
      const engine = startEngine();
      this.engine = engine;
      followEngine((ev) => this.progress(ev));
      await engine.ready;
      this.settle('ready');
      engine.kept.then(() => keepEngine());
    } catch (err) {
      this.settle('failed', errorText(err));
    }
  }

  /**
   * The state becomes `state`; the box is painted again and the screens are told.
   * @param {'loading'} state
   */
  changeTo(state) {
    this.state = state;
    this.paint();
    for (const fn of this.listeners) fn();
  }

  /**
   * Resolves once the engine worker has put the files a first visit fetched into the service
   * worker's cache (at once on later visits, and on a guest's page, which started no engine), or
   * the engine failed to start.
   * @returns {Promise<void>}
   */
  async kept() {
    try {
      const { engine } = await import('../boot.js');
      await engine?.kept;
    } catch (_) {
      // no engine: the service worker is registered anyway
    }
  }

  /** The engine once ready; rejects with `{en, ja}` if it failed to start. */
  ready() {
    return this.state === 'ready' ? Promise.resolve(this.engine) : this.settled;
  }

  /**
   * Call `fn` whenever the state changes; returns the function that stops it.
   * @param {() => void} fn
   */
  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** @param {any} ev a progress message of the engine */
  progress(ev) {
    if (!ev) return;
    if (ev.type === 'failed') this.settle('failed', errorText(ev.error));
    else if (ev.type === 'busy') {
      this.busy = Boolean(ev.busy);
      this.html.dataset.engineBusy = this.busy ? 'yes' : 'no';
      this.paint();
    }
    else if (ev.type === 'snapshot') this.html.dataset.engineSnapshot = ev.stored ? 'stored' : 'failed';
    else if (ev.type === 'progress') {
      if (typeof ev.boot === 'string') this.html.dataset.engineBoot = ev.boot;
      this.stage = ev.stage || this.stage;
      if (typeof ev.pct === 'number') this.pct = Math.max(0, Math.min(100, Math.round(ev.pct)));
      if (ev.stage === 'ready') this.pct = 100;
      this.paint();
    }
  }

  /**
   * @param {'ready' | 'failed'} state
   * @param {import('../types.js').Text} [error]
   */
  settle(state, error) {
    if (this.state !== 'loading') return;
    this.state = state;
    this.html.dataset.engine = state;
    if (state === 'ready') this.resolve(this.engine);
    else {
      this.error = error || null;
      this.reject(this.error || new Error('engine failed'));
    }
    this.paint();
    for (const fn of this.listeners) fn();
  }

  /** Paint the header's status box (its text and progress bar). */
  paint() {
    const box = document.getElementById('engine-status');
    const text = document.getElementById('engine-text');
    const fill = document.getElementById('engine-fill');
    if (!box || !text || !fill) return;
    box.dataset.state = this.state;
    if (this.state === 'idle') return; // hidden (style.css): no engine on this page
    if (this.state === 'loading') {
      text.textContent = t(STAGES.has(this.stage) ? `engineStage_${this.stage}` : 'engineLoading', this.pct);
      fill.style.width = `${Math.max(4, this.pct)}%`; // through the CSSOM (the CSP allows it)
      return;
    }
    const busy = this.state === 'ready' && this.busy;
    if (busy) box.dataset.state = 'busy';
    text.textContent = t(busy ? 'engineBusy' : this.state === 'ready' ? 'engineReady' : 'engineFailed');
    fill.style.width = '100%';
    if (this.state === 'failed') box.title = tx(this.error) || '';
  }

  /** A line for a page that needs the engine: waiting for it, or it failed (null once ready). */
  note() {
    if (this.state === 'ready') return null;
    const failed = this.state === 'failed';
    return h('p', {
      class: ['field-help', failed ? 'neg' : null], testid: 'engine-note',
      text: failed ? t('engineFailed') : t('engineWait'),
    });
  }

  /** The lobby's banner when the engine failed to start (null otherwise). */
  banner() {
    if (this.state !== 'failed') return null;
    return h('div', { class: 'engine-banner', testid: 'engine-failed', role: 'alert' },
      h('strong', { text: t('engineFailed') }),
      this.error ? h('p', { text: tx(this.error) }) : null,
      h('p', { text: t('engineFailedHelp') }));
  }
}
