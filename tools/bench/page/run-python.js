// Run by tools/browser_bench.py in the bare page (page.evaluate: one function expression):
// Python code run by the bare worker (bare-worker.js), which answers with the code's
// `bench_result` text: resolves { id, ok, text }.
(code) => new Promise((resolve) => {
  const id = Math.random().toString(36).slice(2);
  const listen = ({ data }) => {
    if (data.id !== id) return;
    window.bareWorker.removeEventListener('message', listen);
    resolve(data);
  };
  window.bareWorker.addEventListener('message', listen);
  window.bareWorker.postMessage({ id, code });
})
