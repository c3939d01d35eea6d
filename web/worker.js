// Module Web Worker: boots Pyodide from ./pyodide/, installs the engine wheel and answers the
// page's requests. Contract: docs/protocol.md. Everything is loaded from this site only.
//
// page -> worker: {id, request}
// worker -> page: {type: "progress", stage, pct} | {type: "failed", error: {en, ja}, detail}
//                 | {id, answer}

const here = (path) => new URL(path, import.meta.url).href;

const progress = (stage, pct) => postMessage({ type: "progress", stage, pct });

/** Fetch a file of this site completely; the HTTP cache then answers the later load of it. */
async function prefetch(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function boot() {
  progress("download", 0);
  // Start the small downloads at once; Pyodide's own loads of them then hit the HTTP cache.
  const buildInfo = prefetch(here("./build.json")).then((r) => r.json());
  const engineUrl = buildInfo.then((info) => here(`./wheels/${info.wheel}`));
  const engineWheel = engineUrl.then(prefetch).then((r) => r.arrayBuffer());
  engineWheel.catch(() => {}); // awaited below; no unhandled rejection meanwhile
  const [{ loadPyodide }] = await Promise.all([import(here("./pyodide/pyodide.mjs")), buildInfo]);

  progress("start", 10);
  // Pure wheels from PyPI (pinned in build.py), loaded by URL while the interpreter starts:
  // their hashes are not the ones in Pyodide's lock file.
  const support = [
    here("./wheels/packaging-26.1-py3-none-any.whl"),
    here("./wheels/micropip-0.11.1-py3-none-any.whl"),
  ];
  const pyodide = await loadPyodide({
    indexURL: here("./pyodide/"),
    lockFileURL: here("./pyodide/pyodide-lock.json"),
    packageBaseUrl: here("./pyodide/"),
    packages: support,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });

  progress("install", 70);
  await pyodide.loadPackage(support, { messageCallback: () => {} }); // no-op when loaded above
  await engineWheel;
  const micropip = pyodide.pyimport("micropip");
  progress("install", 80);
  await micropip.install(await engineUrl, { deps: false });
  micropip.destroy();
  progress("install", 95);
  const handle = pyodide.pyimport("pygames.web").handle;
  progress("ready", 100);
  return handle;
}

const pending = [];
let handle = null;

function answer({ id, request }) {
  let reply;
  try {
    reply = JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    reply = {
      ok: false,
      error: { en: "The engine failed.", ja: "エンジンでエラーが発生しました。" },
      kind: "EngineError",
      detail: String(error),
    };
  }
  postMessage({ id, answer: reply });
}

self.onmessage = (event) => {
  if (handle) answer(event.data);
  else pending.push(event.data);
};

boot().then(
  (h) => {
    handle = h;
    for (const message of pending.splice(0)) answer(message);
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
