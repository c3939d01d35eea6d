// The host's referee of a seat played from another device (issue 34): it reads each message a
// guest sends over the data channel, refuses what is not the seat's to ask, forwards the rest to
// the engine as that seat's request, and sends back only what is that seat's.
//
//   const referee = new Referee({ seat: 2, session: () => table.sid, ask: (r) => engine.call(r),
//     hintsAllowed: () => table.snap.hints, send: (m) => channel.send(JSON.stringify(m)),
//     log: (entry) => console.info(entry), token: () => tokens[2], claim: (t) => { tokens[2] = t; },
//     build: BUILD });
//   channel.onmessage = ({ data }) => referee.receive(data);
//   table.onChange((rev) => referee.changed(rev));   // after every change of the game
//
// One referee per connection: a guest that comes back (a new connection) gets a new referee, and
// its seat back by the seat's token. Contract: docs/protocol.md, "Seats on other devices: the
// guest's messages". No game rule here: the engine judges every move. Runs in the page and in
// Node (no DOM).

import { base64urlOf } from './handshake.js';

/**
 * What a guest may send and how often: `bytes`, the largest message (UTF-8, read before it is
 * parsed); `rate` messages a second on average and `burst` at once (a token bucket); `waiting`,
 * the requests of the guest the engine may have in hand at once.
 * @typedef {{bytes: number, rate: number, burst: number, waiting: number}} Limits
 * @type {Readonly<Limits>}
 */
export const LIMITS = Object.freeze({ bytes: 16384, rate: 20, burst: 40, waiting: 4 });
/** The most items of `actions` and `picks` (the engine's own limits), and of characters of a text field. */
export const MAX_ITEMS = 64;
export const MAX_TEXT = 64;
const TOKEN_BYTES = 16;
const ID_AHEAD = /^\{\s{0,4}"id"\s{0,4}:\s{0,4}(\d{1,15})\s{0,4}[,}]/;

/** The refusals' words, by what they answer. */
const WORDS = {
  BadMessage: { en: 'The host could not read this message.', ja: 'ホストはこのメッセージを読めませんでした。' },
  RateLimited: { en: 'Too many messages: wait a moment, then try again.', ja: 'メッセージが多すぎます。少し待ってからもう一度お試しください。' },
  waiting: { en: 'Too many requests are still waiting for the host: wait for their answers.', ja: 'ホストへの要求がまだ多く待っています。答えを待ってください。' },
  WrongSeat: { en: 'This device plays another seat: it may only ask about its own.', ja: 'この端末の席は別の席です。自分の席のことだけを尋ねられます。' },
  NotAllowed: {
    en: 'A seat on another device may only ask for its view, play, compose a move and ask for a hint.',
    ja: 'ほかの端末の席ができるのは、画面の取得、手を指すこと、手の組み立て、ヒントだけです。',
  },
  hello: { en: 'Join the seat first.', ja: '先に席に参加してください。' },
  hints: { en: 'Hints are off at this table.', ja: 'この卓ではヒントは使えません。' },
  BadToken: {
    en: 'This seat is held by another device: ask the host to free it, then scan again.',
    ja: 'この席はほかの端末が使っています。ホストに席を空けてもらってから、もう一度読み取ってください。',
  },
  Unavailable: { en: "The host's game is not ready: try again in a moment.", ja: 'ホストのゲームの準備ができていません。少ししてからもう一度お試しください。' },
  InternalError: { en: 'The host could not answer for this seat.', ja: 'ホストはこの席について答えられませんでした。' },
};

/** @param {number} bytes */
const tooLarge = (bytes) => ({
  en: `This message is too large: the host reads at most ${bytes} bytes.`,
  ja: `メッセージが大きすぎます。ホストが読むのは${bytes}バイトまでです。`,
});

/** @param {string} build */
const otherBuild = (build) => ({
  en: `This device runs another version of the game than the host (${build}). Reload the page on both devices to update them, then scan again.`,
  ja: `この端末のゲームはホスト（${build}）と別のバージョンです。両方の端末でページを再読み込みして更新し、もう一度読み取ってください。`,
});

// ------------------------------------------------------------------------------ seat tokens

/** A new secret seat token: 16 random bytes as base64url (22 characters). */
export function newToken() {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return base64urlOf(bytes);
}

/**
 * Whether two tokens are the same, in a time that depends on their lengths only (never on where
 * they first differ).
 * @param {unknown} a
 * @param {unknown} b
 */
export function tokenMatches(a, b) {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const n = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < n; i += 1) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

// ------------------------------------------------------------------------------ shapes

const isText = (v) => typeof v === 'string' && v.length <= MAX_TEXT;
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
const isPick = (v) => isText(v) || Number.isSafeInteger(v);
const listOf = (item) => (v) => Array.isArray(v) && v.length <= MAX_ITEMS && v.every(item);
const isActions = (v) => listOf(isText)(v) && v.length > 0;
const isToken = (v) => v === null || isText(v);

/**
 * The fields each command takes besides `id`, `cmd` (and `seat`, `view_seat`: the guest's own
 * seat only, dropped), with their check; `need`: the fields it must have (one of each inner list).
 */
const COMMANDS = {
  hello: { fields: { token: isToken, build: isText }, need: [['build']] },
  view: { fields: { log_from: isCount }, need: [] },
  act: { fields: { action: isText, actions: isActions, log_from: isCount }, need: [['action', 'actions']] },
  compose: { fields: { choice: isText, picks: listOf(isPick) }, need: [['choice']] },
  hint: { fields: {}, need: [] },
};
const SEAT_FIELDS = new Set(['seat', 'view_seat']);

/**
 * The fields of an engine answer a guest receives, by command (a refusal: answerFor). Left out:
 * the page's `save`, `keep`, `share`, `record`, any `seed`, the host's `session`, `can_undo`.
 */
const SNAPSHOT = ['ok', 'game', 'players', 'seats', 'to_move', 'over', 'ply', 'view', 'log_start',
  'moves', 'choices', 'unavailable', 'result', 'secret_pending', 'hints', 'hints_used'];
export const ANSWER_FIELDS = Object.freeze({
  view: Object.freeze(SNAPSHOT),
  act: Object.freeze([...SNAPSHOT, 'applied']),
  compose: Object.freeze(['ok', 'choice', 'picks', 'valid', 'complete', 'next', 'actions', 'why', 'info', 'warn']),
  hint: Object.freeze(['ok', 'thinking', 'basis', 'whole', 'moves', 'iterations', 'progress', 'hints_used']),
});

/**
 * A refusal before the engine: its `kind`, the message's id when known, its words (default:
 * WORDS[kind]) and what the log says of it; `flood`: refused for the rate (logged as a count).
 * @typedef {{kind: string, re: number | null, words?: {en: string, ja: string}, detail?: string, cmd?: string, flood?: boolean}} Refusal
 */

/**
 * @param {string} kind
 * @param {number | null} re
 * @param {string} detail
 * @param {{en: string, ja: string}} [words]
 * @returns {Refusal}
 */
const refusal = (kind, re, detail, words) => ({ kind, re, detail, words });

/** A value guest-written, short enough for the log. @param {unknown} value */
const shown = (value) => String(JSON.stringify(value)).slice(0, MAX_TEXT);

/** The id at the head of a message not parsed (`{"id": 12, ...`), or null. @param {string} text */
function idAhead(text) {
  const m = ID_AHEAD.exec(text.slice(0, 40));
  return m ? Number(m[1]) : null;
}

/**
 * Whether the UTF-8 of `text` is longer than `max` bytes, without encoding more than `max` bytes.
 * @param {string} text
 * @param {number} max
 * @param {Uint8Array} room `max` bytes to encode into
 */
function overBytes(text, max, room) {
  if (text.length > max) return true; // every UTF-16 unit is one byte of UTF-8 or more
  if (text.length * 3 <= max) return false; // and three at most
  return new TextEncoder().encodeInto(text, room).read < text.length;
}

/**
 * The message as an object with an id and a command, or why not.
 * @param {string} text
 * @returns {{msg: Record<string, any>} | {refused: Refusal}}
 */
function parse(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (_) {
    return { refused: refusal('BadMessage', null, 'not JSON') };
  }
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return { refused: refusal('BadMessage', null, 'not an object') };
  if (!isCount(msg.id)) return { refused: refusal('BadMessage', null, 'no id (a whole number from 0)') };
  if (typeof msg.cmd !== 'string') return { refused: refusal('BadMessage', msg.id, 'no cmd') };
  if (!Object.hasOwn(COMMANDS, msg.cmd)) {
    return { refused: refusal('NotAllowed', msg.id, `cmd ${shown(msg.cmd)}`) };
  }
  return { msg };
}

/**
 * Why a parsed message does not have the shape of its command (null: it has), for seat `seat`.
 * @param {Record<string, any>} msg
 * @param {number} seat
 * @returns {Refusal | null}
 */
function misshapen(msg, seat) {
  const { fields, need } = COMMANDS[msg.cmd];
  for (const key of Object.keys(msg)) {
    if (key === 'id' || key === 'cmd') continue;
    const field = shown(key);
    if (SEAT_FIELDS.has(key)) {
      if (msg[key] !== seat) return refusal('WrongSeat', msg.id, `${key} ${shown(msg[key])}`);
    } else if (!Object.hasOwn(fields, key)) {
      return refusal('BadMessage', msg.id, `field ${field} not taken by ${msg.cmd}`);
    } else if (!fields[key](msg[key])) {
      return refusal('BadMessage', msg.id, `field ${field} of the wrong kind or too long`);
    }
  }
  const missing = need.find((one) => one.filter((key) => Object.hasOwn(msg, key)).length !== 1);
  return missing ? refusal('BadMessage', msg.id, `${msg.cmd} needs one of ${missing.join(', ')}`) : null;
}

/**
 * The engine request of a well-formed message of seat `seat` (view, act, compose or hint: a
 * `hello` goes to no engine): only the fields its command takes,
 * `session` and `seat` written here (and `view_seat`: the seat's own view after a move).
 * @param {Record<string, any>} msg
 * @param {number} seat
 * @param {string} session
 */
export function requestOf(msg, seat, session) {
  const request = { cmd: msg.cmd, session, seat };
  for (const key of Object.keys(COMMANDS[msg.cmd].fields)) {
    if (Object.hasOwn(msg, key)) request[key] = msg[key];
  }
  if (msg.cmd === 'act') request.view_seat = seat;
  return request;
}

/**
 * What a guest receives of an engine answer to `cmd`: its fields in ANSWER_FIELDS, or a refusal's
 * `{ok: false, error: {en, ja}, kind}`.
 * @param {string} cmd
 * @param {Record<string, any>} answer
 */
export function answerFor(cmd, answer) {
  if (answer.ok !== true) {
    const error = answer.error || {};
    return { ok: false, error: { en: String(error.en ?? ''), ja: String(error.ja ?? '') }, kind: String(answer.kind ?? 'BadRequest') };
  }
  const out = {};
  for (const key of ANSWER_FIELDS[cmd]) if (Object.hasOwn(answer, key)) out[key] = answer[key];
  return out;
}

// ------------------------------------------------------------------------------ the referee

/**
 * @typedef {object} RefereeOptions
 * @property {number} seat the seat this connection plays
 * @property {string | (() => string | null)} session the engine's session of the game (null: none open)
 * @property {(request: Record<string, any>) => Promise<any>} ask the engine's call
 * @property {() => boolean} hintsAllowed whether the table answers `hint`
 * @property {(message: Record<string, any>) => void} send to the guest
 * @property {(entry: Record<string, any>) => void} log every refusal (`{at, seat, kind, re, cmd,
 *   detail}`; those for the rate as a count, at most once a second)
 * @property {string | null | (() => string | null)} token the seat's token (null: no device holds
 *   the seat yet; the first good hello takes it)
 * @property {(token: string) => void} [claim] keeps the token a first hello was given
 * @property {string} build the host's build tag; a guest of another build is refused
 * @property {() => number} [now] a clock in ms
 * @property {Partial<Limits>} [limits]
 */

/** A value, or what a function of none gives. */
const valueOf = (v) => (typeof v === 'function' ? v() : v);

export class Referee {
  /** @param {RefereeOptions} options */
  constructor(options) {
    this.options = options;
    this.seat = options.seat;
    this.now = options.now || (() => Date.now());
    this.limits = { ...LIMITS, ...options.limits };
    this.room = new Uint8Array(this.limits.bytes);
    this.tokens = this.limits.burst;
    this.filled = this.now();
    this.flood = 0; // messages refused for the rate, not logged yet
    this.floodLogged = -Infinity; // when they were last logged
    this.waiting = 0; // requests in the engine's hands
    this.bound = false; // a good hello was received
    this.closed = false;
  }

  /** Whether the bucket holds a message's token now (and takes it). */
  take() {
    const now = this.now();
    const { rate, burst } = this.limits;
    this.tokens = Math.min(burst, this.tokens + (Math.max(0, now - this.filled) * rate) / 1000);
    this.filled = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /**
   * The checks made before a message is parsed: rate (every message takes a token, whatever it
   * holds), text, size. Null: it may be read.
   * @param {unknown} text
   * @returns {Refusal | null}
   */
  screen(text) {
    const str = typeof text === 'string';
    if (!this.take()) return { ...refusal('RateLimited', str ? idAhead(text) : null, 'over the rate'), flood: true };
    this.floodLog(false);
    if (!str) return refusal('BadMessage', null, 'not text');
    const { bytes } = this.limits;
    if (overBytes(text, bytes, this.room)) {
      return refusal('TooLarge', idAhead(text), `${text.length} characters`, tooLarge(bytes));
    }
    return null;
  }

  /**
   * Log how many messages were refused for the rate since the last such entry: at most once a
   * second (`force`: now, the connection being closed), so that a flood fills no log.
   * @param {boolean} force
   */
  floodLog(force) {
    const now = this.now();
    if (this.flood === 0 || (!force && now - this.floodLogged < 1000)) return;
    this.log({ kind: 'RateLimited', re: null, detail: `${this.flood} messages refused for the rate` });
    this.flood = 0;
    this.floodLogged = now;
  }

  /**
   * A guest's message, as the data channel gave it. Resolves with what was sent back.
   * @param {unknown} text
   */
  async receive(text) {
    const early = this.screen(text);
    if (early) return this.refuse(early);
    const read = parse(/** @type {string} */ (text));
    if ('refused' in read) return this.refuse(read.refused);
    const wrong = misshapen(read.msg, this.seat);
    if (wrong) return this.refuse({ ...wrong, cmd: read.msg.cmd });
    return this.handle(read.msg);
  }

  /**
   * A well-formed message: hello, or a request of the seat once joined.
   * @param {Record<string, any>} msg
   */
  async handle(msg) {
    const { id, cmd } = msg;
    if (cmd === 'hello') return this.hello(msg);
    if (!this.bound) return this.refuse({ ...refusal('NotAllowed', id, 'before hello', WORDS.hello), cmd });
    if (cmd === 'hint' && !this.options.hintsAllowed()) {
      return this.refuse({ ...refusal('NotAllowed', id, 'hints off', WORDS.hints), cmd });
    }
    if (this.waiting >= this.limits.waiting) {
      return this.refuse({ ...refusal('RateLimited', id, `${this.waiting} requests waiting`, WORDS.waiting), cmd });
    }
    const session = valueOf(this.options.session);
    if (typeof session !== 'string') return this.refuse({ ...refusal('Unavailable', id, 'no session'), cmd });
    return this.forward(msg, requestOf(msg, this.seat, session));
  }

  /**
   * Ask the engine and send back what is the seat's of its answer.
   * @param {Record<string, any>} msg
   * @param {Record<string, any>} request
   */
  async forward(msg, request) {
    const { id, cmd } = msg;
    let answer;
    this.waiting += 1;
    try {
      answer = await this.options.ask(request);
    } catch (error) {
      return this.refuse({ ...refusal('Unavailable', id, `the engine failed: ${error?.message ?? error}`), cmd });
    } finally {
      this.waiting -= 1;
    }
    if (!answer || typeof answer !== 'object') return this.refuse({ ...refusal('Unavailable', id, 'no answer'), cmd });
    if (answer.ok === true && answer.view && answer.view.seat !== this.seat) {
      return this.refuse({ ...refusal('InternalError', id, `an answer for seat ${answer.view.seat}`), cmd });
    }
    const out = answerFor(cmd, answer);
    if (!out.ok) this.log({ kind: out.kind, re: id, cmd, detail: `the engine refused: ${out.error.en}` });
    return this.deliver({ re: id, ...out });
  }

  /**
   * `{id, cmd: 'hello', token, build}`: the guest joins its seat. Another build is refused first;
   * then a seat no device holds yet is taken (the answer carries its new token), and a seat
   * held is given back to the token that holds it.
   * @param {Record<string, any>} msg
   */
  hello(msg) {
    const { id } = msg;
    const { build, claim } = this.options;
    if (msg.build !== build) {
      return this.refuse({ ...refusal('OtherBuild', id, `build ${shown(msg.build)}`, otherBuild(build)), cmd: 'hello' });
    }
    const held = valueOf(this.options.token);
    if (typeof held !== 'string') {
      const token = newToken();
      claim?.(token);
      this.bound = true;
      return this.deliver({ re: id, ok: true, seat: this.seat, token });
    }
    if (!tokenMatches(msg.token, held)) return this.refuse({ ...refusal('BadToken', id, 'wrong token'), cmd: 'hello' });
    this.bound = true;
    return this.deliver({ re: id, ok: true, seat: this.seat });
  }

  /**
   * Answer a refusal and log it (those for the rate as a count, at most once a second).
   * @param {Refusal} r
   */
  refuse(r) {
    if (r.flood) {
      this.flood += 1;
      this.floodLog(false);
    } else {
      this.log({ kind: r.kind, re: r.re, cmd: r.cmd, detail: r.detail });
    }
    return this.deliver({ re: r.re, ok: false, error: r.words || WORDS[r.kind], kind: r.kind });
  }

  /** @param {Record<string, any>} entry */
  log(entry) {
    this.options.log({ at: this.now(), seat: this.seat, ...entry });
  }

  /**
   * Send a message to the guest (nothing once the connection is closed).
   * @param {Record<string, any>} message
   */
  deliver(message) {
    if (this.closed) return null;
    this.options.send(message);
    return message;
  }

  /**
   * Tell the guest the game changed (after every change): it then asks for its view. Nothing is
   * pushed to a guest that has not joined.
   * @param {number} rev the table's revision
   */
  changed(rev) {
    if (!this.bound) return null;
    return this.deliver({ push: 'changed', rev });
  }

  /** The connection is gone: nothing more is sent, not even the answers still awaited. */
  close() {
    this.closed = true;
    this.floodLog(true);
  }
}
