// The bench's diagnosis page (_bench/worker-only.html, --diagnose): the site's own worker.js in
// a page with nothing else, to tell the cost of the page (app.js, the lobby) from the cost of
// the worker's own boot.
const worker = new Worker(new URL('../worker.js', import.meta.url), { type: 'module' });
worker.addEventListener('message', ({ data }) => {
  if (data.type === 'progress' && data.stage === 'ready') {
    document.documentElement.dataset.engine = 'ready';
  }
  if (data.type === 'failed') {
    window.bareError = data.detail;
    document.documentElement.dataset.engine = 'failed';
  }
});
