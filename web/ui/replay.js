// The replay viewer: steps through a game record (a finished game from the history, or a shared
// link with actions) as a spectator sees it, drawn read-only by the game's own renderer. The
// engine's `replay` command gives the position after any number of actions; once the game is
// over it may also give every seat's view, so the viewer can reveal each hand.

import { h, clear, button, sleep } from './dom.js';
import { t, tx, tn, onLang } from '../i18n.js';
import { logLine, logScroller } from './log.js';
import { icon } from './card.js';
import { speed } from './speed.js';

const STEP_DELAYS = { normal: 1100, fast: 550, instant: 250 };

export class ReplayViewer {
  /**
   * @param {object} o
   * @param {HTMLElement} o.container
   * @param {object} o.engine {call}
   * @param {object} o.module the game's renderer
   * @param {object} o.game the catalogue entry (or null)
   * @param {string} o.link the record as a "g=..." fragment
   * @param {object} o.first the engine's answer for the final position (spectator)
   * @param {number} [o.ply] where to start (default: the beginning)
   * @param {(error: object) => void} o.onFatal
   * @param {HTMLElement[]} [o.actions] extra buttons for the controls bar
   */
  constructor(o) {
    Object.assign(this, o);
    this.alive = true;
    this.total = o.first.total;
    this.finished = o.first.finished;
    this.names = o.first.seats.map((s) => s.name);
    this.fullLog = o.first.view.log || [];
    this.final = o.first;
    this.ans = null; // the answer for the position shown
    this.perspective = null; // null: spectator; a seat once the game is over
    this.wanted = Math.max(0, Math.min(this.total, o.ply ?? 0));
    this.loading = false;
    this.playing = false;
    this.log0 = null; // number of log lines before the first action
    this.offLang = onLang(() => this.render());
    this.keys = (ev) => this.onKey(ev);
    document.addEventListener('keydown', this.keys);
    this.resized = () => this.scrollLog();
    window.addEventListener('resize', this.resized);
  }

  destroy() {
    this.alive = false;
    this.playing = false;
    this.offLang?.();
    document.removeEventListener('keydown', this.keys);
    window.removeEventListener('resize', this.resized);
  }

  /** Keep the log's current line (or the last past one) in the middle of its panel. */
  scrollLog() {
    const box = this.container.querySelector('.replay-scroll');
    if (!box) return;
    const items = box.querySelectorAll('.log-item.is-past');
    const line = box.querySelector('.log-item.is-current') || items[items.length - 1];
    if (!line) { box.scrollTop = 0; return; }
    const top = line.offsetTop; // the panel is the offset parent
    box.scrollTop = Math.max(0, top - (box.clientHeight - line.offsetHeight) / 2);
  }

  async begin() {
    const zero = await this.fetch(0, false);
    if (!zero) return;
    this.log0 = (zero.view.log || []).length;
    this.shownPerspective = null;
    if (this.wanted === 0) this.ans = zero;
    else if (this.wanted === this.total) this.ans = this.final;
    if (this.ans) this.render();
    else await this.goTo(this.wanted);
  }

  async fetch(ply, reveal) {
    let ans;
    try {
      ans = await this.engine.call({ cmd: 'replay', link: this.link, ply, reveal });
    } catch (err) {
      ans = { ok: false, error: { en: String(err?.message || err), ja: String(err?.message || err) } };
    }
    if (!this.alive) return null;
    if (!ans || !ans.ok) {
      this.alive = false;
      this.onFatal(ans?.error);
      return null;
    }
    return ans;
  }

  /** Show the position after `ply` actions (requests are coalesced: the last one wins). */
  async goTo(ply) {
    this.wanted = Math.max(0, Math.min(this.total, ply));
    if (this.loading) return;
    this.loading = true;
    try {
      while (this.alive) {
        const target = this.wanted;
        const perspective = this.perspective;
        if (this.ans && this.ans.ply === target && this.shownPerspective === perspective) break;
        const ans = await this.fetch(target, this.finished && perspective !== null);
        if (!ans) return;
        this.ans = ans;
        this.shownPerspective = perspective;
        if (this.wanted === target && this.perspective === perspective) break;
      }
    } finally {
      this.loading = false;
    }
    this.render();
  }

  step(delta) {
    this.stop();
    this.goTo((this.wanted ?? 0) + delta);
  }

  async play() {
    if (this.playing) { this.stop(); return; }
    if (this.wanted >= this.total) await this.goTo(0);
    this.playing = true;
    this.render();
    while (this.alive && this.playing && this.wanted < this.total) {
      await sleep(STEP_DELAYS[speed()] ?? 1100);
      if (!this.alive || !this.playing) break;
      await this.goTo(this.wanted + 1);
    }
    this.playing = false;
    if (this.alive) this.render();
  }

  stop() {
    if (!this.playing) return;
    this.playing = false;
    this.render();
  }

  onKey(ev) {
    if (!this.alive || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target?.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (document.querySelector('.modal, .privacy')) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (ev.key in moves) this.step(moves[ev.key]);
    else if (ev.key === 'Home') { this.stop(); this.goTo(0); } else if (ev.key === 'End') { this.stop(); this.goTo(this.total); } else return;
    ev.preventDefault();
  }

  /** The log line's position: the first ply at which it is shown. */
  plyOfLine(index) {
    if (this.log0 !== null && index < this.log0) return 0;
    const entry = this.fullLog[index];
    return Math.min(this.total, (entry?.ply ?? 0) + 1);
  }

  /** A snapshot-like object for the game's renderer (nothing can be played). */
  snap() {
    const a = this.ans;
    const view = this.perspective !== null && a.views ? a.views[this.perspective] : a.view;
    return {
      ok: true, session: null, game: a.game, players: a.players, seed: a.seed, seats: a.seats,
      to_move: view.to_move || [], over: a.over, ply: a.ply, view, legal: [], result: a.result,
      share: null, record: null, secret_pending: false, can_undo: false,
    };
  }

  ctx() {
    return {
      names: this.names,
      viewer: this.perspective,
      legal: new Set(),
      canAct: false,
      thinking: null,
      waiting: 'replay',
      act: () => {},
      humans: [],
      replay: true,
    };
  }

  render() {
    if (!this.alive || !this.ans) return;
    const snap = this.snap();
    const ctx = this.ctx();
    const mod = this.module;
    const root = h('section', {
      class: ['table', 'replay-screen', `table-${snap.game}`, `players-${snap.players}`, snap.over ? 'is-over' : null],
      testid: 'replay',
      data: {
        game: snap.game, ply: snap.ply, total: this.total, phase: snap.view.phase ?? (snap.over ? 'over' : ''),
        finished: this.finished ? 'yes' : 'no', perspective: this.perspective === null ? 'spectator' : this.perspective,
        loading: this.loading ? 'yes' : 'no',
      },
    });
    let board;
    try {
      board = snap.over ? this.endSummary(snap, ctx) : mod.table(snap, ctx);
    } catch (err) {
      console.error(err);
      board = h('p', { class: 'notice', text: t('somethingWrong') });
    }
    const title = this.game ? tx(this.game.titles) : snap.game;
    const main = h('div', { class: 'table-main' },
      h('h1', { class: 'sr-only', text: `${t('replayTitle')}: ${title}` }),
      this.statusBar(snap, ctx),
      h('div', { class: 'replay-board', testid: 'replay-board' }, board),
      this.controls());
    let extra = [];
    try {
      extra = mod.side && this.perspective !== null ? mod.side(snap, ctx) : [];
    } catch (err) {
      console.error(err);
    }
    const side = h('aside', { class: 'table-side' }, this.logPanel(snap), ...extra);
    root.append(main, side);
    const slider = this.container.querySelector('[data-testid=replay-slider]');
    const keepFocus = slider && document.activeElement === slider;
    clear(this.container).append(root);
    if (keepFocus) root.querySelector('[data-testid=replay-slider]')?.focus();
    this.scrollLog();
  }

  statusBar(snap, ctx) {
    const mod = this.module;
    let prompt = '';
    if (snap.over) prompt = t('gameOver');
    else if (snap.ply === 0) prompt = t('replayStart');
    else {
      try { prompt = mod.prompt(snap, ctx); } catch (_) { prompt = ''; }
    }
    let chips = [];
    try { chips = !snap.over && mod.statusChips ? mod.statusChips(snap, ctx) : []; } catch (_) { chips = []; }
    return h('div', { class: 'status-bar replay-status', testid: 'status' },
      h('span', { class: 'chip chip-replay', testid: 'replay-chip' }, icon('eye'), h('span', { text: t('replayTitle') })),
      h('div', { class: 'status-chips' }, ...chips),
      h('div', { class: 'status-prompt', testid: 'prompt' }, prompt),
      h('span', { class: 'viewer-chip spectator', testid: 'viewer', text: this.perspective === null ? t('spectator') : t('replaySeatShort', this.names[this.perspective]) }));
  }

  endSummary(snap, ctx) {
    const result = snap.result || {};
    const winners = (result.winners || []).map((s) => this.names[s]);
    const title = winners.length > 1
      ? tn('winnersAre', h('b', { class: 'who', text: winners.join(t('listSep')) }))
      : tn('winnerIs', h('b', { class: 'who', text: winners[0] ?? '' }));
    const tie = tx(result.tie_break_text);
    let table = null;
    try { table = this.module.result(snap, ctx); } catch (err) { console.error(err); }
    return h('section', { class: 'end-screen replay-end', testid: 'replay-end' },
      h('div', { class: 'end-head' },
        h('div', { class: 'end-crown' }, icon('crown', 'crown')),
        h('div', {},
          h('h2', { class: 'end-title', testid: 'winners' }, title),
          tie ? h('p', { class: 'end-tie', text: tie }) : null)),
      table);
  }

  controls() {
    const at = this.ans.ply;
    const iconButton = (name, label, testid, disabled, onClick) => {
      const b = button(icon(name), { class: 'btn btn-icon', testid, 'aria-label': label, title: label, disabled });
      b.addEventListener('click', onClick);
      return b;
    };
    const slider = h('input', {
      type: 'range', class: 'replay-slider', testid: 'replay-slider', min: 0, max: this.total, step: 1,
      value: String(this.wanted), 'aria-label': t('replaySlider'), 'aria-valuetext': t('replayPosition', at, this.total),
    });
    slider.addEventListener('input', () => { this.stop(); this.goTo(Number(slider.value)); });
    const playing = this.playing;
    const play = button([icon(playing ? 'pause' : 'next'), h('span', { text: playing ? t('replayPause') : t('replayPlay') })], {
      class: 'btn btn-play', testid: 'replay-play', 'aria-pressed': playing ? 'true' : 'false', disabled: this.total === 0,
    });
    play.addEventListener('click', () => this.play());
    const row = [
      h('div', { class: 'replay-buttons' },
        iconButton('first', t('replayFirst'), 'replay-first', at === 0, () => { this.stop(); this.goTo(0); }),
        iconButton('prev', t('replayBack'), 'replay-back', at === 0, () => this.step(-1)),
        play,
        iconButton('next', t('replayForward'), 'replay-forward', at >= this.total, () => this.step(1)),
        iconButton('last', t('replayLast'), 'replay-last', at >= this.total, () => { this.stop(); this.goTo(this.total); })),
      h('div', { class: 'replay-track' },
        slider,
        h('span', { class: 'replay-pos', testid: 'replay-position', 'aria-live': 'polite', text: t('replayPosition', at, this.total) })),
    ];
    const view = this.finished
      ? (() => {
        const sel = h('select', { class: 'select select-sm', testid: 'replay-perspective', id: 'replay-perspective', 'aria-label': t('replayView') },
          h('option', { value: '', text: t('replaySpectator') }),
          this.names.map((name, i) => h('option', { value: String(i), text: t('replaySeat', name) })));
        sel.value = this.perspective === null ? '' : String(this.perspective);
        sel.addEventListener('change', () => {
          this.perspective = sel.value === '' ? null : Number(sel.value);
          this.goTo(this.wanted);
        });
        return h('label', { class: 'replay-view', for: 'replay-perspective' },
          icon('eye'), h('span', { class: 'replay-view-label', text: t('replayView') }), sel);
      })()
      : h('span', { class: 'replay-note', text: t('replayUnfinished') });
    return h('div', { class: 'replay-bar', testid: 'replay-controls' },
      h('div', { class: 'replay-row' }, row),
      h('div', { class: 'replay-row replay-row-2' }, view, ...(this.actions || [])));
  }

  logPanel(snap) {
    // past lines as this view shows them, then the rest of the game (public wording), dimmed
    const past = snap.view.log || [];
    const lines = past.concat(this.fullLog.slice(past.length));
    const list = h('ol', { class: 'log-list replay-log', testid: 'log' });
    const at = snap.ply;
    lines.forEach((entry, i) => {
      const future = i >= past.length;
      const current = !future && at > 0 && i >= (this.log0 ?? 0) && entry.ply === at - 1;
      const isRound = /^Round \d+/.test(entry.text?.en || '');
      const item = h('li', {
        class: ['log-item', isRound ? 'log-round' : null, future ? 'is-future' : 'is-past', current ? 'is-current' : null],
        data: { ply: entry.ply, index: i, state: future ? 'future' : 'past' },
      });
      const jump = button(logLine(entry, this.names), { class: 'log-jump', testid: 'log-line', 'aria-current': current ? 'step' : undefined });
      jump.addEventListener('click', () => { this.stop(); this.goTo(this.plyOfLine(i)); });
      item.append(jump);
      list.append(item);
    });
    return h('section', { class: 'side-panel log-panel' },
      h('h2', { class: 'side-title', text: t('log') }),
      h('p', { class: 'replay-hint', text: t('replayLogHint') }),
      logScroller(t('log'), 'log-scroll replay-scroll', list));
  }
}
