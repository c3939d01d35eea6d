// The host's referee of a seat on another device (web/net/referee.js): every refusal is answered
// in both languages and logged without asking the engine; what is forwarded is built from the
// allowed fields only; what goes back is the seat's only; a flood is refused cheaply and the
// referee answers again once the bucket refills; a token gives a seat back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Referee, LIMITS, ANSWER_FIELDS, newToken, tokenMatches, requestOf, answerFor,
} from '../../web/net/referee.js';

const SEAT = 1;
const BUILD = 'b3Xk9a';

/**
 * A game the referee cannot see into: seat 1 plays `ok1`, `ok2`... in turn; any other action is
 * illegal. Every answer carries what a guest must never get (the page's `save`, `keep`, `share`,
 * `record`, a `seed`, the session, an `undo`). Records every request it is asked.
 */
class FakeEngine {
  constructor() {
    this.requests = [];
    this.ply = 0;
  }

  secrets() {
    return { save: 'g=WHOLE-RECORD', keep: 3, share: 'g=SHARED', record: { seed: 7 }, seed: 7, session: 's1', can_undo: true, views: { 0: 'hand' } };
  }

  snapshot(seat) {
    return {
      ok: true, game: 'marie', players: 3, seats: [], to_move: [SEAT], over: false, ply: this.ply,
      view: { seat, hand: [1, 2], log: [] }, log_start: 0, moves: [{ a: `ok${this.ply + 1}` }], choices: [],
      unavailable: {}, result: null, secret_pending: false, hints: true, hints_used: [0, 0, 0], ...this.secrets(),
    };
  }

  act(req) {
    const wanted = `ok${this.ply + 1}`;
    const action = req.action ?? req.actions[0];
    if (action !== wanted) return { ok: false, error: { en: 'That move is not legal now.', ja: 'その手は今は指せません。' }, kind: 'IllegalAction' };
    this.ply += 1;
    return { ...this.snapshot(req.view_seat), applied: 1 };
  }

  async ask(req) {
    this.requests.push(req);
    if (req.cmd === 'view') return this.snapshot(req.seat);
    if (req.cmd === 'act') return this.act(req);
    if (req.cmd === 'compose') {
      return { ok: true, choice: req.choice, picks: req.picks, valid: true, complete: false, next: [3], actions: [], why: null, info: {}, warn: null, ...this.secrets() };
    }
    return { ok: true, thinking: false, basis: 'win', whole: true, moves: [{ a: 'ok1', win: 0.5 }], iterations: 10, progress: 1, hints_used: [0, 1, 0], ...this.secrets() };
  }
}

/** A referee for seat 1 with a fake engine and a fake clock (`clock.t`, ms). */
function setup({ token = 'T'.repeat(22), hints = true, limits = {} } = {}) {
  const engine = new FakeEngine();
  const clock = { t: 1000 };
  const sent = [];
  const logged = [];
  const seat = { token, hints };
  const referee = new Referee({
    seat: SEAT,
    session: () => 's1',
    ask: (req) => engine.ask(req),
    hintsAllowed: () => seat.hints,
    send: (m) => sent.push(m),
    log: (e) => logged.push(e),
    token: () => seat.token,
    claim: (t) => { seat.token = t; },
    build: BUILD,
    now: () => clock.t,
    limits,
  });
  return { referee, engine, clock, sent, logged, seat };
}

/** A referee whose guest joined with the right token. */
async function joined(options) {
  const s = setup(options);
  const ans = await s.referee.receive(JSON.stringify({ id: 0, cmd: 'hello', token: s.seat.token, build: BUILD }));
  assert.equal(ans.ok, true);
  s.sent.length = 0;
  s.logged.length = 0;
  return s;
}

const say = (referee, msg) => referee.receive(typeof msg === 'string' ? msg : JSON.stringify(msg));

/** Check a refusal: its kind, both languages, logged, and no request reached the engine. */
function refused(s, ans, kind, re = null) {
  assert.equal(ans.ok, false);
  assert.equal(ans.kind, kind);
  assert.equal(ans.re, re);
  assert.ok(ans.error.en.length > 10 && ans.error.ja.length > 5, JSON.stringify(ans.error));
  assert.deepEqual(Object.keys(ans).sort(), ['error', 'kind', 'ok', 're']);
  assert.equal(s.logged.at(-1).kind, kind);
  assert.equal(s.logged.at(-1).seat, SEAT);
  assert.deepEqual(s.engine.requests, []);
  assert.equal(s.engine.ply, 0);
}

test('a seat token: 16 random bytes as base64url, compared whole', () => {
  const a = newToken();
  const b = newToken();
  assert.match(a, /^[A-Za-z0-9_-]{22}$/);
  assert.ok(a !== b);
  assert.ok(tokenMatches(a, `${a}`));
  assert.ok(!tokenMatches(a, b));
  assert.ok(!tokenMatches(a, a.slice(0, 21)));
  assert.ok(!tokenMatches(`${a}x`, a));
  assert.ok(!tokenMatches('', a));
  assert.ok(!tokenMatches(null, a));
  assert.ok(!tokenMatches(a, undefined));
});

test('a free seat is taken by the first hello, which gets its token; then only that token joins', async () => {
  const s = setup({ token: null });
  const first = await say(s.referee, { id: 1, cmd: 'hello', token: null, build: BUILD });
  assert.deepEqual(Object.keys(first).sort(), ['ok', 're', 'seat', 'token']);
  assert.equal(first.seat, SEAT);
  assert.equal(s.seat.token, first.token);
  const again = setup({ token: first.token }); // a new connection: the guest came back
  const back = await say(again.referee, { id: 1, cmd: 'hello', token: first.token, build: BUILD });
  assert.deepEqual(back, { re: 1, ok: true, seat: SEAT });
  assert.equal(again.referee.bound, true);
});

test('a wrong token is refused, and the seat stays closed to that device', async () => {
  const s = setup();
  for (const token of ['U'.repeat(22), 'T'.repeat(21), null]) {
    refused(s, await say(s.referee, { id: 2, cmd: 'hello', token, build: BUILD }), 'BadToken', 2);
  }
  refused(s, await say(s.referee, { id: 3, cmd: 'hello', build: BUILD }), 'BadToken', 3);
  refused(s, await say(s.referee, { id: 4, cmd: 'view' }), 'NotAllowed', 4);
  assert.equal(s.seat.token, 'T'.repeat(22));
});

test('another build is told to update, before its token is looked at', async () => {
  const s = setup();
  const ans = await say(s.referee, { id: 5, cmd: 'hello', token: 'T'.repeat(22), build: 'old1' });
  refused(s, ans, 'OtherBuild', 5);
  assert.match(ans.error.en, /another version.*Reload the page on both devices/);
  assert.match(ans.error.ja, /再読み込み/);
  assert.equal(s.referee.bound, false);
  refused(s, await say(s.referee, { id: 6, cmd: 'hello', token: 'T'.repeat(22) }), 'BadMessage', 6);
});

test('before a good hello every request is refused', async () => {
  const s = setup();
  for (const cmd of ['view', 'act', 'compose', 'hint']) {
    const ans = await say(s.referee, { id: 7, cmd, ...(cmd === 'act' ? { action: 'ok1' } : cmd === 'compose' ? { choice: 'c' } : {}) });
    refused(s, ans, 'NotAllowed', 7);
    assert.match(ans.error.en, /Join the seat first/);
  }
  assert.equal(s.referee.changed(1), null); // nothing is pushed to a guest not joined
  assert.deepEqual(s.sent.filter((m) => m.push), []);
});

test('a message of 1 MB is refused before it is read, and one just over the limit in UTF-8', async () => {
  const s = await joined();
  const huge = JSON.stringify({ id: 8, cmd: 'act', action: 'x'.repeat(1 << 20) });
  const ans = await say(s.referee, huge);
  refused(s, ans, 'TooLarge', 8);
  assert.match(ans.error.en, /16384 bytes/);
  // 6,000 characters of three bytes each: 18,000 bytes, fewer characters than the limit
  refused(s, await say(s.referee, `{"id":9,"cmd":"view","x":"${'あ'.repeat(6000)}"}`), 'TooLarge', 9);
  // the same in ASCII is read (and refused for its unknown field, not its size)
  refused(s, await say(s.referee, `{"id":10,"cmd":"view","x":"${'a'.repeat(6000)}"}`), 'BadMessage', 10);
});

test('garbage is refused: not text, not JSON, not an object, no id, no cmd', async () => {
  const s = await joined();
  refused(s, await s.referee.receive(new Uint8Array([1, 2, 3])), 'BadMessage');
  for (const text of ['', 'hello', '{"id":1,', '[1,2]', 'null', '42', '"view"', '{"cmd":"view"}',
    '{"id":-1,"cmd":"view"}', '{"id":1.5,"cmd":"view"}', '{"id":"1","cmd":"view"}', '\u0000\uffff\ud800',
    '['.repeat(5000) + ']'.repeat(5000)]) {
    refused(s, await say(s.referee, text), 'BadMessage');
  }
  refused(s, await say(s.referee, { id: 11, cmd: 3 }), 'BadMessage', 11);
  refused(s, await say(s.referee, { id: 11 }), 'BadMessage', 11);
});

test('a message of the wrong shape is refused: unknown fields, fields of the wrong kind, missing ones', async () => {
  const s = await joined();
  const wrong = [
    { id: 12, cmd: 'view', session: 's2' },
    { id: 12, cmd: 'view', reveal: true },
    { id: 12, cmd: 'view', record: {} },
    { id: 12, cmd: 'view', link: 'g=abc' },
    { id: 12, cmd: 'view', log_from: -1 },
    { id: 12, cmd: 'view', log_from: '3' },
    { id: 12, cmd: 'act' },
    { id: 12, cmd: 'act', action: 'ok1', actions: ['ok1'] },
    { id: 12, cmd: 'act', action: 5 },
    { id: 12, cmd: 'act', action: 'x'.repeat(65) },
    { id: 12, cmd: 'act', actions: [] },
    { id: 12, cmd: 'act', actions: Array(65).fill('ok1') },
    { id: 12, cmd: 'act', actions: [['ok1']] },
    { id: 12, cmd: 'compose', picks: [1] },
    { id: 12, cmd: 'compose', choice: 'c', picks: [{ a: 1 }] },
    { id: 12, cmd: 'compose', choice: 'c', picks: 'abc' },
    { id: 12, cmd: 'hint', deep: true },
    { id: 12, cmd: 'hello', token: 5, build: BUILD },
    JSON.parse('{"id": 12, "cmd": "view", "__proto__": {"seat": 0}}'),
  ];
  for (const msg of wrong) refused(s, await say(s.referee, msg), 'BadMessage', 12);
});

test("another seat's request is refused as the wrong seat: its move, its view, the spectator's", async () => {
  const s = await joined();
  const wrong = [
    { id: 13, cmd: 'act', seat: 0, action: 'ok1' },
    { id: 13, cmd: 'act', action: 'ok1', view_seat: 2 },
    { id: 13, cmd: 'act', action: 'ok1', view_seat: null },
    { id: 13, cmd: 'view', seat: 2 },
    { id: 13, cmd: 'view', seat: null },
    { id: 13, cmd: 'view', view_seat: 0 },
    { id: 13, cmd: 'compose', seat: '1', choice: 'c' },
    { id: 13, cmd: 'hint', seat: 0 },
  ];
  for (const msg of wrong) refused(s, await say(s.referee, msg), 'WrongSeat', 13);
});

test('a command a guest may not give is refused: undo, bot, start, replay, the vault...', async () => {
  const s = await joined();
  for (const cmd of ['undo', 'bot', 'start', 'replay', 'log', 'close', 'deal', 'analyse', 'catalog', 'vault-export', '__proto__', 'constructor']) {
    const ans = await say(s.referee, { id: 14, cmd, session: 's1', seat: SEAT });
    refused(s, ans, 'NotAllowed', 14);
  }
});

test('a hint is refused while hints are off at the table, and asked when they are on', async () => {
  const s = await joined({ hints: false });
  const ans = await say(s.referee, { id: 15, cmd: 'hint' });
  refused(s, ans, 'NotAllowed', 15);
  assert.match(ans.error.en, /Hints are off/);
  s.seat.hints = true;
  const hint = await say(s.referee, { id: 16, cmd: 'hint', seat: SEAT });
  assert.equal(hint.ok, true);
  assert.deepEqual(s.engine.requests, [{ cmd: 'hint', session: 's1', seat: SEAT }]);
  assert.deepEqual(Object.keys(hint).sort(), ['re', ...ANSWER_FIELDS.hint].sort());
});

test('a request is built from the allowed fields only: the session and the seat are the referee\'s', async () => {
  const s = await joined();
  await say(s.referee, { id: 17, cmd: 'view', seat: SEAT, log_from: 4 });
  await say(s.referee, { id: 18, cmd: 'act', actions: ['ok1', 'ok2'], view_seat: SEAT });
  await say(s.referee, { id: 19, cmd: 'compose', choice: 'pay', picks: [3, 'bonus'] });
  assert.deepEqual(s.engine.requests, [
    { cmd: 'view', session: 's1', seat: SEAT, log_from: 4 },
    { cmd: 'act', session: 's1', seat: SEAT, actions: ['ok1', 'ok2'], view_seat: SEAT },
    { cmd: 'compose', session: 's1', seat: SEAT, choice: 'pay', picks: [3, 'bonus'] },
  ]);
  assert.deepEqual(requestOf({ id: 1, cmd: 'act', action: 'a', seat: SEAT }, SEAT, 's9'), { cmd: 'act', session: 's9', seat: SEAT, action: 'a', view_seat: SEAT });
});

test('what goes back is the seat\'s only: no save, keep, share, record, seed, session or undo', async () => {
  const s = await joined();
  const view = await say(s.referee, { id: 20, cmd: 'view' });
  const act = await say(s.referee, { id: 21, cmd: 'act', action: 'ok1' });
  const compose = await say(s.referee, { id: 22, cmd: 'compose', choice: 'c', picks: [] });
  for (const [ans, cmd, id] of [[view, 'view', 20], [act, 'act', 21], [compose, 'compose', 22]]) {
    assert.equal(ans.re, id);
    assert.equal(ans.ok, true);
    assert.deepEqual(Object.keys(ans).sort(), ['re', ...ANSWER_FIELDS[cmd]].sort());
    for (const key of ['save', 'keep', 'share', 'record', 'seed', 'session', 'can_undo', 'views']) assert.ok(!(key in ans), `${cmd}: ${key}`);
  }
  assert.equal(view.view.seat, SEAT);
  assert.equal(act.applied, 1);
  assert.deepEqual(s.sent, [view, act, compose]);
  assert.deepEqual(answerFor('view', { ok: false, error: { en: 'No.', ja: 'いいえ。', detail: 'x' }, kind: 'BadRequest', save: 'g=' }),
    { ok: false, error: { en: 'No.', ja: 'いいえ。' }, kind: 'BadRequest' });
});

test('an answer for another seat is never sent on', async () => {
  const s = await joined();
  const real = s.engine.snapshot.bind(s.engine);
  s.engine.snapshot = (seat) => real(seat === SEAT ? 0 : seat);
  const ans = await say(s.referee, { id: 23, cmd: 'view' });
  assert.equal(ans.kind, 'InternalError');
  assert.deepEqual(Object.keys(ans).sort(), ['error', 'kind', 'ok', 're']);
});

test('an illegal move passes through as the engine refused it, and the game is unchanged', async () => {
  const s = await joined();
  const ans = await say(s.referee, { id: 24, cmd: 'act', action: 'ok7' });
  assert.deepEqual(ans, { re: 24, ok: false, error: { en: 'That move is not legal now.', ja: 'その手は今は指せません。' }, kind: 'IllegalAction' });
  assert.equal(s.engine.ply, 0);
  assert.equal(s.engine.requests.length, 1);
  assert.equal(s.logged.at(-1).kind, 'IllegalAction');
  const legal = await say(s.referee, { id: 25, cmd: 'act', action: 'ok1' });
  assert.equal(legal.ok, true);
  assert.equal(s.engine.ply, 1);
});

test('1,000 messages in one second: mostly refused cheaply, then the referee answers again', async () => {
  const s = await joined();
  const answers = [];
  for (let i = 0; i < 1000; i += 1) {
    answers.push(await say(s.referee, i % 2 ? { id: 100 + i, cmd: 'act', action: 'nope' } : 'garbage'));
    s.clock.t += 1;
  }
  const limited = answers.filter((a) => a.kind === 'RateLimited');
  const through = 1000 - limited.length;
  assert.ok(through <= LIMITS.burst + LIMITS.rate + 1 && through >= LIMITS.burst, `${through} let through`);
  assert.equal(s.engine.ply, 0);
  assert.ok(s.engine.requests.length <= through);
  assert.ok(limited.every((a) => typeof a.re === 'number' || a.re === null));
  assert.ok(limited.some((a) => a.re === 901)); // the id is read off the head of the text, unparsed
  // a flood is logged as a count, at most once a second, not once a message
  const counts = s.logged.filter((e) => e.kind === 'RateLimited');
  assert.ok(counts.length <= 3, `${counts.length} log entries of the flood`);
  s.clock.t += 2000;
  const ans = await say(s.referee, { id: 5000, cmd: 'view' });
  assert.equal(ans.ok, true);
  assert.equal(ans.re, 5000);
  assert.match(s.logged.at(-1).detail, /^\d+ messages refused for the rate$/);
  const total = s.logged.filter((e) => e.kind === 'RateLimited').reduce((n, e) => n + Number(e.detail.split(' ')[0]), 0);
  assert.equal(total, limited.length);
});

test('a garbage flood is refused for the rate without being read', async () => {
  const s = await joined({ limits: { rate: 1, burst: 2 } });
  s.clock.t += 5000; // the bucket full again after the hello
  await say(s.referee, 'x');
  await say(s.referee, 'x');
  const ans = await say(s.referee, 'x');
  assert.equal(ans.kind, 'RateLimited'); // not BadMessage: it was never parsed
  assert.equal(s.logged.filter((e) => e.kind === 'BadMessage').length, 2);
});

test('a guest may have only a few requests in the engine\'s hands at once', async () => {
  const s = await joined();
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const ask = s.engine.ask.bind(s.engine);
  s.engine.ask = async (req) => { await gate; return ask(req); };
  const pending = [1, 2, 3, 4].map((id) => say(s.referee, { id, cmd: 'view' }));
  const fifth = await say(s.referee, { id: 5, cmd: 'view' });
  assert.equal(fifth.kind, 'RateLimited');
  assert.match(fifth.error.en, /still waiting/);
  release();
  assert.ok((await Promise.all(pending)).every((a) => a.ok));
  assert.equal((await say(s.referee, { id: 6, cmd: 'view' })).ok, true);
});

test('the engine failing or no game open: refused as unavailable, nothing sent once closed', async () => {
  const s = await joined();
  s.engine.ask = async () => { throw new Error('Cancelled'); };
  refused(s, await say(s.referee, { id: 30, cmd: 'view' }), 'Unavailable', 30);
  const none = setup();
  none.referee.options.session = () => null;
  await say(none.referee, { id: 0, cmd: 'hello', token: none.seat.token, build: BUILD });
  assert.equal((await say(none.referee, { id: 31, cmd: 'view' })).kind, 'Unavailable');
  s.referee.close();
  const before = s.sent.length;
  assert.equal(await say(s.referee, { id: 32, cmd: 'view' }), null);
  assert.equal(s.referee.changed(9), null);
  assert.equal(s.sent.length, before);
});

test('after a change the guest is told, and asks for its view', async () => {
  const s = await joined();
  await say(s.referee, { id: 40, cmd: 'act', action: 'ok1' });
  s.referee.changed(7);
  assert.deepEqual(s.sent.at(-1), { push: 'changed', rev: 7 });
  const view = await say(s.referee, { id: 41, cmd: 'view' });
  assert.equal(view.ply, 1);
});
