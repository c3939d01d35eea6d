// Games kept on this device (localStorage): every game in progress is saved after each action,
// a finished one moves to a short history for the replay viewer. One key per game, so one damaged
// entry never spoils the others; anything unreadable is reported and skipped, never fatal.
//
//   pygames.save.<id>  a game in progress: {v, id, game, players, names, kinds, created, updated,
//                      ply, round, rev}   (its public facts only; rev: its revision, one more at
//                      every write, 0 when absent). Its record, which holds the seed and every
//                      hidden action, is in the engine worker's vault (web/vault.js), under the
//                      same id: the page never reads it during play (issue 33). An entry of an
//                      older version may still carry `save` (the record): it is moved into the
//                      vault once (`legacySaves`), then dropped from here.
//   pygames.done.<id>  a finished game: {v, id, game, players, names, kinds, created, finished,
//                      ply, record, scores, winners, analysis?}   (record: the whole record
//                      "g=..."; analysis: the replay viewer's, see `analysisProblem`)
//
// The address of a game in progress is `#play/<id>`: a reload resumes it from the vault.
//
// Two tabs on one game: a write names the revision it builds on, and is refused (`conflict`)
// when another tab has written since; the tab's table then follows the save or offers to
// reload it (screens/table.js), so an older position never overwrites a newer one. A full
// storage refuses a write (`full`): the stored entry stays as it was, nothing else is removed.

const VERSION = 1;
const SAVE_PREFIX = 'pygames.save.';
const DONE_PREFIX = 'pygames.done.';
export const HISTORY_MAX = 12;
const FRAGMENT = /^g=[A-Za-z0-9_-]+$/;
const GAME_ID = /^[a-z0-9_-]{1,40}$/;
const ID = /^[A-Za-z0-9_-]{1,40}$/;

function local() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

export function newId() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return `${Date.now().toString(36)}${a[0].toString(36)}${a[1].toString(36)}`.slice(0, 24);
}

function isInt(v, lo, hi) {
  return Number.isInteger(v) && v >= lo && v <= hi;
}

function isText(v, max = 200) {
  return typeof v === 'string' && v.length <= max;
}

/**
 * Check the shape of a stored entry; returns null when it is fine, else a short reason. A game
 * in progress carries its record (`save`) only in a file (`withRecord`) or as an old entry.
 */
function problem(entry, id, kind, withRecord = kind === 'done') {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return 'not an object';
  if (entry.v !== VERSION) return 'unknown version';
  if (entry.id !== id) return 'wrong id';
  if (!isText(entry.game) || !GAME_ID.test(entry.game)) return 'no game';
  if (!isInt(entry.players, 1, 12)) return 'no players';
  if (!Array.isArray(entry.names) || entry.names.length !== entry.players || !entry.names.every((n) => isText(n, 100))) return 'no names';
  if (!isInt(entry.ply, 0, 1e6)) return 'no ply';
  const fragment = kind === 'save' ? entry.save : entry.record;
  if ((withRecord || fragment !== undefined) && (!isText(fragment, 2_000_000) || !FRAGMENT.test(fragment))) return 'no record';
  if (!Number.isFinite(kind === 'save' ? entry.updated : entry.finished)) return 'no date';
  return null;
}

function readAll(prefix, kind, knownGames) {
  const store = local();
  const items = [];
  const damaged = [];
  if (!store) return { items, damaged };
  let keys = [];
  try {
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key && key.startsWith(prefix)) keys.push(key);
    }
  } catch (_) {
    keys = [];
  }
  for (const key of keys) {
    const id = key.slice(prefix.length);
    let entry = null;
    let why;
    try {
      entry = JSON.parse(store.getItem(key));
      why = ID.test(id) ? problem(entry, id, kind) : 'bad key';
    } catch (_) {
      why = 'not JSON';
    }
    if (!why && knownGames && !knownGames.has(entry.game)) why = 'unknown game';
    if (why) damaged.push({ key, id, reason: why });
    else items.push(entry);
  }
  const date = kind === 'save' ? 'updated' : 'finished';
  items.sort((a, b) => b[date] - a[date]);
  return { items, damaged };
}

/** Games in progress, newest first, and the keys that could not be read. */
export function listSaves(knownGames) {
  return readAll(SAVE_PREFIX, 'save', knownGames);
}

/** Finished games, newest first, and the keys that could not be read. */
export function listHistory(knownGames) {
  return readAll(DONE_PREFIX, 'done', knownGames);
}

function readOne(prefix, kind, id) {
  const store = local();
  if (!store || !ID.test(String(id))) return null;
  try {
    const entry = JSON.parse(store.getItem(prefix + id));
    return problem(entry, id, kind) ? null : entry;
  } catch (_) {
    return null;
  }
}

export function getSave(id) {
  return readOne(SAVE_PREFIX, 'save', id);
}

export function getHistory(id) {
  return readOne(DONE_PREFIX, 'done', id);
}

/**
 * Whether an error of `setItem` says the storage is full (the name differs by browser).
 * @param {any} err
 */
export function isQuotaError(err) {
  const name = err && typeof err === 'object' ? String(err.name || '') : '';
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED'
    || (err instanceof DOMException && (err.code === 22 || err.code === 1014));
}

/**
 * Store `value` under `key`: null when stored, else why not ('full': no room, 'blocked': no
 * storage). A refused write leaves the key's previous value as it was.
 * @param {string} key
 * @param {any} value
 * @returns {'full' | 'blocked' | null}
 */
function putItem(key, value) {
  const area = local();
  if (!area) return 'blocked';
  try {
    area.setItem(key, JSON.stringify(value));
    return null;
  } catch (err) {
    return isQuotaError(err) ? 'full' : 'blocked'; // the caller says so
  }
}

/**
 * Whether `entry` reads as a kept game of `kind` ('save': in progress, 'done': finished) under
 * its own id: null when it does, else a short reason (the shape only: the engine judges the
 * record).
 * @param {any} entry
 * @param {'save' | 'done'} kind
 */
export function entryProblem(entry, kind) {
  const id = entry && typeof entry === 'object' ? entry.id : null;
  if (typeof id !== 'string' || !ID.test(id)) return 'no id';
  if (entry.rev !== undefined && !isInt(entry.rev, 0, Number.MAX_SAFE_INTEGER)) return 'bad revision';
  return problem(entry, id, kind, true);
}

/**
 * Whether a game with this id is kept on this device (in progress or finished, readable or
 * not).
 * @param {string} id
 */
export function isKept(id) {
  const area = local();
  if (!area) return false;
  try {
    return area.getItem(SAVE_PREFIX + id) !== null || area.getItem(DONE_PREFIX + id) !== null;
  } catch (_) {
    return false;
  }
}

/**
 * Store kept games all together or not at all (`kind` per entry: 'save' or 'done'): null when
 * all are stored, else why not; after a refusal the storage is as it was (the entries written
 * before it are removed again; they were new).
 * @param {{kind: 'save' | 'done', entry: any}[]} items
 * @returns {'full' | 'blocked' | null}
 */
export function storeAll(items) {
  const written = [];
  for (const { kind, entry } of items) {
    const key = (kind === 'save' ? SAVE_PREFIX : DONE_PREFIX) + entry.id;
    const why = putItem(key, entry);
    if (why) {
      for (const done of written) removeKey(done);
      return why;
    }
    written.push(key);
  }
  if (items.some((item) => item.kind === 'save')) askPersistence();
  return null;
}

/**
 * The revision of a stored entry (0 for an entry written before revisions were kept).
 * @param {any} entry
 */
export function revOf(entry) {
  return entry && Number.isInteger(entry.rev) && entry.rev >= 0 ? entry.rev : 0;
}

export function removeKey(key) {
  const store = local();
  if (!store || !(key.startsWith(SAVE_PREFIX) || key.startsWith(DONE_PREFIX))) return;
  try { store.removeItem(key); } catch (_) { /* ignore */ }
}

export function deleteSave(id) {
  removeKey(SAVE_PREFIX + id);
}

export function deleteHistory(id) {
  removeKey(DONE_PREFIX + id);
}

/**
 * How far a game in progress has gone, as its table counts it: its round (and of how many), or
 * the turn of a game counted in turns (Yadokashi's view has `turn`, from 0, and no round).
 * @param {any} view
 * @returns {{n: number, of: number | null, turn?: true} | null}
 */
export function roundOf(view) {
  const n = view?.round;
  const of = view?.rounds;
  if (Number.isInteger(n)) return { n, of: Number.isInteger(of) ? of : null };
  const turn = view?.turn;
  return Number.isInteger(turn) && turn >= 0 ? { n: turn + 1, of: null, turn: true } : null;
}

function base(snap, id, created) {
  return {
    v: VERSION,
    id,
    game: snap.game,
    players: snap.players,
    names: snap.seats.map((s) => String(s.name ?? '')),
    kinds: snap.seats.map((s) => (s.kind === 'bot' ? 'bot' : 'human')),
    created,
    ply: snap.ply,
  };
}

/**
 * What a write of a table's game did: `ok` (then `rev`, the stored revision, and `previous`, the
 * entry it replaced, to put back if the vault refuses the record) or why not: `conflict` (another
 * tab wrote a newer revision, or finished the game), `full` (no room: the previous save is kept),
 * `blocked` (no storage) or `invalid`.
 * @typedef {{ok: true, rev: number, previous?: any} | {ok: false, reason: 'conflict' | 'full' | 'blocked' | 'invalid'}} WriteResult
 */

/**
 * Store the public facts of the game in progress of a snapshot (after every action), built on
 * revision `rev` of its entry (the one this tab read or wrote last). Refused when the stored
 * entry has moved on to another revision. The record itself goes to the vault with the revision
 * this returns (web/screens/table.js).
 * @param {string} id
 * @param {any} snap
 * @param {number} created
 * @param {number} [rev]
 * @returns {WriteResult}
 */
export function writeSave(id, snap, created, rev = 0) {
  const entry = {
    ...base(snap, id, created),
    updated: Date.now(),
    round: roundOf(snap.view),
  };
  const stored = getSave(id);
  if (stored ? revOf(stored) !== rev : getHistory(id)) return { ok: false, reason: 'conflict' };
  const next = (stored ? revOf(stored) : rev) + 1;
  const why = putItem(SAVE_PREFIX + id, { ...entry, rev: next });
  if (why) return { ok: false, reason: why };
  askPersistence();
  return { ok: true, rev: next, previous: stored };
}

/**
 * Put back the entry a write replaced (the vault refused its record): null when done.
 * @param {string} id
 * @param {any} previous
 */
export function restoreSave(id, previous) {
  if (previous) return putItem(SAVE_PREFIX + id, previous);
  deleteSave(id);
  return null;
}

/**
 * A game just ended: keep it in the history (its record is public now: the snapshot's `share`),
 * then drop it from the games in progress (built on revision `rev` of its entry, as for
 * writeSave). When the history cannot be written the save in progress stays as it was.
 * @param {string} id
 * @param {any} snap
 * @param {number} created
 * @param {number} [rev]
 * @returns {WriteResult}
 */
export function finishSave(id, snap, created, rev = 0) {
  const record = snap.share;
  if (!FRAGMENT.test(record || '')) return { ok: false, reason: 'invalid' };
  const stored = getSave(id);
  const done = getHistory(id);
  if (!stored && done) {
    // finished in another tab already: the same game, or another ending
    return done.record === record ? { ok: true, rev } : { ok: false, reason: 'conflict' };
  }
  if (stored && revOf(stored) !== rev) return { ok: false, reason: 'conflict' };
  const entry = {
    ...base(snap, id, created),
    finished: Date.now(),
    record,
    scores: Array.isArray(snap.result?.scores) ? snap.result.scores : [],
    winners: Array.isArray(snap.result?.winners) ? snap.result.winners : [],
  };
  const why = putItem(DONE_PREFIX + id, entry);
  if (why) return { ok: false, reason: why };
  deleteSave(id);
  // a short history: the oldest go
  const { items } = listHistory();
  for (const old of items.slice(HISTORY_MAX)) deleteHistory(old.id);
  return { ok: true, rev };
}

/**
 * Games in progress saved by an older version of the page, with their record here (`save`): to
 * move into the vault (then `dropRecord`).
 * @returns {{id: string, save: string, rev: number}[]}
 */
export function legacySaves() {
  return listSaves().items.filter((e) => typeof e.save === 'string').map((e) => ({ id: e.id, save: e.save, rev: revOf(e) }));
}

/**
 * Drop the record from a game in progress's entry (it is in the vault now); the rest stays.
 * @param {string} id
 */
export function dropRecord(id) {
  const entry = getSave(id);
  if (!entry || entry.save === undefined) return;
  const rest = { ...entry };
  delete rest.save;
  putItem(SAVE_PREFIX + id, rest);
}

// ------------------------------------------------------------------ a finished game's analysis
//
// The replay viewer's analysis (web/ui/analysis.js) is kept in the finished game's entry, as the
// engine's `analyse` answer gave it: {version, seats, total, verdicts: [{ply, seat, played, best,
// win_played, win_best, loss, words: {played, best?}}], summary: [{seat, decisions, open?, mean_loss,
// mistakes}], mistake, chance?: {en, ja} (the game's luck in its words), made}. `version` is the
// engine's analysis version (its budget): a kept analysis of another version is stale. An analysis
// that does not read is ignored (the game is never lost for it) and dropped from an imported file.

/** The most verdicts a kept analysis may hold, and the most characters it may take. */
export const ANALYSIS_MAX_VERDICTS = 5000;
export const ANALYSIS_MAX_CHARS = 600_000;

/** @param {any} v */
function isChance(v) {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
}

/**
 * Whether log entries read as a move's words: [{text: {en, ja}, seats: [int]}].
 * @param {any} words
 */
function isWords(words) {
  return Array.isArray(words) && words.length <= 8 && words.every((w) => w && typeof w === 'object'
    && w.text && isText(w.text.en, 400) && isText(w.text.ja, 400)
    && Array.isArray(w.seats) && w.seats.length <= 12 && w.seats.every((s) => isInt(s, 0, 11)));
}

/**
 * One verdict of an analysis: null when it reads, else a short reason.
 * @param {any} v
 * @param {number[]} seats
 * @param {number} total
 */
function verdictProblem(v, seats, total) {
  if (!v || typeof v !== 'object') return 'verdict not an object';
  if (!isInt(v.ply, 0, total - 1) || !seats.includes(v.seat)) return 'verdict place';
  if (!isText(v.played, 200) || !isText(v.best, 200)) return 'verdict moves';
  if (!isChance(v.win_played) || !isChance(v.win_best) || !isChance(v.loss)) return 'verdict figures';
  const w = v.words;
  if (!w || typeof w !== 'object' || !isWords(w.played) || (w.best !== undefined && !isWords(w.best))) return 'verdict words';
  return null;
}

/**
 * Whether `a` reads as a kept analysis of a game of `players` seats and `total` actions: null when
 * it does, else a short reason.
 * @param {any} a
 * @param {number} players
 * @param {number} total
 */
export function analysisProblem(a, players, total) {
  if (!a || typeof a !== 'object' || Array.isArray(a)) return 'not an object';
  if (!isText(a.version, 40) || !a.version) return 'no version';
  if (!Array.isArray(a.seats) || !a.seats.length || !a.seats.every((s) => isInt(s, 0, players - 1))) return 'no seats';
  if (a.total !== total) return 'another game';
  if (!Array.isArray(a.verdicts) || a.verdicts.length > ANALYSIS_MAX_VERDICTS) return 'no verdicts';
  for (const v of a.verdicts) {
    const why = verdictProblem(v, a.seats, total);
    if (why) return why;
  }
  if (!Array.isArray(a.summary) || !a.summary.every((row) => row && a.seats.includes(row.seat)
    && isInt(row.decisions, 0, ANALYSIS_MAX_VERDICTS) && isInt(row.mistakes, 0, ANALYSIS_MAX_VERDICTS)
    && (row.open === undefined || isInt(row.open, 0, row.decisions)) && isChance(row.mean_loss))) return 'no summary';
  if (!isChance(a.mistake) || a.mistake <= 0) return 'no threshold';
  // (kept since the engine names the game's chance; an older analysis has none)
  if (a.chance !== undefined && !(a.chance && isText(a.chance.en, 80) && isText(a.chance.ja, 80))) return 'chance words';
  return null;
}

/**
 * The analysis kept with a finished game's entry, or null (none, or one that does not read, or
 * one of a game of another length than `total` actions: by default the entry's).
 * @param {any} entry
 * @param {number} [total]
 */
export function analysisOf(entry, total = entry?.ply) {
  const a = entry?.analysis;
  if (a === undefined || a === null) return null;
  return analysisProblem(a, entry.players, total) ? null : a;
}

/**
 * A finished game's entry as an import may keep it: without an analysis that does not read.
 * @param {any} entry
 */
export function withoutBadAnalysis(entry) {
  if (!entry || typeof entry !== 'object' || entry.analysis === undefined) return entry;
  if (analysisOf(entry)) return entry;
  const rest = { ...entry };
  delete rest.analysis;
  return rest;
}

/**
 * Keep `analysis` with the finished game `id`: null when stored, else why not (`missing`: no
 * such game here any more, `invalid`: it does not read or is too large, `full`, `blocked`). The
 * rest of the entry stays as it was.
 * @param {string} id
 * @param {any} analysis
 * @returns {'missing' | 'invalid' | 'full' | 'blocked' | null}
 */
export function storeAnalysis(id, analysis) {
  const entry = getHistory(id);
  if (!entry) return 'missing';
  if (analysisProblem(analysis, entry.players, analysis?.total)) return 'invalid';
  if (JSON.stringify(analysis).length > ANALYSIS_MAX_CHARS) return 'invalid';
  return putItem(DONE_PREFIX + id, { ...entry, analysis });
}

// ------------------------------------------------------------------ persistent storage

/** @type {'yes' | 'no' | 'unknown'} whether the browser keeps this site's storage for good */
let persistent = 'unknown';
let persistAsked = false;
const persistListeners = new Set();

/** The storage manager, or null where the page has none. */
function storageManager() {
  try {
    const manager = navigator.storage;
    return manager && typeof manager === 'object' ? manager : null;
  } catch (_) {
    return null;
  }
}

/** @param {'yes' | 'no' | 'unknown'} value */
function setPersistent(value) {
  if (value === persistent) return;
  persistent = value;
  for (const fn of persistListeners) fn(value);
}

/**
 * Whether saved games are kept for good (`yes`), may be cleared by the browser when space runs
 * short (`no`), or not known yet / not knowable here (`unknown`).
 */
export function persistence() {
  return persistent;
}

/**
 * Call `fn(state)` whenever the persistence state changes; returns a function that stops it.
 * @param {(state: 'yes' | 'no' | 'unknown') => void} fn
 */
export function onPersistence(fn) {
  persistListeners.add(fn);
  return () => persistListeners.delete(fn);
}

/**
 * Ask the browser (navigator.storage.persisted) whether the storage is persistent; resolves
 * with the state, never rejects (no API: `no`, the browser may clear it).
 * @returns {Promise<'yes' | 'no' | 'unknown'>}
 */
export async function checkPersistence() {
  const manager = storageManager();
  if (!manager || typeof manager.persisted !== 'function') {
    setPersistent('no');
    return persistent;
  }
  try {
    setPersistent((await manager.persisted()) ? 'yes' : 'no');
  } catch (_) {
    setPersistent('no');
  }
  return persistent;
}

/**
 * Ask once per page for persistent storage (navigator.storage.persist), when a first game is
 * saved: from then on the saves are worth keeping. Silent where the API is missing or refuses.
 */
export function askPersistence() {
  if (persistAsked) return;
  persistAsked = true;
  const manager = storageManager();
  if (!manager || typeof manager.persist !== 'function') return;
  (async () => {
    try {
      if (typeof manager.persisted === 'function' && await manager.persisted()) {
        setPersistent('yes');
        return;
      }
      setPersistent((await manager.persist()) ? 'yes' : 'no');
    } catch (_) { /* refused or unavailable: the lobby says the browser may clear them */ }
  })();
}

// ------------------------------------------------------------------ the vault (the engine's worker)

/**
 * Move the records of games saved by an older version of the page (or just imported from a file)
 * into the vault, then drop them from here. At start (`ids` null) a game the vault holds already
 * keeps its record (a move run twice); an import (`ids`: the games it added) writes them. Never
 * rejects.
 * @param {{call: (request: object) => Promise<any>}} engine the engine, ready
 * @param {string[] | null} [ids]
 */
export async function moveToVault(engine, ids = null) {
  const items = legacySaves().filter((it) => !ids || ids.includes(it.id));
  if (!items.length) return;
  try {
    const ans = await engine.call({ cmd: 'vault-put', items, keep: !ids });
    if (ans?.ok) for (const { id } of items) dropRecord(id);
  } catch (_) { /* the next start tries again */ }
}

/**
 * Forget the records of these games in the vault (deleted here, or finished). Never rejects.
 * @param {{call: (request: object) => Promise<any>} | null} engine
 * @param {string[]} ids
 */
export function forgetRecords(engine, ids) {
  if (!engine || !ids.length) return;
  engine.call({ cmd: 'vault-delete', ids }).catch(() => {});
}
