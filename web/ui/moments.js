// Moments that matter (issue 31): a round's results, BAG-GAI's shopping and parties, Marie's
// revealed pairs, the outcome of a person's own roll or auction. What is a moment is the
// engine's word: it marks the log lines of one (`moment`: its kind; `moment_for`: the seats it
// matters to, else everyone; pygames/core/protocol.py `say`). At the normal bot speed the table
// holds them on screen until someone taps "Continue" (ui/play.js; the turn loop's `hold`,
// ui/turns.js); a person who acts has seen the table, so the lines before their move are old
// news. Nothing here decides anything about the game: it reads the marks; nothing here touches
// the page (node --test runs it: tests/js/turns-holds.test.mjs); ui/moment-panel.js draws.

/**
 * @typedef {{text: any, seats: number[], ply?: number, moment?: string, moment_for?: number[]}} LogEntry
 * @typedef {{base: number, entries: LogEntry[]}} LogWindow the page's log: `entries` from
 *   index `base` of the game's log on
 */

/** The index in the game's log just past the page's last entry. */
export function logEnd(log) {
  return log.base + log.entries.length;
}

/**
 * The moment lines not seen yet: the entries from index `seen` of the game's log on that mark a
 * moment for one of `people` (the seats of the people at this device).
 * @param {LogWindow} log
 * @param {number} seen
 * @param {number[]} people
 * @returns {LogEntry[]}
 */
export function pendingMoments(log, seen, people) {
  if (!people.length) return [];
  return log.entries.filter((e, i) => log.base + i >= seen && typeof e.moment === 'string'
    && (!Array.isArray(e.moment_for) || e.moment_for.some((s) => people.includes(s))));
}

/**
 * The lines of a moment grouped by kind, in the order each kind first comes.
 * @param {LogEntry[]} entries
 * @returns {{kind: string, entries: LogEntry[]}[]}
 */
export function momentGroups(entries) {
  /** @type {Map<string, LogEntry[]>} */
  const groups = new Map();
  for (const e of entries) {
    if (!groups.has(e.moment)) groups.set(e.moment, []);
    groups.get(e.moment).push(e);
  }
  return [...groups].map(([kind, list]) => ({ kind, entries: list }));
}
