// Module Web Worker: boots Pyodide from ./pyodide/, installs the engine wheel and answers the
// page's requests. Contract: docs/protocol.md. Everything is loaded from this site only.
//
// page -> worker: {id, request}   (bridge requests, and the vault's own: "vault-keep"... below)
// worker -> page: {type: "progress", stage, pct, boot?} | {type: "failed", error: {en, ja}, detail}
//                 | {type: "kept"} | {type: "snapshot-wanted"} | {id, answer}
//   every `answer` cleaned of what the page may not hold: no `save` (the whole record, kept here
//   and in the vault, web/vault.js), no `seed`, no `share`/`record` before the game is over.
// snapshot maker -> page: {type: "snapshot", stored, bytes?, raw?, ms?, detail?}
//
// Instant start (issue 22). The engine's worker boots from the memory snapshot stored on the
// device when there is one of this build: a fraction of a normal start. Otherwise it starts as
// a bare page would (Pyodide, micropip, the engine wheel) and, once ready, tells the page that a
// snapshot is wanted. The page then starts this same script a second time, named
// "engine snapshot-maker", in idle time (once the service worker serves the site, so nothing is
// downloaded twice): that worker boots with `_makeSnapshot`, imports every engine module the
// browser uses, takes the snapshot, gzips it (CompressionStream) and keeps it in IndexedDB, keyed
// by the site's build version and the Pyodide version; only one is kept, and the service worker
// deletes it when a new build is activated. Then the page ends that worker. Anything wrong with
// a stored snapshot (missing, corrupt, another version, the API refusing) gives a normal boot,
// logged once with console.info, and a new snapshot.
//
// On a first visit (the page says so in the worker's name: no service worker controls it yet)
// the site files this worker fetches are also put in the cache the service worker will fill,
// so that its precache does not download them a second time.

const here = (path) => new URL(path, import.meta.url).href;

/**
 * @param {string} stage
 * @param {number} pct
 * @param {object} [extra]
 */
const progress = (stage, pct, extra = {}) => {
  shown = { stage, pct };
  postMessage({ type: "progress", stage, pct, ...extra });
};
let shown = { stage: "", pct: 0 };

const SNAPSHOT_DB = "pygames-engine";
const SNAPSHOT_STORE = "snapshot";
const SNAPSHOT_RECORD = "engine"; // the one record: only one snapshot is ever kept
const SLICE = 1 << 20; // bytes gzipped at a time
const SNAPSHOT_MAGIC = 1886286592; // the first word of a Pyodide 314 memory snapshot
const SNAPSHOT_BOOT_MS = 20000; // a snapshot boot slower than this is given up

// Every module of the engine the browser can use is imported before the snapshot is taken: a
// snapshot holds the interpreter's memory, not the files of site-packages, so nothing may be
// imported from the wheel later: the walk below finds every module of the package (the bridge
// pygames.web, its request reader pygames.request, its coach pygames.coach, the core, the games)
// without a list to keep. Left out: the command line and its tools (arena, bench, soak), which
// the browser never runs (tests/test_web.py checks that the bridge needs none of them).
const IMPORT_ALL = `
import importlib, pkgutil, pygames, pygames.web
_cli = ("pygames.__main__", "pygames.cli", "pygames.core.arena", "pygames.core.bench", "pygames.core.soak")
for _m in pkgutil.walk_packages(pygames.__path__, "pygames."):
    if _m.name not in _cli:
        importlib.import_module(_m.name)
from pygames.core.registry import all_games as _all_games
_all_games()
del _m, _all_games, _cli
`;

// micropip, its dependency, and the modules through which they reach JavaScript objects
// (Pyodide's API, XMLHttpRequest, AbortController...): forgotten before the snapshot is taken.
const FORGET_INSTALLER = `
import gc, sys, pyodide
_drop = ("micropip", "packaging", "pyodide_js", "pyodide.http")
for _name in [n for n in sys.modules if any(n == d or n.startswith(d + ".") for d in _drop)]:
    del sys.modules[_name]
vars(pyodide).pop("http", None)
del _drop, _name
gc.collect()
`;

/** Fetch a file of this site completely; the HTTP cache then answers the later load of it. */
async function prefetch(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// ------------------------------------------------------------------------------ first visit

/**
 * From now on, keep every site file this worker fetches (a copy of the response) to put into the
 * service worker's cache of this version (`pygames-<site>`, the name sw.js uses), so its precache
 * finds them there. The writes wait until the engine is ready (`keptWhen`): done while Pyodide
 * starts, they slowed a first visit's start by a few hundred milliseconds on a busy machine.
 * @param {string} cacheName
 * @returns {{puts: (() => Promise<unknown>)[], keep: (url: string, response: Response) => void}}
 */
function keepFetches(cacheName) {
  const puts = [];
  if (typeof caches === "undefined") return { puts, keep: () => {} };
  const root = here("./");
  const cache = caches.open(cacheName);
  const keep = (url, response) => {
    if (!url.startsWith(root) || url.includes("?") || url.includes("#")) return;
    if (!response.ok || response.status !== 200 || response.type !== "basic") return;
    puts.push(() => cache.then((c) => c.put(url, response)).catch(() => {}));
  };
  const original = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await original(input, init);
    const method = (init && init.method) || (input instanceof Request ? input.method : "GET");
    if (method === "GET") {
      const url = new URL(input instanceof Request ? input.url : String(input), root).href;
      keep(url, response.clone());
      meter(response.clone());
    }
    return response;
  };
  return { puts, keep };
}

/** The first visit's download of the large files (Pyodide's wasm, the standard library). */
const download = { expected: 0, received: 0, open: 0 };

/** Count the bytes of a large response as they arrive, for the progress bar (5% to 60%). */
function meter(response) {
  const size = Number(response.headers.get("content-length")) || 0;
  if (size < 1 << 20 || !response.body) return;
  download.expected += size;
  download.open += 1;
  const reader = response.body.getReader();
  const step = () => {
    if (shown.stage !== "download") return;
    const pct = download.open
      ? 5 + Math.floor((55 * download.received) / download.expected)
      : 60;
    if (!download.open) progress("start", 60, { boot: "normal" });
    else if (pct >= shown.pct + 2) progress("download", pct, { boot: "normal" });
  };
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      download.received += value.byteLength;
      step();
    }
  })()
    .catch(() => {})
    .finally(() => {
      download.open -= 1;
      step();
    });
}

// ------------------------------------------------------------------------------ the snapshot

/** @returns {Promise<IDBDatabase | null>} */
function openSnapshots() {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(SNAPSHOT_DB, 1);
    } catch (_) {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(SNAPSHOT_STORE);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close(); // the service worker deletes it: let it
      resolve(db);
    };
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/**
 * One request on the snapshot store; the database is closed after it.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} act
 */
async function onSnapshots(mode, act, opening = openSnapshots()) {
  const db = await opening;
  if (!db) throw new Error("IndexedDB is unavailable");
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(SNAPSHOT_STORE, mode);
      const request = act(tx.objectStore(SNAPSHOT_STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error || request.error);
      tx.onabort = () => reject(tx.error || new Error("aborted"));
    });
  } finally {
    db.close();
  }
}

/** The stored snapshot record, or why there is none usable (never rejects). */
async function readSnapshot(opening) {
  try {
    const record = await onSnapshots("readonly", (store) => store.get(SNAPSHOT_RECORD), opening);
    if (!record) return { record: null, why: "none stored" };
    if (!(record.blob instanceof Blob)) return { record: null, why: "not a blob" };
    return { record, why: null };
  } catch (error) {
    return { record: null, why: `unreadable: ${error}` };
  }
}

/** The record if it is the one of this build (`key`). */
function snapshotOf({ record, why }, key) {
  if (record && record.key !== key) return { record: null, why: `another build's (${record.key})` };
  return { record, why };
}

const deleteSnapshot = () =>
  onSnapshots("readwrite", (store) => store.delete(SNAPSHOT_RECORD)).catch(() => {});

/**
 * The snapshot's bytes, checked before Pyodide sees them: a wrong memory size can make Pyodide's
 * wasm instantiation fail without its promise ever settling.
 * @param {Blob} blob
 * @param {number} raw the size it had when stored
 */
async function gunzip(blob, raw) {
  const stream = blob.stream().pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const magic = bytes.byteLength >= 64 ? new DataView(bytes.buffer).getUint32(0, true) : 0;
  if (bytes.byteLength !== raw || magic !== SNAPSHOT_MAGIC) {
    throw new Error(`not a Pyodide snapshot of ${raw} bytes (${bytes.byteLength}, ${magic})`);
  }
  return bytes;
}

/** Reject after `ms` milliseconds unless `promise` settles first. */
function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** gzip in slices with a pause between them (the worker stays responsive to being ended). */
async function gzip(bytes) {
  const compressor = new CompressionStream("gzip");
  const writer = compressor.writable.getWriter();
  const out = new Response(compressor.readable).blob();
  for (let at = 0; at < bytes.length; at += SLICE) {
    await writer.write(bytes.subarray(at, Math.min(at + SLICE, bytes.length)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await writer.close();
  return out;
}

/**
 * Gzip and store the snapshot, then tell the page (the time to store it and to make it, its
 * sizes: for the bench).
 * @param {string} key
 * @param {Uint8Array} raw
 * @param {number} makeMs the maker's start until the snapshot was taken
 */
async function storeSnapshot(key, raw, makeMs) {
  const started = performance.now();
  try {
    const blob = await gzip(raw);
    const record = { key, blob, raw: raw.length, made: new Date().toISOString() };
    await onSnapshots("readwrite", (store) => store.put(record, SNAPSHOT_RECORD));
    const ms = Math.round(performance.now() - started);
    postMessage({ type: "snapshot", stored: true, bytes: blob.size, raw: raw.length, ms, make_ms: makeMs });
  } catch (error) {
    console.info("pygames: the engine snapshot was not stored:", String(error));
    postMessage({ type: "snapshot", stored: false, detail: String(error) });
  }
}

// ------------------------------------------------------------------------------ boot

/**
 * Take the memory snapshot once the engine is installed and imported. A snapshot may hold no
 * reference from Python to a JavaScript object other than Pyodide's own, and micropip keeps some
 * (through `pyodide_js` and `pyodide.http`): the installer's modules are forgotten first, as it is
 * never needed again in the snapshot maker, and Pyodide's list of loaded packages is emptied while
 * the snapshot is taken (the check wants it as at start-up), then put back.
 * @param {any} pyodide
 * @returns {Uint8Array}
 */
function snapshotWithoutInstaller(pyodide) {
  pyodide.runPython(FORGET_INSTALLER);
  const loaded = { ...pyodide.loadedPackages };
  for (const name of Object.keys(loaded)) delete pyodide.loadedPackages[name];
  try {
    return pyodide.makeMemorySnapshot();
  } finally {
    Object.assign(pyodide.loadedPackages, loaded);
  }
}

/**
 * Put the files a first visit fetched into the service worker's cache, then tell the page (at
 * once on other visits): the page registers the service worker then, and its precache skips
 * them. The engine is ready before that: the cache writes are not in the player's way.
 * @param {(() => Promise<unknown>)[]} puts
 */
function keptWhen(puts) {
  Promise.all(puts.map((put) => put())).then(() => postMessage({ type: "kept" }));
}

/** Can this browser keep a snapshot (IndexedDB, gzip streams)? */
const canSnapshot = () =>
  typeof indexedDB !== "undefined" &&
  typeof CompressionStream !== "undefined" &&
  typeof DecompressionStream !== "undefined";

/** The options of every Pyodide start: everything from this site. */
const pyodideOptions = () => ({
  indexURL: here("./pyodide/"),
  lockFileURL: here("./pyodide/pyodide-lock.json"),
  packageBaseUrl: here("./pyodide/"),
  stdout: (line) => console.log(line),
  stderr: (line) => console.warn(line),
});

// Pure wheels from PyPI (pinned in build.py), loaded by URL while the interpreter starts: their
// hashes are not the ones in Pyodide's lock file.
const SUPPORT = [
  "./wheels/packaging-26.1-py3-none-any.whl",
  "./wheels/micropip-0.11.1-py3-none-any.whl",
];

/**
 * Install the engine wheel of this site with micropip. The worker fetches the wheel itself and
 * hands it to micropip through Pyodide's file system (an `emfs:` URL): a fetch made from Python
 * would leave references to JavaScript objects (the response) that a memory snapshot cannot hold.
 * @param {any} pyodide
 * @param {string} wheel the file name
 * @param {Promise<ArrayBuffer>} bytes its bytes (fetched while Pyodide started)
 */
async function installEngine(pyodide, wheel, bytes) {
  const support = SUPPORT.map(here);
  await pyodide.loadPackage(support, { messageCallback: () => {} }); // no-op when loaded already
  const wheelPath = `/tmp/wheels/${wheel}`;
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await bytes));
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(`emfs:${wheelPath}`, { deps: false });
  micropip.destroy();
  pyodide.FS.unlink(wheelPath);
  // the install's promise lets go of its callbacks on the next task: a snapshot taken before
  // would hold them
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The engine wheel's bytes, fetched at once (awaited later: no unhandled rejection meanwhile). */
function fetchWheel(wheel) {
  const bytes = prefetch(here(`./wheels/${wheel}`)).then((r) => r.arrayBuffer());
  bytes.catch(() => {});
  return bytes;
}

/**
 * The engine's JSON bridge: a new `pygames.web.Bridge` (it owns the games opened through it),
 * and its `handle(request: string): string`.
 * @param {any} pyodide
 * @returns {any}
 */
const newBridge = (pyodide) => pyodide.pyimport("pygames.web").Bridge().handle;

/**
 * Start from the stored snapshot `record`; throws if it cannot be used (the caller falls back).
 * @param {any} loadPyodide
 * @param {Promise<Uint8Array>} bytes the snapshot, being gunzipped
 * @param {{version: string}} info build.json
 */
async function bootFromSnapshot(loadPyodide, bytes, info) {
  progress("start", 30, { boot: "snapshot" });
  const booting = loadPyodide({ ...pyodideOptions(), _loadSnapshot: bytes });
  booting.catch(() => {}); // awaited just below, or given up
  const pyodide = await within(booting, SNAPSHOT_BOOT_MS, "the snapshot boot");
  progress("install", 90, { boot: "snapshot" });
  const version = pyodide.runPython("import pygames; pygames.__version__");
  if (version !== info.version) throw new Error(`engine ${version}, not ${info.version}`);
  return newBridge(pyodide);
}

/**
 * The engine's start: from the stored snapshot of this build when there is one, otherwise as a
 * bare page starts (the snapshot is made later by another worker: `wanted`).
 * @returns {Promise<{handle: any, wanted: boolean}>}
 */
async function boot() {
  progress("download", 0);
  const first = self.name === "engine first-visit";
  // what does not depend on build.json starts at once: Pyodide's two modules, the database
  const pyodideModule = import(here("./pyodide/pyodide.mjs"));
  import(here("./pyodide/pyodide.asm.mjs")).catch(() => {}); // loadPyodide imports it again
  const snapshots = canSnapshot();
  // the stored snapshot is read while build.json (its key) comes
  const reading = snapshots ? readSnapshot(openSnapshots()) : null;
  const infoResponse = await prefetch(here("./build.json"));
  const infoCopy = first ? infoResponse.clone() : null;
  const info = await infoResponse.json();
  let puts = [];
  if (first && info.site) {
    const kept = keepFetches(`pygames-${info.site}`);
    kept.keep(here("./build.json"), infoCopy);
    puts = kept.puts;
  }
  const key = `${info.site || info.built}/${info.pyodide}`;
  const { record, why } = reading ? snapshotOf(await reading, key) : { record: null, why: null };
  // the snapshot is gunzipped while Pyodide's module loads and its wasm compiles
  const bytes = record ? gunzip(record.blob, record.raw) : null;
  bytes?.catch(() => {}); // awaited by loadPyodide below
  const { loadPyodide } = await pyodideModule;
  const wanted = snapshots && Boolean(info.site);

  let kind = "normal";
  if (record && bytes) {
    try {
      const handle = await bootFromSnapshot(loadPyodide, bytes, info);
      progress("ready", 100, { boot: "snapshot" });
      keptWhen(puts);
      return { handle, wanted: false };
    } catch (error) {
      console.info("pygames: the stored engine snapshot cannot be used; a normal start:", String(error));
      await deleteSnapshot();
      kind = "fallback";
    }
  } else if (why && why !== "none stored") {
    console.info(`pygames: the stored engine snapshot is ${why}; a normal start`);
  }

  // The normal start, as a bare page's: Pyodide, micropip, the engine wheel.
  const engineWheel = fetchWheel(info.wheel);
  // a first visit shows the download as it goes (meter), then "start"; otherwise "start" now
  if (puts.length === 0) progress("start", Math.max(10, shown.pct), { boot: kind });
  const pyodide = await loadPyodide({ ...pyodideOptions(), packages: SUPPORT.map(here) });
  progress("install", Math.max(70, shown.pct), { boot: kind });
  await installEngine(pyodide, info.wheel, engineWheel);
  progress("install", Math.max(85, shown.pct), { boot: kind });
  const handle = newBridge(pyodide);
  progress("ready", 100, { boot: kind });
  keptWhen(puts);
  return { handle, wanted };
}

/**
 * The snapshot maker's whole life: a start with `_makeSnapshot`, every engine module imported,
 * the snapshot taken, gzipped and stored; the page is told (and then ends this worker).
 */
async function makeSnapshot() {
  const started = performance.now();
  try {
    const info = await (await prefetch(here("./build.json"))).json();
    const key = `${info.site || info.built}/${info.pyodide}`;
    const engineWheel = fetchWheel(info.wheel);
    const { loadPyodide } = await import(here("./pyodide/pyodide.mjs"));
    const pyodide = await loadPyodide({
      ...pyodideOptions(),
      packages: SUPPORT.map(here),
      _makeSnapshot: true,
    });
    await installEngine(pyodide, info.wheel, engineWheel);
    pyodide.runPython(IMPORT_ALL);
    const raw = snapshotWithoutInstaller(pyodide);
    await storeSnapshot(key, raw, Math.round(performance.now() - started));
  } catch (error) {
    console.info("pygames: no engine snapshot could be made:", String(error));
    postMessage({ type: "snapshot", stored: false, detail: String(error) });
  }
}

// ------------------------------------------------------------------------------ the vault
//
// The page never receives what it may not show (issue 33, docs/protocol.md "What the page
// receives"): the bridge's `save` (the whole record) is taken out of every answer and kept here,
// per session, under a number (`keep`) the page names when it saves the game: then this worker
// writes that record into its own database (web/vault.js). A top-level `seed` is never sent, nor
// `share` and `record` before the game is over.

/** @typedef {{game: string | null, seq: number, last: string | null, versions: Map<number, string>}} Kept */

/** @type {Map<string, Kept>} the open sessions of games kept on this device (session id -> its game) */
const kept = new Map();
const VERSIONS = 32; // the records kept per session for the page to save (the newest)
const SNAPSHOT_CMDS = new Set(["start", "view", "act", "bot", "undo", "hint", "compose"]);

/**
 * Take the record out of an answer of a session (`sid`) and remember it; `keep` names the newest.
 * @param {any} reply
 * @param {string | undefined} sid
 */
function absorbSave(reply, sid) {
  const save = reply.save;
  delete reply.save;
  const entry = sid ? kept.get(sid) : undefined;
  if (!entry) return;
  if (typeof save === "string" && save !== entry.last) {
    entry.seq += 1;
    entry.last = save;
    entry.versions.set(entry.seq, save);
    for (const old of entry.versions.keys()) {
      if (entry.versions.size <= VERSIONS) break;
      entry.versions.delete(old);
    }
  }
  reply.keep = entry.seq;
}

/**
 * What the page may receive of an answer: no seed anywhere at the top, no share link or record
 * before the game is over, no `save`.
 * @param {string} cmd
 * @param {any} reply
 * @param {string | undefined} sid
 */
function clean(cmd, reply, sid) {
  if (!reply || typeof reply !== "object") return reply;
  if (cmd !== "deal") delete reply.seed;
  if (!SNAPSHOT_CMDS.has(cmd)) {
    delete reply.save;
    return reply;
  }
  if (reply.over !== true) {
    delete reply.share;
    if ("record" in reply) reply.record = null;
  }
  absorbSave(reply, sid);
  return reply;
}

const refusal = (en, ja, kind = "BadRequest") => ({ ok: false, error: { en, ja }, kind });
const MISSING = () =>
  refusal(
    "This game is not on this device.",
    "このゲームはこの端末にありません。",
    "Missing",
  );

/**
 * The vault's requests (the page's; they need no engine):
 *   {cmd: "vault-keep", session, game, keep, rev}  store record `keep` of that session's game
 *   {cmd: "vault-export", ids}                     the records of these games (an explicit export)
 *   {cmd: "vault-put", items: [{id, save, rev}], keep?}  store records (an import, old saves)
 *   {cmd: "vault-delete", ids}                     forget these games' records
 * @type {Record<string, (request: any) => Promise<any>>}
 */
const VAULT = {
  "vault-keep": async ({ session, game, keep, rev }) => {
    const entry = kept.get(String(session));
    if (!entry || entry.game !== game) return refusal("No such game.", "そのゲームはありません。");
    const save = entry.versions.get(keep);
    if (!save) return { ok: false, reason: "invalid" };
    return vault.writeRecord(game, save, rev);
  },
  "vault-export": async ({ ids }) => {
    const records = await vault.readRecords(Array.isArray(ids) ? ids.map(String) : []);
    return { ok: true, records: records.map(({ id, save }) => ({ id, save })) };
  },
  "vault-put": async ({ items, keep }) =>
    vault.putRecords(Array.isArray(items) ? items : [], { keep: keep === true }),
  "vault-delete": async ({ ids }) => vault.deleteRecords(Array.isArray(ids) ? ids.map(String) : []),
};

let vaultQueue = Promise.resolve();
let vault = null; // web/vault.js, loaded with the first request that needs it

/** Run `work` after every vault request before it (their writes never cross). */
function queued(work) {
  const run = vaultQueue.then(async () => {
    vault ??= await import("./vault.js");
    return work();
  });
  vaultQueue = run.catch(() => {});
  return run;
}

// ------------------------------------------------------------------------------ answers

const pending = [];
let handle = null;

/** The bridge's answer to `request` (never throws). */
function bridge(request) {
  try {
    return JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    return {
      ok: false,
      error: { en: "The engine failed.", ja: "エンジンでエラーが発生しました。" },
      kind: "EngineError",
      detail: String(error),
    };
  }
}

/**
 * Game `game`'s record in the vault, once it has revision `rev` (the revision of the page's entry
 * for it): another tab writes its entry first and its record a moment later, so a tab that follows
 * it waits for the record (up to `RECORD_WAIT` ms, then goes on with what is stored).
 * @param {string} game
 * @param {unknown} rev
 */
async function storedRecord(game, rev) {
  const deadline = Date.now() + RECORD_WAIT;
  for (;;) {
    const stored = await queued(() => vault.readRecord(game)).catch(() => null);
    const behind = stored && Number.isInteger(rev) && Number.isInteger(stored.rev) && stored.rev < rev;
    if (!behind || Date.now() >= deadline) return stored;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const RECORD_WAIT = 3000;

/**
 * `start`: a new game (a record or a link) kept as the page's game `game`, or with `resume` that
 * game's own record from the vault.
 * @param {any} request
 */
async function start(request) {
  const { game, resume, rev, ...rest } = request;
  if (resume) {
    const stored = typeof game === "string" ? await storedRecord(game, rev) : null;
    if (!stored) return { reply: MISSING(), sid: undefined };
    delete rest.record;
    rest.link = stored.save;
  }
  const reply = bridge(rest);
  const sid = reply && reply.ok ? reply.session : undefined;
  if (sid && typeof game === "string") kept.set(sid, { game, seq: 0, last: null, versions: new Map() });
  return { reply, sid };
}

/** Answer one request of the page. */
async function answerOf(request) {
  const cmd = request && typeof request.cmd === "string" ? request.cmd : "";
  if (Object.hasOwn(VAULT, cmd)) {
    return queued(() => VAULT[cmd](request)).catch((error) => ({ ok: false, reason: "blocked", detail: String(error) }));
  }
  if (cmd === "start") {
    const { reply, sid } = await start(request);
    return clean(cmd, reply, sid);
  }
  const sid = request && typeof request.session === "string" ? request.session : undefined;
  const reply = bridge(request);
  if (cmd === "close" && sid) kept.delete(sid);
  return clean(cmd, reply, sid);
}

let answering = Promise.resolve();

/** Answer the page's messages one after the other, in the order they came. */
function answer({ id, request }) {
  answering = answering.then(async () => {
    let reply;
    try {
      reply = await answerOf(request);
    } catch (error) {
      reply = { ok: false, error: { en: "The engine failed.", ja: "エンジンでエラーが発生しました。" }, kind: "EngineError", detail: String(error) };
    }
    postMessage({ id, answer: reply });
  });
}

function serve() {
  self.onmessage = (event) => {
    if (handle) answer(event.data);
    else pending.push(event.data);
  };
  boot().then(
    (booted) => {
      handle = booted.handle;
      for (const message of pending.splice(0)) answer(message);
      if (booted.wanted) postMessage({ type: "snapshot-wanted" });
    },
    (error) => {
      postMessage({
        type: "failed",
        error: {
          en: "The game engine could not start. Reload the page to try again.",
          ja: "ゲームエンジンを起動できませんでした。ページを再読み込みしてください。",
        },
        detail: String(error && error.stack ? error.stack : error),
      });
    },
  );
}

if (self.name === "engine snapshot-maker") makeSnapshot();
else serve();
