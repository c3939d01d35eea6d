// The replay viewer: steps through a game record (a finished game from the history, or a shared
// link with actions) as a spectator sees it, drawn read-only by the game's own renderer. The
// engine's `replay` command gives the position after any number of actions; once the game is
// over it may also give every seat's view (what it adds to the spectator's), so the viewer can
// reveal each hand. An answer carries only the newest lines of the log: the viewer reads the
// whole game's log once, page by page (`log`), and shows the lines of each position from it (the
// spectator's log; a line never changes once written).
//
// Like a table (docs/table-layer.md), and through the same view (ui/view.js), the viewer draws
// without listeners, at most once per animation frame, and lays each drawing over the one on
// screen (ui/patch.js); one delegated listener on its root reads
// `data-action`: its own controls (`replay-*`), or the game's own action handlers, which change
// the UI state of the position shown (`ctx.ui`: a tab, a summary opened...). Nothing can be
// played: the renderer gets no moves and no choices.
//
// A finished game can be analysed (ui/analysis.js): the side panel then switches between the log
// and the analysis (a graph of each reviewed seat's chance to win, its mistakes), and a mistake
// (or a point of the graph) tapped there opens that decision: the position before the move, from
// that seat's view, drawn with the seat's moves there (the `replay` answer's `decisions`: the
// controls are shown for reading, a tap on them does nothing) so that the move played and the
// better one are marked on the table.

import { h, button, sleep } from './dom.js';
import { place } from './patch.js';
import { t, tx, tn, onLang, seatName } from '../i18n.js';
import { logLine, logScroller } from './log.js';
import { icon } from './card.js';
import { speed } from './speed.js';
import { ask } from './errors.js';
import { Analysis } from './analysis.js';
import { takeAnalyseOnOpen } from './analyse-intent.js';
import { TableView } from './view.js';
import { placesBlock } from './places.js';
import { rulesButton, openRules, gameTitle } from './rules-dialog.js';
import { explainButton, focusable } from './explain.js';
import { findMove } from './play.js';

const STEP_DELAYS = { slow: 1800, normal: 1100, fast: 550, instant: 250 };
/** The controls of a move (ui/tutorial.js's list): inert at a decision opened from the analysis. */
const MOVE_CONTROLS = '[data-action=move], [data-a], [data-reach], [data-pick], [data-unpick], [data-confirm], [data-choose], [data-reset], [data-move]';

export class ReplayViewer {
  /**
   * @param {object} o
   * @param {HTMLElement} o.container
   * @param {{call: (request: object) => Promise<any>}} o.engine
   * @param {any} o.module the game's renderer
   * @param {any} o.game the catalogue entry (or null)
   * @param {string} o.link the record as a "g=..." fragment
   * @param {any} o.first the engine's answer for the final position (spectator)
   * @param {number} [o.ply] where to start (default: the beginning)
   * @param {(error: any) => void} o.onFatal
   * @param {() => HTMLElement[]} [o.actions] makes the extra buttons for the controls bar (at each
   *   drawing, so that they follow the language)
   * @param {string | null} [o.savedId] the finished game kept on this device that is shown (its
   *   analysis is kept with it); null for a shared record
   */
  /** The seats' names as shown now (a default name in the current language). */
  get names() {
    return this.recordNames.map((name, i) => seatName(name, i));
  }

  constructor(o) {
    this.container = o.container;
    this.engine = o.engine;
    this.module = o.module;
    this.game = o.game;
    this.link = o.link;
    this.onFatal = o.onFatal;
    this.actions = o.actions || (() => []);
    this.alive = true;
    this.total = o.first.total;
    this.finished = o.first.finished;
    /** @type {string[]} the names in the record (a default one is shown in the current language: `names`) */
    this.recordNames = o.first.seats.map((s) => s.name);
    this.initPosition(o);
    this.view = new TableView({ container: this.container, testid: 'replay', host: this.host(), events: ['click', 'input', 'change'] });
    this.offLang = onLang(() => this.render());
    this.keys = (ev) => this.onKey(ev);
    document.addEventListener('keydown', this.keys);
    this.initAnalysis(o);
  }

  /** The position shown, and the UI state drawn with it. */
  initPosition(o) {
    /** @type {any[]} the spectator's log of the whole game (read by `begin`) */
    this.fullLog = [];
    this.final = o.first;
    /** @type {any} the answer for the position shown */
    this.ans = null;
    this.perspective = null; // null: spectator; a seat once the game is over
    this.wanted = Math.max(0, Math.min(this.total, o.ply ?? 0));
    this.loading = false;
    this.playing = false;
    this.log0 = null; // number of log lines before the first action
    /** @type {object} the UI state of the position shown (the renderer's `initUi`) */
    this.ui = {};
    this.uiKey = null;
    /** @type {object} UI state kept while the viewer is open */
    this.memo = {};
    /** @type {string | null} the decision whose marks were last scrolled into sight */
    this.revealed = null;
  }

  /** A finished game's analysis, and the side panel's tab. */
  initAnalysis(o) {
    /** @type {Analysis | null} a finished game's analysis (none for an unfinished one) */
    this.analysis = this.finished ? new Analysis({
      engine: this.engine, link: this.link, total: this.total, players: o.first.players,
      version: o.first.analysis ?? null, names: () => this.names, savedId: o.savedId ?? null,
      changed: () => this.render(), jump: (move, seat) => this.jumpToMove(move, seat),
    }) : null;
    /** the end screen's "Analyse this game" opened the viewer: the analysis starts at once */
    this.analyseAtOnce = this.analysis !== null && takeAnalyseOnOpen();
    /** @type {'log' | 'analysis'} what the side panel shows (the analysis once there is one) */
    this.sideTab = this.analysis?.data || this.analyseAtOnce ? 'analysis' : 'log';
    this.resized = () => {
      if (this.analysis?.data && this.sideTab === 'analysis') this.render(); // the graph's shape follows the orientation
      this.scrollLog();
    };
    window.addEventListener('resize', this.resized);
  }

  /** @returns {import('./view.js').ViewHost} what the view asks of the viewer */
  host() {
    return {
      live: () => this.alive && !!this.ans,
      draw: () => this.draw(),
      ctx: () => this.ctx(this.snap()),
      own: (action) => this.own(action),
      // at a decision opened from the analysis the moves are drawn to be read: a tap plays nothing
      intercept: (el) => Boolean(this.decision()) && el.matches(MOVE_CONTROLS) && Boolean(el.closest('.replay-board')),
      module: this.module,
      input: (ev) => this.onInput(ev),
    };
  }

  /**
   * The viewer's own handler of a `data-action`: its controls, the analysis's, and `move` (which
   * does nothing here); null: the game's own handler.
   * @param {string} action
   */
  own(action) {
    if (CONTROLS[action]) return (data) => CONTROLS[action](this, data);
    if (action === 'move') return () => {};
    if (!action?.startsWith('analysis-') || !this.analysis) return null;
    return (data, ev) => {
      ev.preventDefault();
      if (action === 'analysis-start') this.sideTab = 'analysis';
      this.analysis.act(action, data);
      if (action === 'analysis-cancel' && !this.analysis.data) this.sideTab = 'log';
      this.render();
    };
  }

  /**
   * Open a decision of the analysis: the position after `ply` actions (before the seat's move),
   * from the view of the seat that chose.
   * @param {number} ply
   * @param {number} seat
   */
  jumpToMove(ply, seat) {
    if (!Number.isInteger(ply)) return;
    this.stop();
    if (Number.isInteger(seat) && seat >= 0 && seat < this.recordNames.length) this.perspective = seat;
    this.goTo(ply);
  }

  /**
   * The analysis's verdict of the position shown, when it is a reviewed decision of the seat whose
   * view is shown and the engine gave that seat's moves there (null: none).
   * @returns {any}
   */
  decision() {
    const a = this.ans;
    if (!a || this.perspective === null || !this.analysis?.data || !this.showsAnalysis()) return null;
    const moves = a.decisions?.[String(this.perspective)];
    if (!moves) return null;
    return this.analysis.verdictAt(a.ply, this.perspective);
  }

  destroy() {
    this.alive = false;
    this.playing = false;
    this.view.destroy();
    this.offLang?.();
    this.analysis?.destroy();
    document.removeEventListener('keydown', this.keys);
    window.removeEventListener('resize', this.resized);
  }

  /** Keep the log's current line (or the last past one) in the middle of its panel. */
  scrollLog() {
    const box = this.container.querySelector('.replay-scroll');
    if (!box) return;
    const items = box.querySelectorAll('.log-item.is-past');
    const line = box.querySelector('.log-item.is-current') || items[items.length - 1];
    if (!(line instanceof HTMLElement)) { box.scrollTop = 0; return; }
    const top = line.offsetTop; // the panel is the offset parent
    box.scrollTop = Math.max(0, top - (box.clientHeight - line.offsetHeight) / 2);
  }

  async begin() {
    const zero = await this.fetch(0, false);
    if (!zero || !(await this.readLog())) return;
    this.log0 = logCount(zero);
    this.shownPerspective = null;
    if (this.wanted === 0) this.ans = zero;
    else if (this.wanted === this.total) this.ans = this.final;
    if (this.ans) this.render();
    else await this.goTo(this.wanted);
    const analysis = this.analysis;
    if (this.analyseAtOnce && analysis && this.alive && (!analysis.data || analysis.stale)) analysis.start();
  }

  async fetch(ply, reveal) {
    const ans = await ask(this.engine, { cmd: 'replay', link: this.link, ply, reveal });
    if (!this.alive) return null;
    if (!ans.ok) {
      this.alive = false;
      this.onFatal(ans.error);
      return null;
    }
    return ans;
  }

  /** Read the whole game's log (the spectator's), a page at a time; false if that failed. */
  async readLog() {
    const log = [];
    for (;;) {
      const page = await ask(this.engine, { cmd: 'log', link: this.link, from: log.length });
      if (!this.alive) return false;
      if (!page.ok) {
        this.alive = false;
        this.onFatal(page.error);
        return false;
      }
      log.push(...page.log);
      if (!page.log.length || log.length >= page.total) break;
    }
    this.fullLog = log;
    return true;
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
    if (this.analysis?.key(ev)) { ev.preventDefault(); return; } // a point of the graph
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
    const seatView = this.perspective !== null && a.views ? a.views[this.perspective] : {};
    // the log of the position: the first lines of the game's (an answer has only the newest)
    const view = { ...a.view, ...seatView, log: this.fullLog.slice(0, logCount(a)) };
    return {
      ok: true, session: null, game: a.game, players: a.players, seats: a.seats,
      to_move: view.to_move || [], over: a.over, ply: a.ply, view, moves: [], choices: [],
      result: a.result, share: null, record: null, secret_pending: false, can_undo: false,
    };
  }

  /**
   * The UI state of the position shown: the renderer's `initUi(snap)`, made afresh for another
   * position or another perspective and kept while that one is shown.
   * @param {object} snap
   */
  uiFor(snap) {
    const key = `${this.ans.ply}|${this.perspective ?? 'spectator'}`;
    if (key !== this.uiKey) {
      this.uiKey = key;
      this.ui = this.module.initUi ? this.module.initUi(snap) : {};
    }
    return this.ui;
  }

  /**
   * What the renderer draws from (docs/table-layer.md): the viewer cannot act, so there are no
   * moves or choices and playing does nothing.
   * @param {object} snap
   */
  ctx(snap) {
    const verdict = this.decision();
    if (verdict) { // the decision's moves drawn for reading: play, compose do nothing here
      const { moves, choices } = this.ans.decisions[String(this.perspective)];
      return this.view.ctx({
        names: this.names, viewer: this.perspective, waiting: 'replay', ui: this.uiFor(snap), memo: this.memo, replay: true,
        canAct: true, moves, choices,
        move: (kind, fields = {}) => findMove(moves, kind, fields),
        movesOf: (kind) => moves.filter((m) => m.kind === kind),
        choice: (id) => choices.find((c) => c.id === id),
      });
    }
    return this.view.ctx({
      names: this.names,
      viewer: this.perspective,
      waiting: 'replay',
      ui: this.uiFor(snap),
      memo: this.memo,
      replay: true,
    });
  }

  /**
   * The slider moved, or another perspective was chosen.
   * @param {Event} ev
   */
  onInput(ev) {
    const el = ev.target;
    if (!this.alive) return;
    if (el instanceof HTMLInputElement && el.dataset.action === 'replay-slider' && ev.type === 'input') {
      this.stop();
      this.goTo(Number(el.value));
    } else if (el instanceof HTMLSelectElement && el.dataset.action === 'replay-perspective' && ev.type === 'change') {
      this.perspective = el.value === '' ? null : Number(el.value);
      this.goTo(this.wanted);
    }
  }

  /** Draw in the next animation frame (several calls in one frame draw once). */
  render() {
    this.view.render();
  }

  /** Draw the position shown now. */
  draw() {
    const snap = this.snap();
    const ctx = this.ctx(snap);
    const mod = this.module;
    const { root, main, side } = this.view.frame();
    const analysing = this.showsAnalysis();
    this.label(root, snap, analysing);
    const board = snap.over
      ? this.endSummary(snap, ctx)
      : this.view.guard(() => mod.table(snap, ctx), () => this.view.broken());
    const title = this.game ? tx(this.game.titles) : snap.game;
    // the game's own panels of a seat's view; the analysis, when shown, takes their room
    const extra = mod.side && this.perspective !== null && !analysing
      ? this.view.guard(() => mod.side(snap, ctx), () => []) : [];
    const slider = root.querySelector('[data-testid=replay-slider]');
    const keepFocus = slider && document.activeElement === slider;
    place(main, [
      h('h1', { class: 'sr-only', text: `${t('replayTitle')}: ${title}` }),
      this.statusBar(snap, ctx),
      h('div', { class: 'replay-board', testid: 'replay-board' }, board),
      this.controls()]);
    const verdict = snap.over ? null : this.decision();
    const board0 = main.querySelector('[data-testid=replay-board]');
    const decision = verdict && board0 ? { v: verdict, marks: this.analysis.markDecision(board0, verdict) } : null;
    root.dataset.decision = decision ? 'yes' : 'no';
    if (decision && board0) this.revealMarks(board0, `${verdict.ply}:${verdict.seat}`);
    else this.revealed = null; // another position: the decision reopened is scrolled to again
    place(side, [this.sidePanel(snap, decision), ...extra]);
    focusable(root); // its marks explain themselves by a tap (ui/explain.js)
    const fresh = root.querySelector('[data-testid=replay-slider]');
    if (keepFocus && fresh instanceof HTMLElement) fresh.focus();
    this.scrollLog();
  }

  /**
   * Scroll a decision's marks into sight once, when it opens: the board of a tall table scrolls
   * under the replay's bar (a beginner did not see the better move, Withdraw, at the bottom of
   * The Egyptian Buyer's bid panel). The better move comes last: it is the one kept in sight.
   * @param {Element} board
   * @param {string} key the decision (its ply and seat)
   */
  revealMarks(board, key) {
    if (this.revealed === key) return;
    this.revealed = key;
    for (const sel of ['.analysis-played', '.analysis-best']) {
      board.querySelector(sel)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }

  /** The section's class and data attributes (what the tests and the style read). */
  label(root, snap, analysing) {
    root.setAttribute('class', ['table', 'replay-screen', `table-${snap.game}`, `players-${snap.players}`, snap.over ? 'is-over' : null, analysing ? 'shows-analysis' : null].filter(Boolean).join(' '));
    const data = {
      game: snap.game, ply: snap.ply, total: this.total, phase: snap.view.phase ?? (snap.over ? 'over' : ''),
      finished: this.finished ? 'yes' : 'no', perspective: this.perspective === null ? 'spectator' : this.perspective,
      loading: this.loading ? 'yes' : 'no',
    };
    for (const [key, value] of Object.entries(data)) root.dataset[key] = String(value);
  }

  statusBar(snap, ctx) {
    const mod = this.module;
    let prompt;
    // a decision opened by the analysis draws the seat's moves (ctx.canAct) for reading: the
    // game's own prompt would say "Your turn"
    if (snap.over) prompt = t('gameOver');
    else if (this.decision()) prompt = t('replayDecision', this.names[this.perspective ?? 0]);
    else if (snap.ply === 0) prompt = t('replayStart');
    else prompt = this.view.guard(() => mod.prompt(snap, ctx), () => '', true);
    const chips = this.view.guard(() => (!snap.over && mod.statusChips ? mod.statusChips(snap, ctx) : []), () => [], true);
    return h('div', { class: 'status-bar replay-status', testid: 'status' },
      h('span', { class: 'chip chip-replay', testid: 'replay-chip' }, icon('eye'), h('span', { text: t('replayTitle') })),
      h('div', { class: 'status-chips' }, ...chips),
      h('div', { class: 'status-prompt', testid: 'prompt' }, prompt),
      explainButton(snap.game),
      rulesButton(),
      h('span', { class: 'viewer-chip spectator', testid: 'viewer', text: this.perspective === null ? t('spectator') : t('replaySeatShort', this.names[this.perspective]) }));
  }

  endSummary(snap, ctx) {
    const result = snap.result || {};
    const winners = (result.winners || []).map((s) => this.names[s]);
    let title;
    if (!winners.length) title = t('noWinner'); // a game the safeguard cap stopped (Yadokashi Y10)
    else if (winners.length > 1) title = tn('winnersAre', h('b', { class: 'who', text: winners.join(t('listSep')) }));
    else title = tn('winnerIs', h('b', { class: 'who', text: winners[0] }));
    const tie = tx(result.tie_break_text);
    const table = this.view.guard(() => this.module.result(snap, ctx), () => null);
    return h('section', { class: 'end-screen replay-end', testid: 'replay-end' },
      h('div', { class: 'end-head' },
        h('div', { class: 'end-crown' }, icon('crown', 'crown')),
        h('div', {},
          h('h2', { class: 'end-title', testid: 'winners' }, title),
          tie && !result.places ? h('p', { class: 'end-tie', text: tie }) : null)),
      placesBlock(result, this.names),
      table);
  }

  /**
   * A control button of the bar.
   * @param {string} name its icon
   * @param {string} label
   * @param {string} testid also its `data-action`
   * @param {boolean} disabled
   */
  iconButton(name, label, testid, disabled) {
    return button(icon(name), { class: 'btn btn-icon', testid, 'aria-label': label, title: label, disabled, data: { action: testid } });
  }

  /** Whose view is shown: the spectator's, or (the game over) a seat's. */
  perspectiveField() {
    if (!this.finished) return h('span', { class: 'replay-note', text: t('replayUnfinished') });
    // a game with nothing hidden (the catalogue's `hidden`) hides nothing from its spectator and
    // reveals no hand
    const open = this.game?.hidden === false;
    const sel = /** @type {HTMLSelectElement} */ (h('select', {
      class: 'select select-sm', testid: 'replay-perspective', id: 'replay-perspective', 'aria-label': t('replayView'),
      data: { action: 'replay-perspective' },
    },
    h('option', { value: '', text: open ? t('replaySpectatorPublic') : t('replaySpectator') }),
    this.names.map((name, i) => h('option', { value: String(i), text: open ? name : t('replaySeat', name) }))));
    sel.value = this.perspective === null ? '' : String(this.perspective);
    return h('label', { class: 'replay-view', for: 'replay-perspective' },
      icon('eye'), h('span', { class: 'replay-view-label', text: t('replayView') }), sel);
  }

  controls() {
    const at = this.ans.ply;
    const where = at === 0 ? t('replayBeforeFirst', this.total) : t('replayPosition', at, this.total);
    const slider = h('input', {
      type: 'range', class: 'replay-slider', testid: 'replay-slider', min: 0, max: this.total, step: 1,
      value: String(this.wanted), 'aria-label': t('replaySlider'), 'aria-valuetext': where,
      data: { action: 'replay-slider' },
    });
    const playing = this.playing;
    const play = button([icon(playing ? 'pause' : 'next'), h('span', { text: playing ? t('replayPause') : t('replayPlay') })], {
      class: 'btn btn-play', testid: 'replay-play', 'aria-pressed': playing ? 'true' : 'false', disabled: this.total === 0,
      data: { action: 'replay-play' },
    });
    const row = [
      h('div', { class: 'replay-buttons' },
        this.iconButton('first', t('replayFirst'), 'replay-first', at === 0),
        this.iconButton('prev', t('replayBack'), 'replay-back', at === 0),
        play,
        this.iconButton('next', t('replayForward'), 'replay-forward', at >= this.total),
        this.iconButton('last', t('replayLast'), 'replay-last', at >= this.total)),
      h('div', { class: 'replay-track' },
        slider,
        h('span', { class: 'replay-pos', testid: 'replay-position', 'aria-live': 'polite', text: where })),
    ];
    return h('div', { class: 'replay-bar', testid: 'replay-controls' },
      h('div', { class: 'replay-row' }, row),
      h('div', { class: 'replay-row replay-row-2' }, this.perspectiveField(),
        h('div', { class: 'replay-extra' }, this.analysis?.button(), ...this.actions())));
  }

  /** Whether the side may switch to the analysis: one is under way or made. */
  hasAnalysis() {
    const analysis = this.analysis;
    return !!analysis && (analysis.state !== 'none' || !!analysis.data);
  }

  /** Whether the side shows the analysis now. */
  showsAnalysis() {
    return this.hasAnalysis() && this.sideTab === 'analysis';
  }

  /**
   * The side's main panel: the log, or the analysis (a switch between them once there is one).
   * @param {any} snap
   * @param {any} [decision] the decision shown and its marks (ui/analysis.js `panel`)
   */
  sidePanel(snap, decision = null) {
    const analysis = this.analysis;
    if (!analysis || !this.hasAnalysis()) return this.logPanel(snap, null);
    const tab = (name, label) => button(label, {
      class: ['side-tab', this.sideTab === name ? 'is-on' : null], testid: `side-tab-${name}`,
      'aria-pressed': this.sideTab === name ? 'true' : 'false', data: { action: 'replay-tab', tab: name },
    });
    const tabs = h('div', { class: 'side-tabs', role: 'group', 'aria-label': t('replaySideLabel') },
      tab('log', t('log')), tab('analysis', t('analysisTab')));
    return this.sideTab === 'analysis' ? analysis.panel(snap.ply, tabs, decision) : this.logPanel(snap, tabs);
  }

  /**
   * @param {any} snap
   * @param {HTMLElement | null} tabs the switch to the analysis, in place of the title
   */
  logPanel(snap, tabs) {
    // the game's whole log: the lines of the position shown, then the ones to come, dimmed
    const past = snap.view.log;
    const lines = this.fullLog;
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
      item.append(button(logLine(entry, this.names), {
        class: 'log-jump', testid: 'log-line', 'aria-current': current ? 'step' : undefined,
        data: { action: 'replay-line', index: i },
      }));
      list.append(item);
    });
    return h('section', { class: 'side-panel log-panel' },
      tabs || h('h2', { class: 'side-title', text: t('log') }),
      h('p', { class: 'replay-hint', text: t('replayLogHint') }),
      logScroller(t('log'), 'log-scroll replay-scroll', list));
  }
}

/**
 * How many lines the log of an answer's position has (its view holds only the newest).
 * @param {any} ans a `replay` answer
 */
function logCount(ans) {
  if (typeof ans.log_total === 'number') return ans.log_total;
  return (ans.log_start || 0) + (ans.view.log || []).length;
}

/**
 * The viewer's own controls, by their `data-action`.
 * @type {Record<string, (viewer: ReplayViewer, data: DOMStringMap) => void>}
 */
const CONTROLS = {
  rules: (v) => {
    const id = v.game?.id ?? v.snap().game;
    openRules(id, gameTitle(v.game, id), v.game?.credits);
  },
  'replay-first': (v) => { v.stop(); v.goTo(0); },
  'replay-back': (v) => v.step(-1),
  'replay-play': (v) => { v.play(); },
  'replay-forward': (v) => v.step(1),
  'replay-last': (v) => { v.stop(); v.goTo(v.total); },
  'replay-line': (v, data) => { v.stop(); v.goTo(v.plyOfLine(Number(data.index))); },
  'replay-tab': (v, data) => {
    v.sideTab = data.tab === 'analysis' ? 'analysis' : 'log';
    v.render();
  },
};
