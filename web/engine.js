// Page side of the engine: starts the Pyodide worker at once and sends it requests.
// Contract: docs/protocol.md.
//
//   const engine = createEngine({ onProgress });   // onProgress({type, stage, pct, boot} | {type: "failed", ...}
//                                                  //   | {type: "snapshot", stored, ...})
//   await engine.ready;                            // rejects if the engine could not start
//   await engine.kept;                             // a first visit's files are in the SW cache
//
// When the engine did not start from a stored memory snapshot, the worker asks for one
// ("snapshot-wanted"): in idle time (no request for a second, the page visible, the service
// worker serving the site) a second worker, the snapshot maker, makes and stores it, then ends.
//   const answer = await engine.call({ cmd: "catalog" });

const MAKER_IDLE_MS = 1000; // no engine request for this long: the snapshot maker may start
const CONTROL_WAIT_MS = 20000; // how long a first visit waits for the service worker to serve it

/**
 * Resolve once a service worker controls the page (at once if one does), or after `ms`.
 * @param {number} ms
 */
function controlled(ms) {
  const sw = navigator.serviceWorker;
  if (!sw || sw.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    sw.addEventListener('controllerchange', () => {
      clearTimeout(timer);
      resolve(undefined);
    }, { once: true });
  });
}

/**
 * Start the snapshot maker (worker.js under another name); report its answer, then end it.
 * @param {(message: object) => void} report
 */
function startSnapshotMaker(report) {
  const maker = new Worker(new URL('./worker.js', import.meta.url), {
    type: 'module',
    name: 'engine snapshot-maker',
  });
  const end = (message) => {
    maker.terminate();
    report(message);
  };
  maker.onmessage = ({ data }) => {
    if (data && data.type === 'snapshot') end(data);
  };
  maker.onerror = (event) => {
    console.info('pygames: the engine snapshot maker stopped:', event?.message || 'worker error');
    end({ type: 'snapshot', stored: false, detail: event?.message || 'worker error' });
  };
}

/**
 * Start the engine worker.
 * @param {{onProgress?: (message: object) => void}} [options]
 * @returns {import('./types.js').Engine}
 */
export function createEngine({ onProgress } = {}) {
  // A first visit (no service worker controls the page yet, though one will be registered):
  // the worker then puts the files it fetches in the service worker's cache (issue 22).
  const sw = typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext;
  const first = sw && !navigator.serviceWorker.controller;
  const worker = new Worker(new URL("./worker.js", import.meta.url), {
    type: "module",
    name: first ? "engine first-visit" : "engine",
  });
  const waiting = new Map(); // id -> {resolve, reject}
  let nextId = 1;
  let failure = null;
  let markReady;
  let markFailed;
  const ready = new Promise((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {}); // callers that only use call() still see the failure there
  // the files a first visit fetched are in the service worker's cache (or the engine failed)
  let markKept;
  const kept = new Promise((resolve) => {
    markKept = resolve;
  });

  const report = (message) => {
    try {
      onProgress?.(message);
    } catch (error) {
      console.error(error);
    }
  };

  const fail = (error, detail) => {
    if (failure) return;
    failure = Object.assign(new Error(error.en), { error, detail });
    report({ type: "failed", error, detail });
    markFailed(failure);
    markKept();
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
    worker.terminate();
  };

  // requests in flight and when the last one was answered: the snapshot maker waits for a pause
  let inFlight = 0;
  let lastAnswer = 0;
  const quiet = () =>
    inFlight === 0 && performance.now() - lastAnswer >= MAKER_IDLE_MS && document.visibilityState === 'visible';
  async function makeSnapshotLater() {
    await kept;
    if (failure) return;
    if (sw) await controlled(CONTROL_WAIT_MS); // then the maker's files come from the cache
    while (!quiet()) await new Promise((resolve) => setTimeout(resolve, MAKER_IDLE_MS / 4));
    if (failure) return;
    startSnapshotMaker(report);
  }

  worker.onmessage = ({ data }) => {
    if (data.type === "snapshot-wanted") {
      makeSnapshotLater();
    } else if (data.type === "progress") {
      report(data);
      if (data.stage === "ready") markReady();
    } else if (data.type === "kept") {
      markKept();
    } else if (data.type === "failed") {
      fail(data.error, data.detail);
    } else if (waiting.has(data.id)) {
      waiting.get(data.id).resolve(data.answer);
      waiting.delete(data.id);
      inFlight -= 1;
      lastAnswer = performance.now();
    }
  };
  const died = (event) =>
    fail(
      { en: "The game engine stopped.", ja: "ゲームエンジンが停止しました。" },
      event?.message || "worker error",
    );
  worker.onerror = died;
  worker.onmessageerror = died;

  // The worker queues requests that arrive before it is ready, so they can be posted at once.
  function call(request) {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    inFlight += 1;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  return { ready, kept, call };
}
