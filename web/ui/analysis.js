// The replay viewer's analysis of a finished game (issue 23): the engine's `analyse` request
// reviews the decisions of the human seats (every seat when there is none) in slices, each from
// what that seat knew; this module asks for the slices with a progress bar and a Cancel button,
// then draws each reviewed seat's estimated chance to win over the game as an SVG graph (made with
// createElementNS, no library), marks the mistakes (a loss of at least the engine's `mistake`
// share) and lists them with the move played, the better one in words and the engine's reason
// (`why`). Every point of the graph is a control (a tap, or the keyboard: Tab to the graph, the
// arrow keys from point to point, Enter), as is each line of the list: it opens that decision,
// the position BEFORE the move from the view of the seat that chose, with the move played and
// the better move marked on the table (`markDecision`, the marks of ui/hint.js) and a card that
// says both, the reason and the luck that followed. Each seat's summary says what its choices
// cost and what the draws and the other seats' moves (luck) did, when the engine gives them.
//
// The analysis of a finished game kept on this device is stored with it (web/ui/saves.js), so
// reopening it draws the graph at once without asking the engine; one made by another version of
// the engine's analysis is shown with a note and can be made again. A shared game's analysis is
// not kept. An analysis that came in an imported file (marked `imported` by the import,
// web/ui/import-check.js) is not recomputed: it is shown with "Imported analysis — not checked by
// this app", and can be made again by the app, which then keeps its own.
//
// Drawings carry no listeners: the viewer's root listens once and hands the `analysis-*` actions
// here (ui/replay.js).

import { h, svg, button, loadStyle } from './dom.js';
import { t, tp, tx } from '../i18n.js';
import { markMove } from './hint.js';
import { logLine } from './log.js';
import { ask, errorText } from './errors.js';
import { analysisOf, getHistory, storeAnalysis } from './saves.js';

// the analysis's stylesheet comes with it: the lobby's first paint does not wait for it
loadStyle(new URL('../analysis.css', import.meta.url).href);

/** The graph's drawing sizes (user units: the SVG scales to its box). */
const WIDE = { w: 440, h: 150 };
const NARROW = { w: 260, h: 164 };
const PAD = { left: 34, right: 10, top: 10, bottom: 22 };

/**
 * @typedef {object} Verdict
 * @property {number} ply the index of the action (the decision was taken in the position before it)
 * @property {number} seat
 * @property {string} played
 * @property {string} best
 * @property {number} win_played
 * @property {number} win_best
 * @property {number} loss
 * @property {{played: any[], best?: any[]}} words
 * @property {import('../types.js').Text} [why] why the better move is better (a mistake)
 * @property {number} [gap] best estimate - played estimate, as the hint at this budget sees it
 * @property {number} [luck] the change from the played move's estimate to the seat's next one
 * @property {{played?: MovePicks, best?: MovePicks}} [picks] the picks of a move made through a choice
 */

/**
 * @typedef {{choice: string, picks: string[], covers?: string[]}} MovePicks
 */

/**
 * @typedef {{seat: number, decisions: number, open?: number, mean_loss: number, mistakes: number, choice?: number, luck?: number,
 *   words?: import('../types.js').Text}} SeatSummary
 */

/**
 * @typedef {object} AnalysisData what the engine answered once done (and what is kept)
 * @property {string} version
 * @property {number[]} seats
 * @property {number} total the game's number of actions
 * @property {Verdict[]} verdicts
 * @property {SeatSummary[]} summary
 * @property {number} mistake the loss from which a move is a mistake
 * @property {number} [made] when it was made (ms since the epoch)
 * @property {boolean} [imported] it came in an imported file: not made nor checked by this app
 * @property {import('../types.js').Text} [chance] the game's chance in its own words ("the cards turned up")
 */

/** A percentage as the page shows it ("62%"). */
function pct(x) {
  return `${Math.round(x * 100)}%`;
}

/**
 * A seat's average loss: over the decisions where it could still win (`open`; an analysis kept
 * before the engine counted them: over every decision).
 * @param {SeatSummary} row
 */
function meanLoss(row) {
  if (typeof row.open !== 'number' || row.open === row.decisions) return t('analysisMeanLoss', pct(row.mean_loss));
  return row.open ? tp('analysisMeanLossOpen', row.open, pct(row.mean_loss)) : t('analysisMeanLossNone');
}

/**
 * What a decision cost: the gap the hint would have shown (the engine's `gap`), else its `loss`.
 * @param {Verdict} v
 */
function lossOf(v) {
  return typeof v.gap === 'number' ? Math.max(0, v.gap) : v.loss;
}

/**
 * A seat's summary of luck and choice, when the engine gives it: "Your choices cost 12% · the
 * draws and the others' moves cost 35%" (or gave).
 * @param {SeatSummary} row
 */
function splitLine(row) {
  if (typeof row.choice !== 'number' || typeof row.luck !== 'number') return null;
  const luck = row.luck;
  const said = tx(row.words); // the engine's words, in the game's terms ("the draws")
  return h('span', { class: 'analysis-split', testid: 'analysis-split', data: { choice: row.choice, luck } },
    said ? h('span', { class: 'analysis-split-words', text: said }) : [
      h('span', { class: 'analysis-choice', text: t('analysisChoiceCost', pct(Math.abs(row.choice))) }),
      h('span', { class: luck < 0 ? 'analysis-luck is-bad' : 'analysis-luck', text: t(luck < 0 ? 'analysisLuckCost' : 'analysisLuckGave', pct(Math.abs(luck))) })]);
}

export class Analysis {
  /**
   * @param {object} o
   * @param {{call: (request: object) => Promise<any>}} o.engine
   * @param {string} o.link the record as a "g=..." fragment
   * @param {number} o.total the game's number of actions
   * @param {number} o.players
   * @param {string | null} o.version the engine's current analysis version (null: unfinished)
   * @param {() => string[]} o.names the seats' names as shown now
   * @param {string | null} [o.savedId] the finished game kept on this device (null: a shared one)
   * @param {() => void} o.changed redraw the viewer
   * @param {(ply: number, seat: number) => void} o.jump show the decision of `seat` at `ply`
   *   (the position before its move `ply + 1`)
   */
  constructor(o) {
    this.engine = o.engine;
    this.link = o.link;
    this.total = o.total;
    this.players = o.players;
    this.version = o.version;
    this.names = o.names;
    this.savedId = o.savedId ?? null;
    this.changed = o.changed;
    this.jumpTo = o.jump;
    /** @type {'none' | 'running' | 'done' | 'failed'} */
    this.state = 'none';
    /** @type {AnalysisData | null} */
    this.data = null;
    this.progress = 0;
    this.doneCount = 0;
    this.totalCount = 0;
    /** @type {import('../types.js').Text | null} */
    this.error = null;
    /** what became of the keeping: null (nothing to say), 'saved', 'full', 'unsaved', 'shared' */
    this.kept = null;
    /** @type {{ply: number, seat: number} | null} the decision last opened from the analysis */
    this.focused = null;
    this.run = 0; // the analysis under way: a new one (or a cancel) makes the old one's answers stale
    this.alive = true;
    // a finished game of this device: its kept analysis, drawn at once (no engine request)
    const stored = this.savedId ? analysisOf(getHistory(this.savedId), this.total) : null;
    if (stored) {
      this.data = stored;
      this.state = 'done';
    }
  }

  destroy() {
    this.alive = false;
    this.run += 1;
  }

  /** Whether the analysis shown was made by another version of the engine's analysis. */
  get stale() {
    return !!(this.data && this.version && this.data.version !== this.version);
  }

  /** Start (or make again) the analysis: ask the engine slice after slice until it is done. */
  async start() {
    if (!this.version || this.state === 'running') return;
    const run = ++this.run;
    this.state = 'running';
    this.error = null;
    this.progress = 0;
    this.doneCount = 0;
    this.totalCount = 0;
    this.changed();
    for (;;) {
      const ans = await ask(this.engine, { cmd: 'analyse', link: this.link });
      if (!this.alive || run !== this.run) return; // cancelled, or the viewer closed
      if (!ans.ok) {
        this.state = 'failed';
        this.error = errorText(ans);
        this.changed();
        return;
      }
      this.progress = Number(ans.progress) || 0;
      this.doneCount = ans.done;
      this.totalCount = ans.total;
      if (!ans.thinking) {
        this.finish(ans);
        return;
      }
      this.changed();
    }
  }

  /** Stop asking the engine (it drops the work): the panel goes back to what it showed before. */
  cancel() {
    if (this.state !== 'running') return;
    this.run += 1;
    this.state = this.data ? 'done' : 'none';
    this.changed();
  }

  /**
   * The engine's last answer: keep it (with the finished game, when it is one of this device's).
   * @param {any} ans
   */
  finish(ans) {
    /** @type {AnalysisData} */
    const data = {
      version: ans.version, seats: ans.seats, total: this.total, verdicts: ans.verdicts,
      summary: ans.summary, mistake: ans.mistake, chance: ans.chance, made: Date.now(),
    };
    this.data = data;
    this.state = 'done';
    if (!this.savedId) this.kept = 'shared';
    else {
      const why = storeAnalysis(this.savedId, data);
      this.kept = !why ? 'saved' : why === 'full' ? 'full' : 'unsaved';
    }
    this.changed();
  }

  /** The verdicts that are mistakes, in the order played. */
  mistakes() {
    const data = this.data;
    if (!data) return [];
    return data.verdicts.filter((v) => lossOf(v) >= data.mistake); // as the engine's summary counts them
  }

  /**
   * The verdict of the decision the viewer shows: `seat`'s at `ply` (none: not a reviewed one).
   * @param {number} ply
   * @param {number | null} seat
   */
  verdictAt(ply, seat) {
    return this.data?.verdicts.find((v) => v.ply === ply && v.seat === seat) ?? null;
  }

  /**
   * Mark on the table the move played at a decision and the better one (ui/hint.js's marks:
   * the better one green with a ✓, the one played red with a ✗; one mark when they are the same).
   * @param {Element} root the drawing of the position before the move
   * @param {Verdict} v
   * @returns {{played: string, best: string}} how each is marked ('' for not found)
   */
  markDecision(root, v) {
    const move = (a, picks) => ({ a, ...(picks || {}) });
    const best = v.best !== v.played
      ? markMove(root, move(v.best, v.picks?.best), ['hint-rank-1', 'analysis-best'], 'data-hint-rank', '✓') : '';
    const played = markMove(root, move(v.played, v.picks?.played), v.best !== v.played ? ['analysis-played'] : ['hint-rank-1', 'analysis-best'], 'data-hint-rank', v.best !== v.played ? '✗' : '✓');
    return { played, best };
  }

  // ---------------------------------------------------------------------------------- drawing

  /** The Analyse button for the viewer's controls (none once an analysis is shown or running). */
  button() {
    if (!this.version || this.state !== 'none') return null;
    return button([chartIcon(), h('span', { text: t('analyse') })], {
      class: 'btn btn-analyse', testid: 'analyse', title: t('analyseTitle'), data: { action: 'analysis-start' },
    });
  }

  /**
   * The side panel: progress, or the graph, the summary and the mistakes.
   * @param {number} ply the position the viewer shows
   * @param {HTMLElement} tabs the panel's header (the switch between the log and the analysis)
   * @param {{v: Verdict, marks: {played: string, best: string}} | null} [decision] the decision
   *   shown, and how its moves are marked on the table
   */
  panel(ply, tabs, decision = null) {
    const body = [];
    if (this.state === 'running') body.push(this.progressBox());
    if (this.state === 'failed') {
      body.push(h('p', { class: 'analysis-error', role: 'alert', testid: 'analysis-error' },
        `${t('analysisFailed')} ${tx(this.error)}`),
      button(t('analysisAgain'), { class: 'btn btn-sm', testid: 'analyse-again', data: { action: 'analysis-start' } }));
    }
    if (this.data) body.push(this.result(ply, decision));
    return h('section', {
      class: ['side-panel', 'analysis-panel', this.data ? 'has-graph' : null],
      testid: 'analysis',
      data: { state: this.state, stale: this.stale ? 'yes' : 'no', kept: this.kept ?? 'none' },
    }, tabs, h('div', { class: 'analysis-body' }, ...body));
  }

  progressBox() {
    const share = Math.max(0, Math.min(1, this.progress));
    // the decision under way (the last one once all are done)
    const label = this.totalCount ? t('analysing', Math.min(this.doneCount + 1, this.totalCount), this.totalCount) : t('analysingStart');
    return h('div', { class: 'analysis-progress', testid: 'analysis-progress' },
      h('p', { class: 'analysis-progress-text', 'aria-live': 'polite', text: label }),
      h('div', {
        class: 'analysis-bar', role: 'progressbar', 'aria-label': t('analysisProgress'),
        'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': Math.round(share * 100),
      }, h('span', { class: 'analysis-fill', vars: { '--share': share.toFixed(4) } })),
      button(t('cancel'), { class: 'btn btn-sm btn-quiet', testid: 'analysis-cancel', data: { action: 'analysis-cancel' } }),
      h('p', { class: 'analysis-note', text: t('analysisWhile') }));
  }

  /**
   * @param {number} ply
   * @param {{v: Verdict, marks: {played: string, best: string}} | null} decision
   */
  result(ply, decision) {
    const data = /** @type {AnalysisData} */ (this.data);
    const notes = this.importedNote();
    if (this.stale) {
      notes.push(h('p', { class: 'analysis-note is-stale', testid: 'analysis-stale', text: t('analysisStale') }));
      if (this.state !== 'running') {
        notes.push(button(t('analysisAgain'), { class: 'btn btn-sm', testid: 'analyse-again', data: { action: 'analysis-start' } }));
      }
    }
    if (this.kept === 'saved') notes.push(h('p', { class: 'analysis-note', testid: 'analysis-kept', text: t('analysisSaved') }));
    if (this.kept === 'full') notes.push(h('p', { class: 'analysis-note is-warn', testid: 'analysis-kept', text: t('analysisFull') }));
    if (this.kept === 'unsaved') notes.push(h('p', { class: 'analysis-note is-warn', testid: 'analysis-kept', text: t('analysisNotSaved') }));
    if (this.kept === 'shared') notes.push(h('p', { class: 'analysis-note', testid: 'analysis-kept', text: t('analysisShared') }));
    return h('div', { class: 'analysis-result' },
      h('div', { class: 'analysis-chart' },
        h('h3', { class: 'analysis-head', text: t('analysisWinChance') }),
        this.graph(ply),
        h('p', { class: 'analysis-note analysis-key', testid: 'analysis-key', text: t('analysisKey') }),
        this.legend(),
        ...notes),
      h('div', { class: 'analysis-lists' },
        decision ? this.decisionCard(decision.v, decision.marks) : null,
        this.mistakeList(ply),
        h('p', { class: 'analysis-note analysis-how', text: t('analysisHow', pct(data.mistake)) })));
  }

  /**
   * An analysis from an imported file: said so, with a way to make the app's own (none while one
   * is under way; a stale one offers it already).
   * @returns {HTMLElement[]}
   */
  importedNote() {
    if (!this.data?.imported) return [];
    const note = h('p', { class: 'analysis-note is-warn', testid: 'analysis-imported', text: t('analysisImported') });
    if (this.stale || this.state === 'running') return [note];
    return [note, button(t('analysisAgain'), { class: 'btn btn-sm', testid: 'analyse-again', data: { action: 'analysis-start' } })];
  }

  /** Per reviewed seat: its colour, its name and its figures (the graph's legend). */
  legend() {
    const data = /** @type {AnalysisData} */ (this.data);
    const names = this.names();
    return h('ul', { class: 'analysis-legend', testid: 'analysis-legend' },
      data.summary.map((row) => h('li', { class: `analysis-seat seat-c${row.seat}`, data: { seat: row.seat } },
        h('span', { class: 'analysis-swatch', 'aria-hidden': 'true' }),
        h('b', { class: 'who', text: names[row.seat] ?? `#${row.seat}` }),
        h('span', { class: 'analysis-figures', testid: 'analysis-summary' },
          [tp('analysisDecisions', row.decisions), meanLoss(row), tp('analysisMistakes', row.mistakes)].join(t('analysisSep'))),
        splitLine(row))));
  }

  /** Which drawing size suits the panel: wide when the side runs along the bottom (portrait). */
  size() {
    const portrait = typeof window.matchMedia === 'function' && window.matchMedia('(orientation: portrait)').matches;
    return portrait ? WIDE : NARROW;
  }

  /**
   * The graph: x the moves of the game, y the estimated chance to win after each decision, one
   * line per reviewed seat in its colour, a ring on every mistake (with a dashed drop from the
   * better move's chance), and a line at the position shown.
   * @param {number} ply
   */
  graph(ply) {
    const data = /** @type {AnalysisData} */ (this.data);
    const { w, h: height } = this.size();
    const box = { x0: PAD.left, x1: w - PAD.right, y0: PAD.top, y1: height - PAD.bottom, height };
    const span = Math.max(1, data.total);
    const X = (move) => box.x0 + ((box.x1 - box.x0) * move) / span;
    const Y = (chance) => box.y1 - (box.y1 - box.y0) * Math.max(0, Math.min(1, chance));
    const names = this.names();
    const lines = data.seats.map((seat) => seatLine(data, seat, X, Y, box));
    const marks = this.mistakes().map((v) => mistakeMark(v, ply, X, Y));
    const points = this.points(ply, names, X, Y);
    const at = Math.max(0, Math.min(data.total, ply));
    const now = svg('line', { class: 'analysis-now', testid: 'analysis-now', data: { move: at }, x1: f1(X(at)), x2: f1(X(at)), y1: box.y0 - 4, y2: box.y1 });
    return svg('svg', {
      class: 'analysis-graph', testid: 'analysis-graph', viewBox: `0 0 ${w} ${height}`, role: 'group',
      'aria-label': t('analysisGraphLabel', data.seats.map((s) => names[s] ?? `#${s}`).join(t('listSep'))),
    }, gridLines(box, Y), xTickLabels(data.total, X, height), now, lines, marks,
    svg('g', { class: 'analysis-points', role: 'group', 'aria-label': t('analysisPoints') }, points));
  }

  /**
   * Every reviewed decision as a control on the graph: a tap (a hit circle larger than the dot)
   * or the keyboard opens it. One point is in the tab order at a time (the decision shown, else
   * the first); the arrow keys move between them (`key`).
   * @param {number} ply
   * @param {string[]} names
   * @param {(move: number) => number} X
   * @param {(chance: number) => number} Y
   */
  points(ply, names, X, Y) {
    const data = /** @type {AnalysisData} */ (this.data);
    const list = [...data.verdicts].sort((a, b) => a.ply - b.ply || a.seat - b.seat);
    const focus = this.focused ?? null;
    const current = list.findIndex((v) => focus && v.ply === focus.ply && v.seat === focus.seat);
    const xs = list.map((v) => X(v.ply + 1));
    // a point's tap target: as large as a finger's where there is room, never over its neighbours'
    const room = (i) => Math.min(i > 0 ? xs[i] - xs[i - 1] : 18, i + 1 < xs.length ? xs[i + 1] - xs[i] : 18);
    return list.map((v, i) => {
      const mistake = lossOf(v) >= data.mistake;
      const label = t(mistake ? 'analysisPointMistake' : 'analysisPoint', v.ply + 1, names[v.seat] ?? `#${v.seat}`, pct(v.win_played), pct(lossOf(v)));
      const on = i === (current >= 0 ? current : 0);
      return svg('g', {
        class: ['analysis-point', `seat-c${v.seat}`, mistake ? 'is-mistake' : null, current === i && ply === v.ply ? 'is-current' : null],
        testid: 'analysis-point', tabindex: on ? '0' : '-1', role: 'button', 'aria-label': label, focusable: 'true',
        data: { action: 'analysis-jump', move: v.ply, seat: v.seat, key: `p${v.ply}-${v.seat}`, point: i },
      },
      svg('circle', { class: 'analysis-hit', cx: f1(X(v.ply + 1)), cy: f1(Y(v.win_played)), r: f1(Math.max(3, Math.min(9, room(i) / 2))) }),
      svg('circle', { class: 'analysis-focus', cx: f1(X(v.ply + 1)), cy: f1(Y(v.win_played)), r: 3.5 }));
    });
  }

  /**
   * A key on a point of the graph: the arrow keys (Home, End) move to another point, Enter or
   * Space opens the one focused. Whether it was the graph's key.
   * @param {KeyboardEvent} ev
   */
  key(ev) {
    const el = ev.target instanceof Element ? ev.target.closest('.analysis-point') : null;
    if (!el) return false;
    const all = [...document.querySelectorAll('.analysis-point')];
    const i = all.indexOf(el);
    const to = { ArrowLeft: i - 1, ArrowDown: i - 1, ArrowRight: i + 1, ArrowUp: i + 1, Home: 0, End: all.length - 1 }[ev.key];
    if (ev.key === 'Enter' || ev.key === ' ') {
      const data = /** @type {SVGElement} */ (el).dataset;
      this.act('analysis-jump', data);
      return true;
    }
    if (to === undefined) return false;
    const next = all[Math.max(0, Math.min(all.length - 1, to))];
    if (next instanceof SVGElement) {
      for (const p of all) p.setAttribute('tabindex', p === next ? '0' : '-1');
      next.focus();
    }
    return true;
  }

  /**
   * The decision the viewer shows: the move played and the better one (each with its chance to
   * win and how it is marked on the table), the engine's reason, and the luck that followed.
   * @param {Verdict} v
   * @param {{played: string, best: string}} marks
   */
  decisionCard(v, marks) {
    const names = this.names();
    const name = names[v.seat] ?? `#${v.seat}`;
    const same = v.best === v.played;
    const why = tx(v.why);
    const onTable = (kind) => (kind ? null : h('span', { class: 'analysis-offtable', text: t('analysisNotOnTable') }));
    const luck = typeof v.luck === 'number'
      ? h('p', { class: 'analysis-luck-line', testid: 'analysis-decision-luck', text: t('analysisLuckAfter', name, `${v.luck >= 0 ? '+' : '−'}${pct(Math.abs(v.luck))}`, this.data?.chance ? tx(this.data.chance) : t('analysisLuckChance')) })
      : null;
    return h('section', { class: ['analysis-decision', `seat-c${v.seat}`], testid: 'analysis-decision', data: { ply: v.ply, seat: v.seat, played: marks.played || 'none', best: marks.best || 'none' } },
      h('h3', { class: 'analysis-head', text: t('analysisDecision', v.ply + 1, name) }),
      h('p', { class: 'analysis-words is-played' },
        h('span', { class: 'analysis-mark-key is-played', 'aria-hidden': 'true', text: same ? '✓' : '✗' }),
        h('span', { class: 'analysis-label', text: t('analysisPlayed') }), ' ', words(v.words.played, names),
        ' ', h('span', { class: 'analysis-chance', text: t('analysisChance', pct(v.win_played)) }), onTable(marks.played)),
      same ? h('p', { class: 'analysis-note', text: t('analysisWasBest') })
        : h('p', { class: 'analysis-words is-better' },
          h('span', { class: 'analysis-mark-key is-better', 'aria-hidden': 'true', text: '✓' }),
          h('span', { class: 'analysis-label', text: t('analysisBetter') }), ' ', words(v.words.best || [], names),
          ' ', h('span', { class: 'analysis-chance', text: t('analysisChance', pct(v.win_best)) }), onTable(marks.best)),
      why ? h('p', { class: 'analysis-why', testid: 'analysis-decision-why', text: why }) : null,
      luck,
      h('p', { class: 'analysis-note', text: t(same ? 'analysisMarkedOne' : 'analysisMarkedBoth') }));
  }

  /** @param {number} ply */
  mistakeList(ply) {
    const names = this.names();
    const list = this.mistakes();
    const many = (this.data?.seats.length ?? 0) > 1;
    const focus = this.focused;
    const items = list.map((v) => {
      const current = ply === v.ply && focus?.ply === v.ply && focus?.seat === v.seat;
      const why = tx(v.why);
      return h('li', { class: ['analysis-item', `seat-c${v.seat}`, current ? 'is-current' : null] },
        button([
          h('span', { class: 'analysis-item-head' },
            h('span', { class: 'analysis-ring-icon', 'aria-hidden': 'true' }),
            h('b', { text: t('analysisMove', v.ply + 1) }),
            many ? h('span', { class: 'who', text: names[v.seat] ?? `#${v.seat}` }) : null,
            h('span', { class: 'analysis-loss', text: t('analysisLoss', Math.round(lossOf(v) * 100)) })),
          h('span', { class: 'analysis-words' }, h('span', { class: 'analysis-label', text: t('analysisPlayed') }), ' ', words(v.words.played, names)),
          h('span', { class: 'analysis-words is-better' }, h('span', { class: 'analysis-label', text: t('analysisBetter') }), ' ', words(v.words.best || [], names)),
          why ? h('span', { class: 'analysis-why', testid: 'analysis-why', text: why }) : null,
        ], {
          class: 'analysis-jump', testid: 'analysis-mistake', 'aria-current': current ? 'step' : undefined,
          data: { action: 'analysis-jump', move: v.ply, seat: v.seat },
        }));
    });
    return h('section', { class: 'analysis-mistakes' },
      h('h3', { class: 'analysis-head', text: t('analysisMistakesTitle') }),
      items.length
        ? h('ol', { class: 'analysis-list', testid: 'analysis-mistakes' }, items)
        : h('p', { class: 'analysis-none', testid: 'analysis-no-mistakes', text: t('analysisNoMistakes') }));
  }

  /**
   * The viewer's root saw a tap on one of this panel's controls.
   * @param {string} action
   * @param {DOMStringMap} data
   */
  act(action, data) {
    if (action === 'analysis-start') this.start();
    else if (action === 'analysis-cancel') this.cancel();
    else if (action === 'analysis-jump') {
      this.focused = { ply: Number(data.move), seat: Number(data.seat) };
      this.jumpTo(Number(data.move), Number(data.seat));
    }
  }
}

/**
 * A move's words: its log lines, with the seats' names.
 * @param {any[]} entries
 * @param {string[]} names
 */
function words(entries, names) {
  if (!entries.length) return h('span', { text: '—' });
  return h('span', { class: 'analysis-said' }, entries.map((entry, i) => [i ? ' ' : null, logLine(entry, names)]));
}

/**
 * Where the x axis is labelled: the start, the end and a few round numbers between.
 * @param {number} total
 */
function xTicks(total) {
  if (total <= 0) return [0];
  const step = [5, 10, 20, 25, 50, 100, 200, 500].find((s) => total / s <= 5) ?? 1000;
  const out = [0];
  for (let m = step; m < total - step / 2; m += step) out.push(m);
  out.push(total);
  return out;
}

/**
 * About how wide `text` is drawn in the graph's 10 px labels (a wider glyph for a wide script).
 * @param {string} text
 */
function textWidth(text) {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e7f ? 10 : 6.2;
  return w;
}

/** A small chart icon (a line over axes), as the site's icons are drawn. */
function chartIcon() {
  return svg('svg', { class: 'icon icon-chart', viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'none' },
    svg('path', { d: 'M3 3v18h18', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round' }),
    svg('path', { d: 'M6.5 15.5 10.5 10l3.5 3.5 5-7', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
}

/** A number as the graph writes it (one decimal). */
function f1(n) {
  return n.toFixed(1);
}

/**
 * The graph's horizontal lines (0 %, 25 %... 100 %), labelled at 0, 50 and 100 %.
 * @param {{x0: number, x1: number}} box
 * @param {(chance: number) => number} Y
 */
function gridLines(box, Y) {
  return [0, 0.25, 0.5, 0.75, 1].map((c) => svg('g', { class: 'analysis-grid' },
    svg('line', { x1: box.x0, x2: box.x1, y1: f1(Y(c)), y2: f1(Y(c)), class: c === 0 || c === 1 ? 'edge' : null }),
    c * 100 % 50 === 0 ? svg('text', { x: box.x0 - 5, y: f1(Y(c) + 3.5), 'text-anchor': 'end', text: pct(c) }) : null));
}

/**
 * The move numbers under the graph.
 * @param {number} total
 * @param {(move: number) => number} X
 * @param {number} height
 */
function xTickLabels(total, X, height) {
  // the last says what the numbers count ("42 moves": a beginner could not tell); a tick whose
  // label would run into the last one's is left out ("50 moves" covered a 40)
  const last = tp('analysisMovesTick', total);
  const room = (move) => X(total) - X(move) >= textWidth(last) + textWidth(String(move)) / 2 + 4;
  return xTicks(total).filter((move) => move === 0 || move === total || room(move)).map((move) => svg('text', {
    class: 'analysis-tick', testid: move === total ? 'analysis-last-tick' : undefined, x: f1(X(move)), y: height - 6,
    'text-anchor': move === 0 ? 'start' : move === total ? 'end' : 'middle', text: move === total ? last : String(move),
  }));
}

/**
 * One reviewed seat's line: its chance to win after each of its decisions.
 * @param {AnalysisData} data
 * @param {number} seat
 * @param {(move: number) => number} X
 * @param {(chance: number) => number} Y
 * @param {{x0: number, y1: number}} box
 */
function seatLine(data, seat, X, Y, box) {
  const mine = data.verdicts.filter((v) => v.seat === seat);
  const d = mine.map((v, i) => `${i ? 'L' : 'M'}${f1(X(v.ply + 1))} ${f1(Y(v.win_played))}`).join(' ');
  return svg('g', { class: `analysis-seat-line seat-c${seat}`, data: { seat } },
    svg('path', { class: 'analysis-line', d: d || `M${box.x0} ${box.y1}`, testid: 'analysis-line', data: { seat, points: mine.length } }),
    mine.map((v) => svg('circle', { class: 'analysis-dot', cx: f1(X(v.ply + 1)), cy: f1(Y(v.win_played)), r: 2 })));
}

/**
 * A ring on a mistake, with a dashed drop from the better move's chance (the point over it is
 * the control: `points`).
 * @param {any} v the mistake's verdict
 * @param {number} ply the position shown
 * @param {(move: number) => number} X
 * @param {(chance: number) => number} Y
 */
function mistakeMark(v, ply, X, Y) {
  const cx = f1(X(v.ply + 1));
  return svg('g', {
    class: ['analysis-mark', `seat-c${v.seat}`, ply === v.ply ? 'is-current' : null],
    testid: 'analysis-marker', 'aria-hidden': 'true', data: { move: v.ply, seat: v.seat },
  },
  svg('line', { class: 'analysis-drop', x1: cx, x2: cx, y1: f1(Y(v.win_best)), y2: f1(Y(v.win_played)) }),
  svg('circle', { class: 'analysis-ring', cx, cy: f1(Y(v.win_played)), r: 5 }));
}
