// The host's seats on other devices (issue 34): for each such seat, its invite, its connection
// and the referee bound to it (web/net/referee.js), its secret token, and whether a device holds
// it now. The table asks the hub who plays those seats (`controller`), tells it after every
// change of the game (`changed`: each guest is pushed "changed" and asks for its view), and
// draws the seats' states (`status`, `onStatus`).
//
//   const hub = new Hub({ seats: [1, 2], ask: (r) => engine.call(r), session: () => table.sid,
//     hintsAllowed: () => table.snap.hints, build, tokens, keepTokens: (t) => store(t) });
//   const { code } = await hub.invite(1);   // into the QR code / the link to copy
//   await hub.accept(1, answerCode);        // the guest's answer: the channel opens, it joins
//
// No DOM and no game rule: the engine judges every move; Node runs it (tests/js/hub.test.mjs)
// with a fake connection.

import { Referee } from './referee.js';
import { openInvite } from './link.js';

/**
 * A seat's state: `open` (no device has joined it yet), `inviting` (an invite is out),
 * `joined` (a device plays it now) or `gone` (its device left: the guest may rejoin with its
 * token, or the host hands the seat over).
 * @typedef {'open' | 'inviting' | 'joined' | 'gone'} SeatState
 */

/**
 * @typedef {object} HubOptions
 * @property {number[]} seats the seats played from other devices
 * @property {(request: Record<string, any>) => Promise<any>} ask the engine's call
 * @property {() => string | null} session the table's engine session
 * @property {() => boolean} hintsAllowed
 * @property {string} build the site's build tag
 * @property {Record<string, string>} [tokens] the seats' tokens kept from before (a reload)
 * @property {(kept: {seats: number[], tokens: Record<string, string>}) => void} [keep] what the
 *   host keeps with the game changed (a seat's token was given out, a seat was handed over)
 * @property {(entry: Record<string, any>) => void} [log] the referees' refusals
 * @property {number} [connectMs] how long an answer taken may take to connect (CONNECT_MS)
 * @property {typeof openInvite} [invite] makes an invite (the tests' fake)
 */

/**
 * @typedef {object} SeatLink
 * @property {SeatState} state
 * @property {string | null} token
 * @property {any} invite the invite out (openInvite's), until its channel opens
 * @property {Referee | null} referee the connection that holds the seat
 * @property {RTCDataChannel | null} channel
 * @property {Referee | null} pending a connection open but not joined yet (no good hello)
 * @property {number} round how many invites of the seat were used up without joining it (the
 *   page shows a new invite for each)
 * @property {string | null} failed why the last answer taken did not connect (`stale`: it did
 *   not connect in time, most likely the answer to an older invite), until the next one
 */

/** How long an answer taken may take to connect (ms): longer, it answered another invite. */
export const CONNECT_MS = 12000;

/** The refusals of a hello after which the host closes the connection. */
const SENT_AWAY = new Set(['BadToken', 'OtherBuild']);
const CLOSE_AFTER_MS = 500; // time for the refusal to reach the guest

export class Hub {
  /** @param {HubOptions} o */
  constructor(o) {
    this.o = o;
    /** @type {Map<number, SeatLink>} */
    this.links = new Map(o.seats.map((s) => [s, {
      state: 'open', token: o.tokens?.[s] ?? null, invite: null, referee: null, channel: null, pending: null, round: 0, failed: null,
    }]));
    this.moves = 0; // the guests' moves so far
    this.rev = 0; // the game's changes pushed so far
    /** @type {{since: number, resolve: () => void}[]} */
    this.waiters = [];
    /** @type {Set<() => void>} */
    this.listeners = new Set();
    this.pushDue = false;
    this.closed = false;
  }

  /** The seats played from other devices. */
  get seats() {
    return [...this.links.keys()];
  }

  /** @param {number} seat */
  status(seat) {
    return this.links.get(seat)?.state ?? null;
  }

  /** How many of `seat`'s invites were used up without joining it. @param {number} seat */
  round(seat) {
    return this.links.get(seat)?.round ?? 0;
  }

  /** Whether every seat is held by its device. */
  allJoined() {
    return [...this.links.values()].every((l) => l.state === 'joined');
  }

  /** @param {() => void} fn called when a seat's state changes; returns the function that stops it */
  onStatus(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** @param {number} seat @param {SeatState} state */
  setState(seat, state) {
    const link = this.links.get(seat);
    if (!link || link.state === state) return;
    link.state = state;
    for (const fn of [...this.listeners]) fn();
  }

  /**
   * The invite of `seat`: the one out, while no answer was taken for it (its link stays the
   * same however often it is shown), else a new one. Resolves with its code.
   * @param {number} seat
   */
  async invite(seat) {
    const link = this.links.get(seat);
    if (!link || this.closed) throw new Error(`seat ${seat} is not played from another device`);
    if (link.invite && !link.invite.answered) return { code: link.invite.code };
    link.invite?.close();
    const invite = await (this.o.invite || openInvite)({ build: this.o.build });
    if (this.closed) {
      invite.close();
      throw new Error('the table is closed');
    }
    link.invite = invite;
    if (link.state !== 'joined') this.setState(seat, 'inviting');
    invite.opened.then((channel) => this.bind(seat, invite, channel), () => {});
    return { code: invite.code };
  }

  /**
   * The guest's answer to `seat`'s invite; rejects with the handshake's error (a code of
   * another kind or build, a malformed one). The seat is joined once the guest says hello.
   * @param {number} seat
   * @param {string} code
   */
  async accept(seat, code) {
    const link = this.links.get(seat);
    const invite = link?.invite;
    if (!link || !invite) throw new Error(`no invite is out for seat ${seat}`);
    if (invite.answered) throw Object.assign(new Error('this invite was answered already'), { code: 'answered' });
    await invite.accept(code);
    invite.answered = true;
    link.failed = null;
    setTimeout(() => this.expire(seat, invite), this.o.connectMs ?? CONNECT_MS);
  }

  /**
   * An answer taken that has not connected in time: most likely the answer to an older invite
   * (or the devices cannot reach each other). The invite is dropped and the seat gets a new one.
   * @param {number} seat
   * @param {any} invite
   */
  expire(seat, invite) {
    const link = this.links.get(seat);
    if (!link || link.invite !== invite || this.closed) return;
    invite.close();
    link.invite = null;
    link.failed = 'stale';
    link.round += 1;
    for (const fn of [...this.listeners]) fn();
  }

  /** Why the last answer taken for `seat` did not connect (null: nothing failed). @param {number} seat */
  failure(seat) {
    return this.links.get(seat)?.failed ?? null;
  }

  /**
   * The invite's channel opened: a referee reads it. The connection holds the seat once its
   * hello is answered (a device that held it before is then let go).
   * @param {number} seat
   * @param {any} invite
   * @param {RTCDataChannel} channel
   */
  bind(seat, invite, channel) {
    const link = /** @type {SeatLink} */ (this.links.get(seat));
    if (this.closed || link.invite !== invite) {
      invite.close();
      return;
    }
    link.invite = null;
    const referee = this.refereeOf(seat, link, channel);
    link.pending = referee;
    channel.addEventListener('message', async ({ data }) => {
      await referee.receive(data);
      if (referee.bound && !referee.closed && link.referee !== referee) this.joined(seat, link, referee, channel);
    });
    channel.addEventListener('close', () => this.left(seat, referee));
    this.watchConnection(seat, invite.pc, referee);
  }

  /**
   * A connection that stops answering (a phone asleep, a page gone without closing it) is seen
   * by its ICE state long before its channel closes: the seat is said to be gone meanwhile, and
   * joined again if the connection comes back.
   * @param {number} seat
   * @param {RTCPeerConnection | undefined} pc
   * @param {Referee} referee
   */
  watchConnection(seat, pc, referee) {
    pc?.addEventListener('connectionstatechange', () => {
      const link = /** @type {SeatLink} */ (this.links.get(seat));
      if (!link || link.referee !== referee || this.closed) return;
      const state = pc.connectionState;
      if (state === 'failed' || state === 'closed') this.left(seat, referee);
      else if (state === 'disconnected') this.setState(seat, 'gone');
      else if (state === 'connected') this.setState(seat, 'joined');
    });
  }

  /**
   * A connection said hello with the seat's token: it holds the seat now.
   * @param {number} seat
   * @param {SeatLink} link
   * @param {Referee} referee
   * @param {RTCDataChannel} channel
   */
  joined(seat, link, referee, channel) {
    this.drop(link);
    link.pending = null;
    link.referee = referee;
    link.channel = channel;
    this.setState(seat, 'joined');
  }

  /**
   * The referee of a connection to `seat`.
   * @param {number} seat
   * @param {SeatLink} link
   * @param {RTCDataChannel} channel
   */
  refereeOf(seat, link, channel) {
    const { o } = this;
    return new Referee({
      seat,
      session: o.session,
      ask: (request) => this.ask(request),
      hintsAllowed: o.hintsAllowed,
      send: (message) => {
        if (channel.readyState !== 'open') return;
        channel.send(JSON.stringify(message));
        // a device refused its seat has nothing more to ask: the invite it used is made anew
        if (message.ok === false && SENT_AWAY.has(message.kind)) setTimeout(() => channel.close(), CLOSE_AFTER_MS);
      },
      log: o.log || (() => {}),
      token: () => link.token,
      claim: (token) => {
        link.token = token;
        this.keep();
      },
      build: o.build,
    });
  }

  /** Tell the host what to keep with the game: the seats on other devices and their tokens. */
  keep() {
    this.o.keep?.({ seats: this.seats, tokens: this.tokens() });
  }

  /**
   * `seat` is no longer played from another device (the host hands it to someone at the host):
   * its invite and connection are closed, its token forgotten, and the table's wait for it ends.
   * @param {number} seat
   */
  release(seat) {
    const link = this.links.get(seat);
    if (!link) return;
    link.invite?.close();
    this.drop(link);
    this.links.delete(seat);
    this.keep();
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w.resolve();
    for (const fn of [...this.listeners]) fn();
  }

  /** The seats' tokens given out, by seat. */
  tokens() {
    return Object.fromEntries([...this.links].filter(([, l]) => l.token).map(([s, l]) => [String(s), /** @type {string} */ (l.token)]));
  }

  /**
   * A guest's request, on its way to the engine: a move played is told to the table and to
   * the other guests.
   * @param {Record<string, any>} request
   */
  async ask(request) {
    const answer = await this.o.ask(request);
    if (request.cmd === 'act' && answer?.ok === true) {
      this.moves += 1;
      this.wake();
      this.changed();
    }
    return answer;
  }

  /** Resolve the waits for a guest's move. */
  wake() {
    const ready = this.waiters.filter((w) => this.moves > w.since);
    this.waiters = this.waiters.filter((w) => this.moves <= w.since);
    for (const w of ready) w.resolve();
  }

  /**
   * Resolve once a guest has moved since the count `since` (at once if one has), or the hub is
   * closed.
   * @param {number} since
   * @returns {Promise<void>}
   */
  nextMove(since) {
    if (this.moves > since || this.closed) return Promise.resolve();
    return new Promise((resolve) => { this.waiters.push({ since, resolve }); });
  }

  /** The game changed: each joined guest is told (once for the changes of one task). */
  changed() {
    if (this.pushDue || this.closed) return;
    this.pushDue = true;
    queueMicrotask(() => {
      this.pushDue = false;
      this.rev += 1;
      for (const link of this.links.values()) link.referee?.changed(this.rev);
    });
  }

  /**
   * The connection of `seat` closed: the seat waits for its device to come back (unless a
   * newer connection holds it already).
   * @param {number} seat
   * @param {Referee} referee
   */
  left(seat, referee) {
    referee.close();
    const link = this.links.get(seat);
    if (link && link.pending === referee) {
      link.pending = null;
      link.round += 1;
      for (const fn of [...this.listeners]) fn();
      return;
    }
    if (!link || link.referee !== referee) return;
    link.referee = null;
    link.channel = null;
    if (!this.closed) this.setState(seat, 'gone');
  }

  /** Let go of a seat's connection. @param {SeatLink} link */
  drop(link) {
    link.referee?.close();
    link.referee = null;
    try {
      link.channel?.close();
    } catch (_) { /* already closed */ }
    link.channel = null;
  }

  /** The table is gone: every connection and invite is closed. */
  close() {
    this.closed = true;
    for (const link of this.links.values()) {
      link.invite?.close();
      link.invite = null;
      this.drop(link);
    }
    this.moves += 1;
    this.wake();
    this.listeners.clear();
  }
}

/**
 * The controller of a seat played from another device (ui/seats.js), on either side: it waits
 * until the game moves on, then hands the table a fresh view. `source` counts the changes and
 * waits for the next (the host's hub: the guests' moves; a guest's link: the host's pushes).
 * @param {{count: () => number, next: (since: number) => Promise<void>}} source
 * @returns {import('../ui/seats.js').SeatController}
 */
export function deviceSeat(source) {
  return {
    kind: 'remote',
    name: 'device',
    async play(turn) {
      const view = () => turn.call({ cmd: 'view', session: turn.session, seat: turn.viewer });
      const since = source.count();
      const fresh = await view();
      if (!fresh || !turn.alive() || moved(turn.snap, fresh)) return fresh;
      await source.next(since);
      return turn.alive() ? view() : null;
    },
  };
}

/**
 * Whether the game moved on between two snapshots (another position, or other seats to move).
 * @param {any} before
 * @param {any} after
 */
export function moved(before, after) {
  if (!before) return true;
  return before.ply !== after.ply || before.over !== after.over || String(before.to_move) !== String(after.to_move);
}

/**
 * The hub as the source of its seats' controllers.
 * @param {Hub} hub
 */
export function hubSource(hub) {
  return { count: () => hub.moves, next: (since) => hub.nextMove(since) };
}
