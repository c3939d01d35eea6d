// The vault: the full records of the games in progress on this device, kept by the engine's
// worker (web/worker.js) in an IndexedDB database of its own, never read by the page during play
// (issue 33). A record holds the seed and every seat's hidden actions: whoever reads it knows
// every hand. The page keeps only a game's public facts in localStorage (web/ui/saves.js) and
// names the game by its id.
//
//   database "pygames-games", store "records", key the game's id:
//     {id, save: "g=...", rev, updated}   (save: the whole record; rev: the revision of the
//                                          page's entry in localStorage it goes with)
//
// Every write is one transaction that reads the stored revision first: a record is never
// written over by one of an older revision (another tab moved the game on meanwhile).

const DB = 'pygames-games';
const STORE = 'records';
const FRAGMENT = /^g=[A-Za-z0-9_-]+$/;
const ID = /^[A-Za-z0-9_-]{1,40}$/;

/** @typedef {{id: string, save: string, rev: number, updated: number}} VaultEntry */

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is unavailable'));
      return;
    }
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('blocked'));
  });
}

/**
 * Why a failed transaction failed: `full` (no room) or `blocked` (no storage).
 * @param {any} error
 * @returns {'full' | 'blocked'}
 */
function reasonOf(error) {
  return error && error.name === 'QuotaExceededError' ? 'full' : 'blocked';
}

/**
 * Run `work(store)` in one transaction; resolves with what `work` returned once it is complete.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore, tx: IDBTransaction) => T} work
 * @returns {Promise<T>}
 */
async function transact(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      let out;
      tx.oncomplete = () => resolve(out);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error('aborted'));
      out = work(tx.objectStore(STORE), tx);
    });
  } finally {
    db.close();
  }
}

/**
 * The stored entries of these ids (missing ones left out).
 * @param {string[]} ids
 * @returns {Promise<VaultEntry[]>}
 */
export async function readRecords(ids) {
  const found = [];
  await transact('readonly', (store) => {
    for (const id of ids) {
      if (!ID.test(String(id))) continue;
      const req = store.get(id);
      req.onsuccess = () => { if (req.result) found.push(req.result); };
    }
  });
  return found;
}

/**
 * The stored entry of one game, or null.
 * @param {string} id
 */
export async function readRecord(id) {
  const [entry] = await readRecords([id]);
  return entry || null;
}

/**
 * Keep `save` as game `id`'s record at revision `rev`: refused (`stale`) when a record of a
 * higher revision is stored already. Resolves {ok: true, rev} or {ok: false, reason}.
 * @param {string} id
 * @param {string} save
 * @param {number} rev
 * @returns {Promise<{ok: true, rev: number} | {ok: false, reason: 'stale' | 'full' | 'blocked' | 'invalid'}>}
 */
export async function writeRecord(id, save, rev) {
  if (!ID.test(String(id)) || !FRAGMENT.test(String(save)) || !Number.isInteger(rev)) {
    return { ok: false, reason: 'invalid' };
  }
  try {
    const stale = await transact('readwrite', (store) => {
      const box = { stale: false };
      const req = store.get(id);
      req.onsuccess = () => {
        const stored = req.result;
        if (stored && stored.rev > rev) box.stale = true;
        else store.put({ id, save, rev, updated: Date.now() });
      };
      return box;
    });
    return stale.stale ? { ok: false, reason: 'stale' } : { ok: true, rev };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/**
 * Store records all together or none (an import, the move of old saves into the vault). With
 * `keep`, a game already in the vault keeps its record (a migration run twice).
 * @param {{id: string, save: string, rev?: number}[]} items
 * @param {{keep?: boolean}} [opts]
 * @returns {Promise<{ok: true} | {ok: false, reason: 'full' | 'blocked' | 'invalid'}>}
 */
export async function putRecords(items, { keep = false } = {}) {
  if (!items.every((it) => ID.test(String(it.id)) && FRAGMENT.test(String(it.save)))) {
    return { ok: false, reason: 'invalid' };
  }
  try {
    await transact('readwrite', (store) => {
      for (const it of items) {
        const entry = { id: it.id, save: it.save, rev: Number.isInteger(it.rev) ? it.rev : 0, updated: Date.now() };
        if (!keep) {
          store.put(entry);
          continue;
        }
        const req = store.get(it.id);
        req.onsuccess = () => { if (!req.result) store.put(entry); };
      }
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/**
 * Forget the records of these games (deleted, or finished: their record is public then).
 * @param {string[]} ids
 */
export async function deleteRecords(ids) {
  try {
    await transact('readwrite', (store) => {
      for (const id of ids) if (ID.test(String(id))) store.delete(id);
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/** The ids of every game the vault holds. */
export async function listRecords() {
  let keys = [];
  await transact('readonly', (store) => {
    const req = store.getAllKeys();
    req.onsuccess = () => { keys = req.result.map(String); };
  });
  return keys;
}
