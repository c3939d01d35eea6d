// The bench's bare worker (tools/browser_bench.py copies it to _bench/ in its private copy of
// the site, with __WHEEL__, __MICROPIP__ and __PACKAGING__ replaced by the wheels' file names):
// loadPyodide with packaging + micropip by URL (as the site does, since their hashes are not
// those of Pyodide's lock file), then micropip.install(engine wheel). After "ready" it imports
// pygames.web (reported, not counted) and answers the bench's requests to run Python code.
const here = (path) => new URL(path, import.meta.url).href;
const stage = (name) =>
  postMessage({ type: 'stage', stage: name, at: performance.timeOrigin + performance.now() });
let pyodide = null;
async function boot() {
  const { loadPyodide } = await import(here('../pyodide/pyodide.mjs'));
  pyodide = await loadPyodide({
    indexURL: here('../pyodide/'),
    packages: [here('../wheels/__PACKAGING__'), here('../wheels/__MICROPIP__')],
  });
  stage('booted');
  const micropip = pyodide.pyimport('micropip');
  await micropip.install(here('../wheels/__WHEEL__'), { deps: false });
  stage('installed');
  postMessage({ type: 'ready' });
  pyodide.runPython('import pygames.web');
  stage('imported');
}
const booted = boot().catch((error) => {
  postMessage({ type: 'failed', detail: String(error && error.stack ? error.stack : error) });
});
self.onmessage = async ({ data }) => {
  await booted;
  try {
    const scope = pyodide.toPy({});
    pyodide.runPython(data.code, { globals: scope });
    const text = scope.get('bench_result');
    scope.destroy();
    postMessage({ id: data.id, ok: true, text });
  } catch (error) {
    postMessage({ id: data.id, ok: false, text: String(error) });
  }
};
