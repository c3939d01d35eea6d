// Run by tools/browser_bench.py at the end of a timed visit (page.evaluate: one function
// expression): what instrument.js recorded, the paint entries, the navigation's timings (ms from
// the navigation), whether a service worker controls the page and how the engine booted.
() => ({
  marks: window.__bench.marks,
  workers: window.__bench.workers,
  longtasks: window.__bench.longtasks,
  frames: window.__bench.frames,
  paint: Object.fromEntries(
    performance.getEntriesByType('paint').map((e) => [e.name, e.startTime])),
  nav: (() => {
    const n = /** @type {PerformanceNavigationTiming | undefined} */ (
      performance.getEntriesByType('navigation')[0]);
    return n ? {
      responseEnd: n.responseEnd,
      domContentLoaded: n.domContentLoadedEventEnd,
      load: n.loadEventEnd,
    } : null;
  })(),
  controlled: !!navigator.serviceWorker?.controller,
  boot: document.documentElement.dataset.engineBoot || null,
  snapshot: document.documentElement.dataset.engineSnapshot || null,
})
