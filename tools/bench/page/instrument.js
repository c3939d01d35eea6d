// Injected by tools/browser_bench.py into every page before its own scripts
// (context.add_init_script; a script, not a module): marks of the page's milestones, long
// tasks, the time between animation frames, and a Worker wrapper that timestamps the engine
// worker's progress messages and keeps the worker at hand (window.__bench.worker) for the
// round-trip measure.
(() => {
  if (window.__bench) return;
  /** @type {BenchRecorder} */
  const b = {
    marks: {}, workers: [], longtasks: [], requests: [], worker: null, frames: [],
  };
  window.__bench = b;
  const sent = new Map();
  const now = () => performance.now();
  // the time between two animation frames: a task and the style, layout and paint after it
  let lastFrame = 0;
  const frame = (at) => {
    if (lastFrame) b.frames.push(at - lastFrame);
    lastFrame = at;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (_) { b.noLongtask = true; }
  const mark = (name) => { if (!(name in b.marks)) b.marks[name] = now(); };
  const watch = () => {
    const root = document.documentElement;
    if (!root) return;
    const d = root.dataset;
    if (d.engine === 'ready') mark('engine_ready');
    if (d.engine === 'failed') mark('engine_failed');
    if (d.offline === 'ready') mark('offline_ready');
    // the whole lobby in, tiles included (its first drawing adds a piece a frame, busy meanwhile)
    const tiles = () => document.querySelector(
      '[data-testid=lobby]:not([aria-busy]) [data-testid=game-list] .game-tile');
    if (!('lobby_tiles' in b.marks) && tiles()) {
      mark('lobby_tiles');
      // the frame that shows them: rAF runs just before the paint, the task after it follows it
      requestAnimationFrame(() => setTimeout(() => mark('lobby_tiles_painted'), 0));
    }
  };
  new MutationObserver(watch).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-engine', 'data-offline', 'aria-busy'],
  });
  const Original = window.Worker;
  if (!Original) return;
  window.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      const w = { url: String(url), created: now(), progress: [], stages: {} };
      b.workers.push(w);
      if (!b.worker) b.worker = this;
      this.addEventListener('message', (event) => {
        const data = event.data;
        if (!data || typeof data !== 'object') return;
        if (data.type === 'progress') {
          w.progress.push([data.stage, data.pct, now()]);
          if (!(data.stage in w.stages)) w.stages[data.stage] = now();
          if (data.boot) w.boot = data.boot;
        } else if (data.type === 'snapshot') {
          w.snapshot = { ...data, at: now() };
        } else if (data.type === 'failed') {
          w.failed = String(data.detail || data.error?.en || 'failed');
        } else if (data.type === 'stage') {
          // the bare worker: an absolute time, turned into this page's clock
          w.stages[data.stage] = data.at - performance.timeOrigin;
        } else if (data.id !== undefined && sent.has(data.id)) {
          const [cmd, at] = sent.get(data.id);
          sent.delete(data.id);
          b.requests.push([cmd, now() - at, at]);
        }
      });
    }

    postMessage(message, ...rest) {
      // the page's own requests {id, request}: page to page round trips
      if (message && message.request && typeof message.id === 'number') {
        sent.set(message.id, [String(message.request.cmd), now()]);
      }
      return super.postMessage(message, ...rest);
    }
  };
})();
