// The coach at the table (issue 23): a Hint button for the person to move, when the table
// allows hints. Pressing it asks the engine's `hint` request in slices (as the bot loop asks
// `bot`): "Thinking…" with its progress, the ranking so far as soon as the first slice has one,
// then the three best moves with their estimated chance to win (labelled so, "about" where the
// engine says two are within noise), their words (log entries the engine writes from the seat's
// own information: the page parses no notation) and the reason the engine gives (`why`). When no
// move can still win, the engine ranks by expected place (`basis: "place"`) and the panel says so.
// Each move is marked on the table, ranks 1 to 3 (`markMove`): its control (`data-action="move"`
// or another control with the same `data-a`, as a bid button); for a move made through a choice
// the controls of its picks (`data-choice` + `data-pick`: the engine's `picks`, and `covers`: a
// BAG-GAI range's every spot); else the controls that lead to it (`data-reach`: a bid's
// stepper). The panel says what is marked. Each row can play its move.
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
 * One ranked move of a hint answer: `words`, `why` and (a move made through a choice) `choice`,
 * `picks` and `covers` for the best three, and `steps` for a move made in several (a whole
 * payment: Play sends them at once); `about` when its estimate is within noise of the move
 * above; `place` and `points` when the engine has them (docs/protocol.md).
 * @typedef {{a: string, win: number, visits: number, words?: import('../types.js').LogEntry[],
 *   why?: import('../types.js').Text, about?: boolean, place?: number, points?: number,
 *   choice?: string, picks?: string[], covers?: string[], steps?: string[]}} HintMove
 */

/**
 * How a move is marked on the table: its own control (`move`), the controls of its picks
 * (`picks`), the controls that lead to it (`reach`), or not at all (`''`).
 * @typedef {'move' | 'picks' | 'reach' | ''} MarkKind
 */

/** `[name="value"]` */
function attr(name, value) {
  return `[${name}="${CSS.escape(String(value))}"]`;
}

/** Whether a control may be tapped (a disabled button may not). */
function enabled(el) {
  return !(el instanceof HTMLButtonElement && el.disabled);
}

/**
 * The table's elements that show `move`, and how: its own control, else the controls of its picks
 * (all the elements it covers), else the controls that lead to it. Picks are marked even where
 * their control is disabled (a replay draws them for reading only).
 * @param {Element} root
 * @param {{a: string, choice?: string, picks?: string[], covers?: string[]}} move
 * @returns {{kind: MarkKind, els: Element[], ends: Set<Element>}}
 */
export function moveElements(root, move) {
  const a = move.a;
  for (const sel of [`[data-action="move"]${attr('data-a', a)}`, attr('data-a', a)]) {
    const els = [...root.querySelectorAll(sel)].filter(enabled);
    if (els.length) return { kind: 'move', els, ends: new Set(els) };
  }
  if (move.choice && move.picks?.length) {
    const find = (p) => [...root.querySelectorAll(`${attr('data-choice', move.choice)}${attr('data-pick', p)}`)];
    const ends = new Set(move.picks.flatMap(find));
    const els = [...new Set([...(move.covers || move.picks).flatMap(find), ...ends])];
    if (els.length) return { kind: 'picks', els, ends };
  }
  const reach = [...root.querySelectorAll(`[data-reach~="${CSS.escape(a)}"]`)].filter(enabled);
  return { kind: reach.length ? 'reach' : '', els: reach, ends: new Set(reach) };
}

/**
 * What the person has chosen on the table for a move not played yet: the renderer's
 * `chosen(snap, ctx)`, else the picks of its `selection(snap, ctx)` (docs/table-layer.md).
 * @param {import('../types.js').GameRenderer | null | undefined} module
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 * @returns {string[]}
 */
export function chosenOn(module, snap, ctx) {
  if (!module || !snap) return [];
  const found = module.chosen ? module.chosen(snap, ctx) : module.selection?.(snap, ctx)?.picks;
  return (found || []).map(String);
}

/**
 * Whether playing `move` sets aside what is `chosen`: something is chosen and it is not a part
 * of the move's own picks (a plain move has none: whatever is chosen is set aside).
 * @param {string[]} chosen
 * @param {{picks?: string[]}} move
 */
export function setsAside(chosen, move) {
  if (!chosen.length) return false;
  const left = (move.picks || []).map(String);
  return !chosen.every((p) => {
    const i = left.indexOf(p);
    if (i >= 0) left.splice(i, 1);
    return i >= 0;
  });
}

/**
 * Put `badge` on `el`, marked by another move already: beside its badge, or as its only one where
 * it was covered between a range's ends. False: it has this badge already.
 * @param {Element} el
 * @param {string} attr
 * @param {string} badge
 */
function addBadge(el, attr, badge) {
  const had = (el.getAttribute(attr) || '').split(' ').filter(Boolean);
  if (had.includes(badge)) return false;
  el.setAttribute(attr, [...had, badge].join(' '));
  el.classList.remove('hint-cover');
  return true;
}

/**
 * Mark `move` on the table: its elements get `hint-mark` and `classes`; those that carry the
 * badge (its control, the ends of its picks) `badgeAttr` = `badge`; the others (the spots a range
 * covers between its ends) `hint-cover`. Elements already marked (by a better move) keep their
 * marks; an end of this move among them gets this badge beside theirs ("1 2", "✓ ✗": a card of
 * both payments, a played spot inside the better range had been left unmarked, "not drawn").
 * @param {Element} root
 * @param {{a: string, choice?: string, picks?: string[], covers?: string[]}} move
 * @param {string[]} classes
 * @param {string} badgeAttr
 * @param {string} badge
 * @param {boolean} [cover] outline what the move covers between its ends too (else its ends only:
 *   the ranges of lower ranks would blur the best one's)
 * @returns {MarkKind}
 */
export function markMove(root, move, classes, badgeAttr, badge, cover = true) {
  const { kind, els, ends } = moveElements(root, move);
  let marked = false;
  for (const el of els) {
    if (el.classList.contains(MARK_CLASS)) {
      if (ends.has(el) && addBadge(el, badgeAttr, badge)) marked = true;
      continue;
    }
    if (!cover && !ends.has(el)) continue;
    marked = true;
    el.classList.add(MARK_CLASS, ...classes, ...(kind === 'reach' ? ['hint-reach'] : []));
    if (ends.has(el)) el.setAttribute(badgeAttr, badge);
    else el.classList.add('hint-cover');
    if (getComputedStyle(el).position === 'static') el.classList.add('hint-anchor');
  }
  return marked ? kind : '';
}

/**
 * The answer of `hint` (docs/protocol.md).
 * @typedef {object} HintAnswer
 * @property {true} ok
 * @property {boolean} thinking the search goes on: ask again
 * @property {'win' | 'place'} [basis] what the moves are ranked by (`place`: no move can win)
 * @property {boolean} [whole] the rollouts reach the game's end (else `place` and `points` are
 *   where they stop)
 * @property {HintMove[]} moves best first (the ranking so far while thinking)
 * @property {number} iterations
 * @property {number} progress from 0 to 1
 * @property {number[]} hints_used
 * @property {string} share
 * @property {string} save
 */

/**
 * The hint of the decision on the table: its key (the table's decision), the seat, whether it is
 * still thinking, the moves shown, how far it is, and what the ranking is by (`place`: no move can
 * still win).
 * @typedef {{key: string, seat: number, thinking: boolean, moves: HintMove[], progress: number,
 *   basis: string, whole: boolean}} HintState
 */

/** A small light bulb (the Hint button's icon). */
function bulb() {
  return svg('svg', { class: 'icon icon-bulb', viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'currentColor' },
    svg('path', { d: 'M12 2a7 7 0 0 0-4.2 12.6c.8.6 1.2 1.4 1.2 2.4h6c0-1 .4-1.8 1.2-2.4A7 7 0 0 0 12 2z M9 18.5h6V20H9z M10 21h4v1.2h-4z' }));
}

/** A win chance as a whole percentage. */
export function percent(win) {
  return Math.round(Math.max(0, Math.min(1, Number(win) || 0)) * 100);
}

/** What the panel says of a move's marks on the table (none: nothing). */
const MARKED_WORDS = { move: 'hintMarked', picks: 'hintMarkedPicks', reach: 'hintMarkedReach' };

/**
 * A move's estimate as the panel writes it: its chance to win, labelled ("about" when within
 * noise of the move above), and its expected place and points when the engine gives them.
 * @param {HintMove} m
 * @param {number} rank
 * @param {boolean} byPlace the ranking is by expected place
 * @param {boolean} whole the search played its rollouts to the game's end (`whole`)
 */
function estimate(m, rank, byPlace, whole) {
  const pct = percent(m.win);
  // a search whose rollouts stop early (the round's end, a few turns on) gives its place and
  // points there, not the game's: they are shown only to say why a ranking by place is so
  const shown = whole || byPlace;
  const place = shown && typeof m.place === 'number' ? h('span', { class: 'hint-place', testid: `hint-place-${rank}`, text: t('hintPlace', m.place.toFixed(1)), 'data-explain': t('hintPlaceExplain') }) : null;
  const mean = typeof m.points === 'number' ? Math.round(m.points * 10) / 10 : null;
  const points = shown && mean !== null ? h('span', { class: 'hint-points', text: t(mean === 1 ? 'hintPoint' : 'hintPoints', mean), 'data-explain': t('hintPointsExplain') }) : null;
  const win = h('span', { class: 'hint-chance', 'data-explain': t('hintWinExplain') },
    m.about ? h('span', { class: 'hint-about', testid: `hint-about-${rank}`, text: t('hintAbout'), 'data-explain': t('hintAboutExplain') }) : null,
    h('span', { class: 'hint-win', testid: `hint-win-${rank}`, text: t('hintWin', pct) }),
    h('span', { class: 'hint-win-label', text: t('hintWinLabel') }));
  return h('span', { class: ['hint-estimate', byPlace ? 'by-place' : null] }, byPlace ? [place, win] : [win, place], points);
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

  /** Whether the person looking may ask a hint now (not while the game's own layer, a round
   * summary to close, covers the board: its moves would be played behind it). */
  available() {
    const table = this.table;
    const snap = table.snap;
    return Boolean(snap?.hints) && !snap.over && table.alive && table.waiting === 'human' && !table.busy
      && table.viewer !== null && snap.to_move.includes(table.viewer) && table.isHuman(table.viewer)
      && ((snap.moves || []).length > 0 || (snap.choices || []).length > 0) && !table.covered();
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
    const state = { key: table.uiKey, seat, thinking: true, moves: [], progress: 0, basis: 'win', whole: true };
    this.state = state;
    table.render();
    // a phone's one column: the panel lies under the board (a beginner saw only the badges)
    table.revealOnPhone('[data-testid=hint-panel]', `hint-${token}`);
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
      state.basis = ans.basis === 'place' ? 'place' : 'win';
      state.whole = ans.whole !== false;
      table.render();
      if (!ans.thinking) return;
    }
  }

  /**
   * Play the hint's move of `rank` (1-based), as the table plays any move the engine gave (all
   * its `steps` in one request: a beginner needed one Play per card of a payment). What
   * the person had chosen on the table for another move is set aside, and a toast says so (a
   * beginner saw the cards picked vanish without a word).
   */
  async play(rank) {
    const move = this.state?.moves[rank - 1];
    const table = this.table;
    const ctx = table.ctx();
    if (!move || !ctx.canAct || table.covered()) return;
    const aside = setsAside(chosenOn(table.module, table.snap, ctx), move);
    const before = table.snap;
    await table.act(move.steps?.length ? move.steps : [move.a]); // a whole payment at once
    if (aside && table.snap !== before) toast(() => t('hintSetAside'));
  }

  /**
   * Mark the hint's moves on the drawing (`markMove`), best first, with their rank
   * (`hint-mark hint-rank-<n>`, `data-hint-rank`). Called after every drawing (the next drawing
   * lays its own classes over these).
   * @param {Element} root
   * @returns {Map<string, MarkKind>} how each move is marked
   */
  mark(root) {
    /** @type {Map<string, MarkKind>} */
    const marked = new Map();
    // nothing on the table while the search goes on: its first ranking can change (a beginner
    // followed a marked bid of 14 that the finished hint put at 8)
    if (this.state?.thinking) return marked;
    (this.state?.moves || []).forEach((m, i) => {
      const kind = markMove(root, m, [`hint-rank-${i + 1}`], 'data-hint-rank', String(i + 1), i === 0);
      if (kind) marked.set(m.a, kind);
    });
    return marked;
  }

  /**
   * The hint panel of the side column (none without a hint): "Thinking…" with its progress and
   * Cancel; the moves so far, best first, each with its chance to win, its words and Play.
   * @param {string[]} names the seats' names
   * @param {Map<string, MarkKind>} marked how the moves are marked on the table
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
    const byPlace = state.basis === 'place';
    const rows = state.moves.map((m, i) => this.row(m, i + 1, names, marked.get(m.a) || '', state.thinking, byPlace, state.whole));
    const empty = !state.thinking && !rows.length ? h('p', { class: 'hint-empty', text: t('hintNone') }) : null;
    return h('section', {
      class: ['side-panel hint-panel', state.thinking ? 'is-thinking' : 'is-done'], id: 'hint-panel', testid: 'hint-panel',
      'aria-labelledby': 'hint-title', data: { state: state.thinking ? 'thinking' : 'done', lang: lang() },
    },
    head, progress,
    // the order said: a beginner took the points for it and found the ranking wrong
    rows.length ? h('p', { class: 'hint-basis', testid: 'hint-basis', data: { basis: byPlace ? 'place' : 'win' }, text: t(byPlace ? 'hintByPlace' : 'hintByChance') }) : null,
    rows.length ? h('ol', { class: 'hint-moves', testid: 'hint-moves', 'aria-label': t('hintBest'), 'aria-live': 'polite' }, rows) : null,
    empty,
    h('p', { class: 'hint-note', text: t('hintNote') }));
  }

  /**
   * What the panel says of how move `m` is marked on the table; on the controls that lead to it,
   * how they set it when the game says so (`reachSteps`: "press +5 once, then +1 twice, ...").
   * @param {HintMove} m
   * @param {MarkKind} onTable
   */
  markedWords(m, onTable) {
    const table = this.table;
    const how = onTable === 'reach' && table.snap ? table.module?.reachSteps?.(table.snap, table.ctx(), m.a) : null;
    return how ? t('hintMarkedReachHow', how) : t(MARKED_WORDS[onTable]);
  }

  /**
   * One ranked move.
   * @param {HintMove} m
   * @param {number} rank 1, 2 or 3
   * @param {string[]} names
   * @param {MarkKind} onTable how it is marked on the table
   * @param {boolean} thinking
   * @param {boolean} byPlace the ranking is by expected place
   * @param {boolean} whole the rollouts reach the game's end
   */
  row(m, rank, names, onTable, thinking, byPlace, whole) {
    const words = (m.words || []).map((entry) => h('span', { class: 'hint-line' }, logLine(entry, names)));
    const why = tx(m.why);
    return h('li', {
      class: ['hint-move', `hint-rank-${rank}`, onTable ? 'is-marked' : null], testid: `hint-move-${rank}`,
      data: { a: m.a, rank, key: `hint-${rank}`, marked: onTable || 'none' },
    },
    h('span', { class: 'hint-badge', 'aria-label': t('hintRank', rank), text: String(rank) }),
    estimate(m, rank, byPlace, whole),
    h('span', { class: 'hint-words', testid: `hint-words-${rank}` }, words,
      why ? h('span', { class: 'hint-why', testid: `hint-why-${rank}`, text: why }) : null,
      onTable ? h('span', { class: 'hint-marked', testid: `hint-marked-${rank}`, text: this.markedWords(m, onTable) }) : null),
    button(t('hintPlay'), {
      class: 'btn hint-play', testid: `hint-play-${rank}`, title: t('hintPlayTitle'), disabled: thinking,
      data: { action: 'hint-play', rank },
    }));
  }
}
