// The table view shared by the live table (ui/play.js) and the replay viewer (ui/replay.js): the
// frame (a section with its main part and its side, made once and kept), the context the game's
// renderer draws from (`ctx`), one delegated listener on the frame that reads `data-action`,
// at most one drawing per animation frame, and a guard around the renderer's calls (a drawing
// that throws shows a notice in its place and leaves the rest of the table working).
//
// The two controllers are its host: they say whether they can draw (`live`), draw (`draw`), give
// the renderer's context (`ctx`) and their own actions (`own`), and may hear form fields change
// (`input`).

import { h, clear } from './dom.js';
import { t } from '../i18n.js';

/**
 * @typedef {object} ViewHost
 * @property {() => boolean} live whether there is something to draw (and the view is open)
 * @property {() => void} draw draw now (the view calls it at most once per animation frame)
 * @property {() => import('../types.js').TableContext} ctx
 * @property {(action: string) => ((data: DOMStringMap, ev: Event) => void) | null | undefined} own
 *   the host's own handler of a `data-action` (null: the game's own handler, if any)
 * @property {import('../types.js').GameRenderer} module
 * @property {(ev: Event) => void} [input] a form field changed (`input` and `change`)
 * @property {(el: Element) => boolean} [intercept] a tap on `el` the host takes instead (true:
 *   nothing else happens; a tutorial's tap on a move it does not expect)
 * @property {(action: string) => void} [tapped] the game's handler of `action` has run (and a
 *   drawing is on its way)
 */

/** @typedef {{root: HTMLElement, main: HTMLElement, side: HTMLElement}} Frame */

export class TableView {
  /**
   * @param {object} o
   * @param {HTMLElement} o.container
   * @param {string} o.testid the section's `data-testid`
   * @param {ViewHost} o.host
   * @param {string[]} [o.events] what the one listener hears (`click`; `input`, `change`)
   */
  constructor(o) {
    this.container = o.container;
    this.testid = o.testid;
    this.host = o.host;
    this.events = o.events || ['click'];
    /** @type {Frame | null} */
    this.parts = null;
    this.frameRequest = 0;
    this.listener = (ev) => this.dispatch(ev);
  }

  /** @returns {HTMLElement | null} the section, once made */
  get root() {
    return this.parts?.root ?? null;
  }

  /** The frame, made once (with its listener) and put in the container; made again if removed. */
  frame() {
    if (this.parts && this.parts.root.parentNode === this.container) return this.parts;
    const root = h('section', { testid: this.testid });
    const main = h('div', { class: 'table-main' });
    const side = h('aside', { class: 'table-side' });
    root.append(main, side);
    for (const kind of this.events) root.addEventListener(kind, this.listener);
    clear(this.container).append(root);
    this.parts = { root, main, side };
    return this.parts;
  }

  /** Draw in the next animation frame (several calls in one frame draw once). */
  render() {
    if (!this.host.live() || this.frameRequest) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      if (this.host.live()) this.host.draw();
    });
  }

  /** Stop drawing and listening. */
  destroy() {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    for (const kind of this.events) this.root?.removeEventListener(kind, this.listener);
  }

  /**
   * Call the game's renderer: what it throws is logged (unless `quiet`: a line the renderer
   * may not know how to word, such as a replay's prompt), and `fallback()` is drawn in its place.
   * @template T
   * @param {() => T} draw
   * @param {() => T} fallback
   * @param {boolean} [quiet]
   * @returns {T}
   */
  guard(draw, fallback, quiet = false) {
    try {
      return draw();
    } catch (err) {
      if (!quiet) console.error(err);
      return fallback();
    }
  }

  /** A notice in place of a drawing that failed. */
  broken() {
    return h('p', { class: 'notice', text: t('somethingWrong') });
  }

  /**
   * The renderer's context: `fields` over a read-only table (nothing can be played).
   * @param {Partial<import('../types.js').TableContext>} fields
   * @returns {import('../types.js').TableContext}
   */
  ctx(fields) {
    return {
      names: [], viewer: null, humans: [], canAct: false, thinking: null, waiting: 'busy', ui: {}, memo: {},
      moves: [], choices: [], move: () => undefined, movesOf: () => [], choice: () => undefined,
      play: () => {}, playActions: () => {}, compose: () => Promise.resolve(null),
      render: () => this.render(),
      ...fields,
    };
  }

  /** @param {Event} ev */
  dispatch(ev) {
    if (ev.type !== 'click') {
      if (this.host.live()) this.host.input?.(ev);
      return;
    }
    const el = ev.target instanceof Element ? ev.target.closest('[data-action]') : null;
    // an HTML control, or a mark of a drawing (SVG)
    if (!(el instanceof HTMLElement || el instanceof SVGElement) || !this.root?.contains(el)) return;
    if (!this.host.live() || (el instanceof HTMLButtonElement && el.disabled)) return;
    // a tutorial keeps the learner to the expected move: another move's tap is explained instead
    if (this.host.intercept?.(el)) {
      ev.preventDefault();
      return;
    }
    const { action, ...data } = el.dataset;
    const own = this.host.own(action);
    if (own) {
      own(data, ev);
      return;
    }
    const handler = this.host.module.actions?.[action];
    if (!handler) return;
    ev.preventDefault();
    handler(this.host.ctx(), data, ev);
    this.render();
    this.host.tapped?.(action);
  }
}
