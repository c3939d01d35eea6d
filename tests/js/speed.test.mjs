// The bots' speeds (web/ui/speed.js): "slow" for a beginner who follows each bot move (a trial
// found every bot move over in half a second at the slowest speed there was), and the table
// holds its moments at the watching speeds only.

import { test } from 'node:test';
import assert from 'node:assert/strict';

const stored = new Map();
globalThis.localStorage ??= /** @type {any} */ ({
  getItem: (k) => stored.get(k) ?? null,
  setItem: (k, v) => { stored.set(k, String(v)); },
});

const { DELAYS, SPEEDS, speed, setSpeed, watching } = await import('../../web/ui/speed.js');

test('every speed has a pause, slowest first, and slow waits longest', () => {
  assert.deepEqual(Object.keys(DELAYS).sort(), [...SPEEDS].sort());
  const pauses = SPEEDS.map((s) => DELAYS[s]);
  assert.deepEqual(pauses, [...pauses].sort((a, b) => b - a));
  assert.equal(SPEEDS[0], 'slow');
  assert.ok(DELAYS.slow >= 2 * DELAYS.normal);
});

test('a chosen speed is kept, an unknown one ignored, normal by default', () => {
  assert.equal(speed(), 'normal');
  setSpeed('slow');
  assert.equal(speed(), 'slow');
  setSpeed('warp');
  assert.equal(speed(), 'slow');
});

test('the table holds its moments at slow and normal, not at fast or instant', () => {
  assert.deepEqual(SPEEDS.filter((s) => watching(s)), ['slow', 'normal']);
});
