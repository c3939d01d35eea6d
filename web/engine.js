// Page side of the engine: starts the Pyodide worker at once and sends it requests.
// Contract: docs/protocol.md.
//
//   const engine = createEngine({ onProgress });   // onProgress({type, stage, pct, boot} | {type: "failed", ...}
//                                                  //   | {type: "snapshot", stored, ...})
//   await engine.ready;                            // rejects if the engine could not start
//   await engine.kept;                             // a first visit's files are in the SW cache
//   await engine.restart();                        // end the worker (busy or not), start a fresh one
//
// When the engine did not start from a stored memory snapshot, the worker asks for one
// ("snapshot-wanted"): in idle time (no request for a second, the page visible, the service
// worker serving the site) a second worker, the snapshot maker, makes and stores it, then ends.
//   const answer = await engine.call({ cmd: "catalog" });

const MAKER_IDLE_MS = 1000; // no engine request for this long: the snapshot maker may start
const CONTROL_WAIT_MS = 20000; // how long a first visit waits for the service worker to serve it
const BUSY_MS = 700; // a request on its way for this long: the engine is said to be busy

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

/** What a call still waiting gets when the worker is ended for a fresh one (`restart`). */
export const CANCELLED = Object.freeze({ en: 'Cancelled: the game engine was restarted.', ja: '中止しました：ゲームエンジンを再起動しました。' });

/**
 * Start the engine worker.
 *
 * `restart()` ends the worker (whatever it is busy with: a crafted link may hold it for long),
 * rejects every call still waiting with an error whose `cancelled` is true (`error`: CANCELLED),
 * and starts a fresh worker, which boots from the stored memory snapshot when there is one; the
 * engine's `ready` is then the new worker's. While a request has been on its way for BUSY_MS,
 * `onProgress` hears `{type: "busy", busy: true}`, and `{type: "busy", busy: false}` once none is.
 * @param {{onProgress?: (message: object) => void}} [options]
 * @returns {import('./types.js').Engine}
 */
export function createEngine({ onProgress } = {}) {
  // A first visit (no service worker controls the page yet, though one will be registered):
  // the worker then puts the files it fetches in the service worker's cache (issue 22).
  const sw = typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext;
  const first = sw && !navigator.serviceWorker.controller;
  let worker = null;
  const waiting = new Map(); // id -> {resolve, reject}
  let nextId = 1;
  let failure = null;
  let markReady;
  let markFailed;
  let ready;
  const expect = () => {
    ready = new Promise((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    ready.catch(() => {}); // callers that only use call() still see the failure there
  };
  expect();
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

  // requests in flight and when the last one was answered: the snapshot maker waits for a pause
  let inFlight = 0;
  let lastAnswer = 0;
  let busy = false;
  let busyTimer = 0;
  const settleBusy = () => {
    if (inFlight > 0) return;
    clearTimeout(busyTimer);
    busyTimer = 0;
    if (busy) report({ type: "busy", busy: (busy = false) });
  };
  const rejectAll = (error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    inFlight = 0;
    settleBusy();
  };

  const fail = (error, detail) => {
    if (failure) return;
    failure = Object.assign(new Error(error.en), { error, detail });
    report({ type: "failed", error, detail });
    markFailed(failure);
    markKept();
    rejectAll(failure);
    worker.terminate();
  };

  const quiet = () =>
    inFlight === 0 && performance.now() - lastAnswer >= MAKER_IDLE_MS && document.visibilityState === 'visible';
  let makerAsked = false;
  async function makeSnapshotLater() {
    if (makerAsked) return; // a restarted worker may ask again: one maker is enough
    makerAsked = true;
    await kept;
    if (failure) return;
    if (sw) await controlled(CONTROL_WAIT_MS); // then the maker's files come from the cache
    while (!quiet()) await new Promise((resolve) => setTimeout(resolve, MAKER_IDLE_MS / 4));
    if (failure) return;
    startSnapshotMaker(report);
  }

  /** Start a worker; its messages count only while it is the engine's. */
  function boot(name) {
    const mine = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
    worker = mine;
    const current = () => worker === mine;
    mine.onmessage = ({ data }) => {
      if (!current()) return;
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
        settleBusy();
      }
    };
    const died = (event) => {
      if (!current()) return;
      fail(
        { en: "The game engine stopped.", ja: "ゲームエンジンが停止しました。" },
        event?.message || "worker error",
      );
    };
    mine.onerror = died;
    mine.onmessageerror = died;
  }
  boot(first ? "engine first-visit" : "engine");

  // The worker queues requests that arrive before it is ready, so they can be posted at once.
  function call(request) {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    inFlight += 1;
    if (!busyTimer) {
      busyTimer = setTimeout(() => {
        busyTimer = 0;
        if (inFlight > 0 && !busy) report({ type: "busy", busy: (busy = true) });
      }, BUSY_MS);
    }
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  /** End the worker, whatever it is doing, and start a fresh one (see above). */
  function restart() {
    if (failure) return ready;
    const old = worker;
    expect();
    boot("engine");
    old.terminate();
    markKept(); // a first visit's files: the fresh worker boots from the cache or the network
    rejectAll(Object.assign(new Error(CANCELLED.en), { error: CANCELLED, cancelled: true }));
    return ready;
  }

  return {
    get ready() {
      return ready;
    },
    kept,
    call,
    restart,
  };
}
