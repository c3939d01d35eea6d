// An imported game checked whole (issue 33): every field of an entry of a file of saved games is
// derived from its record, compared with it, or bounded (docs/protocol.md, "Saves").
//
// - Compared (a contradiction refuses the file, naming the game and the field): `game`,
//   `players`, and where the entry is listed (`finished` for a finished game: its record must be
//   over; `saves` for a game in progress: its record must not be over). Deriving these would
//   turn the entry into another one than the file offered, and hide that it lied.
// - Derived (the entry's copies are overwritten with the engine's `replay` answer): `names`,
//   `kinds`, `ply`, `round` (a game in progress), `scores` and `winners` (a finished game). The
//   lobby says how many entries it corrected.
// - Bounded (the file's claim, kept): the dates `created`, `updated`, `finished` (whole
//   milliseconds from 0 to one day after this device's clock: a date in the future would keep a
//   game at the top of the lists, and in the history, for good) and the file's `exported` (an
//   ISO date string of at most 40 characters, not in the future either). `v`, `id` and `rev` are
//   checked by web/ui/saves.js (`entryProblem`).
// - A record (`save` / `record`) longer than RECORD_MAX_CHARS is refused before the engine reads
//   it: no record the engine accepts is longer.
// - An analysis is kept marked `imported: true` (whatever the file says) once it reads as one of
//   this game (its `total` the record's); the replay viewer shows it as "Imported analysis — not
//   checked by this app" and offers to make the app's own. One that does not read is dropped.
//
// Pure functions (no DOM, no storage): tests/js/import-check.test.mjs runs them under node.

import { analysisProblem, roundOf } from './saves.js';

/**
 * The longest record text (a link, a `g=...` fragment, a record's JSON) the page hands to the
 * engine, in characters: the engine's own limit (`MAX_TEXT` in pygames/core/record.py). Longer
 * text is refused at once by the page, with no engine request.
 */
export const RECORD_MAX_CHARS = 256 * 1024;
/** How far after this device's clock a date may be (clocks of two devices differ a little). */
export const DATE_SLACK_MS = 24 * 60 * 60 * 1000;
/** The longest `exported` date string (an ISO date is 24 characters). */
export const EXPORTED_MAX_CHARS = 40;

/**
 * A refusal: the key of its sentence in i18n.js and what fills it (a `{en, ja}` argument, such as
 * a game's title, is shown in the current language).
 * @typedef {{key: string, args?: (string | number | import('../types.js').Text)[], error?: import('../types.js').Text}} Refusal
 */

/**
 * An entry of a file of saved games, as the import plans it.
 * @typedef {{kind: 'save' | 'done', entry: any, index: number}} ImportItem
 */

/**
 * Whether `ms` is a sane date of an entry: whole milliseconds since the epoch, at most
 * DATE_SLACK_MS after `now`.
 * @param {any} ms
 * @param {number} now
 */
export function saneDate(ms, now) {
  return Number.isSafeInteger(ms) && ms >= 0 && ms <= now + DATE_SLACK_MS;
}

/**
 * Why a file's `exported` date is refused (null: it is absent or sane).
 * @param {any} data the file
 * @param {number} now
 * @returns {Refusal | null}
 */
export function exportedProblem(data, now) {
  if (!data || typeof data !== 'object' || !('exported' in data)) return null;
  const value = data.exported;
  const ok = typeof value === 'string' && value.length <= EXPORTED_MAX_CHARS && saneDate(Date.parse(value), now);
  return ok ? null : { key: 'importBadExported' };
}

/**
 * Why an entry is refused before its record is replayed (null: its dates are sane and its record
 * is not too long). The entry's shape is already checked (`entryProblem`).
 * @param {ImportItem} item
 * @param {number} now
 * @param {import('../types.js').Text | string} title the game's title
 * @returns {Refusal | null}
 */
export function entryBoundsProblem({ kind, entry, index }, now, title) {
  const record = kind === 'save' ? entry.save : entry.record;
  if (record.length > RECORD_MAX_CHARS) {
    return { key: 'importTooLong', args: [index, title, Math.round(RECORD_MAX_CHARS / 1024)] };
  }
  for (const field of ['created', kind === 'save' ? 'updated' : 'finished']) {
    if (!saneDate(entry[field], now)) return { key: 'importBadDate', args: [index, title, field] };
  }
  return null;
}

/**
 * Why an entry contradicts the engine's `replay` answer of its record (asked for its last
 * position), naming the field: null when it does not.
 * @param {ImportItem} item
 * @param {any} ans the `replay` answer (ok)
 * @param {import('../types.js').Text | string} title
 * @returns {Refusal | null}
 */
export function contradiction({ kind, entry, index }, ans, title) {
  if (ans.game !== entry.game) return { key: 'importLie', args: [index, title, 'game'] };
  if (ans.players !== entry.players) return { key: 'importLie', args: [index, title, 'players'] };
  if (kind === 'done' && !ans.finished) return { key: 'importLieFinished', args: [index, title] };
  if (kind === 'save' && ans.finished) return { key: 'importLieGoing', args: [index, title] };
  return null;
}

/**
 * The fields of an entry that follow from its record (the engine's `replay` answer).
 * @param {'save' | 'done'} kind
 * @param {any} ans
 * @returns {Record<string, any>}
 */
export function derivedFields(kind, ans) {
  const seats = Array.isArray(ans.seats) ? ans.seats : [];
  const fields = {
    names: seats.map((s) => String(s?.name ?? '')),
    kinds: seats.map((s) => (s?.kind === 'bot' ? 'bot' : 'human')),
    ply: ans.total,
  };
  if (kind === 'save') return { ...fields, round: roundOf(ans.view) };
  const result = ans.result || {};
  return {
    ...fields,
    scores: Array.isArray(result.scores) ? result.scores : [],
    winners: Array.isArray(result.winners) ? result.winners : [],
  };
}

/**
 * A finished entry's analysis as an import keeps it: marked imported, or left out when it does
 * not read as one of this game (`total` actions) or its date is not sane.
 * @param {any} entry
 * @param {number} total
 * @param {number} now
 */
function importedAnalysis(entry, total, now) {
  const a = entry.analysis;
  if (a === undefined || a === null) return undefined;
  if (analysisProblem(a, entry.players, total)) return undefined;
  if (a.made !== undefined && !saneDate(a.made, now)) return undefined;
  return { ...a, imported: true };
}

/**
 * An entry checked against the engine's `replay` answer of its record (at its last position):
 * the entry to store (the derived fields the record's, an analysis marked imported) and the
 * derived fields whose value the file had wrong, or why it is refused.
 * @param {ImportItem} item
 * @param {any} ans the `replay` answer (ok)
 * @param {{now: number, title: import('../types.js').Text | string}} ctx
 * @returns {{entry: any, corrected: string[]} | {why: Refusal}}
 */
export function checkEntry(item, ans, { now, title }) {
  const why = contradiction(item, ans, title);
  if (why) return { why };
  const derived = derivedFields(item.kind, ans);
  const corrected = Object.keys(derived).filter((k) => JSON.stringify(item.entry[k]) !== JSON.stringify(derived[k]));
  const entry = { ...item.entry, ...derived };
  if (item.kind === 'done') {
    const analysis = importedAnalysis(item.entry, ans.total, now);
    if (analysis) entry.analysis = analysis;
    else delete entry.analysis;
  }
  return { entry, corrected };
}

/**
 * Whether a link or a record's text is too long for the engine to take (refused at once).
 * @param {string} text
 */
export function tooLong(text) {
  return text.length > RECORD_MAX_CHARS;
}
