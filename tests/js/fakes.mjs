// Fakes for the turn loop's tests: a tiny game engine that answers the table's requests, a clock
// for pacing, a person on another device, and a table that carries out the loop's steps the way
// ui/play.js `Table` does, without a page.

import { run } from '../../web/ui/turns.js';

/**
 * A game of phases: each phase names the seats that must act in it (several at once: a
 * simultaneous phase, as Marie's votes or BAG-GAI's prices); it ends once they all have. Any
 * action is legal for a seat to move; the last action can be taken back by its seat.
 */
export class FakeEngine {
  /**
   * @param {number[][]} phases
   * @param {{thinking?: number, thinkMs?: number, clock?: FakeClock}} [o] slices a bot thinks in,
   *   and the time each slice takes on the clock
   */
  constructor(phases, o = {}) {
    this.phases = phases;
    /** @type {{seat: number, action: string}[]} */
    this.history = [];
    this.thinking = o.thinking ?? 0;
    this.thinkMs = o.thinkMs ?? 0;
    this.clock = o.clock ?? null;
    this.slices = 0;
    /** @type {Record<string, any>[]} */
    this.requests = [];
  }

  /** The phase reached and who has acted in it. */
  state() {
    let phase = 0;
    let acted = new Set();
    for (const { seat } of this.history) {
      acted.add(seat);
      if (this.phases[phase].every((s) => acted.has(s))) {
        phase += 1;
        acted = new Set();
      }
    }
    return { phase, acted };
  }

  toMove() {
    const { phase, acted } = this.state();
    return phase >= this.phases.length ? [] : this.phases[phase].filter((s) => !acted.has(s));
  }

  /** @param {number | null} seat */
  snapshot(seat) {
    const last = this.history.at(-1);
    const over = this.state().phase >= this.phases.length;
    return {
      ok: true, over, to_move: this.toMove(), ply: this.history.length, view: { seat },
      can_undo: !over && seat !== null && last?.seat === seat,
    };
  }

  /** @param {Record<string, any>} r */
  async call(r) {
    this.requests.push(r);
    if (r.cmd === 'view') return this.snapshot(r.seat);
    if (r.cmd === 'act') return this.act(r.seat, r.action, r.view_seat);
    if (r.cmd === 'bot') return this.bot(r.seat, r.view_seat);
    if (r.cmd === 'undo') return this.undo(r.seat);
    return { ok: false };
  }

  act(seat, action, viewSeat) {
    if (!this.toMove().includes(seat)) return { ok: false };
    this.history.push({ seat, action });
    return this.snapshot(viewSeat);
  }

  bot(seat, viewSeat) {
    this.clock?.advance(this.thinkMs);
    this.slices += 1;
    if (this.slices <= this.thinking) return { ...this.snapshot(viewSeat), thinking: true };
    this.slices = 0;
    return this.act(seat, `bot${seat}`, viewSeat);
  }

  undo(seat) {
    if (this.history.at(-1)?.seat !== seat) return { ok: false };
    this.history.pop();
    return this.snapshot(seat);
  }
}

/** A clock the pacing reads (`now`), moved on by `sleep` and by the engine's thinking. */
export class FakeClock {
  constructor(delay = 500) {
    this.t = 0;
    /** @type {number[]} */
    this.sleeps = [];
    /** @type {import('../../web/ui/seats.js').Pace} */
    this.pace = {
      now: () => this.t,
      sleep: async (ms) => { this.sleeps.push(ms); this.advance(ms); },
      delay: () => delay,
    };
  }

  advance(ms) {
    this.t += ms;
  }
}

/**
 * A person on another device (a fake of what a later issue connects): the table waits for their
 * move; `send` delivers it as the other device would.
 */
export function remoteSeat() {
  /** @type {{turn: import('../../web/ui/seats.js').SeatTurn, done: (ans: any) => void} | null} */
  let waiting = null;
  /** @type {((value?: unknown) => void) | null} */
  let asked = null;
  return {
    kind: /** @type {const} */ ('remote'),
    name: 'remote',
    /** @param {import('../../web/ui/seats.js').SeatTurn} turn */
    play(turn) {
      return new Promise((done) => {
        waiting = { turn, done };
        asked?.();
      });
    },
    /** Resolves once the table waits for this seat. */
    asked() {
      return waiting ? Promise.resolve() : new Promise((resolve) => { asked = resolve; });
    },
    /** The other device plays `action`. */
    async send(action) {
      const { turn, done } = waiting;
      waiting = null;
      done(await turn.call({ cmd: 'act', session: turn.session, seat: turn.seat, view_seat: turn.viewer, action }));
    },
  };
}

/**
 * A table without a page: carries out each step as ui/play.js `Table` does and writes it down in
 * `trace` ("cover 1 hide undo 0", "show 1", "person 1"...).
 */
export class FakeTable {
  /**
   * @param {FakeEngine} engine
   * @param {any[]} seats the seats' controllers
   * @param {{order?: import('../../web/ui/turns.js').TurnOrder, device?: string[]}} [o] the order
   *   of steps; what the people do at each cover, in turn (`pass`, or `undo`)
   */
  constructor(engine, seats, o = {}) {
    this.engine = engine;
    this.seats = seats;
    this.order = o.order || {};
    this.device = [...(o.device || [])];
    const people = seats.map((c, i) => (c.kind === 'here' ? i : -1)).filter((i) => i >= 0);
    this.viewer = people.length === 1 ? people[0] : null;
    /** @type {any} the snapshot on the table */
    this.snap = engine.snapshot(this.viewer);
    this.passed = null;
    this.undone = null;
    /** @type {Promise<void> | null} */
    this.holding = null;
    /** @type {string[]} */
    this.trace = [];
    /** @type {(number | null)[]} every view put on screen, in order (null: the spectator's) */
    this.shown = [];
  }

  /** Run the loop until a person here must act (or the game is over). */
  pump() {
    return run(this);
  }

  turn() {
    return { hold: this.holding !== null, passed: this.passed, undone: this.undone, order: this.order };
  }

  /** @param {import('../../web/ui/turns.js').Step} step */
  async carry(step) {
    const { kind, seat } = step;
    const extra = kind === 'cover'
      ? `${step.hide ? ' hide' : ''}${step.undo !== null ? ` undo ${step.undo}` : ''}${step.back ? ' back' : ''}`
      : '';
    this.trace.push(`${kind}${seat === undefined ? '' : ` ${seat}`}${extra}`);
    if (kind === 'show') return this.show(seat);
    if (kind === 'cover') return this.cover(step);
    if (kind === 'hold') {
      await this.holding;
      this.holding = null;
      return true;
    }
    if (kind === 'bot' || kind === 'remote') return this.plays(seat);
    return false; // over, person, idle: the loop stops
  }

  async show(seat) {
    this.snap = await this.engine.call({ cmd: 'view', seat });
    this.viewer = seat;
    this.shown.push(seat);
    this.passed = null;
    this.undone = null;
    return true;
  }

  async cover(step) {
    if (step.hide) await this.show(null);
    const how = this.device.shift() ?? 'pass';
    if (how === 'undo' && step.undo !== null) {
      // as Table.undo from a cover: the taken-back seat's view is not shown until the device is
      // given back (unless the order says otherwise)
      const covered = this.order.coverBeforeUndo !== false;
      const ans = await this.engine.call({ cmd: 'undo', seat: step.undo });
      if (ans.ok) {
        this.viewer = covered ? null : step.undo;
        this.undone = covered ? step.undo : null;
        this.snap = covered ? await this.engine.call({ cmd: 'view', seat: null }) : ans;
        this.shown.push(this.viewer);
      }
      return true;
    }
    this.passed = step.seat;
    return true;
  }

  async plays(seat) {
    const turn = { seat, viewer: this.viewer, session: 's1', call: (r) => this.engine.call(r), alive: () => true };
    const ans = await this.seats[seat].play(turn);
    if (!ans) return false;
    this.snap = ans;
    return true;
  }

  /** The person on screen plays, then the loop goes on (as `Table.act`). */
  async act(action = 'move') {
    const seat = this.viewer;
    this.snap = await this.engine.call({ cmd: 'act', seat, view_seat: seat, action });
    this.undone = null;
    return this.pump();
  }
}
