// How the step buttons set a hinted bid (web/games/hitokai.js `stepsTo`, `reachSteps`): the
// coach's panel says how often to press +5 and +1 (a beginner saw both marked without knowing).

import { test } from 'node:test';
import assert from 'node:assert/strict';

// the page's globals the modules read when they load (the language, the bot speed)
globalThis.navigator ??= /** @type {any} */ ({ languages: ['en'], language: 'en' });
globalThis.localStorage ??= /** @type {any} */ ({ getItem: () => null, setItem: () => {} });
// (a game module adds its stylesheet when it loads: a link element, never looked at here)
const element = () => ({ setAttribute() {}, append() {}, classList: { add() {} }, dataset: {}, style: { setProperty() {} } });
globalThis.document ??= /** @type {any} */ ({
  documentElement: {}, baseURI: 'http://127.0.0.1/', head: { append() {} },
  querySelectorAll: () => [], createElement: element, createTextNode: element,
});
globalThis.HTMLLinkElement ??= /** @type {any} */ (class {});
globalThis.CSS ??= /** @type {any} */ ({ escape: (/** @type {string} */ s) => s });

const { stepsTo, reachSteps } = await import('../../web/games/hitokai.js');
const range = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

test('fives first while they do not pass the bid, then ones', () => {
  assert.deepEqual(stepsTo(range(18, 89), 18, 25), [[5, 1], [1, 2]]);
  assert.deepEqual(stepsTo(range(18, 89), 18, 19), [[1, 1]]);
  assert.deepEqual(stepsTo(range(18, 89), 18, 38), [[5, 4]]);
  assert.deepEqual(stepsTo(range(18, 89), 30, 21), [[-5, 1], [-1, 4]]);
});

test('every target of the list is reached, and the presses land on it', () => {
  const amounts = range(3, 40);
  for (const from of amounts) {
    for (const to of amounts) {
      if (from === to) continue;
      const steps = stepsTo(amounts, from, to);
      // a press moves by its step, no further than the list's ends
      let landed = from;
      for (const [step, n] of steps) for (let i = 0; i < n; i += 1) landed = Math.min(40, Math.max(3, landed + step));
      assert.equal(landed, to, `${from} -> ${to}`);
      assert.ok(steps.every(([step, n]) => n > 0 && Math.abs(step) <= 5));
    }
  }
});

test('the words say each button and how often, then Bid', () => {
  const moves = range(18, 89).map((n) => ({ a: `b${n}`, kind: 'bid', amount: n }));
  const ctx = /** @type {any} */ ({ moves, movesOf: (k) => moves.filter((m) => m.kind === k), ui: { amount: 18 } });
  assert.equal(reachSteps(null, ctx, 'b25'), 'press +5 once, then +1 twice, then "Bid 25"');
  assert.equal(reachSteps(null, ctx, 'b33'), 'press +5 3 times, then "Bid 33"');
  assert.equal(reachSteps(null, ctx, 'pass'), null); // not a bid
  assert.equal(reachSteps(null, ctx, 'b18'), null); // nothing to press
});
