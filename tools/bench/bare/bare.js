// The bench's bare page (_bench/bare.html), the floor the site is compared with: a worker that
// boots the same Pyodide and installs the same wheel, nothing else (bare-worker.js).
const worker = new Worker(new URL('./bare-worker.js', import.meta.url), { type: 'module' });
window.bareWorker = worker;
worker.addEventListener('message', ({ data }) => {
  if (data.type === 'ready') document.documentElement.dataset.engine = 'ready';
  if (data.type === 'failed') {
    window.bareError = data.detail;
    document.documentElement.dataset.engine = 'failed';
  }
});
