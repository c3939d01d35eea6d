// "Learn to play" at the table (issue 31): a tutorial is data (the engine's `tutorial` answer,
// docs/protocol.md; pygames/tutorials/) played on the real table (ui/play.js). The `Tutor` drives
// a table in place of its turn loop: for each step it plays the scripted entries (paced like bots
// at the chosen speed, at once for a fast step), then shows the step's words in the panel and
// waits for the learner: Next on a read step, the expected move on the others.
//
// Marking (docs/table-layer.md, "Tutorials"): on the fresh drawing, before it is laid over the one
// on screen, only the controls of the expected move get `data-tutorial="target"`:
// - a discrete move `{a}`: the `[data-action=move][data-a=a]` control; else a control that
//   selects it (`[data-a=a]`: a price, a bid amount); else one that leads towards it
//   (`[data-reach~=a]`: a stepper, a mode);
// - a composed move `{choice, picks}`: the control that opens the choice (`[data-choose]`) while
//   another is composed, then a pick to take out (`[data-unpick]`, else `[data-pick]`, of a pick
//   not expected), then the next pick's control (every pick not yet made when the choice's
//   `order` is "set": they may be tapped in any order), then the confirm (`[data-confirm]`); the
//   renderer's `selection(snap, ctx)` says the picks so far.
// A step with several accepted moves marks the first (or the composed one the selection so far
// is on the way to), and lets the controls of the others through too.
// A tap on any other such control (`data-action=move`, `data-a`, `data-reach`, `data-pick`,
// `data-unpick`, `data-confirm`, `data-choose`, `data-reset`, and `data-move` on a control that plays
// a move the page cannot name, such as a suggested payment) is explained in the panel and changes
// nothing. The first mark of a move to make carries a "Tap here" badge (`data-tutorial-tip`).
// A read step's `mark` (test ids) is marked `data-tutorial="look"`: a ring to look at, not to tap
// (a tap on such a control says to read, then tap Next). A drawing that holds the table (a
// round summary, `holdBots`) marks its control that lets go (`data-release`).

import { h, button, sleep } from './dom.js';
import { t, tx } from '../i18n.js';
import { DELAYS, speed } from './speed.js';
import { TipBadge } from './tutorial-tip.js';

/** The attribute that marks what the learner should tap. */
export const TARGET = 'data-tutorial';
/** The attribute of the first mark of a move to make: the words of its badge ("Tap here"). */
export const TIP = 'data-tutorial-tip';
/** The controls a tutorial keeps to the expected move. */
/** The longest wait for the board to stand still before a step's words, ms. */
const MOTION_MAX = 4000;
const CONTROLS = '[data-action=move], [data-a], [data-reach], [data-pick], [data-unpick], [data-confirm], [data-choose], [data-reset], [data-move]';

/** Where the progress of a game's tutorial is kept (its deal is public: nothing hidden). */
export function progressKey(game) {
  return `pygames.tutorial.${game}`;
}

/**
 * The progress of a game's tutorial on this device: the step reached and whether it was finished.
 * @param {string} game
 * @returns {{step: number, done: boolean}}
 */
export function progressOf(game) {
  try {
    const raw = JSON.parse(localStorage.getItem(progressKey(game)) || 'null');
    const step = Number.isInteger(raw?.step) && raw.step >= 0 ? raw.step : 0;
    return { step, done: raw?.done === true };
  } catch (_) {
    return { step: 0, done: false };
  }
}

/**
 * Keep the progress (a full storage only loses the place to resume from).
 * @param {string} game
 * @param {{step: number, done: boolean}} progress
 */
export function keepProgress(game, progress) {
  try {
    localStorage.setItem(progressKey(game), JSON.stringify({ ...progress, updated: Date.now() }));
  } catch (_) { /* the lesson goes on; it resumes from an earlier step */ }
}

/** A pick as an attribute's text. */
export function pickText(p) {
  return typeof p === 'object' ? JSON.stringify(p) : String(p);
}

/** `[name="value"]` */
function attr(name, value) {
  return `[${name}="${CSS.escape(String(value))}"]`;
}

/**
 * What is left of `want` once `have` is taken out, as multisets (by their text).
 * @param {any[]} want
 * @param {any[]} have
 */
function minus(want, have) {
  const left = have.map(pickText);
  return want.filter((p) => {
    const i = left.indexOf(pickText(p));
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/**
 * The selectors of the controls to tap next for a composed move, given the selection so far.
 * @param {{choice: string, picks: any[]}} want
 * @param {{choice: string, picks: any[]} | null} sel
 * @param {boolean} ordered whether the picks' order matters
 * @returns {string[]}
 */
export function composeTargets(want, sel, ordered) {
  const choice = attr('data-choice', want.choice);
  if (!sel || sel.choice !== want.choice) return [attr('data-choose', want.choice)];
  const have = sel.picks || [];
  if (ordered) {
    const prefix = have.every((p, i) => i < want.picks.length && pickText(p) === pickText(want.picks[i]));
    if (!prefix) return [`${attr('data-reset', want.choice)}`];
    if (have.length < want.picks.length) return [`${choice}${attr('data-pick', pickText(want.picks[have.length]))}`];
    return [attr('data-confirm', want.choice)];
  }
  const extra = minus(have, want.picks);
  if (extra.length) {
    const p = pickText(extra[0]);
    return [`${choice}${attr('data-unpick', p)}`, `${choice}${attr('data-pick', p)}`];
  }
  // every pick not yet made, in any order: its controls not already pressed (two cards of one
  // number)
  const missing = minus(want.picks, have);
  if (missing.length) {
    const texts = [...new Set(missing.map(pickText))];
    return [texts.map((p) => `${choice}${attr('data-pick', p)}:not([aria-pressed="true"])`).join(', ')];
  }
  return [attr('data-confirm', want.choice)];
}

/**
 * Whether the selection so far is on the way to the composed move `want` (some picks made, none
 * it does not have; in its order when the order matters).
 * @param {{choice: string, picks: any[]}} want
 * @param {{choice: string, picks: any[]} | null} sel
 * @param {boolean} ordered
 */
export function follows(want, sel, ordered) {
  const have = sel?.picks || [];
  if (!sel || sel.choice !== want.choice || !have.length || have.length > want.picks.length) return false;
  if (ordered) return have.every((p, i) => pickText(p) === pickText(want.picks[i]));
  return minus(have, want.picks).length === 0;
}

/**
 * The selectors of the controls to tap next for a discrete move, most direct first: the first
 * that finds an enabled control wins.
 * @param {string} a
 */
export function moveTargets(a) {
  return [`[data-action="move"]${attr('data-a', a)}`, attr('data-a', a), `[data-reach~="${CSS.escape(a)}"]`];
}

/** Whether `el` may be tapped (a disabled button may not). */
function enabled(el) {
  return !(el instanceof HTMLButtonElement && el.disabled);
}

/**
 * Mark in `nodes` the controls the first selector that finds one names.
 * @param {Element[]} nodes
 * @param {string[]} selectors
 * @param {'target' | 'look'} [kind] `look`: a step to read points at it (a dashed ring that does
 *   not pulse; a learner tapped a results table ringed like a control and nothing happened)
 * @returns {Element[]} the controls marked
 */
function markFirst(nodes, selectors, kind = 'target') {
  for (const sel of selectors) {
    const found = nodes.flatMap((n) => [n, ...n.querySelectorAll(sel)].filter((el) => el.matches(sel) && enabled(el)));
    if (found.length) {
      for (const el of found) el.setAttribute(TARGET, kind);
      return found;
    }
  }
  return [];
}

/**
 * Of `els`, the one that takes the most room on the screen (none but HTML elements on it).
 * @param {Element[]} els
 * @returns {Element | null}
 */
function largest(els) {
  let best = null;
  let most = 0;
  for (const el of els) {
    if (el instanceof SVGElement || !el.isConnected) continue;
    const r = el.getBoundingClientRect();
    if (r.width * r.height > most) { most = r.width * r.height; best = el; }
  }
  return best;
}

/**
 * Whether the order of a composed move's picks matters (the choice's `order` is not "set").
 * @param {{choice: string}} move
 * @param {import('../types.js').TableContext} ctx
 */
function ordered(move, ctx) {
  return ctx.choice(move.choice)?.order !== 'set';
}

/**
 * The tutorial's answer from the engine.
 * @typedef {{id: string, words: import('../types.js').Text, expect: ({a: string} | {choice: string, picks: any[]})[],
 *   play: string[], fast: boolean, mark: string[], at: number}} TutorialStep
 * @typedef {{game: string, players: number, learner: number, names: import('../types.js').Text[], record: any,
 *   line: string[], steps: TutorialStep[]}} TutorialData
 */

/**
 * What the screen does for the tutor: go back a step (a new game at that step's position), leave,
 * and start a real game.
 * @typedef {{goTo: (step: number) => void, leave: () => void, real: () => void}} TutorHost
 */

/**
 * A phone: the room left under the table's column, and the scroll padding that keeps a mark
 * clear of the lesson's panel, follow the panel's real height (style.css `--lesson-h`): a fixed
 * 40% of the screen left the learner's own row, at the bottom of Yadokashi's ring, under a panel
 * half as tall.
 * @param {Element} root the table on screen
 */
function fitRoom(root) {
  const panel = root.querySelector('.tutorial-panel');
  const height = panel instanceof HTMLElement && getComputedStyle(panel).position === 'fixed' ? panel.offsetHeight : 0;
  if (height) document.documentElement.style.setProperty('--lesson-h', `${height}px`);
  else document.documentElement.style.removeProperty('--lesson-h');
}

export class Tutor {
  /**
   * @param {TutorialData} data
   * @param {number} step the step to begin with (the table's game is at its position)
   * @param {TutorHost} host
   */
  constructor(data, step, host) {
    this.data = data;
    this.k = step;
    this.host = host;
    /** @type {'start'|'playing'|'moving'|'hold'|'read'|'do'|'end'} */
    this.phase = 'start';
    this.wrong = false; // the last tap was not the expected move: the panel says so
    /** @type {any} the table it drives (ui/play.js `Table`) */
    this.table = null;
    this.running = false;
    /** @type {{el: Element, size: string} | null} the mark last scrolled into view, and the
     * window's size then */
    this.revealed = null;
    this.tip = new TipBadge(); // the "Tap here" badge by the mark (ui/tutorial-tip.js)
    /** @type {Element[] | null} the marks of a plain move drawn last (the badge goes to the largest) */
    this.plainMarks = null;
  }

  get step() {
    return this.data.steps[this.k];
  }

  /** @param {any} table */
  attach(table) {
    this.table = table;
  }

  /** The table's turn loop, in a tutorial: the script, step by step. */
  async pump() {
    if (this.running || !this.table?.alive) return;
    if (this.phase === 'do') { // the learner has played the step's move
      if (this.k + 1 >= this.data.steps.length) { this.ended(); return; }
      this.k += 1;
    }
    this.running = true;
    try {
      await this.runStep();
    } finally {
      this.running = false;
    }
  }

  /** Play the step's scripted entries, then wait for the learner. */
  async runStep() {
    const table = this.table;
    const step = this.step;
    this.wrong = false;
    keepProgress(this.data.game, { step: this.k, done: progressOf(this.data.game).done });
    for (const entry of step.play) {
      if (!step.fast && !(await this.holding())) return;
      if (!(await this.playEntry(entry, step.fast))) return;
    }
    if (step.fast) table.render();
    const over = table.snap.over;
    if (over && this.k + 1 >= this.data.steps.length) { this.ended(); return; }
    if (!over && step.expect.length && !(await this.holding())) return;
    if (!(await this.stillness())) return; // the words come once the board stands still
    // a read step after the end talks about the end screen
    this.phase = step.expect.length && !over ? 'do' : 'read';
    table.settle(over ? 'over' : this.phase === 'do' ? 'human' : 'hold');
  }

  /** While the game holds the table (a round summary up), wait until it lets go. */
  async holding() {
    const table = this.table;
    const held = table.module.holdBots ? table.module.holdBots(table.snap, table.ctx()) : null;
    if (!held) return table.alive;
    this.phase = 'hold';
    table.settle('hold');
    await held;
    return table.alive;
  }

  /**
   * Wait until the pieces on the board stop moving (a move's flight, a crab arriving: the
   * animations that end, up to a few seconds), so the words never talk about a board still
   * being drawn. Nothing to wait for at the instant speed or with reduced motion.
   */
  async stillness() {
    const table = this.table;
    // (reduced motion: the page's <html data-motion>, ui/settings.js)
    if (speed() === 'instant' || document.documentElement.dataset.motion === 'reduce') return table.alive;
    this.phase = 'moving';
    table.render();
    await new Promise((done) => { requestAnimationFrame(() => requestAnimationFrame(done)); });
    const moving = document.getAnimations().filter((a) => {
      const effect = /** @type {KeyframeEffect | null} */ (a.effect);
      const timing = effect?.getComputedTiming();
      // a piece's flight or arrival plays once; one that repeats is a cue (a mark's pulse, an
      // option's glow), not a board being drawn
      return timing?.iterations === 1 && Number.isFinite(timing.endTime) && a.playState !== 'finished'
        && Boolean(effect?.target?.closest('.table-main')); // the board, not the side's lists
    });
    if (moving.length) await Promise.race([Promise.allSettled(moving.map((a) => a.finished)), sleep(MOTION_MAX)]);
    return table.alive;
  }

  /**
   * One scripted entry ("<seat>:<notation>"): played as a bot's move is, paced unless `fast`.
   * @param {string} entry
   * @param {boolean} fast
   */
  async playEntry(entry, fast) {
    const table = this.table;
    const cut = entry.indexOf(':');
    const seat = Number(entry.slice(0, cut));
    const started = performance.now();
    this.phase = 'playing';
    table.thinking = seat === this.data.learner ? null : seat;
    table.waiting = 'bot';
    if (!fast) table.render();
    const ans = await table.call({ cmd: 'act', session: table.sid, seat, view_seat: table.viewer, action: entry.slice(cut + 1) });
    if (!ans || !table.alive) return false;
    const rest = fast ? 0 : DELAYS[speed()] - (performance.now() - started);
    if (rest > 0) await sleep(rest);
    if (!table.alive) return false;
    table.madeBy = 'bot';
    table.snap = ans;
    if (!fast) table.render();
    return true;
  }

  /** The last step is over: the real end screen, with the last step's words. */
  ended() {
    this.phase = 'end';
    keepProgress(this.data.game, { step: this.k, done: true });
    this.table.settle(this.table.snap.over ? 'over' : 'hold');
  }

  /**
   * Mark, in the fresh drawing, what the learner should tap now; on a step to play or a hold,
   * the first mark carries the "Tap here" badge (`data-tutorial-tip`).
   * @param {Element[]} nodes the fresh nodes of the table's main part
   * @param {any} snap
   * @param {import('../types.js').TableContext} ctx
   */
  mark(nodes, snap, ctx) {
    const step = this.step;
    let found = [];
    this.plainMarks = null;
    if (this.phase === 'hold') found = markFirst(nodes, ['[data-release]']);
    else if (this.phase === 'read' || this.phase === 'end') {
      return step.mark.reduce((n, id) => n + markFirst(nodes, [attr('data-testid', id)], 'look').length, 0);
    } else if (this.phase === 'do' && ctx.canAct) {
      const sel = this.selection(snap, ctx);
      const move = this.wanted(sel, ctx);
      found = markFirst(nodes, this.targets(move, sel, ctx));
      // the marks of one plain move all play it: once drawn, the badge goes to the largest
      // (reveal: Marie's big "Take Jiro's pair" button, not the pair drawn small in Jiro's seat)
      if ('a' in move && found.length > 1) this.plainMarks = found;
    }
    const tip = found.find((el) => !(el instanceof SVGElement));
    tip?.setAttribute(TIP, t('learnTapHere'));
    return found.length;
  }

  /**
   * Scroll the mark with the "Tap here" badge into view once, when it appears out of sight (a
   * round summary's button below its fold in portrait; the learner may scroll away after), then
   * put the badge by it.
   * @param {Element} root the table on screen
   */
  reveal(root) {
    const biggest = this.plainMarks ? largest(this.plainMarks) : null;
    const words = biggest && root.querySelector(`[${TIP}]`)?.getAttribute(TIP);
    if (biggest && words && !biggest.hasAttribute(TIP)) {
      for (const m of /** @type {Element[]} */ (this.plainMarks)) m.removeAttribute(TIP);
      biggest.setAttribute(TIP, words);
    }
    fitRoom(root);
    const el = root.querySelector(`[${TIP}]`) ?? this.lookAt(root);
    const size = `${innerWidth}x${innerHeight}`; // a turned tablet: again
    if (el && (el !== this.revealed?.el || size !== this.revealed.size)) {
      this.revealed = { el, size };
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
    this.tip.update(root);
  }

  /** The composed move's selection so far (the renderer's `selection`), or null. */
  selection(snap, ctx) {
    return this.table.module.selection ? this.table.module.selection(snap, ctx) : null;
  }

  /**
   * Where the learner should look when there is nothing to tap: on a step to read, the first
   * thing its words point at; while the others play, the board (a phone's column had the own
   * row of Yadokashi's ring under the lesson's panel as the bots moved).
   * @param {Element} root
   */
  lookAt(root) {
    if (this.phase === 'read') return root.querySelector(`[${TARGET}]`);
    if (this.phase === 'playing' || this.phase === 'moving') return root.querySelector('[data-board]');
    return null;
  }

  /**
   * The step's accepted move the learner is on the way to: the first composed one the selection
   * follows, else the script's own (the first).
   * @param {{choice: string, picks: any[]} | null} sel
   * @param {import('../types.js').TableContext} ctx
   */
  wanted(sel, ctx) {
    const alts = this.step.expect;
    return alts.find((m) => 'choice' in m && follows(m, sel, ordered(m, ctx))) ?? alts[0];
  }

  /**
   * The selectors of the controls to tap next towards `move`.
   * @param {{a: string} | {choice: string, picks: any[]}} move
   * @param {{choice: string, picks: any[]} | null} sel
   * @param {import('../types.js').TableContext} ctx
   */
  targets(move, sel, ctx) {
    return 'a' in move ? moveTargets(move.a) : composeTargets(move, sel, ordered(move, ctx));
  }

  /**
   * A tap on the table: a move or pick control that is not marked is explained, not played.
   * @param {Element} el the tapped control (its `data-action`)
   * @returns {boolean} true: the tap is swallowed
   */
  intercept(el) {
    if (this.phase === 'end' || !el.matches(CONTROLS)) return false;
    if (el.getAttribute(TARGET) === 'target' || (this.phase === 'do' && this.alternative(el))) {
      this.wrong = false;
      return false;
    }
    this.wrong = true;
    this.table.render();
    return true;
  }

  /**
   * Whether `el` leads towards one of the step's accepted moves (not only the marked one): a pick
   * of a composed move in another order, another accepted move or its picks. A composed move the
   * selection so far has left (another pick made) no longer counts.
   * @param {Element} el
   */
  alternative(el) {
    const table = this.table;
    const ctx = table.ctx();
    const sel = this.selection(table.snap, ctx);
    return this.step.expect.some((m) => {
      if ('choice' in m && sel?.choice === m.choice && sel.picks?.length && !follows(m, sel, ordered(m, ctx))) return false;
      return this.targets(m, sel, ctx).some((s) => el.matches(s));
    });
  }

  /** The panel's buttons, by their `data-action`. */
  action(name) {
    const acts = {
      'tutorial-next': () => { if (this.phase === 'read') { this.phase = 'do'; this.pump(); } },
      'tutorial-back': () => this.host.goTo(Math.max(0, this.k - (this.phase === 'end' || this.k === 0 ? 0 : 1))),
      'tutorial-leave': () => this.host.leave(),
      'tutorial-real': () => this.host.real(),
    };
    return acts[name] ?? null;
  }

  /** The words of the step now, and what to do. */
  doing() {
    if (this.phase === 'end') return t('learnFinished');
    if (this.wrong) return this.phase === 'read' ? t('learnWrongRead') : t('learnWrong');
    if (this.phase === 'do') return t('learnYourMove');
    if (this.phase === 'read') return t('learnTapNext');
    if (this.phase === 'hold') return t('learnHold');
    if (this.phase === 'moving') return t('learnMoving');
    return t('learnWatch');
  }

  /** The panel over the table: the step's words, the progress, Back, Leave and Next. */
  panel() {
    const total = this.data.steps.length;
    const words = ['playing', 'start', 'moving'].includes(this.phase) ? null : tx(this.step.words);
    const next = this.phase === 'read'
      ? button(t('learnNext'), { class: 'btn btn-primary', testid: 'tutorial-next', data: { action: 'tutorial-next', autofocus: '' } })
      : null;
    const real = this.phase === 'end'
      ? button(t('learnReal'), { class: 'btn btn-primary', testid: 'tutorial-real', data: { action: 'tutorial-real' } })
      : null;
    // or the setup, to choose the players and the bots' level first (a learner went back to the
    // lobby for it)
    const setup = this.phase === 'end'
      ? h('a', { class: 'btn', href: `#/setup/${this.data.game}`, testid: 'tutorial-setup', text: t('learnSetup') })
      : null;
    return h('section', {
      class: ['tutorial-panel', `is-${this.phase}`, this.wrong ? 'is-wrong' : null], testid: 'tutorial-panel',
      'aria-labelledby': 'tutorial-title', data: { step: this.k, phase: this.phase, key: 'tutorial-panel' },
    },
    h('div', { class: 'tutorial-head' },
      h('h2', { class: 'tutorial-title', id: 'tutorial-title', text: t('learnTitle') }),
      h('span', { class: 'tutorial-progress', testid: 'tutorial-progress', 'aria-label': t('learnProgress', this.k + 1, total), text: `${this.k + 1} / ${total}` })),
    h('p', { class: 'tutorial-words', testid: 'tutorial-words', 'aria-live': 'polite', text: words ?? '' }),
    h('p', { class: 'tutorial-doing', testid: this.wrong ? 'tutorial-wrong' : 'tutorial-doing', role: this.wrong ? 'alert' : null, text: this.doing() }),
    h('div', { class: 'tutorial-actions' },
      button(t('learnBack'), { class: 'btn', testid: 'tutorial-back', title: t('learnBackTitle'), disabled: this.k === 0 && this.phase !== 'end', data: { action: 'tutorial-back' } }),
      button(t('learnLeave'), { class: 'btn btn-quiet', testid: 'tutorial-leave', title: t('learnLeaveTitle'), data: { action: 'tutorial-leave' } }),
      setup, real, next));
  }
}
