// The turn loop (web/ui/turns.js): every kind of step `next()` returns, and whole games run by
// `run()` over a fake engine: pass-and-play, simultaneous moves, bots, a scripted seat and a
// person on another device.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { next, WAITING } from '../../web/ui/turns.js';
import { personHere, botSeat, scriptedSeat } from '../../web/ui/seats.js';
import { FakeEngine, FakeClock, FakeTable, remoteSeat } from './fakes.mjs';

/** @typedef {import('../../web/ui/turns.js').SeatKind} SeatKind */
const here = personHere();
const bot = /** @type {SeatKind} */ ({ kind: 'auto' });
const away = /** @type {SeatKind} */ ({ kind: 'remote' });

/** A snapshot with only what next() reads. */
const snap = (toMove, o = {}) => ({ over: false, to_move: toMove, can_undo: false, ...o });

test('over: one person here keeps their view; a shared table shows the spectator first', () => {
  assert.deepEqual(next(snap([], { over: true }), [here, bot], 0), { kind: 'over' });
  assert.deepEqual(next(snap([], { over: true }), [here, here], 1), { kind: 'show', seat: null });
  assert.deepEqual(next(snap([], { over: true }), [here, here], null), { kind: 'over' });
  assert.deepEqual(next(snap([], { over: true }), [bot, bot], null), { kind: 'over' });
});

test('person: the person on screen may act', () => {
  assert.deepEqual(next(snap([0]), [here, bot], 0), { kind: 'person', seat: 0 });
  // of several people to act at once, the one on screen acts first
  assert.deepEqual(next(snap([0, 1, 2]), [here, here, here], 2), { kind: 'person', seat: 2 });
});

test('show: a single person here gets their view without a cover', () => {
  assert.deepEqual(next(snap([0]), [here, bot], null), { kind: 'show', seat: 0 });
});

test('cover: the device is passed; the view on screen is hidden, and its move may be taken back', () => {
  assert.deepEqual(next(snap([1], { can_undo: true }), [here, here], 0), { kind: 'cover', seat: 1, hide: true, undo: 0 });
  assert.deepEqual(next(snap([1]), [here, here], 0), { kind: 'cover', seat: 1, hide: true, undo: null });
  assert.deepEqual(next(snap([1]), [here, here], null), { kind: 'cover', seat: 1, hide: false, undo: null });
  // once the cover is dismissed for seat 1, its view is shown
  assert.deepEqual(next(snap([1]), [here, here], null, { passed: 1 }), { kind: 'show', seat: 1 });
});

test('bot: a seat that plays on its own, once no person here is to act', () => {
  assert.deepEqual(next(snap([1]), [here, bot], 0), { kind: 'bot', seat: 1 });
  assert.deepEqual(next(snap([0, 1]), [here, bot], 0), { kind: 'person', seat: 0 });
  // a seat without a controller plays on its own too
  assert.deepEqual(next(snap([2]), [here, bot], 0), { kind: 'bot', seat: 2 });
});

test('hold: the game holds the bots (a summary on screen)', () => {
  assert.deepEqual(next(snap([1]), [here, bot], 0, { hold: true }), { kind: 'hold' });
  // a person to act is not held by default
  assert.deepEqual(next(snap([0]), [here, bot], 0, { hold: true }), { kind: 'person', seat: 0 });
});

test('hold before cover: configurable; by default the cover comes first', () => {
  const s = snap([1]);
  const order = { holdBeforeCover: true };
  assert.equal(next(s, [here, here], 0, { hold: true }).kind, 'cover');
  // on: the private view on screen is put away, then everyone sees what is held
  assert.deepEqual(next(s, [here, here], 0, { hold: true, order }), { kind: 'show', seat: null });
  assert.deepEqual(next(s, [here, here], null, { hold: true, order }), { kind: 'hold' });
  assert.equal(next(s, [here, here], 0, { hold: false, order }).kind, 'cover');
});

test('cover before a taken-back move: on by default; the cover says "give it back"', () => {
  const s = snap([0]);
  // a move taken back at a cover: the spectator's view is on screen, the device not in 0's hands
  assert.deepEqual(next(s, [here, here], null, { undone: 0 }), { kind: 'cover', seat: 0, hide: false, undo: null, back: true });
  assert.deepEqual(next(s, [here, here], null, { undone: 0, passed: 0 }), { kind: 'show', seat: 0 });
  // a view still on screen is hidden first, and the cover offers no undo of its own
  assert.deepEqual(next(s, [here, here], 1, { undone: 0 }), { kind: 'cover', seat: 0, hide: true, undo: null, back: true });
  // the seat whose move was taken back acts next, even when another may act too
  assert.deepEqual(next(snap([1, 0]), [here, here], null, { undone: 0 }), { kind: 'cover', seat: 0, hide: false, undo: null, back: true });
  assert.equal(next(snap([1, 0]), [here, here], null, { undone: 0, passed: 0 }).seat, 0);
  // the person on screen took their own move back (the Undo button): they hold the device
  assert.deepEqual(next(s, [here, here], 0, { undone: 0 }), { kind: 'person', seat: 0 });
  // alone at the device: nothing to hide from anyone
  assert.deepEqual(next(s, [here, bot], null, { undone: 0 }), { kind: 'show', seat: 0 });
  // off: the taken-back seat's turn is no different from any other
  const off = { coverBeforeUndo: false };
  assert.deepEqual(next(snap([1, 0]), [here, here], null, { undone: 0, order: off }), { kind: 'cover', seat: 1, hide: false, undo: null });
});

test('remote: wait for a person on another device (before the bots)', () => {
  assert.deepEqual(next(snap([1]), [here, away], 0), { kind: 'remote', seat: 1 });
  assert.deepEqual(next(snap([1, 2]), [here, bot, away], 0), { kind: 'remote', seat: 2 });
  assert.deepEqual(next(snap([0, 1]), [here, away], 0), { kind: 'person', seat: 0 });
});

test('idle: nobody can act', () => {
  assert.deepEqual(next(snap([]), [here, bot], 0), { kind: 'idle' });
});

test('every kind of step has the waiting state the table shows', () => {
  assert.deepEqual(Object.keys(WAITING).sort(), ['bot', 'cover', 'hold', 'idle', 'over', 'person', 'remote', 'show']);
  assert.equal(WAITING.cover, 'pass');
  assert.equal(WAITING.person, 'human');
});

test('pass-and-play between two people: a cover at each change of person', async () => {
  const engine = new FakeEngine([[0], [1], [0]]);
  const table = new FakeTable(engine, [here, here]);
  assert.equal((await table.pump()).kind, 'person');
  assert.deepEqual(table.trace, ['cover 0', 'show 0', 'person 0']);
  table.trace = [];
  await table.act();
  assert.deepEqual(table.trace, ['cover 1 hide undo 0', 'show 1', 'person 1']);
  table.trace = [];
  await table.act();
  await table.act();
  assert.deepEqual(table.trace, ['cover 0 hide undo 1', 'show 0', 'person 0', 'show null', 'over']);
  assert.equal(table.viewer, null);
});

test('pass-and-play: an undo at the cover gives the device back behind a cover before its view', async () => {
  const engine = new FakeEngine([[0], [1]]);
  const table = new FakeTable(engine, [here, here], { device: ['pass', 'undo'] });
  await table.pump();
  table.shown = [];
  await table.act('first');
  assert.deepEqual(table.trace, ['cover 0', 'show 0', 'person 0', 'cover 1 hide undo 0', 'cover 0 back', 'show 0', 'person 0']);
  assert.equal(engine.history.length, 0);
  // between the undo and the tap on the give-back cover only the spectator's view was on screen
  assert.deepEqual(table.shown, [null, null, 0]);
});

test('pass-and-play with the covered undo off: the taken-back seat plays again at once', async () => {
  const engine = new FakeEngine([[0], [1]]);
  const table = new FakeTable(engine, [here, here], { device: ['pass', 'undo'], order: { coverBeforeUndo: false } });
  await table.pump();
  await table.act('first');
  assert.deepEqual(table.trace, ['cover 0', 'show 0', 'person 0', 'cover 1 hide undo 0', 'person 0']);
});

test("Marie's votes: a vote taken back at the cover goes back to its voter behind a cover", async () => {
  const engine = new FakeEngine([[0, 1, 2]]);
  const table = new FakeTable(engine, [here, here, here], { device: ['pass', 'pass', 'undo'] });
  await table.pump();
  await table.act('vote');
  table.trace = [];
  table.shown = [];
  await table.act('vote');
  // seat 1 voted; at the cover for seat 2 it takes its vote back: the device goes back to 1
  assert.deepEqual(table.trace, ['cover 2 hide undo 1', 'cover 1 back', 'show 1', 'person 1']);
  assert.deepEqual(table.shown, [null, null, 1]);
});

test('resume: a pass-and-play game opened from a save covers the table before any seat\'s view', async () => {
  const engine = new FakeEngine([[0], [1], [0]]);
  engine.history.push({ seat: 0, action: 'saved' });
  const table = new FakeTable(engine, [here, here, bot]);
  assert.equal(table.viewer, null); // the table opens on the spectator's view
  await table.pump();
  assert.deepEqual(table.trace, ['cover 1', 'show 1', 'person 1']);
  assert.deepEqual(table.shown, [1]);
});

test("simultaneous moves of several people: Marie's votes (all four at once)", async () => {
  // the shape of a real vote: to_move [0, 1, 2, 3], then fewer as each votes
  const engine = new FakeEngine([[0], [0, 1, 2, 3], [1]]);
  const table = new FakeTable(engine, [here, here, here, here]);
  await table.pump();
  table.trace = [];
  await table.act('lead'); // seat 0 leads, then votes at once: the one on screen first
  assert.deepEqual(table.trace, ['person 0']);
  for (let i = 0; i < 4; i += 1) await table.act('vote');
  assert.deepEqual(table.trace, [
    'person 0', 'cover 1 hide undo 0', 'show 1', 'person 1', 'cover 2 hide undo 1', 'show 2', 'person 2',
    'cover 3 hide undo 2', 'show 3', 'person 3', 'cover 1 hide undo 3', 'show 1', 'person 1',
  ]);
  assert.deepEqual(engine.history.map((m) => m.seat), [0, 0, 1, 2, 3]);
});

test("simultaneous moves of people and bots: BAG-GAI's prices (the bots price last)", async () => {
  // every seller prices at once (to_move [0, 1, 2]); the bot at seat 1 waits for the people
  const clock = new FakeClock(0);
  const engine = new FakeEngine([[0, 1, 2], [0]]);
  const table = new FakeTable(engine, [here, botSeat(clock.pace), here]);
  await table.pump();
  await table.act('price');
  await table.act('price');
  assert.deepEqual(table.trace, ['cover 0', 'show 0', 'person 0', 'cover 2 hide undo 0', 'show 2', 'person 2', 'bot 1', 'cover 0 hide', 'show 0', 'person 0']);
  assert.deepEqual(engine.history.map((m) => m.seat), [0, 2, 1]);
});

test('a bot between two people: it plays on the spectator view, then the device goes on', async () => {
  const clock = new FakeClock(500);
  const engine = new FakeEngine([[0], [1], [2], [1]]);
  const table = new FakeTable(engine, [here, botSeat(clock.pace), here]);
  await table.pump();
  await table.act();
  assert.deepEqual(table.trace, ['cover 0', 'show 0', 'person 0', 'bot 1', 'cover 2 hide', 'show 2', 'person 2']);
  // the bot's move is asked for the view on screen, and paced
  const asked = engine.requests.find((r) => r.cmd === 'bot');
  assert.deepEqual([asked.seat, asked.view_seat], [1, 0]);
  assert.deepEqual(clock.sleeps, [500]);
  await table.act();
  assert.equal(table.trace.at(-1), 'over');
});

test('a scripted seat plays its moves in order between a person and a bot', async () => {
  const clock = new FakeClock(300);
  const engine = new FakeEngine([[1], [0], [2], [1], [0]]);
  const table = new FakeTable(engine, [here, scriptedSeat(['open', 'close'], clock.pace), botSeat(clock.pace)]);
  await table.pump();
  assert.deepEqual(table.trace, ['bot 1', 'person 0']);
  await table.act();
  assert.deepEqual(table.trace, ['bot 1', 'person 0', 'bot 2', 'bot 1', 'person 0']);
  assert.deepEqual(engine.history.map((m) => m.action), ['open', 'move', 'bot2', 'close']);
  assert.deepEqual(clock.sleeps, [300, 300, 300]);
});

test('a seat waiting on another device: the loop waits for its move, then goes on', async () => {
  const remote = remoteSeat();
  const engine = new FakeEngine([[0], [1], [0]]);
  const table = new FakeTable(engine, [here, remote]);
  await table.pump();
  const going = table.act();
  await remote.asked();
  assert.deepEqual(table.trace, ['person 0', 'remote 1']);
  assert.equal(engine.history.length, 1); // nothing moves until the other device plays
  await remote.send('far');
  assert.equal((await going).kind, 'person');
  assert.deepEqual(table.trace, ['person 0', 'remote 1', 'person 0']);
  assert.deepEqual(engine.history.map((m) => m.action), ['move', 'far']);
});

test('a hold stops the bots until the game lets go', async () => {
  const clock = new FakeClock(0);
  const engine = new FakeEngine([[0], [1]]);
  const table = new FakeTable(engine, [here, botSeat(clock.pace)]);
  await table.pump();
  /** @type {(value?: unknown) => void} */
  let release = () => {};
  table.holding = new Promise((resolve) => { release = resolve; });
  const going = table.act();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(table.trace, ['person 0', 'hold']);
  assert.equal(engine.history.length, 1);
  release();
  await going;
  assert.deepEqual(table.trace, ['person 0', 'hold', 'bot 1', 'over']);
});

test('watched: the host of seats on other devices hides its person behind a cover and puts their view away while the others play', () => {
  const order = { watched: true };
  // the person here gets their view behind a cover (they take the device), then acts
  assert.deepEqual(next(snap([0]), [here, away, bot], null, { order }), { kind: 'cover', seat: 0, hide: false, undo: null });
  assert.deepEqual(next(snap([0]), [here, away, bot], null, { order, passed: 0 }), { kind: 'show', seat: 0 });
  assert.deepEqual(next(snap([0]), [here, away, bot], 0, { order }), { kind: 'person', seat: 0 });
  // their view is put away before the device waits for the others
  assert.deepEqual(next(snap([1]), [here, away, bot], 0, { order }), { kind: 'show', seat: null });
  assert.deepEqual(next(snap([1]), [here, away, bot], null, { order }), { kind: 'remote', seat: 1 });
  assert.deepEqual(next(snap([2]), [here, away, bot], 0, { order }), { kind: 'show', seat: null });
  assert.deepEqual(next(snap([2]), [here, away, bot], null, { order }), { kind: 'bot', seat: 2 });
  // the end is shown to everyone
  assert.deepEqual(next(snap([], { over: true }), [here, away], 0, { order }), { kind: 'show', seat: null });
  // a guest's own phone (its other seats on other devices too) is not watched: no cover
  assert.deepEqual(next(snap([0]), [here, away, away], null), { kind: 'show', seat: 0 });
  assert.deepEqual(next(snap([1]), [here, away, away], 0), { kind: 'remote', seat: 1 });
});
