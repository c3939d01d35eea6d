// Service worker: keeps the site on the device so it opens and plays with no network.
//
// build.py writes the line below: every file of dist/ (paths relative to this file) in two tiers,
// and a hash of their contents. `shell` is the page's own files, stored when this version installs.
// `engine` is what only the engine needs (Pyodide, the wheels, worker.js...), stored the first
// time the device runs the engine: a device that has only ever been a guest's (`#join=`, issue 34)
// downloads and keeps the shell alone, and still reopens offline as a guest. The engine's tier is
// stored
//   - at install as well, when the device ran the engine before: a cache of this site (an older
//     version's, or this one's that the engine worker filled on a first visit) holds Pyodide's
//     lock file;
//   - when the page asks, once its engine has started (ui/pwa.js): {type: "keep-engine"} with a
//     port, answered {stored: true} once the whole tier is in, or {stored: false, detail};
//   - file by file, as the engine worker fetches it through this worker.
// A new build gives a new sw.js; the browser notices the change, installs the new version next
// to the old one, and the page offers to reload (it sends "skip-waiting"). Files are served from
// the cache of the current version only; old versions' caches are removed.
// Every URL is relative to this file, so the site works under any sub-path (GitHub Pages).
//
// The engine worker keeps a memory snapshot of the started engine in IndexedDB (worker.js, issue
// 22); it belongs to one build, so activating a new version deletes it with the old caches
// (unless it is already the new version's). On a
// first visit the engine worker has already put the files it fetched in this version's cache:
// the precache skips them.

const PRECACHE = { version: 'dev', shell: [], engine: [] }; // written by build.py

const PREFIX = 'pygames-';
const CACHE = `${PREFIX}${PRECACHE.version}`;
const SCOPE = new URL('./', self.location.href).href;
const INDEX = new URL('./index.html', SCOPE).href;
const ENGINE = new Set(PRECACHE.engine.map((path) => new URL(path, SCOPE).href));
const ENGINE_MARK = new URL('./pyodide/pyodide-lock.json', SCOPE).href; // read by the engine only
const SNAPSHOT_DB = 'pygames-engine'; // worker.js: one record in one store
const SNAPSHOT_STORE = 'snapshot';
const SNAPSHOT_RECORD = 'engine';

/** Delete the engine snapshot unless it is this version's (its key starts with the version). */
function dropOldSnapshot() {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5000); // never hold the activation for long
    const done = () => { clearTimeout(timer); resolve(undefined); };
    let request;
    try {
      request = indexedDB.open(SNAPSHOT_DB, 1);
    } catch (_) {
      done();
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(SNAPSHOT_STORE);
    request.onerror = done;
    request.onblocked = done;
    request.onsuccess = () => {
      const db = request.result;
      try {
        const tx = db.transaction(SNAPSHOT_STORE, 'readwrite');
        const store = tx.objectStore(SNAPSHOT_STORE);
        const get = store.get(SNAPSHOT_RECORD);
        get.onsuccess = () => {
          const key = get.result && get.result.key;
          if (get.result && !(typeof key === 'string' && key.startsWith(`${PRECACHE.version}/`))) {
            store.delete(SNAPSHOT_RECORD);
          }
        };
        tx.oncomplete = () => { db.close(); done(); };
        tx.onerror = () => { db.close(); done(); };
        tx.onabort = () => { db.close(); done(); };
      } catch (_) {
        db.close();
        done();
      }
    };
  });
}

/** The cache key of a request: its URL without query and fragment; the site root is index.html. */
function keyOf(url) {
  const u = new URL(url);
  const key = u.origin + u.pathname;
  return key === SCOPE ? INDEX : key;
}

/**
 * Store the files `paths` in this version's cache (those already there are skipped).
 * @param {string[]} paths
 */
async function precache(paths) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  // All or nothing: a failed file fails the install, and the browser tries again later.
  await Promise.all(paths.map(async (path) => {
    const url = new URL(path, SCOPE).href;
    if (have.has(url)) return;
    // revalidate with the server: never take a stale copy from the HTTP cache into a version
    const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    await cache.put(url, response);
  }));
}

/** Has this device run the engine? A cache of this site (any version's) holds Pyodide's lock file. */
async function ranEngine() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && await (await caches.open(name)).match(ENGINE_MARK)) return true;
  }
  return false;
}

// the service worker's own scope (the checker reads `self` as a plain worker's)
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener('install', (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(Promise.all([
    precache(PRECACHE.shell),
    ranEngine().then((ran) => ran && precache(PRECACHE.engine)),
  ]));
});

worker.addEventListener('activate', (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all([
      ...names
        .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
        .map((name) => caches.delete(name)),
      dropOldSnapshot(),
    ]);
    // the page that installed the first version is served from the cache at once
    await worker.clients.claim();
  })());
});

worker.addEventListener('message', (/** @type {ExtendableMessageEvent} */ event) => {
  const type = event.data && event.data.type;
  const port = event.ports[0];
  if (type === 'skip-waiting') worker.skipWaiting();
  else if (type === 'version' && port) {
    const files = PRECACHE.shell.length + PRECACHE.engine.length;
    port.postMessage({ version: PRECACHE.version, files, engine: PRECACHE.engine.length, cache: CACHE });
  } else if (type === 'keep-engine') {
    event.waitUntil(precache(PRECACHE.engine).then(
      () => port?.postMessage({ stored: true }),
      (err) => port?.postMessage({ stored: false, detail: String(err) }),
    ));
  }
});

/**
 * The cached copy, else the network's; a file of the engine's tier is kept on its way (the
 * device runs the engine for the first time).
 * @param {FetchEvent} event
 */
async function respond(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  const key = request.mode === 'navigate' ? INDEX : keyOf(request.url);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (ENGINE.has(key) && response.status === 200 && response.type === 'basic') {
    event.waitUntil(cache.put(key, response.clone()).catch(() => {}));
  }
  return response;
}

worker.addEventListener('fetch', (/** @type {FetchEvent} */ event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  // a navigation inside the site is the page itself (its state lives in the fragment)
  if (request.mode === 'navigate' && keyOf(request.url) !== INDEX) return;
  event.respondWith(respond(event));
});
