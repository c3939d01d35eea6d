// What a tutorial marks for a composed move (web/ui/tutorial.js): the picks in the script's order
// when the order matters, every pick not yet made when it does not (a choice's `order: "set"`),
// and which accepted move a selection so far is on the way to.

import { test } from 'node:test';
import assert from 'node:assert/strict';

// the page's globals the module reads when it loads (the language, the bot speed)
globalThis.navigator ??= /** @type {any} */ ({ languages: ['en'], language: 'en' });
globalThis.localStorage ??= /** @type {any} */ ({ getItem: () => null, setItem: () => {} });
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });
globalThis.CSS ??= /** @type {any} */ ({ escape: (/** @type {string} */ s) => s });
const { composeTargets, follows } = await import('../../web/ui/tutorial.js');

const PAY = { choice: 'pay', picks: [4, 6, 6] };
const pick = (/** @type {string} */ p) => `[data-choice="pay"][data-pick="${p}"]:not([aria-pressed="true"])`;

test('in a set, every pick not yet made is marked, whatever was picked first', () => {
  assert.deepEqual(composeTargets(PAY, { choice: 'pay', picks: [] }, false), [`${pick('4')}, ${pick('6')}`]);
  assert.deepEqual(composeTargets(PAY, { choice: 'pay', picks: [6] }, false), [`${pick('4')}, ${pick('6')}`]);
  assert.deepEqual(composeTargets(PAY, { choice: 'pay', picks: [6, 6] }, false), [pick('4')]);
  assert.deepEqual(composeTargets(PAY, { choice: 'pay', picks: [6, 4, 6] }, false), ['[data-confirm="pay"]']);
});

test('in a set, a pick the move does not have is taken out first', () => {
  assert.deepEqual(composeTargets(PAY, { choice: 'pay', picks: [6, 7] }, false),
    ['[data-choice="pay"][data-unpick="7"]', '[data-choice="pay"][data-pick="7"]']);
});

test('in order, only the next pick is marked, and another order is taken back', () => {
  const prefix = (/** @type {string} */ p) => `[data-choice="pay"][data-pick="${p}"]`;
  assert.deepEqual(composeTargets(PAY, { choice: 'pay', picks: [4] }, true), [prefix('6')]);
  assert.deepEqual(composeTargets(PAY, { choice: 'pay', picks: [6] }, true), ['[data-reset="pay"]']);
  assert.deepEqual(composeTargets(PAY, null, true), ['[data-choose="pay"]']);
});

test('a selection follows the accepted moves it is on the way to', () => {
  assert.ok(follows(PAY, { choice: 'pay', picks: [6] }, false));
  assert.ok(follows(PAY, { choice: 'pay', picks: [6, 4] }, false));
  assert.ok(!follows(PAY, { choice: 'pay', picks: [6, 4] }, true), 'the order matters');
  assert.ok(!follows(PAY, { choice: 'pay', picks: [9] }, false), 'another pick');
  assert.ok(!follows(PAY, { choice: 'pay', picks: [] }, false), 'nothing picked yet');
  assert.ok(!follows(PAY, { choice: 'range', picks: [4] }, false), 'another choice');
  assert.ok(!follows({ choice: 'pay', picks: [8] }, { choice: 'pay', picks: [9] }, false));
  assert.ok(follows({ choice: 'pay', picks: [9] }, { choice: 'pay', picks: [9] }, false));
});
