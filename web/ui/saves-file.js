// The games kept on this device as a file: "Export all games" writes them all into one JSON file
// (a download), "Import" reads such a file back (merged: a game already here is not added twice)
// or one game record (the engine's record JSON, a share link) to watch in the replay viewer.
//
// The file: {format: "pygames-saves", version: 1, exported: ISO date, saves: [entries in
// progress], finished: [finished entries]}, each entry as web/ui/saves.js keeps it (a finished
// one with its analysis, when the replay viewer made one: an analysis that does not read is
// dropped on import, never a reason to refuse the game).
//
// This module checks the container's shape (JSON, format, version, each entry's fields and dates,
// the games the catalogue knows, the records' length); whether a record can be played is the
// engine's to say (the lobby asks its `replay` request before anything is stored), and each entry
// is then checked whole against the engine's answer (web/ui/import-check.js).
//
// Every check here is linear in the file's size, and a record or link longer than the engine
// takes (RECORD_MAX_CHARS) is refused at once, without asking the engine.

import { listSaves, listHistory, entryProblem, isKept, withoutBadAnalysis, HISTORY_MAX } from './saves.js';
import { RECORD_MAX_CHARS, exportedProblem, entryBoundsProblem, tooLong } from './import-check.js';

export const FILE_FORMAT = 'pygames-saves';
export const FILE_VERSION = 1;
/** Larger files are refused before they are read (a whole history is well under 1 MB). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
const RECORD_KEYS = ['v', 'game', 'players', 'seed', 'options', 'seats', 'actions'];
const LINK = /(?:^|[#&?\s])(g=[A-Za-z0-9_-]+)(?=$|[&\s])/;

/**
 * A refusal: the key of its sentence in i18n.js and what fills it (`error`: an engine's own
 * `{en, ja}` sentence, for the keys that show one).
 * @typedef {import('./import-check.js').Refusal} Refusal
 */

/**
 * What an imported file holds.
 * @typedef {{kind: 'saves', data: any}
 *   | {kind: 'record', record: object, game: string}
 *   | {kind: 'link', link: string}
 *   | {kind: 'refused', why: Refusal}} FileContent
 */

/**
 * The import of a file of saved games: the entries to add (new ids only), and how many were left
 * out because this device has them already (`same`) or the history keeps only the newest
 * (`older`).
 * @typedef {{add: {kind: 'save' | 'done', entry: any, index: number}[], same: number, older: number, total: number}} ImportPlan
 */

/**
 * Everything kept on this device, as the export file holds it (damaged entries are left out).
 * @param {Set<string>} [knownGames]
 */
export function exportData(knownGames) {
  return {
    format: FILE_FORMAT,
    version: FILE_VERSION,
    exported: new Date().toISOString(),
    saves: listSaves(knownGames).items,
    finished: listHistory(knownGames).items,
  };
}

/** How many games there are to export. */
export function exportCount(knownGames) {
  return listSaves(knownGames).items.length + listHistory(knownGames).items.length;
}

/**
 * The export file's name, from the local date: pygames-saves-YYYY-MM-DD.json.
 * @param {Date} [date]
 */
export function exportFileName(date = new Date()) {
  const two = (n) => String(n).padStart(2, '0');
  return `pygames-saves-${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}.json`;
}

/**
 * Offer `data` as a JSON file download (a Blob URL clicked on a link, then released).
 * @param {string} name
 * @param {any} data
 */
export function downloadJson(name, data) {
  const blob = new Blob([`${JSON.stringify(data, null, 1)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The text of a chosen file, or a refusal (too large, unreadable, empty).
 * @param {File} file
 * @returns {Promise<{text: string} | {why: Refusal}>}
 */
export async function readTextFile(file) {
  if (file.size > MAX_FILE_BYTES) return { why: { key: 'importTooBig', args: [Math.round(MAX_FILE_BYTES / 1024 / 1024)] } };
  let text;
  try {
    text = await file.text();
  } catch (_) {
    return { why: { key: 'importUnreadable' } };
  }
  if (!text.trim()) return { why: { key: 'importEmpty' } };
  return { text };
}

/**
 * @param {any} v
 * @returns {v is Record<string, any>}
 */
function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * What a file's text holds: a file of saved games, one game record (JSON) or a game link, or a
 * refusal that says why it is none of those.
 * @param {string} text
 * @param {Set<string> | undefined} knownGames the catalogue's game ids (undefined: not known yet)
 * @returns {FileContent}
 */
export function readContent(text, knownGames) {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body.startsWith('{') && !body.startsWith('[')) {
    const link = body.match(LINK);
    if (!link) return { kind: 'refused', why: { key: 'importNotJson' } };
    return tooLong(link[1]) ? recordTooLong() : { kind: 'link', link: link[1] };
  }
  let data;
  try {
    data = JSON.parse(body);
  } catch (_) {
    return { kind: 'refused', why: { key: 'importNotJson' } };
  }
  if (!isObject(data)) return { kind: 'refused', why: { key: 'importWrongFormat' } };
  if ('format' in data) {
    if (data.format !== FILE_FORMAT) return { kind: 'refused', why: { key: 'importWrongFormat' } };
    if (data.version !== FILE_VERSION) {
      return { kind: 'refused', why: { key: 'importWrongVersion', args: [String(data.version ?? '?').slice(0, 20), FILE_VERSION] } };
    }
    return { kind: 'saves', data };
  }
  if (typeof data.game !== 'string' || !('seed' in data || 'actions' in data || 'players' in data)) {
    return { kind: 'refused', why: { key: 'importWrongFormat' } };
  }
  if (knownGames && !knownGames.has(data.game)) {
    return { kind: 'refused', why: { key: 'importUnknownGame', args: [data.game.slice(0, 40)] } };
  }
  if (tooLong(body)) return recordTooLong();
  const record = Object.fromEntries(RECORD_KEYS.filter((k) => k in data).map((k) => [k, data[k]]));
  return { kind: 'record', record, game: data.game };
}

/** @returns {FileContent} a game record or link longer than the engine takes */
function recordTooLong() {
  return { kind: 'refused', why: { key: 'importRecordTooLong', args: [Math.round(RECORD_MAX_CHARS / 1024)] } };
}

/**
 * Why an entry of a file of saved games is refused before the engine reads its record (null: it
 * is not): its shape, its game, its dates and its record's length.
 * @param {{kind: 'save' | 'done', entry: any, index: number}} item
 * @param {Set<string> | undefined} knownGames
 * @param {number} now
 * @param {(game: string) => import('../types.js').Text | string} titleOf
 * @returns {Refusal | null}
 */
function itemProblem(item, knownGames, now, titleOf) {
  if (entryProblem(item.entry, item.kind)) return { key: 'importDamaged', args: [item.index] };
  if (knownGames && !knownGames.has(item.entry.game)) return { key: 'importUnknownGame', args: [item.entry.game] };
  return entryBoundsProblem(item, now, titleOf(item.entry.game));
}

/**
 * Which entries of a file of saved games this device lacks, or why the file is refused (an
 * entry that does not read, a game the catalogue lacks, a date that is not sane, a record too
 * long). Nothing is stored here.
 * @param {any} data the file (its format and version already checked)
 * @param {Set<string> | undefined} knownGames
 * @param {{now?: number, titleOf?: (game: string) => import('../types.js').Text | string}} [ctx]
 *   this device's clock, and a game's title (for the refusals that name it)
 * @returns {ImportPlan | {why: Refusal}}
 */
export function planImport(data, knownGames, { now = Date.now(), titleOf = (game) => game } = {}) {
  const saves = data.saves ?? [];
  const finished = data.finished ?? [];
  if (!Array.isArray(saves) || !Array.isArray(finished)) return { why: { key: 'importWrongFormat' } };
  const badDate = exportedProblem(data, now);
  if (badDate) return { why: badDate };
  /** @type {{kind: 'save' | 'done', entry: any, index: number}[]} */
  const all = [
    ...saves.map((entry) => ({ kind: /** @type {'save'} */ ('save'), entry, index: 0 })),
    ...finished.map((entry) => ({ kind: /** @type {'done'} */ ('done'), entry, index: 0 })),
  ];
  all.forEach((item, i) => { item.index = i + 1; });
  const seen = new Set();
  const fresh = [];
  let same = 0;
  for (const item of all) {
    const why = itemProblem(item, knownGames, now, titleOf);
    if (why) return { why };
    if (seen.has(item.entry.id) || isKept(item.entry.id)) same += 1;
    else fresh.push(item.kind === 'done' ? { ...item, entry: withoutBadAnalysis(item.entry) } : item);
    seen.add(item.entry.id);
  }
  // the history keeps the newest finished games: those older than all it may keep stay out
  const history = listHistory().items.map((e) => e.finished);
  const newDone = fresh.filter((item) => item.kind === 'done').map((item) => item.entry.finished);
  const cut = [...history, ...newDone].sort((a, b) => b - a)[HISTORY_MAX - 1];
  const add = fresh.filter((item) => item.kind === 'save' || cut === undefined || item.entry.finished >= cut);
  return { add, same, older: fresh.length - add.length, total: all.length };
}

/**
 * The `g=` fragment of a record (base64url of its JSON in UTF-8, no padding), as the share links
 * carry it (docs/protocol.md).
 * @param {object} record
 */
export function recordFragment(record) {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `g=${btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
