// Games kept on this device (localStorage): every game in progress is saved after each action,
// a finished one moves to a short history for the replay viewer. One key per game, so one damaged
// entry never spoils the others; anything unreadable is reported and skipped, never fatal.
//
//   pygames.save.<id>  a game in progress: {v, id, game, players, names, kinds, created, updated,
//                      ply, round, save}   (save: the snapshot's `save`, the full record "g=...")
//   pygames.done.<id>  a finished game: {v, id, game, players, names, kinds, created, finished,
//                      ply, record, scores, winners}   (record: the whole record "g=...")
//
// sessionStorage "pygames.current" = {id, hash} ties this tab's address to its save, so a reload
// of a game in progress resumes the full save (with its hidden moves), not the public link.

const VERSION = 1;
const SAVE_PREFIX = 'pygames.save.';
const DONE_PREFIX = 'pygames.done.';
const CURRENT_KEY = 'pygames.current';
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

function session() {
  try {
    return window.sessionStorage;
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

/** Check the shape of a stored entry; returns null when it is fine, else a short reason. */
function problem(entry, id, kind) {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return 'not an object';
  if (entry.v !== VERSION) return 'unknown version';
  if (entry.id !== id) return 'wrong id';
  if (!isText(entry.game) || !GAME_ID.test(entry.game)) return 'no game';
  if (!isInt(entry.players, 1, 12)) return 'no players';
  if (!Array.isArray(entry.names) || entry.names.length !== entry.players || !entry.names.every((n) => isText(n, 100))) return 'no names';
  if (!isInt(entry.ply, 0, 1e6)) return 'no ply';
  const fragment = kind === 'save' ? entry.save : entry.record;
  if (!isText(fragment, 2_000_000) || !FRAGMENT.test(fragment)) return 'no record';
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

function write(key, value) {
  const store = local();
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch (_) {
    return false; // full or blocked: the caller says so
  }
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

function roundOf(view) {
  const n = view?.round;
  const of = view?.rounds;
  if (!Number.isInteger(n)) return null;
  return { n, of: Number.isInteger(of) ? of : null };
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
 * Store the game in progress of a snapshot (after every action). Returns false if the device
 * refused to store it.
 */
export function writeSave(id, snap, created) {
  const entry = {
    ...base(snap, id, created),
    updated: Date.now(),
    round: roundOf(snap.view),
    save: snap.save,
  };
  if (!FRAGMENT.test(entry.save || '')) return false;
  return write(SAVE_PREFIX + id, entry);
}

/** A game just ended: drop it from the games in progress and keep it in the history. */
export function finishSave(id, snap, created) {
  deleteSave(id);
  const record = snap.share || snap.save;
  if (!FRAGMENT.test(record || '')) return false;
  const entry = {
    ...base(snap, id, created),
    finished: Date.now(),
    record,
    scores: Array.isArray(snap.result?.scores) ? snap.result.scores : [],
    winners: Array.isArray(snap.result?.winners) ? snap.result.winners : [],
  };
  const ok = write(DONE_PREFIX + id, entry);
  // a short history: the oldest go
  const { items } = listHistory();
  for (const old of items.slice(HISTORY_MAX)) deleteHistory(old.id);
  return ok;
}

/** This tab's game: {id, hash} (the address it had when last saved), or null. */
export function currentTab() {
  const store = session();
  if (!store) return null;
  try {
    const cur = JSON.parse(store.getItem(CURRENT_KEY));
    return cur && typeof cur.id === 'string' && typeof cur.hash === 'string' ? cur : null;
  } catch (_) {
    return null;
  }
}

export function setCurrentTab(id, hash) {
  const store = session();
  if (!store) return;
  try {
    if (id) store.setItem(CURRENT_KEY, JSON.stringify({ id, hash }));
    else store.removeItem(CURRENT_KEY);
  } catch (_) { /* ignore */ }
}
