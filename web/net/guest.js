// A guest's side of its seat (issue 34): the open data channel to the host, as the engine the
// guest's table calls. The table sends the requests it would send its own engine (`view`, `act`,
// `compose`, `hint`); they go to the host's referee as the seat's messages (`{id, cmd, ...}`),
// and the answers come back by their `re`. The host's pushes ("changed") are counted: the seat
// controllers of the other seats (web/net/hub.js `deviceSeat`) wait for the next one.
//
//   const guest = new GuestLink(channel);
//   const hello = await guest.hello({ build, token });   // {ok, seat, token?}
//   const table = new Table({ engine: guest, ... });
//
// No DOM and no game rule; Node runs it (tests/js/guest.test.mjs).

/** The commands the table sends that the host answers; `close` is answered here. */
const SENT = new Set(['view', 'act', 'compose', 'hint']);
/** The fields of the table's requests that go to the host (the seat and session are the host's). */
const FIELDS = ['action', 'actions', 'log_from', 'choice', 'picks'];
/** How long an answer may take, in ms (a hint thinks for a second at most a slice). */
export const ANSWER_MS = 20000;

/** The refusal a request gets when the connection is gone or the host does not answer. */
export const LOST = Object.freeze({
  en: 'The connection to the host was lost.',
  ja: 'ホストとの接続が切れました。',
});

/**
 * @typedef {object} Channel what the guest needs of an RTCDataChannel
 * @property {string} readyState
 * @property {(text: string) => void} send
 * @property {(kind: string, fn: (ev: any) => void) => void} addEventListener
 */

export class GuestLink {
  /**
   * @param {Channel} channel an open channel
   * @param {{answerMs?: number}} [options]
   */
  constructor(channel, { answerMs = ANSWER_MS } = {}) {
    this.channel = channel;
    this.answerMs = answerMs;
    this.nextId = 1;
    /** @type {Map<number, (answer: any) => void>} */
    this.waiting = new Map();
    this.pushes = 0;
    /** @type {{since: number, resolve: () => void}[]} */
    this.waiters = [];
    this.lost = false;
    /** @type {Set<() => void>} */
    this.onLost = new Set();
    channel.addEventListener('message', ({ data }) => this.receive(data));
    channel.addEventListener('close', () => this.gone());
  }

  /** @param {unknown} data a message of the host */
  receive(data) {
    let msg;
    try {
      msg = JSON.parse(String(data));
    } catch (_) {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (msg.push === 'changed') {
      this.pushes += 1;
      this.wake();
      return;
    }
    const resolve = this.waiting.get(msg.re);
    if (!resolve) return;
    this.waiting.delete(msg.re);
    const answer = { ...msg };
    delete answer.re;
    resolve(answer);
  }

  /**
   * Send a message and resolve with its answer (a refusal `{ok: false, error}` when the
   * connection is gone or the host did not answer in time).
   * @param {Record<string, any>} message without its id
   */
  send(message) {
    if (this.lost || this.channel.readyState !== 'open') return Promise.resolve({ ok: false, error: LOST, kind: 'Lost' });
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ ok: false, error: LOST, kind: 'Lost' });
      }, this.answerMs);
      this.waiting.set(id, (answer) => { clearTimeout(timer); resolve(answer); });
      this.channel.send(JSON.stringify({ id, cmd: message.cmd, ...message }));
    });
  }

  /**
   * Join the seat: `token`, the seat's token from an earlier join (null on a first one).
   * @param {{build: string, token: string | null}} o
   */
  hello({ build, token }) {
    return this.send({ cmd: 'hello', build, token });
  }

  /**
   * The table's engine call: the seat's requests go to the host; `close` ends nothing there.
   * @param {Record<string, any>} request
   */
  call(request) {
    if (request.cmd === 'close') return Promise.resolve({ ok: true });
    if (!SENT.has(request.cmd)) {
      return Promise.resolve({ ok: false, error: { en: 'Not available on this device.', ja: 'この端末では使えません。' }, kind: 'NotAllowed' });
    }
    const message = { cmd: request.cmd };
    for (const key of FIELDS) if (key in request) message[key] = request[key];
    return this.send(message);
  }

  /** Resolve the waits for a push. */
  wake() {
    const ready = this.waiters.filter((w) => this.pushes > w.since || this.lost);
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }

  /**
   * Resolve once the host has pushed a change since the count `since` (or the link is lost).
   * @param {number} since
   * @returns {Promise<void>}
   */
  next(since) {
    if (this.pushes > since || this.lost) return Promise.resolve();
    return new Promise((resolve) => { this.waiters.push({ since, resolve }); });
  }

  /** The source of the other seats' controllers (web/net/hub.js `deviceSeat`). */
  source() {
    return { count: () => this.pushes, next: (since) => this.next(since) };
  }

  /** The channel closed: every request waiting is answered with LOST. */
  gone() {
    if (this.lost) return;
    this.lost = true;
    for (const resolve of this.waiting.values()) resolve({ ok: false, error: LOST, kind: 'Lost' });
    this.waiting.clear();
    this.wake();
    for (const fn of [...this.onLost]) fn();
  }
}
