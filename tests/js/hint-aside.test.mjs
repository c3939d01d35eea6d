// The coach's Play sets aside what the person had chosen for another move (web/ui/hint.js): what
// is chosen (a renderer's `chosen`, else its `selection`'s picks) and when it is set aside.

import { test } from 'node:test';
import assert from 'node:assert/strict';

// the page's globals the module reads when it loads (the language, the bot speed)
globalThis.navigator ??= /** @type {any} */ ({ languages: ['en'], language: 'en' });
globalThis.localStorage ??= /** @type {any} */ ({ getItem: () => null, setItem: () => {} });
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });
globalThis.CSS ??= /** @type {any} */ ({ escape: (/** @type {string} */ s) => s });

const { chosenOn, setsAside } = await import('../../web/ui/hint.js');
const snap = /** @type {any} */ ({ view: { hand: [2, 5, 5, 7] } });

test('nothing chosen: nothing is set aside, whatever the move', () => {
  assert.equal(setsAside([], { picks: ['3'] }), false);
  assert.equal(setsAside([], {}), false);
});

test('picks that are part of the hinted move are not set aside (as many of each as it holds)', () => {
  assert.equal(setsAside(['12'], { picks: ['12', '4'] }), false);
  assert.equal(setsAside(['4', '12'], { picks: ['12', '4'] }), false);
  assert.equal(setsAside(['4', '4'], { picks: ['4', '12'] }), true); // one 4 too many
  assert.equal(setsAside(['9'], { picks: ['12', '4'] }), true);
});

test('a plain move (no picks) sets aside whatever is chosen', () => {
  assert.equal(setsAside(['5'], { }), true);
});

test("the renderer's chosen comes first, else its selection's picks, as strings", () => {
  const ctx = /** @type {any} */ ({ ui: { selected: [1, 3] } });
  // a renderer's own `chosen` (as Marie's: the hand cards selected) wins over `selection`
  const hand = /** @type {any} */ ({
    chosen: (/** @type {any} */ s, /** @type {any} */ c) => c.ui.selected.map((/** @type {number} */ i) => s.view.hand[i]),
    selection: () => ({ choice: 'pick', picks: [99] }),
  });
  assert.deepEqual(chosenOn(hand, snap, ctx), ['5', '7']);
  const composed = /** @type {any} */ ({ selection: () => ({ choice: 'pay', picks: [12, 4] }) });
  assert.deepEqual(chosenOn(composed, snap, ctx), ['12', '4']);
  const none = /** @type {any} */ ({ selection: () => null });
  assert.deepEqual(chosenOn(none, snap, ctx), []);
  assert.deepEqual(chosenOn(/** @type {any} */ ({}), snap, ctx), []);
  assert.deepEqual(chosenOn(null, snap, ctx), []);
  assert.deepEqual(chosenOn(composed, /** @type {any} */ (null), ctx), []); // no position yet
});
