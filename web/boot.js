// The first script of the page: it starts the engine worker before the rest of the page's
// modules load, so that Pyodide's download and start-up (the longest wait) begin at once.
// app.js takes the engine from here and follows its progress. A guest's page (`#join=`, issue
// 34) starts none: nothing of the engine is fetched unless the page later needs it, and then
// `startEngine()` starts it.

import { createEngine } from './engine.js';
import { guestOnly } from './ui/role.js';

const seen = [];
let follower = null;

function start() {
  const onProgress = (message) => {
    seen.push(message);
    if (follower) follower(message);
  };
  try {
    return createEngine({ onProgress });
  } catch (err) {
    // no module workers here: the lobby still opens and says the engine could not start
    const failure = Object.assign(new Error(String(err?.message || err)), {
      error: { en: 'The game engine could not start.', ja: 'ゲームエンジンを起動できませんでした。' },
    });
    const ready = Promise.reject(failure);
    ready.catch(() => {});
    return { ready, kept: Promise.resolve(), call: () => Promise.reject(failure) };
  }
}

/**
 * The page's engine (one per page); null on a guest's page until `startEngine()`.
 * @type {import('./types.js').Engine | null}
 */
export let engine = guestOnly(location.hash) ? null : start();

/** The page's engine, started now if it was not. */
export function startEngine() {
  engine ??= start();
  return engine;
}

/** Follow the engine's progress messages, the ones already sent first. */
export function followEngine(fn) {
  follower = fn;
  for (const message of seen) fn(message);
}
