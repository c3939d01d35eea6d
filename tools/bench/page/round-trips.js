// Run by tools/browser_bench.py in the page after the engine is ready (page.evaluate: the
// file is one function expression, not a module): act requests posted straight to the site's
// engine worker, timed page to page. For each record (every seat human) whole games are played
// with random legal actions (seeded), the acting seat being the first seat to move, until that
// game has had `quota` actions and at least one game has ended: every stage of every game is
// in the sample.
async ({ records, quota }) => {
  const worker = window.__bench.worker;
  let counter = 0;
  const call = (request) => new Promise((resolve, reject) => {
    const id = `bench-${++counter}`;
    const timer = setTimeout(() => reject(new Error(`no answer to ${request.cmd}`)), 60000);
    const listen = (event) => {
      if (!event.data || event.data.id !== id) return;
      worker.removeEventListener('message', listen);
      clearTimeout(timer);
      resolve(event.data.answer);
    };
    worker.addEventListener('message', listen);
    worker.postMessage({ id, request });
  });
  const check = (answer) => {
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    return answer;
  };
  let seed = 12345;
  const random = () => {  // mulberry32
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // a random move: one of the discrete moves, or a random complete selection of a choice built
  // pick by pick with the engine's `compose`, as the page builds one (docs/table-layer.md)
  const composes = [];
  const pick = async (snap, seat) => {
    const moves = snap.moves || [];
    const choices = snap.choices || [];
    const k = Math.floor(random() * (moves.length + choices.length));
    if (k < moves.length) return [moves[k].a];
    const choice = choices[k - moves.length];
    let picks = [];
    for (;;) {
      const t0 = performance.now();
      const request = { cmd: 'compose', session: snap.session, seat, choice: choice.id, picks };
      const ans = check(await call(request));
      composes.push([snap.game, performance.now() - t0]);
      if (ans.complete && (!ans.next.length || random() < 0.5)) return ans.actions;
      if (!ans.next.length) return [moves[0].a];
      picks = [...picks, ans.next[Math.floor(random() * ans.next.length)]];
    }
  };
  const acts = [];
  const starts = [];
  for (const first of records) {
    let done = 0;
    let ended = 0;
    for (let k = 0; done < quota || ended === 0; k++) {
      const record = { ...first, seed: first.seed + k };
      let t0 = performance.now();
      let snap = check(await call({ cmd: 'start', record, seat: null }));
      starts.push([record.game, performance.now() - t0]);
      // as the page does: each seat's log is kept, and only the entries it lacks are asked for
      const logs = new Map();
      const kept = (answer, seat) => logs.set(seat, answer.log_start + answer.view.log.length);
      while (!snap.over) {
        const seat = snap.to_move[0];
        if (snap.view.seat !== seat) {
          const log_from = logs.get(seat) ?? 0;
          snap = check(await call({ cmd: 'view', session: snap.session, seat, log_from }));
          kept(snap, seat);
        }
        const actions = await pick(snap, seat);
        t0 = performance.now();
        const log_from = logs.get(seat) ?? 0;
        const request = { cmd: 'act', session: snap.session, seat, actions, log_from };
        const answer = check(await call(request));
        kept(answer, seat);
        const elapsed = performance.now() - t0;
        acts.push([record.game, elapsed, JSON.stringify(answer).length, answer.ply]);
        done += 1;
        snap = answer;
      }
      ended += 1;
      await call({ cmd: 'close', session: snap.session });
    }
  }
  return { acts, starts, composes };
}
