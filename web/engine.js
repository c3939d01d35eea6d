// Page side of the engine: starts the Pyodide worker at once and sends it requests.
// Contract: docs/protocol.md.
//
//   const engine = createEngine({ onProgress });   // onProgress({type, stage, pct, boot} | {type: "failed", ...}
//                                                  //   | {type: "snapshot", stored, ...})
//   await engine.ready;                            // rejects if the engine could not start
//   await engine.kept;                             // a first visit's files are in the SW cache
//   const answer = await engine.call({ cmd: "catalog" });

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

  worker.onmessage = ({ data }) => {
    if (data.type === "progress") {
      report(data);
      if (data.stage === "ready") markReady();
    } else if (data.type === "kept") {
      markKept();
    } else if (data.type === "snapshot") {
      report(data);
    } else if (data.type === "failed") {
      fail(data.error, data.detail);
    } else if (waiting.has(data.id)) {
      waiting.get(data.id).resolve(data.answer);
      waiting.delete(data.id);
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
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  return { ready, kept, call };
}
