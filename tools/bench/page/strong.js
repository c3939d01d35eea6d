// Run by tools/browser_bench.py in the page after the engine is ready (page.evaluate: one
// function expression): the strong bot's decisions (issue 7), as the table asks for them: `bot`
// requests for the strong seat, repeated while the answer says it is still thinking, timed page
// to page from the first slice to the answer with the action. Seat 0 is strong, the others
// normal; games are played (new seeds) until `quota` strong decisions.
async ({ records, quota }) => {
  const worker = window.__bench.worker;
  let counter = 0;
  const call = (request) => new Promise((resolve, reject) => {
    const id = `strong-${++counter}`;
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
  const decisions = [];
  for (const first of records) {
    let mine = 0;
    for (let k = 0; mine < quota; k++) {
      const record = { ...first, seed: first.seed + k, seats: first.seats.map((s) => ({ ...s })) };
      record.seats[0].level = 'strong';
      let snap = check(await call({ cmd: 'start', record, seat: null }));
      while (!snap.over && mine < quota) {
        const seat = snap.to_move[0];
        const t0 = performance.now();
        let slices = 0;
        do {
          snap = check(await call({ cmd: 'bot', session: snap.session, seat, view_seat: null }));
          slices += 1;
        } while (snap.thinking);
        if (seat === 0) {
          decisions.push([record.game, performance.now() - t0, slices]);
          mine += 1;
        }
      }
      await call({ cmd: 'close', session: snap.session });
    }
  }
  return decisions;
}
