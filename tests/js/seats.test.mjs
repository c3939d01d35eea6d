// The seats' controllers (web/ui/seats.js): a bot asks the engine and is paced, a scripted seat
// plays its script, a person here never plays through the loop.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { personHere, botSeat, scriptedSeat, defaultSeats } from '../../web/ui/seats.js';
import { FakeEngine, FakeClock } from './fakes.mjs';

/** What a controller gets for seat `seat`'s move. */
function turnFor(engine, seat, viewer = null, alive = () => true) {
  return { seat, viewer, session: 's1', call: (r) => engine.call(r), alive };
}

test('a bot thinks in slices until it has played; slow thinking is not paced again', async () => {
  const clock = new FakeClock(500);
  const engine = new FakeEngine([[1]], { thinking: 2, thinkMs: 100, clock });
  const ans = await botSeat(clock.pace).play(turnFor(engine, 1, 0));
  assert.equal(ans.thinking, undefined);
  assert.deepEqual(engine.requests.map((r) => [r.cmd, r.seat, r.view_seat]), [['bot', 1, 0], ['bot', 1, 0], ['bot', 1, 0]]);
  assert.deepEqual(clock.sleeps, [200]); // 500 ms from the start of the decision, 300 of them thinking
  const slow = new FakeEngine([[1]], { thinking: 1, thinkMs: 400, clock });
  clock.sleeps = [];
  await botSeat(clock.pace).play(turnFor(slow, 1));
  assert.deepEqual(clock.sleeps, []);
});

test('a bot stops once the table is gone', async () => {
  const clock = new FakeClock(500);
  const engine = new FakeEngine([[1]], { thinking: 3 });
  let calls = 0;
  const ans = await botSeat(clock.pace).play(turnFor(engine, 1, null, () => (calls += 1) < 2));
  assert.equal(ans, null);
  assert.equal(engine.requests.length, 2);
});

test('a scripted seat plays its moves in order, then has nothing to play', async () => {
  const clock = new FakeClock(100);
  const engine = new FakeEngine([[0], [0], [0]]);
  const seat = scriptedSeat(['a', 'b'], clock.pace);
  assert.equal(seat.kind, 'auto');
  await seat.play(turnFor(engine, 0));
  await seat.play(turnFor(engine, 0));
  assert.equal(await seat.play(turnFor(engine, 0)), null);
  assert.deepEqual(engine.history.map((m) => m.action), ['a', 'b']);
  assert.deepEqual(clock.sleeps, [100, 100]);
});

test("the snapshot's seats: a person here for each human, a bot for the others", () => {
  const pace = new FakeClock().pace;
  const seats = defaultSeats([{ kind: 'human' }, { kind: 'bot' }, { kind: 'human' }], pace);
  assert.deepEqual(seats.map((s) => s.kind), ['here', 'auto', 'here']);
  assert.equal(personHere().play, undefined);
});
