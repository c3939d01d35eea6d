// The coach at the table (issue 23): a Hint button for the person to move, when the table
// allows hints. Pressing it asks the engine's `hint` request in slices (as the bot loop asks
// `bot`): "Thinking…" with its progress, the ranking so far as soon as the first slice has one,
// then the three best moves with their estimated chance to win and their words (log entries the
// engine writes from the seat's own information: the page parses no notation). The moves the
// table draws as `data-action="move"` with the same `data-a` are marked on the table, ranks 1 to
// 3; a move drawn otherwise (a composed one, a bid set with a stepper) is in the panel only. Each
// row can play its move.
//
// The hint belongs to one decision: any move, an undo, another viewer or a new position clears
// it (the table calls `clear()`), and Cancel or Close stops asking. The engine counts a hint once
// per decision asked and keeps the count in the record; the first answer carries the record (the
// save and the share link) that the table then keeps.

import { h, button, svg } from './dom.js';
import { t, tx, lang } from '../i18n.js';
import { logLine } from './log.js';
import { toast } from './dialogs.js';

/** How many moves the panel shows (the engine gives words to as many). */
export const HINT_SHOWN = 3;
/** The class of a table element that is one of the hint's moves (and `hint-rank-<n>`). */
export const MARK_CLASS = 'hint-mark';

/**
 * One ranked move of a hint answer: `words` for the best three. A hinted move (docs/protocol.md, `hint`): `win` the chance to win after it (0-1), `place` the
 * expected place (1 = first) and `points` the mean points over its rollouts; `about` when its
 * figure is within noise of the move above; `why` the reason (top three, once the search is
 * done); `picks` the compose picks that make a composed move.
 * @typedef {{a: string, win: number, visits: number, place?: number, points?: number,
 *   about?: boolean, words?: import('../types.js').LogEntry[],
 *   why?: {en: string, ja: string}, picks?: string[]}} HintMove
 */

/**
 * The answer of `hint` (docs/protocol.md).
 * @typedef {object} HintAnswer
 * @property {true} ok
 * @property {boolean} thinking the search goes on: ask again
 * @property {'win' | 'place'} [basis] what the moves are ranked by (`place`: no move can win)
 * @property {HintMove[]} moves best first (the ranking so far while thinking)
 * @property {number} iterations
 * @property {number} progress from 0 to 1
 * @property {number[]} hints_used
 * @property {string} share
 * @property {string} save
 */

/**
 * The hint of the decision on the table: its key (the table's decision), the seat, whether it is
 * still thinking, the moves shown and how far it is.
 * @typedef {{key: string, seat: number, thinking: boolean, moves: HintMove[], progress: number}} HintState
 */

/** A small light bulb (the Hint button's icon). */
function bulb() {
  return svg('svg', { class: 'icon icon-bulb', viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'currentColor' },
    svg('path', { d: 'M12 2a7 7 0 0 0-4.2 12.6c.8.6 1.2 1.4 1.2 2.4h6c0-1 .4-1.8 1.2-2.4A7 7 0 0 0 12 2z M9 18.5h6V20H9z M10 21h4v1.2h-4z' }));
}

/** A win chance as a whole percentage. */
function percent(win) {
  return Math.round(Math.max(0, Math.min(1, Number(win) || 0)) * 100);
}

export class Coach {
  /**
   * @param {import('./play.js').Table} table the table it coaches at
   */
  constructor(table) {
    this.table = table;
    /** @type {HintState | null} */
    this.state = null;
    this.token = 0; // bumped to drop the answers of a hint cleared meanwhile
  }

  /** Whether the person looking may ask a hint now. */
  available() {
    const table = this.table;
    const snap = table.snap;
    return Boolean(snap?.hints) && !snap.over && table.alive && table.waiting === 'human' && !table.busy
      && table.viewer !== null && snap.to_move.includes(table.viewer) && table.isHuman(table.viewer)
      && ((snap.moves || []).length > 0 || (snap.choices || []).length > 0);
  }

  /** The Hint button of the status bar (none when no hint may be asked). */
  button() {
    if (!this.available()) return null;
    const open = this.state !== null;
    return button([bulb(), h('span', { text: t('hint') })], {
      class: ['btn btn-hint', open ? 'is-on' : null], testid: 'hint', title: t('hintTitle'),
      // the panel it controls exists only while a hint is open
      'aria-pressed': open ? 'true' : 'false', 'aria-controls': open ? 'hint-panel' : null,
      data: { action: 'hint' },
    });
  }

  /** The button was pressed: ask a hint, or put the open one away. */
  toggle() {
    if (this.state) this.clear();
    else this.ask();
  }

  /** Forget the hint (the decision changed, or the person closed it): stop asking. */
  clear() {
    this.token += 1;
    if (!this.state) return;
    this.state = null;
    this.table.render();
  }

  /** Ask the engine for a hint at this decision, slice after slice, until it has decided. */
  async ask() {
    if (!this.available()) return;
    const table = this.table;
    const token = ++this.token;
    const seat = table.viewer;
    /** @type {HintState} */
    const state = { key: table.uiKey, seat, thinking: true, moves: [], progress: 0 };
    this.state = state;
    table.render();
    let counted = false;
    for (;;) {
      /** @type {any} */
      let ans;
      try {
        ans = await table.engine.call({ cmd: 'hint', session: table.sid, seat });
      } catch (err) {
        ans = { ok: false, error: { en: String(err?.message || err), ja: String(err?.message || err) } };
      }
      if (token !== this.token || !table.alive || this.state !== state) return;
      if (!ans?.ok) {
        this.state = null;
        table.render();
        toast(() => `${t('hintFailed')} ${tx(ans?.error)}`);
        return;
      }
      if (!counted) {
        counted = true;
        table.keepRecord(ans); // the count is in the record now: save it with the game
      }
      state.moves = (ans.moves || []).slice(0, HINT_SHOWN);
      state.progress = ans.thinking ? Math.min(0.99, Number(ans.progress) || 0) : 1;
      state.thinking = Boolean(ans.thinking);
      table.render();
      if (!ans.thinking) return;
    }
  }

  /** Play the hint's move of `rank` (1-based), as the table plays any move the engine gave. */
  play(rank) {
    const move = this.state?.moves[rank - 1];
    if (!move || !this.table.ctx().canAct) return;
    this.table.act([move.a]);
  }

  /**
   * The hint's moves that the drawing on screen shows as `data-action="move"`: marked with their
   * rank (`hint-mark hint-rank-<n>`, `data-hint-rank`). Called after every drawing (the next
   * drawing lays its own classes over these).
   * @param {Element} root
   * @returns {Set<string>} the moves marked
   */
  mark(root) {
    const marked = new Set();
    const moves = this.state?.moves || [];
    if (!moves.length) return marked;
    const rank = new Map(moves.map((m, i) => [m.a, i + 1]));
    for (const el of root.querySelectorAll('[data-action="move"][data-a]')) {
      const n = rank.get(el.getAttribute('data-a') || '');
      if (!n || (el instanceof HTMLButtonElement && el.disabled)) continue;
      el.classList.add(MARK_CLASS, `hint-rank-${n}`);
      el.setAttribute('data-hint-rank', String(n));
      if (getComputedStyle(el).position === 'static') el.classList.add('hint-anchor');
      marked.add(el.getAttribute('data-a') || '');
    }
    return marked;
  }

  /**
   * The hint panel of the side column (none without a hint): "Thinking…" with its progress and
   * Cancel; the moves so far, best first, each with its chance to win, its words and Play.
   * @param {string[]} names the seats' names
   * @param {Set<string>} marked the moves marked on the table
   */
  panel(names, marked) {
    const state = this.state;
    if (!state) return null;
    const pct = Math.round(state.progress * 100);
    const head = h('div', { class: 'hint-head' },
      h('h2', { class: 'side-title hint-title', id: 'hint-title' }, bulb(), h('span', { text: t('hintHeading') })),
      button(state.thinking ? t('hintCancel') : '×', {
        class: ['btn hint-close', state.thinking ? 'is-cancel' : null], testid: state.thinking ? 'hint-cancel' : 'hint-close',
        'aria-label': state.thinking ? t('hintCancel') : t('hintClose'), title: state.thinking ? t('hintCancel') : t('hintClose'),
        data: { action: 'hint-close' },
      }));
    const progress = state.thinking
      ? h('div', { class: 'hint-thinking', testid: 'hint-thinking' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        h('span', { class: 'hint-thinking-text', text: t('hintThinking', pct) }),
        h('span', {
          class: 'hint-bar', role: 'progressbar', 'aria-label': t('hintProgress'),
          'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(pct), vars: { '--p': state.progress },
        }, h('span', { class: 'hint-bar-fill' })))
      : null;
    const rows = state.moves.map((m, i) => this.row(m, i + 1, names, marked.has(m.a), state.thinking));
    const empty = !state.thinking && !rows.length ? h('p', { class: 'hint-empty', text: t('hintNone') }) : null;
    return h('section', {
      class: ['side-panel hint-panel', state.thinking ? 'is-thinking' : 'is-done'], id: 'hint-panel', testid: 'hint-panel',
      'aria-labelledby': 'hint-title', data: { state: state.thinking ? 'thinking' : 'done', lang: lang() },
    },
    head, progress,
    rows.length ? h('ol', { class: 'hint-moves', testid: 'hint-moves', 'aria-label': t('hintBest'), 'aria-live': 'polite' }, rows) : null,
    empty,
    h('p', { class: 'hint-note', text: t('hintNote') }));
  }

  /**
   * One ranked move.
   * @param {HintMove} m
   * @param {number} rank 1, 2 or 3
   * @param {string[]} names
   * @param {boolean} onTable whether it is marked on the table
   * @param {boolean} thinking
   */
  row(m, rank, names, onTable, thinking) {
    const pct = percent(m.win);
    const words = (m.words || []).map((entry) => h('span', { class: 'hint-line' }, logLine(entry, names)));
    return h('li', {
      class: ['hint-move', `hint-rank-${rank}`, onTable ? 'is-marked' : null], testid: `hint-move-${rank}`,
      data: { a: m.a, rank, key: `hint-${rank}` },
    },
    h('span', { class: 'hint-badge', 'aria-label': t('hintRank', rank), text: String(rank) }),
    h('span', { class: 'hint-win', testid: `hint-win-${rank}`, title: t('hintWinTitle', pct), text: t('hintWin', pct) }),
    h('span', { class: 'hint-words', testid: `hint-words-${rank}` }, words,
      onTable ? h('span', { class: 'hint-marked', text: t('hintMarked') }) : null),
    button(t('hintPlay'), {
      class: 'btn hint-play', testid: `hint-play-${rank}`, title: t('hintPlayTitle'), disabled: thinking,
      data: { action: 'hint-play', rank },
    }));
  }
}
