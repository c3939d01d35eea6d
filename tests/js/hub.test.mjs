// The host's hub of seats on other devices (web/net/hub.js) and a guest's link (web/net/guest.js),
// joined by fake data channels: a guest joins its seat and gets a token kept by the host; its
// moves reach the engine as its seat's, wake the host's table and are pushed to the other
// guests; a second device without the token cannot take a joined seat, one with it can; the
// seat controllers hand the table a fresh view at once when the game moved on, and wait for the
// next change otherwise; a lost connection answers what is waiting and is told to the table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Hub, deviceSeat, hubSource, moved } from '../../web/net/hub.js';
import { GuestLink, LOST } from '../../web/net/guest.js';

const BUILD = 'b1';
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Two ends of a data channel: what one sends, the other hears (in a later task).
 * @returns {any[]}
 */
function channelPair() {
  const make = () => ({ readyState: 'open', listeners: { message: [], close: [] }, sent: [], other: null });
  const a = make();
  const b = make();
  a.other = b;
  b.other = a;
  for (const end of [a, b]) {
    end.addEventListener = (kind, fn) => { (end.listeners[kind] ||= []).push(fn); };
    end.send = (text) => {
      end.sent.push(text);
      setTimeout(() => { if (end.other.readyState === 'open') for (const fn of end.other.listeners.message) fn({ data: text }); }, 0);
    };
    end.close = () => {
      for (const e of [end, end.other]) {
        if (e.readyState === 'closed') continue;
        e.readyState = 'closed';
        for (const fn of e.listeners.close) fn({});
      }
    };
  }
  return [a, b];
}

/** A game of three seats in turn: seat s plays `m<ply>` when it is its turn. */
class FakeEngine {
  constructor() {
    this.ply = 0;
    this.requests = [];
  }

  get toMove() {
    return [this.ply % 3];
  }

  snap(seat) {
    return { ok: true, game: 'marie', seats: [{}, {}, {}], ply: this.ply, over: false, to_move: this.toMove, view: { seat, log: [] }, session: 'S', save: 'secret' };
  }

  async ask(req) {
    this.requests.push(req);
    if (req.cmd === 'view') return this.snap(req.seat);
    if (req.cmd === 'act') {
      if (!this.toMove.includes(req.seat) || req.action !== `m${this.ply}`) return { ok: false, error: { en: 'no', ja: 'いいえ' }, kind: 'IllegalAction' };
      this.ply += 1;
      return this.snap(req.view_seat);
    }
    return { ok: false, error: { en: '?', ja: '?' }, kind: 'BadRequest' };
  }
}

/** A host with seats 1 and 2 on other devices; `join(seat)` connects a guest to an invite. */
function setup(tokens = {}) {
  const engine = new FakeEngine();
  const kept = [];
  const invites = [];
  const hub = new Hub({
    seats: [1, 2], ask: (r) => engine.ask(r), session: () => 'S', hintsAllowed: () => false, build: BUILD, tokens,
    keep: (k) => kept.push(k.tokens),
    invite: /** @type {any} */ (async () => {
      const [host, guest] = channelPair();
      let accepted = null;
      const opened = new Promise((resolve) => { accepted = () => resolve(host); });
      const invite = { code: `code${invites.length}`, opened, accept: async () => accepted(), close: () => host.close(), guest };
      invites.push(invite);
      return invite;
    }),
  });
  const join = async (seat, token = null) => {
    await hub.invite(seat);
    const invite = invites.at(-1);
    await hub.accept(seat, 'answer');
    await tick();
    const link = new GuestLink(invite.guest);
    const hello = await link.hello({ build: BUILD, token });
    await tick();
    return { link, hello, channel: invite.guest };
  };
  return { engine, hub, kept, join };
}

test('a guest joins its seat: the host gives it a token and keeps it; the seat is joined', async () => {
  const { hub, kept, join } = setup();
  assert.equal(hub.status(1), 'open');
  const { hello } = await join(1);
  assert.equal(hello.ok, true);
  assert.equal(hello.seat, 1);
  assert.match(hello.token, /^[A-Za-z0-9_-]{22}$/);
  assert.deepEqual(kept.at(-1), { 1: hello.token });
  assert.equal(hub.status(1), 'joined');
  assert.equal(hub.status(2), 'open');
  assert.equal(hub.allJoined(), false);
});

test("a guest's move reaches the engine as its seat's, wakes the table and is pushed to the other guest", async () => {
  const { engine, hub, join } = setup();
  const one = await join(1);
  const two = await join(2);
  engine.ply = 1; // seat 1 to move
  const since = hub.moves;
  const woken = hub.nextMove(since);
  const pushesBefore = two.link.pushes;
  const ans = await one.link.call({ cmd: 'act', session: 'forged', seat: 0, view_seat: 0, action: 'm1' });
  assert.equal(ans.ok, true);
  assert.equal(ans.view.seat, 1, 'the answer is the seat’s own view');
  assert.equal(ans.save, undefined, 'nothing of the host’s save goes to a guest');
  const act = engine.requests.find((r) => r.cmd === 'act');
  assert.deepEqual([act.seat, act.view_seat, act.session], [1, 1, 'S']);
  await woken;
  assert.equal(hub.moves, since + 1);
  await tick();
  assert.ok(two.link.pushes > pushesBefore, 'the other guest was told the game changed');
});

test('an illegal move of a guest changes nothing and wakes nobody', async () => {
  const { engine, hub, join } = setup();
  const one = await join(1);
  engine.ply = 1;
  const ans = await one.link.call({ cmd: 'act', action: 'm7' });
  assert.equal(ans.ok, false);
  assert.equal(ans.kind, 'IllegalAction');
  assert.equal(engine.ply, 1);
  assert.equal(hub.moves, 0);
});

test('a joined seat is not taken by a device without its token; its token takes it back', async () => {
  const { hub, join } = setup();
  const first = await join(1);
  const thief = await join(1, 'A'.repeat(22));
  assert.equal(thief.hello.ok, false);
  assert.equal(thief.hello.kind, 'BadToken');
  assert.equal(hub.status(1), 'joined', 'the first device still holds the seat');
  assert.equal(first.channel.readyState, 'open');
  const back = await join(1, first.hello.token);
  assert.equal(back.hello.ok, true);
  assert.equal(back.hello.token, undefined, 'no new token: the seat was held');
  assert.equal(first.channel.readyState, 'closed', 'the older connection is let go');
  assert.equal(hub.status(1), 'joined');
});

test('tokens kept from before a reload give the seats back to their devices only', async () => {
  const { hub, join } = setup({ 1: 'K'.repeat(22) });
  const fresh = await join(1, null);
  assert.equal(fresh.hello.kind, 'BadToken');
  assert.equal(hub.status(1), 'inviting');
  const back = await join(1, 'K'.repeat(22));
  assert.equal(back.hello.ok, true);
  assert.equal(hub.status(1), 'joined');
});

test('a guest whose connection closes leaves its seat waiting; the table hears of it', async () => {
  const { hub, join } = setup();
  const one = await join(1);
  let heard = 0;
  hub.onStatus(() => { heard += 1; });
  one.channel.close();
  assert.equal(hub.status(1), 'gone');
  assert.equal(heard, 1);
  assert.equal(one.link.lost, true);
});

test('pushes of one task are one push', async () => {
  const { hub, join } = setup();
  const one = await join(1);
  const before = one.link.pushes;
  hub.changed();
  hub.changed();
  hub.changed();
  await tick();
  await tick();
  assert.equal(one.link.pushes, before + 1);
});

test('the seat controller hands back a fresh view at once when the game moved on', async () => {
  const { engine, hub } = setup();
  const seat = deviceSeat(hubSource(hub));
  assert.equal(seat.kind, 'remote');
  const call = (r) => engine.ask(r);
  engine.ply = 2;
  const stale = { ply: 1, over: false, to_move: [1] };
  const ans = await seat.play({ seat: 1, viewer: null, session: 'S', snap: stale, call, alive: () => true });
  assert.equal(ans.ply, 2);
});

test('the seat controller waits for a guest move when the game has not moved', async () => {
  const { engine, hub, join } = setup();
  const one = await join(1);
  engine.ply = 1;
  const seat = deviceSeat(hubSource(hub));
  let done = null;
  const call = (r) => engine.ask(r);
  seat.play({ seat: 1, viewer: null, session: 'S', snap: engine.snap(null), call, alive: () => true }).then((a) => { done = a; });
  await tick();
  await tick();
  assert.equal(done, null, 'still waiting for seat 1');
  await one.link.call({ cmd: 'act', action: 'm1' });
  await tick();
  await tick();
  assert.equal(done?.ply, 2);
  assert.deepEqual(done.to_move, [2]);
});

test('moved() tells a new position or other seats to move', () => {
  const a = { ply: 3, over: false, to_move: [1, 2] };
  assert.equal(moved(a, { ...a }), false);
  assert.equal(moved(a, { ...a, ply: 4 }), true);
  assert.equal(moved(a, { ...a, to_move: [2] }), true);
  assert.equal(moved(a, { ...a, over: true }), true);
  assert.equal(moved(null, a), true);
});

test("a guest's link: requests carry only the seat's fields; close is answered here", async () => {
  const [mine, theirs] = channelPair();
  const link = new GuestLink(mine);
  const heard = [];
  theirs.addEventListener('message', ({ data }) => {
    const msg = JSON.parse(data);
    heard.push(msg);
    theirs.send(JSON.stringify({ re: msg.id, ok: true, echo: msg.cmd }));
  });
  const ans = await link.call({ cmd: 'compose', session: 'S', seat: 3, view_seat: 3, choice: 'pay', picks: [1, 'x'], reveal: true });
  assert.deepEqual(ans, { ok: true, echo: 'compose' });
  assert.deepEqual(heard[0], { id: 1, cmd: 'compose', choice: 'pay', picks: [1, 'x'] });
  assert.deepEqual(await link.call({ cmd: 'close', session: 'S' }), { ok: true });
  const undo = await link.call({ cmd: 'undo', seat: 3 });
  assert.equal(undo.ok, false);
  assert.equal(heard.length, 1, 'neither close nor undo was sent');
});

test("a guest's link answers LOST to what waits when the connection closes, and wakes its seats", async () => {
  const [mine] = channelPair();
  const link = new GuestLink(mine);
  let lost = 0;
  link.onLost.add(() => { lost += 1; });
  const waiting = link.call({ cmd: 'view' });
  const next = link.next(link.pushes);
  mine.close();
  assert.deepEqual(await waiting, { ok: false, error: LOST, kind: 'Lost' });
  await next;
  assert.equal(lost, 1);
  assert.equal((await link.call({ cmd: 'view' })).ok, false);
});

test("a guest's link answers LOST when the host does not answer in time", async () => {
  const [mine] = channelPair();
  const link = new GuestLink(mine, { answerMs: 5 });
  const ans = await link.call({ cmd: 'view' });
  assert.equal(ans.ok, false);
  assert.equal(ans.kind, 'Lost');
});

test('a closed hub wakes the controllers waiting and closes every connection', async () => {
  const { hub, join } = setup();
  const one = await join(1);
  const waiting = hub.nextMove(hub.moves);
  hub.close();
  await waiting;
  assert.equal(one.channel.readyState, 'closed');
});

test('a seat released to the host: its connection closes, the table stops waiting, the host keeps the rest', async () => {
  const kept = [];
  const { hub, join } = setup();
  hub.o.keep = (k) => kept.push(k);
  const one = await join(1);
  const waiting = hub.nextMove(hub.moves);
  hub.release(1);
  await waiting;
  assert.deepEqual(hub.seats, [2]);
  assert.equal(hub.status(1), null);
  assert.equal(one.channel.readyState, 'closed');
  assert.deepEqual(kept.at(-1), { seats: [2], tokens: {} });
});

test('a device refused its seat is let go, and the seat gets a new round of invites', async () => {
  const { hub, join } = setup();
  await join(1);
  assert.equal(hub.round(1), 0);
  const thief = await join(1, 'B'.repeat(22));
  assert.equal(thief.hello.kind, 'BadToken');
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.equal(thief.channel.readyState, 'closed');
  assert.equal(hub.round(1), 1);
  assert.equal(hub.status(1), 'joined');
});

test("a seat's invite stays the same until an answer is taken; an answer that never connects makes a new one", async () => {
  const { hub } = setup();
  hub.o.connectMs = 20;
  let made = 0;
  // an invite whose channel never opens (the answer taken was to another invite)
  hub.o.invite = /** @type {any} */ (async () => {
    made += 1;
    return { code: `lonely${made}`, opened: new Promise(() => {}), accept: async () => {}, close: () => {} };
  });
  const first = await hub.invite(1);
  assert.deepEqual(await hub.invite(1), first, 'shown again, the same invite');
  await hub.accept(1, 'stale-answer'); // the fake's channel opens only when told: it never does here
  await assert.rejects(hub.accept(1, 'again'), /answered already/);
  let heard = 0;
  hub.onStatus(() => { heard += 1; });
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(hub.failure(1), 'stale');
  assert.equal(hub.round(1), 1);
  assert.equal(heard, 1);
  const fresh = await hub.invite(1);
  assert.ok(fresh.code !== first.code, "a new invite");
});
