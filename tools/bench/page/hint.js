// Run by tools/browser_bench.py in the page after the engine is ready (page.evaluate: one
// function expression): hints at real tables (issue 23). Each position opens by its link (the
// lobby between two, so the table is a new one), then the Hint button is pressed as a person
// presses it, and times are taken on the page's own clock:
//
// - `first`: from the press (the click's event time) to the first frame painted with a ranked
//   move in the hint panel (`[data-testid=hint-move-1]`: the first `hint` answer whose `moves`
//   is non-empty, drawn): "the first hint appears";
// - `done`: from the press to the panel saying it has finished (`data-state=done`).
//
// The panel is then closed and the next position opened. The rows: [game, first, done, hint
// requests, the first hint request's round trip in the worker (ms), moves shown].
async ({ positions, timeout }) => {
  const b = window.__bench;
  /** @param {() => Element | null} find */
  const waitFor = (find, what) => new Promise((resolve, reject) => {
    const found = find();
    if (found) {
      resolve(found);
      return;
    }
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(`no ${what}`)); }, timeout);
    const observer = new MutationObserver(() => {
      const el = find();
      if (!el) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(el);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  // the end of the frame that shows what is in the DOM now: rAF runs before its paint, a task
  // queued from it runs after
  const painted = () => new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  });
  const rows = [];
  for (const { game, link, ply } of positions) {
    location.hash = '#/';
    await waitFor(() => document.querySelector('[data-testid=lobby]'), 'lobby');
    location.hash = `#${link}`;
    const button = await waitFor(
      () => document.querySelector(`[data-testid=table][data-ply="${ply}"][data-waiting=human] [data-testid=hint]`),
      `Hint button at ${game} ply ${ply}`);
    await painted();
    const asked = b.requests.length;
    let pressed = 0;
    button.addEventListener('click', (event) => { pressed = event.timeStamp; }, { once: true });
    /** @type {HTMLElement} */ (button).click();
    await waitFor(() => document.querySelector('[data-testid=hint-move-1]'), `hint at ${game} ply ${ply}`);
    const first = (await painted()) - pressed;
    await waitFor(() => document.querySelector('[data-testid=hint-panel][data-state=done]'), `finished hint at ${game}`);
    const done = (await painted()) - pressed;
    const hints = b.requests.slice(asked).filter(([cmd]) => cmd === 'hint');
    const shown = document.querySelectorAll('[data-testid^=hint-move-]').length;
    /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=hint-close]'))?.click();
    rows.push([game, first, done, hints.length, hints.length ? hints[0][1] : null, shown]);
  }
  location.hash = '#/';
  return rows;
}
