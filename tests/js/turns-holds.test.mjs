// Moments that matter wait for the table (issue 31; web/ui/moments.js and the turn loop's
// `hold`, web/ui/turns.js): the engine marks a moment's log lines; the table holds them on
// screen until someone taps Continue: before the bots play on after a person's own roll, and in
// pass-and-play on the spectator's view before the device goes round.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { next } from '../../web/ui/turns.js';
import { personHere, botSeat } from '../../web/ui/seats.js';
import { pendingMoments, momentGroups, logEnd } from '../../web/ui/moments.js';
import { FakeEngine, FakeClock, FakeTable } from './fakes.mjs';

const here = personHere();
const bot = /** @type {import('../../web/ui/turns.js').SeatKind} */ ({ kind: 'auto' });
const snap = (toMove) => ({ over: false, to_move: toMove, can_undo: false });
const ON = { holdBeforeCover: true };

/** A log line; `moment` and `to` as the engine writes them (pygames/core/protocol.py `say`). */
const line = (text, moment, to) => ({
  text: { en: text, ja: text }, seats: [], ...(moment ? { moment } : {}), ...(to ? { moment_for: to } : {}),
});

test('pending moments: the marked lines after the last seen, for a person here', () => {
  const log = {
    base: 10,
    entries: [
      line('old', 'round'), line('bids'), line('Ann rolls 7', 'roll', [0]), line('Bot rolls 2', 'roll', [1]),
      line('Party', 'party'), line('Round 3'),
    ],
  };
  assert.equal(logEnd(log), 16);
  const texts = (es) => es.map((e) => e.text.en);
  assert.deepEqual(texts(pendingMoments(log, 11, [0])), ['Ann rolls 7', 'Party']);
  // a bot's roll matters to nobody here; everyone's party does
  assert.deepEqual(texts(pendingMoments(log, 11, [2])), ['Party']);
  assert.deepEqual(texts(pendingMoments(log, 0, [0, 1])), ['old', 'Ann rolls 7', 'Bot rolls 2', 'Party']);
  // nobody here (bots only): nothing is held
  assert.deepEqual(pendingMoments(log, 0, []), []);
  assert.deepEqual(pendingMoments(log, 16, [0]), []);
});

test('a moment\'s lines by kind, in the order each kind first comes', () => {
  const groups = momentGroups([line('a', 'shopping'), line('b', 'party'), line('c', 'shopping'), line('d', 'round')]);
  assert.deepEqual(groups.map((g) => [g.kind, g.entries.map((e) => e.text.en)]),
    [['shopping', ['a', 'c']], ['party', ['b']], ['round', ['d']]]);
});

test('a shared device: a hold before the next person is shown to everyone, the private view put away first', () => {
  // before the device goes round
  assert.deepEqual(next(snap([1]), [here, here], 0, { hold: true, order: ON }), { kind: 'show', seat: null });
  assert.deepEqual(next(snap([1]), [here, here], null, { hold: true, order: ON }), { kind: 'hold' });
  // the same person acts on: everyone sees the moment first too, then the device is handed back
  assert.deepEqual(next(snap([0]), [here, here], 0, { hold: true, order: ON }), { kind: 'show', seat: null });
  assert.deepEqual(next(snap([0]), [here, here], null, { hold: false, order: ON }), { kind: 'cover', seat: 0, hide: false, undo: null });
  // before a bot plays, at a shared device too
  assert.deepEqual(next(snap([2]), [here, here, bot], 1, { hold: true, order: ON }), { kind: 'show', seat: null });
  // one person here: their own view stays; they act without a game's hold, bots wait for it
  assert.deepEqual(next(snap([0]), [here, bot], 0, { hold: true, order: ON }), { kind: 'person', seat: 0 });
  assert.deepEqual(next(snap([1]), [here, bot], 0, { hold: true, order: ON }), { kind: 'hold' });
  // a moment not seen yet (a round's results their own move brought) comes before their move too
  assert.deepEqual(next(snap([0]), [here, bot], 0, { hold: true, moment: true, order: ON }), { kind: 'hold' });
  assert.deepEqual(next(snap([0]), [here, bot], 0, { hold: true, moment: true }), { kind: 'hold' });
});

/**
 * A table that holds moments as ui/play.js `Table` does: the engine's answers carry a log whose
 * lines may mark a moment; a moment for a person here holds the loop until `tapContinue()`.
 */
class MomentTable extends FakeTable {
  /**
   * @param {LoggingEngine} engine
   * @param {any[]} seats
   * @param {{order?: import('../../web/ui/turns.js').TurnOrder}} [o]
   */
  constructor(engine, seats, o = {}) {
    super(engine, seats, o);
    /** @type {LoggingEngine} */
    this.logging = engine;
    this.people = seats.map((c, i) => (c.kind === 'here' ? i : -1)).filter((i) => i >= 0);
    this.seen = 0;
    /** @type {((value?: unknown) => void) | null} */
    this.release = null;
    /** @type {any[] | null} the moment on screen */
    this.held = null;
  }

  turn() {
    const log = { base: 0, entries: this.logging.log };
    const lines = pendingMoments(log, this.seen, this.people);
    this.holding = null;
    if (lines.length) {
      this.holding = new Promise((resolve) => { this.release = resolve; });
      this.held = lines;
    } else this.seen = logEnd(log);
    return { ...super.turn(), moment: this.holding !== null };
  }

  tapContinue() {
    this.seen = this.logging.log.length;
    this.held = null;
    this.release?.();
  }

  async act(action = 'move') {
    this.seen = this.logging.log.length; // a person who acts has seen the table
    return super.act(action);
  }
}

/** A fake engine whose actions write log lines: `roll` a moment for its roller, `end` for all. */
class LoggingEngine extends FakeEngine {
  /** @param {number[][]} phases */
  constructor(phases) {
    super(phases);
    /** @type {any[]} */
    this.log = [];
  }

  act(seat, action, viewSeat) {
    const ans = super.act(seat, action, viewSeat);
    if (ans.ok) {
      if (action === 'roll') this.log.push(line(`${seat} rolls`, 'roll', [seat]), line('crabs move', 'roll', [seat]));
      else if (action === 'end') this.log.push(line('round results', 'round'));
      else this.log.push(line(`${seat} ${action}`));
    }
    return ans;
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test("a person's own roll: its outcome stays up until Continue, then the bots play on", async () => {
  const clock = new FakeClock(0);
  const engine = new LoggingEngine([[0], [1], [2], [0]]);
  const table = new MomentTable(engine, [here, botSeat(clock.pace), botSeat(clock.pace)]);
  await table.pump();
  const going = table.act('roll');
  await tick();
  assert.deepEqual(table.trace, ['person 0', 'hold']);
  assert.deepEqual(table.held.map((e) => e.text.en), ['0 rolls', 'crabs move']);
  assert.equal(engine.history.length, 1); // the bots wait
  table.tapContinue();
  await going;
  assert.deepEqual(table.trace, ['person 0', 'hold', 'bot 1', 'bot 2', 'person 0']);
  // a bot's roll is no moment for the person here: nothing more was held
  assert.equal(table.trace.filter((s) => s === 'hold').length, 1);
});

test('a round ended by the person\'s own move, the person next: its results stay up until Continue', async () => {
  const clock = new FakeClock(0);
  const engine = new LoggingEngine([[0], [0], [1], [0]]);
  const table = new MomentTable(engine, [here, botSeat(clock.pace)]);
  await table.pump();
  const going = table.act('end');
  await tick();
  assert.deepEqual(table.trace, ['person 0', 'hold']);
  assert.deepEqual(table.held.map((e) => e.text.en), ['round results']);
  table.tapContinue();
  await going;
  assert.deepEqual(table.trace, ['person 0', 'hold', 'person 0']);
  // a move that brings no moment: the person goes on at once
  await table.act('move');
  assert.deepEqual(table.trace, ['person 0', 'hold', 'person 0', 'bot 1', 'person 0']);
});

test('pass-and-play: a round\'s results are shown to everyone before the next cover', async () => {
  const engine = new LoggingEngine([[0], [1], [0]]);
  const table = new MomentTable(engine, [here, here], { order: ON });
  await table.pump();
  table.trace = [];
  table.shown = [];
  const going = table.act('end');
  await tick();
  // the private view of seat 0 is put away; the results are held on the spectator's view
  assert.deepEqual(table.trace, ['show null', 'hold']);
  assert.equal(table.viewer, null);
  assert.deepEqual(table.held.map((e) => e.text.en), ['round results']);
  table.tapContinue();
  await going;
  assert.deepEqual(table.trace, ['show null', 'hold', 'cover 1', 'show 1', 'person 1']);
  assert.deepEqual(table.shown, [null, 1]);
  // a move that is no moment: the device goes round at once, as before
  table.trace = [];
  await table.act('move');
  assert.deepEqual(table.trace, ['cover 0 hide undo 1', 'show 0', 'person 0']);
});

test('pass-and-play with holdBeforeCover off: the cover comes first and nothing is held', async () => {
  const engine = new LoggingEngine([[0], [1]]);
  const table = new MomentTable(engine, [here, here]);
  await table.pump();
  table.trace = [];
  await table.act('end');
  assert.deepEqual(table.trace, ['cover 1 hide undo 0', 'show 1', 'person 1']);
});
