// The live table shared by every game: it carries out the turn loop's steps (ui/turns.js decides
// who acts next: the pass-and-play privacy screen, the view shown, a hold, a bot's or another
// seat's move; ui/seats.js plays the seats that are not people here), and keeps the share link in
// the address bar, the save after every action, taking back a misclick (when the engine allows
// it), the log and the end screen.
//
// One table = state + render + events (docs/table-layer.md). The table holds the snapshot and the
// UI state of the current decision (`ui`, made by the game's `initUi`); its view (ui/view.js,
// shared with the replay) draws from them at most once per animation frame and lays the drawing
// over the one on screen (ui/patch.js). Drawings carry no listeners: one click listener on the
// table root reads `data-action` and plays a move, runs a table button or calls the game's action
// handler. The game module never sees notation: it draws `moves` and `choices` and sends back
// their `a`.

import { h, button, sleep } from './dom.js';
import { place, kept } from './patch.js';
import { t, tx, tn, lang, onLang, seatName, STRINGS } from '../i18n.js';
import { logPanel, appendLogLines } from './log.js';
import { privacyScreen, removePrivacy, toast, modal } from './dialogs.js';
import { icon } from './card.js';
import { gameEmblem } from './art.js';
import { rulesButton, openRules, gameTitle } from './rules-dialog.js';
import { DELAYS, speed, watching } from './speed.js';
import { reducedMotion } from './settings.js';
import { measure, settle, highlight, DURATIONS } from './flip.js';
import { Coach } from './hint.js';
import { run, WAITING } from './turns.js';
import { pendingMoments, logEnd } from './moments.js';
import { momentPanel } from './moment-panel.js';
import { defaultSeats, personHere, botSeat } from './seats.js';
import { TableView } from './view.js';
import { wasteOf, mayPlay } from './confirm.js';
import { placesBlock } from './places.js';
import { analyseOnOpen } from './analyse-intent.js';
import { explainButton, focusable } from './explain.js';

/** Whether the page is a phone's one column (style.css, max-width 520px). */
function oneColumn() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 520px)').matches;
}

/** The bottom of the table's status bar on screen (sticky on a phone, under the header). */
function barBottom(root) {
  return Math.max(0, root?.querySelector('.status-bar')?.getBoundingClientRect().bottom ?? 0);
}

/**
 * Where the bottom of the table's status bar will be once the page has scrolled down: stuck at
 * its sticky top (a phone's table: the top of the screen, the header having scrolled away), or
 * where it is now if it does not stick.
 * @param {Element | null | undefined} root
 */
function stuckBarBottom(root) {
  const bar = root?.querySelector('.status-bar');
  if (!(bar instanceof HTMLElement)) return 0;
  const style = getComputedStyle(bar);
  if (style.position !== 'sticky') return barBottom(root);
  return (Number.parseFloat(style.top) || 0) + bar.getBoundingClientRect().height;
}

/**
 * Scroll the page so that `target` starts just under the sticky status bar (and the header, where
 * it sticks too), whatever their height on this phone.
 * @param {Element | null | undefined} root
 * @param {Element} target
 */
function scrollUnderBar(root, target) {
  const top = target.getBoundingClientRect().top + window.scrollY - stuckBarBottom(root) - 8;
  window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'auto' : 'smooth' });
}

const SHARE_EVERY_MS = 1000; // while bots play on: the address bar and the save at most this often

/** @type {import('./seats.js').Pace} how bots and scripted seats are paced: the speed's delay */
const PACE = { now: () => performance.now(), sleep, delay: () => DELAYS[speed()] };

/** The key of a seat's log (a spectator's is its own). */
function logKey(seat) {
  return seat === null || seat === undefined ? 'spectator' : String(seat);
}

/**
 * @typedef {import('../types.js').Snapshot} Snapshot
 * @typedef {import('../types.js').Move} Move
 * @typedef {import('../types.js').TableContext} TableContext
 */

/**
 * @typedef {object} TableOptions
 * @property {HTMLElement} container where the table is drawn
 * @property {import('../types.js').Engine} engine the engine (`call(request)`)
 * @property {import('../types.js').GameRenderer} module the game's renderer
 * @property {Snapshot} snap the first snapshot (from `start`)
 * @property {import('../types.js').CatalogGame} [game] the catalogue entry
 * @property {(share: string) => void} onShare
 * @property {(snap: Snapshot) => void} [onSnap] after every change of the game (to save it)
 * @property {(kind: 'rematch'|'new', record: object) => void} onRestart
 * @property {(snap: Snapshot) => void} [onReplay] open the replay viewer of the finished game
 * @property {(error: import('../types.js').Text) => void} onFatal
 * @property {import('./seats.js').SeatController[]} [seats] who plays each seat (by default: a
 *   person here for each human seat, a bot for the others; a tutorial gives scripted seats)
 * @property {import('./turns.js').TurnOrder} [order] the order of the turn loop's steps
 * @property {import('./tutorial.js').Tutor} [tutorial] a tutorial drives the table in place of
 *   the turn loop (scripted seats, the learner kept to the expected move, its panel)
 * @property {{hub: any, ui: any, bind?: (table: Table) => void}} [devices] seats played from other devices (issue 34): the hub
 *   that connects them (web/net/hub.js) and the page's side of it (ui/devices.js)
 * @property {boolean} [guest] the table of a guest: its seat is played here, the game is the
 *   host's (no rematch, no link, no replay here)
 */

export class Table {
  /** @param {TableOptions} o */
  constructor(o) {
    this.container = o.container;
    this.engine = o.engine;
    this.module = o.module;
    this.game = o.game;
    this.onShare = o.onShare;
    this.onSnap = o.onSnap;
    this.onRestart = o.onRestart;
    this.onReplay = o.onReplay;
    this.onFatal = o.onFatal;
    this.snap = o.snap;
    /** @type {import('./tutorial.js').Tutor | null} a tutorial drives this table (ui/tutorial.js) */
    this.tutorial = o.tutorial || null;
    this.tutorial?.attach(this);
    this.alive = true;
    this.busy = false;
    this.sid = o.snap.session;
    this.devices = o.devices || null;
    this.devices?.bind?.(this); // the hub reads the table's session and hints
    this.guest = Boolean(o.guest);
    this.initTurns(o);
    this.initDrawing(o.snap);
    this.coach = new Coach(this); // the Hint button and panel (ui/hint.js)
    if (this.devices) this.followDevices();
  }

  /**
   * Follow the seats on other devices: their states are drawn (a toast when a device joins or
   * leaves), and a guest's move made while the loop stands still (a person here deciding at
   * the same time) brings the table up to date.
   */
  followDevices() {
    const { hub } = /** @type {{hub: any}} */ (this.devices);
    const states = new Map(hub.seats.map((s) => [s, hub.status(s)]));
    this.offDevices = hub.onStatus(() => {
      for (const s of hub.seats) {
        const now = hub.status(s);
        if (now === 'joined' && states.get(s) !== 'joined') toast(() => t('deviceJoinedToast', this.names[s]));
        if (now === 'gone' && states.get(s) === 'joined') toast(() => t('deviceLeftToast', this.names[s]));
        states.set(s, now);
      }
      if (this.alive) this.render();
    });
    this.watchGuestMoves(hub);
    if (!hub.allJoined()) setTimeout(() => { if (this.alive) this.openDevices(); }, 0);
  }

  /** The Devices dialog (ui/devices.js): the seats on other devices, their invites. */
  openDevices() {
    const { hub, ui } = /** @type {{hub: any, ui: any}} */ (this.devices);
    this.devicesModal = ui.devicesDialog(hub, () => this.names, { here: (seat) => this.handHere(seat), bot: (seat) => this.handToBot(seat) });
  }

  /**
   * The host plays `seat` at this device from now on (its device is gone, or never came): it
   * is passed and played here like any seat of a person here.
   * @param {number} seat
   */
  handHere(seat) {
    this.devicesModal?.close(); // the device is to be passed to that person: nothing left open
    this.devices?.hub.release(seat);
    this.seats[seat] = personHere();
    this.humans = this.seats.map((s, i) => (s.kind === 'here' ? i : -1)).filter((i) => i >= 0);
    this.render();
    if (!this.pumping) this.pump();
  }

  /**
   * A bot plays `seat` from now on (its person left the table): the engine's record says so
   * (`seat`), and the table plays it as any bot.
   * @param {number} seat
   */
  async handToBot(seat) {
    const levels = this.game?.levels || ['normal'];
    const level = levels.includes('normal') ? 'normal' : levels[0];
    const ans = await this.call({ cmd: 'seat', session: this.sid, seat, level, view_seat: this.viewer });
    if (!ans) return;
    this.devices?.hub.release(seat);
    this.seats[seat] = botSeat(PACE);
    this.snap = ans;
    this.share({ soon: true });
    this.render();
    if (!this.pumping) this.pump();
  }

  /** @param {any} hub */
  async watchGuestMoves(hub) {
    while (this.alive) {
      const since = hub.moves;
      await hub.nextMove(since);
      if (!this.alive || this.pumping || this.busy || this.waiting === WAITING.cover) continue;
      const ans = await this.call({ cmd: 'view', session: this.sid, seat: this.viewer });
      if (!ans || this.pumping || this.busy) continue;
      this.madeBy = 'bot';
      this.snap = ans;
      this.share({ soon: true });
      this.pump();
    }
  }

  /** The seats' controllers and the state of the turn loop (ui/turns.js). */
  initTurns(o) {
    /** @type {import('./seats.js').SeatController[]} */
    this.seats = o.seats || defaultSeats(o.snap.seats, PACE);
    if (o.devices) for (const [seat, controller] of o.devices.ui.deviceControllers(o.devices.hub)) this.seats[seat] = controller;
    this.remoteSeat = null; // the seat on another device the table waits for
    /** @type {import('./turns.js').TurnOrder} at a device several people share, what is held
     * (a round's results) is shown to everyone before the device goes round */
    this.order = { holdBeforeCover: true, ...o.order };
    this.thinking = null;
    this.waiting = 'busy';
    this.passSeat = null;
    this.passResolve = null;
    this.passUndo = null;
    this.passBack = false; // the cover on screen gives the device back (after an undo)
    this.passed = null; // the seat the device was just passed to
    this.undone = null; // the seat whose move was just taken back
    /** @type {Promise<void> | null} the game's hold on the table (a summary still up) */
    this.holding = null;
    this.humans = this.seats.map((s, i) => (s.kind === 'here' ? i : -1)).filter((i) => i >= 0);
    this.viewer = this.humans.length === 1 ? this.humans[0] : null;
  }

  /** The log, the view (ui/view.js) and what is kept between drawings. */
  initDrawing(snap) {
    // The log of the seat the page looks from: the engine sends only the entries it lacks.
    // `base`: the index in the game's log of the first entry kept (an answer carries at most the
    // newest hundred entries, docs/protocol.md)
    this.log = { key: logKey(snap.view.seat), base: snap.log_start || 0, entries: snap.view.log || [], gen: 0 };
    // moments that matter (ui/moments.js): the log's index up to which they were seen (the
    // game's earlier moments are old news), the one held on screen and its release
    this.moment = { seen: logEnd(this.log), held: null, release: null, poll: null };
    this.logView = null;
    this.shareTimer = null;
    this.shareDue = false;
    this.offLang = onLang(() => { if (this.alive) { this.render(); if (this.passResolve) this.showPass(); } });
    /** @type {object} UI state kept for the whole game (a summary the viewer has closed...) */
    this.memo = {};
    this.view = new TableView({ container: this.container, testid: 'table', host: this.host() });
    // moves you can follow (ui/flip.js): the ply and viewer last drawn, who made the snapshot on
    // the table ('bot' or 'human'), and the pieces the last bot move moved (highlighted)
    this.drawnAt = null;
    this.madeBy = 'human';
    /** @type {Set<string>} */
    this.lastMoved = new Set();
    this.taps = 0; // the game's taps that bring the moves into view (`tapped`)
    /** @type {Map<string, string>} what `bringIntoView` brought into view last, by element */
    this.shownAt = new Map();
  }

  /** @returns {import('./view.js').ViewHost} what the view asks of the table */
  host() {
    return {
      live: () => this.alive,
      draw: () => this.draw(),
      ctx: () => this.ctx(),
      own: (action) => (TABLE_ACTIONS[action] ? (data) => TABLE_ACTIONS[action](this, data) : this.tutorial?.action(action)),
      intercept: (el) => Boolean(this.tutorial?.intercept(el)),
      tapped: (action) => this.tapped(action),
      module: this.module,
    };
  }

  /**
   * On a phone's one column, bring the element `selector` finds into view once per `key`, if it
   * is out of sight (the coach's panel, under the board, when asked).
   * @param {string} selector
   * @param {string} key
   */
  revealOnPhone(selector, key) {
    if (oneColumn()) this.bringIntoView(selector, key);
  }

  /**
   * A tap the game handled: on a phone's one column, a tap on the board whose next step lies in
   * the moves above it (the game names such taps: `movesAfter`) brings the moves into view, if
   * they are out of sight (Yadokashi's shell picked on the ring, its place then chosen above).
   * @param {string} action
   */
  tapped(action) {
    if (!this.module.movesAfter?.includes(action)) return;
    this.taps += 1;
    this.revealOnPhone('[data-testid=action-zone]', `${this.uiKey}:tap${this.taps}`);
  }

  /** @returns {HTMLElement | null} the table's section, once drawn */
  get root() {
    return this.view?.root ?? null;
  }

  /** The snapshot on the table; a new decision (another ply or viewer) gets fresh UI state. */
  get snap() {
    return this._snap;
  }

  set snap(value) {
    this._snap = value;
    // the guests on other devices are told the game changed (they ask for their own views)
    const at = value ? `${value.ply}|${value.over}` : null;
    if (this.devices && at !== this.pushedAt) {
      this.pushedAt = at;
      this.devices.hub.changed();
    }
    const key = value ? `${value.ply}|${value.view?.seat ?? 'spectator'}|${value.over}` : null;
    if (key !== this.uiKey) {
      this.uiKey = key;
      this.composing = (this.composing || 0) + 1; // late compose answers are dropped
      /** @type {Map<string, {en: string, ja: string}>} the engine's marks of complete selections */
      this.wasteMarks = new Map();
      /** @type {object} the UI state of the current decision (the game's `initUi`) */
      this.ui = value && this.module?.initUi ? this.module.initUi(value) : {};
      this.coach?.clear(); // a hint is for one decision
    }
  }

  get names() {
    return this.snap.seats.map((s, i) => seatName(s.name, i));
  }

  isHuman(seat) {
    return this.seats[seat]?.kind === 'here';
  }

  /** Whether the game's own layer (a round summary to close) covers the board now. */
  covered() {
    return Boolean(this.snap && this.module.covered?.(this.snap, this.ctx()));
  }

  async begin() {
    // the first snapshot may have been taken for another seat
    if (this.snap.view.seat !== this.viewer) {
      const ans = await this.call({ cmd: 'view', session: this.sid, seat: this.viewer });
      if (!ans) return;
      this.snap = ans;
    }
    this.share();
    this.pump();
  }

  destroy() {
    this.flushShare({ address: false }); // the save keeps the last move; the address is no longer ours
    this.coach.clear();
    this.alive = false;
    clearInterval(this.moment.poll);
    this.view.destroy();
    if (this.offLang) this.offLang();
    removePrivacy();
    this.passResolve = null;
    this.offDevices?.();
    this.devices?.hub.close();
    if (this.sid) this.engine.call({ cmd: 'close', session: this.sid }).catch(() => {});
  }

  /**
   * Send a request whose answer is a snapshot, asking only for the log entries the page lacks,
   * and complete the answer's log from the ones it has (`view.log` is then the whole log).
   */
  async snapCall(request) {
    // `view` answers for `seat`, `undo` for `view_seat` when given (else `seat`), `act` and `bot`
    // for `view_seat`
    const own = request.cmd === 'view' || (request.cmd === 'undo' && !('view_seat' in request));
    const looking = own ? request.seat : request.view_seat;
    const key = logKey(looking);
    const held = this.log.base + this.log.entries.length;
    const sent = this.log.key === key ? { ...request, log_from: held } : request;
    const ans = await this.engine.call(sent);
    if (ans?.ok && ans.view) this.absorbLog(ans, key);
    return ans;
  }

  absorbLog(ans, key) {
    const fresh = ans.view.log || [];
    const log = this.log;
    const start = typeof ans.log_start === 'number' ? ans.log_start : 0;
    const cut = start - log.base;
    if (log.key === key && cut >= 0 && cut <= log.entries.length) {
      // the entries the page lacked; lines dropped (an undo) draw the panel again
      if (cut !== log.entries.length) log.gen += 1;
      log.entries = log.entries.slice(0, cut).concat(fresh);
    } else {
      // another seat's log, or the page was too far behind: the newest entries only
      log.gen += 1;
      log.base = start;
      log.entries = fresh;
    }
    log.key = key;
    ans.view.log = log.entries;
  }

  async call(request) {
    let ans;
    try {
      ans = await this.snapCall(request);
    } catch (err) {
      ans = { ok: false, error: { en: String(err?.message || err), ja: String(err?.message || err) } };
    }
    if (!this.alive) return null;
    if (!ans || !ans.ok) {
      this.onFatal(ans?.error || STRINGS.unknownError);
      this.alive = false;
      return null;
    }
    return ans;
  }

  /**
   * Put the share link in the address bar and save the game. Both can take tens of
   * milliseconds (the browser writes the address and the storage synchronously), so they run in
   * a task of their own, never in the one that draws the table: while bots play on, at most
   * once a second (the last one wins); when a person is to act or the game is over, in the task
   * right after the drawing (`soon`), so a reload then resumes there.
   */
  share({ soon = false } = {}) {
    this.shareDue = true;
    if (this.shareTimer !== null && !soon) return;
    clearTimeout(this.shareTimer);
    this.shareTimer = setTimeout(() => { this.shareTimer = null; this.flushShare(); }, soon ? 0 : SHARE_EVERY_MS);
  }

  flushShare({ address = true } = {}) {
    clearTimeout(this.shareTimer);
    this.shareTimer = null;
    if (!this.shareDue || !this.alive || !this.snap) return;
    this.shareDue = false;
    if (address && this.snap.share) this.onShare(this.snap.share);
    if (this.onSnap) {
      try { this.onSnap(this.snap); } catch (err) { console.error(err); }
    }
  }

  /**
   * Keep what a `hint` answer says of the record (the hint it counted): the counts and the
   * engine's number of the record that now carries it (`keep`), saved with the game at once.
   * @param {{hints_used?: number[], keep?: number}} ans
   */
  keepRecord(ans) {
    const snap = this.snap;
    if (!snap || !this.alive) return;
    if (Array.isArray(ans.hints_used)) snap.hints_used = ans.hints_used;
    if (Number.isInteger(ans.keep)) snap.keep = ans.keep;
    this.share({ soon: true });
  }

  /** Flush a pending share and save in the next task (a person is to act, or the game ended). */
  shareSoon() {
    if (this.shareDue) this.share({ soon: true });
  }

  /** Take the turn loop's steps (ui/turns.js) until a person must act or the game is over. */
  async pump() {
    if (this.tutorial) {
      this.tutorial.pump();
      return;
    }
    if (this.pumping) return;
    this.pumping = true;
    try {
      await run(this);
    } finally {
      this.pumping = false;
    }
  }

  /**
   * Carry out one step of the loop; false: the loop stops there.
   * @param {import('./turns.js').Step} step
   */
  async carry(step) {
    return (await STEPS[step.kind](this, step)) && this.alive;
  }

  /** What the turn loop reads besides the snapshot (the game's hold is asked afresh each time;
   * then a moment that matters, ui/moments.js). */
  turn() {
    this.holding = this.module.holdBots ? this.module.holdBots(this.snap, this.ctx()) || null : null;
    let moment = false;
    if (this.holding === null) {
      this.holding = this.holdMoment();
      moment = this.holding !== null;
    }
    // the host of seats on other devices is the board everyone sees (ui/turns.js `watched`)
    const order = { ...this.order, watched: this.hostsDevices() };
    return { hold: this.holding !== null, moment, passed: this.passed, undone: this.undone, order };
  }

  /** Wait for what the step names: draw the table for it; the loop stops here. */
  settle(waiting) {
    if (waiting !== WAITING.cover) removePrivacy(); // a pass screen left up after an undo
    this.thinking = null;
    this.waiting = waiting;
    this.shareSoon();
    this.render();
    if ((this.guest || oneColumn()) && waiting === WAITING.person) this.bringMovesIntoView();
    if (oneColumn() && waiting === WAITING.hold) this.bringIntoView('[data-testid=moment]', 'moment');
    return false;
  }

  /**
   * A phone (a guest's, or a table on a phone's one column), on the person's turn: the moves
   * (the game's action zone) are brought into view once per decision, if they are out of sight
   * (after a Continue low on the page, the log...).
   */
  bringMovesIntoView() {
    this.bringIntoView('[data-testid=action-zone]', this.uiKey);
  }

  /**
   * Bring the element `selector` finds into view, once per `key` (a decision, a moment held: a
   * phone's "What just happened" and its Continue lie below the board), if it is out of sight.
   * @param {string} selector
   * @param {unknown} key
   */
  bringIntoView(selector, key) {
    const shown = `${String(key)} ${logEnd(this.log)}`;
    if (this.shownAt.get(selector) === shown) return; // (one key per element: the coach's panel
    this.shownAt.set(selector, shown); // brought up does not make the moves come up again)
    requestAnimationFrame(() => {
      const zone = this.root?.querySelector(selector);
      if (!zone || !this.alive) return;
      const top = zone.getBoundingClientRect().top;
      if (top >= barBottom(this.root) - 4 && top < innerHeight * 0.6) return; // in sight
      scrollUnderBar(this.root, zone);
    });
  }

  /** Show `seat`'s view (null: the spectator's). */
  async show(seat) {
    const ans = await this.call({ cmd: 'view', session: this.sid, seat });
    if (!ans) return false;
    this.viewer = seat;
    this.snap = ans;
    this.passed = null;
    this.undone = null;
    return true;
  }

  /**
   * Hide the view on screen, then ask for the device to be passed to `step.seat`; the person on
   * screen, still holding it, may take their move back instead (if allowed).
   * @param {import('./turns.js').Step} step
   */
  async cover(step) {
    if (step.hide && !(await this.show(null))) return false;
    this.passBack = Boolean(step.back);
    this.settle(WAITING.cover);
    const how = await this.askPass(step.seat, step.undo ?? null);
    if (!this.alive) return false;
    if (how === 'undo' && step.undo !== null && step.undo !== undefined) {
      // taken back: the device goes back to that seat (a cover first, unless the order says
      // otherwise); refused: ask for the pass again
      await this.undo(step.undo, { covered: this.order.coverBeforeUndo !== false });
      return this.alive;
    }
    this.passed = step.seat;
    return true;
  }

  /** The game holds the table (a round summary, a moment that matters): wait until it lets go. */
  async hold() {
    const held = this.holding;
    this.settle(WAITING.hold);
    await held;
    return true;
  }

  /**
   * A moment that matters to a person here and not seen yet (the engine's marks in the log):
   * at the normal bot speed, a promise that holds the table until "Continue" (or another speed)
   * lets it go; else null, and the moment counts as seen.
   * @returns {Promise<void> | null}
   */
  holdMoment() {
    const m = this.moment;
    const end = logEnd(this.log);
    m.seen = Math.min(m.seen, end); // lines taken back
    const lines = watching() ? pendingMoments(this.log, m.seen, this.humans) : [];
    if (lines.length && this.snap.view?.moment_open) return null; // held once it is over
    if (!lines.length) {
      m.seen = end;
      return null;
    }
    m.held = lines;
    // a guest's phone shows it without holding its table: the host's game goes on meanwhile, and
    // a held phone would show a stale board (its lines gather until "Continue"); nor does a host
    // of phones hold its game for a tap on its own screen (the phones and bots would wait)
    if (this.shownWithoutHold()) return null;
    clearInterval(m.poll); // (a hold asked again before it was let go)
    return new Promise((resolve) => {
      m.release = resolve;
      // another speed chosen meanwhile lets it go (the header's selector, another tab)
      m.poll = setInterval(() => { if (!watching() || !this.alive) this.letMomentGo(); }, 250);
    });
  }

  /** Whether this table hosts seats played on other devices (its screen is then the board
   * everyone sees). */
  hostsDevices() {
    return Boolean(this.devices?.hub.seats.length);
  }

  /** Whether moments are shown beside the table without holding it: on a guest's phone, and on
   * the host of seats on other devices. */
  shownWithoutHold() {
    return this.guest || this.hostsDevices();
  }

  /** "Continue": the moment held on screen was seen; the table goes on. */
  letMomentGo() {
    const m = this.moment;
    clearInterval(m.poll);
    const release = m.release;
    Object.assign(m, { seen: logEnd(this.log), held: null, release: null, poll: null });
    if (release) release();
    if (this.alive) this.render();
  }

  /**
   * A seat that is not a person here plays (`bot`: a bot or a scripted seat; `remote`: a person
   * on another device): wait for its move, then show it.
   * @param {number} seat
   * @param {'bot' | 'remote'} waiting
   */
  async seatPlays(seat, waiting) {
    this.thinking = waiting === 'bot' ? seat : null;
    this.remoteSeat = waiting === 'remote' ? seat : null;
    this.waiting = waiting;
    if (waiting === 'remote') this.shareSoon(); // waiting for a person: the save is up to date
    this.render();
    const turn = { seat, viewer: this.viewer, session: this.sid, snap: this.snap, call: (r) => this.call(r), alive: () => this.alive };
    const ans = await this.seats[seat].play(turn);
    if (!ans || !this.alive) return false;
    this.madeBy = 'bot';
    this.snap = ans;
    // a move made on another device is saved at once: a reload of the host loses none
    this.share({ soon: waiting === 'remote' });
    return true;
  }

  askPass(seat, undoSeat = null) {
    return new Promise((resolve) => {
      this.passSeat = seat;
      this.passUndo = undoSeat;
      this.passResolve = resolve;
      this.showPass();
    });
  }

  showPass() {
    removePrivacy();
    const hint = this.module.passHint?.(this.snap) ?? (this.snap.view?.phase === 'vote' ? 'passVote' : undefined);
    const undo = this.passUndo !== null ? { name: this.names[this.passUndo] } : undefined;
    const watched = this.hostsDevices() && this.humans.length === 1; // one person here, phones elsewhere
    privacyScreen(this.names[this.passSeat], { hint, undo, back: this.passBack, watched, rules: () => openRules(this.snap.game, gameTitle(this.game, this.snap.game), this.game?.credits) }).then((how) => {
      const resolve = this.passResolve;
      this.passResolve = null;
      this.passSeat = null;
      this.passUndo = null;
      if (resolve) resolve(how);
    });
  }

  /**
   * Take back `seat`'s last action (the engine decides whether it may). Returns whether it did;
   * a refusal is told in a toast and the table shows the game as it is.
   */
  async undo(seat, { covered = false } = {}) {
    if (this.busy || !this.alive) return false;
    this.coach.clear();
    this.busy = true;
    this.waiting = 'busy';
    this.root?.setAttribute('data-waiting', 'busy');
    let ans;
    try {
      // at a cover the device is not in that seat's hands: the engine answers with the
      // spectator's view, and the table stays on it until the cover is dismissed for that seat
      const request = { cmd: 'undo', session: this.sid, seat };
      ans = await this.snapCall(covered ? { ...request, view_seat: null } : request);
    } catch (err) {
      ans = { ok: false, error: { en: String(err), ja: String(err) } };
    }
    this.busy = false;
    if (!this.alive) return false;
    if (!ans.ok) {
      toast(() => t('undoFailed'));
      return false;
    }
    this.viewer = covered ? null : seat;
    this.undone = covered ? seat : null;
    this.madeBy = 'human';
    this.snap = ans;
    this.share();
    toast(() => t('undone'));
    return true;
  }

  async undoButton() {
    if (this.waiting !== 'human' || this.viewer === null) return;
    const seat = this.viewer;
    const ok = await this.undo(seat);
    if (!this.alive) return;
    if (!ok) {
      const ans = await this.call({ cmd: 'view', session: this.sid, seat });
      if (!ans) return;
      this.snap = ans;
    }
    this.pump();
  }

  /**
   * Send a human's move: `actions` is one move's `a` from `snap.moves`, or the `actions` of a
   * complete compose answer (one or more notation strings, applied in order). The engine checks
   * them again; a refusal is told in a toast and the table shows the game as it is.
   * @param {string[]} actions
   */
  async act(actions) {
    if (this.busy || this.waiting !== 'human' || !this.alive || !actions.length) return;
    const snap = this.snap;
    // a move the engine marks as one that can only lose: asked once (ui/confirm.js)
    if (!(await mayPlay(wasteOf(snap, actions, this.wasteMarks)))) return;
    if (this.busy || this.waiting !== 'human' || !this.alive || this.snap !== snap) return;
    this.coach.clear(); // a move ends the hint
    this.busy = true;
    this.waiting = 'busy';
    this.root?.setAttribute('data-waiting', 'busy');
    const request = { cmd: 'act', session: this.sid, seat: this.viewer, view_seat: this.viewer };
    const seen = logEnd(this.log);
    let ans;
    try {
      ans = await this.snapCall(actions.length === 1 ? { ...request, action: actions[0] } : { ...request, actions });
    } catch (err) {
      ans = { ok: false, error: { en: String(err), ja: String(err) } };
    }
    this.busy = false;
    if (!this.alive) return;
    if (!ans.ok) {
      toast(() => `${t('actionFailed')} ${tx(ans.error)}`);
      this.waiting = 'human';
      this.render();
      return;
    }
    this.madeBy = 'human';
    this.undone = null;
    this.moment.seen = Math.max(this.moment.seen, seen); // a person who acts has seen the table
    this.snap = ans;
    this.share();
    this.pump();
  }

  /** Play the move `a` if it is one of the snapshot's moves now. */
  play(a) {
    if (this.ctx().moves.some((m) => m.a === a)) this.act([a]);
  }

  /**
   * Ask the engine about a partial selection of the choice `id`. Resolves with its answer, or
   * with null when the table moved on meanwhile (another decision) or the engine refused.
   */
  async compose(id, picks) {
    const ctx = this.ctx();
    if (!ctx.canAct || !ctx.choices.some((c) => c.id === id)) return null;
    const token = this.composing;
    let ans;
    try {
      ans = await this.engine.call({ cmd: 'compose', session: this.sid, seat: this.viewer, choice: id, picks });
    } catch (err) {
      ans = { ok: false, error: { en: String(err), ja: String(err) } };
    }
    if (!this.alive || token !== this.composing) return null;
    if (!ans?.ok) {
      toast(() => `${t('actionFailed')} ${tx(ans?.error)}`);
      return null;
    }
    if (ans.complete && ans.warn) this.wasteMarks.set(ans.actions.join('\n'), ans.warn);
    return ans;
  }

  /** What the game module draws from: who looks, what may be done now, the UI state. */
  ctx() {
    const snap = this.snap;
    const canAct = this.waiting === 'human' && !this.busy;
    const moves = canAct ? snap.moves || [] : [];
    const choices = canAct ? snap.choices || [] : [];
    return this.view.ctx({
      names: this.names,
      viewer: this.viewer,
      canAct,
      thinking: this.thinking,
      waiting: this.waiting,
      humans: this.humans,
      ui: this.ui,
      memo: this.memo,
      moves,
      choices,
      move: (kind, fields = {}) => findMove(moves, kind, fields),
      movesOf: (kind) => moves.filter((m) => m.kind === kind),
      choice: (id) => choices.find((c) => c.id === id),
      play: (a) => this.play(a),
      playActions: (actions) => { if (canAct && actions?.length) this.act(actions); },
      compose: (id, picks) => this.compose(id, picks),
    });
  }

  /** Draw the table in the next animation frame (several calls in one frame draw once). */
  render() {
    this.view.render();
  }

  /** Draw the table now from the snapshot and the UI state. */
  draw() {
    if (!this.alive) return;
    const snap = this.snap;
    const ctx = this.ctx();
    const mod = this.module;
    const { root, main: mainPart, side: sidePart } = this.view.frame();
    this.label(root);
    const guard = this.view.guard.bind(this.view);
    const main = [
      h('h1', { class: 'sr-only', testid: 'table-title', text: this.game ? tx(this.game.titles) : snap.game }),
      this.statusBar(ctx),
      snap.over ? this.endScreen(ctx) : guard(() => mod.table(snap, ctx), () => this.view.broken()),
    ].filter(Boolean);
    const held = this.waiting === WAITING.hold || this.shownWithoutHold() ? this.moment.held : null;
    const side = [
      this.tutorial ? this.tutorial.panel() : null, // a lesson's words, beside the table
      held ? momentPanel(held, this.names) : null,
      this.logNode(snap.view.log || []), ...guard(() => (mod.side ? mod.side(snap, ctx) : []), () => []),
    ].filter(Boolean);
    const before = this.moving(root);
    for (const node of [...main, ...side]) if (node instanceof Element) highlight(node, this.lastMoved);
    // what a tutorial's learner should tap, marked on the fresh drawing (so redraws keep it)
    this.tutorial?.mark([...main, ...side].filter((n) => n instanceof Element), snap, ctx);
    place(mainPart, main);
    const marked = this.coach.mark(mainPart); // the hint's moves on the table (ui/hint.js)
    place(sidePart, [this.coach.panel(this.names, marked), ...side].filter(Boolean));
    if (before) this.follow(root, before);
    this.tutorial?.reveal(root); // a lesson's mark out of sight is scrolled into view, its badge by it
    focusable(root); // its marks explain themselves by a tap (ui/explain.js)
    this.drawn(root);
  }

  /** The section's class and data attributes (what the tests and the style read). */
  label(root) {
    const snap = this.snap;
    root.setAttribute('class', ['table', `table-${snap.game}`, `players-${snap.players}`, snap.over ? 'is-over' : null].filter(Boolean).join(' '));
    const data = {
      game: snap.game, phase: snap.view.phase ?? (snap.over ? 'over' : ''), ply: snap.ply,
      waiting: this.waiting, viewer: this.viewer === null ? 'spectator' : this.viewer,
    };
    for (const [key, value] of Object.entries(data)) {
      if (value === null || value === undefined) delete root.dataset[key];
      else root.dataset[key] = String(value);
    }
  }

  /**
   * A new position of the same viewer: its pieces travel to their new places (ui/flip.js).
   * Returns where they were (null when nothing travels).
   * @param {HTMLElement} root
   */
  moving(root) {
    const snap = this.snap;
    const last = this.drawnAt;
    const sameViewer = last !== null && last.viewer === this.viewer;
    const moved = sameViewer && last.ply !== snap.ply && !snap.over;
    if (!sameViewer || moved) this.lastMoved = new Set(); // the highlight moves on with the game
    this.drawnAt = { ply: snap.ply, viewer: this.viewer };
    return moved ? measure(root) : null;
  }

  /** After a drawing: count it, and focus the control a drawing names, when it first appears. */
  drawn(root) {
    root.dataset.drawn = String(Number(root.dataset.drawn || 0) + 1);
    // a drawing may name the control a keyboard player goes on from (a summary's "Continue"):
    // it gets the focus once, when it first appears
    const auto = root.querySelector('[data-autofocus]');
    if (auto instanceof HTMLElement && auto !== this.autofocused) auto.focus();
    this.autofocused = auto;
  }

  /**
   * After a redraw to a new position: animate the pieces that moved (none at the instant speed
   * or with reduced motion) and highlight those of a bot's move until the next move.
   * @param {HTMLElement} root
   * @param {Map<string, import('./flip.js').Place>} before
   */
  follow(root, before) {
    const duration = reducedMotion() ? 0 : DURATIONS[speed()] ?? 0;
    const changed = settle(root, before, duration);
    this.lastMoved = this.madeBy === 'bot' ? changed : new Set();
    highlight(root, this.lastMoved);
  }

  /** The log panel, kept between redraws: only new lines are added (the whole panel is drawn
   * again for another seat's log, after an undo and in another language). */
  logNode(entries) {
    const key = `${this.log.gen}|${lang()}`;
    let v = this.logView;
    if (!v || v.key !== key || v.count > entries.length) {
      const panel = kept(logPanel([], this.names));
      v = { key, count: 0, panel, list: panel.querySelector('.log-list') };
      this.logView = v;
    }
    if (entries.length > v.count) appendLogLines(v.list, entries.slice(v.count), this.names);
    v.count = entries.length;
    return v.panel;
  }

  statusBar(ctx) {
    const snap = this.snap;
    const mod = this.module;
    let prompt;
    if (snap.over) prompt = t('gameOver');
    else if (this.waiting === 'bot' && this.thinking !== null) {
      prompt = h('span', { class: 'thinking', testid: 'thinking' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        tn('isThinking', h('b', { class: 'who', text: this.names[this.thinking] })));
    } else if (this.waiting === 'pass') {
      prompt = tn(this.passBack ? 'passBack' : 'passTo', h('b', { class: 'who', text: this.names[this.passSeat ?? snap.to_move[0]] ?? '' }));
    } else if (this.waiting === WAITING.hold && this.moment.held) prompt = t('momentPrompt');
    else if (this.awaitedDevice() !== null) prompt = this.devices?.ui.waitingDevice(this.names[this.awaitedDevice()]);
    else prompt = this.view.guard(() => mod.prompt(snap, ctx), () => '');
    // whose view this is: said where it can change (pass-and-play) or is nobody's; one person
    // against bots is marked "You" on their own seat already, and the bar has little room
    let who = null;
    if (this.viewer === null) who = h('span', { class: 'viewer-chip spectator', testid: 'viewer', text: t('spectator') });
    else if (this.humans.length > 1) {
      who = h('span', { class: 'viewer-chip', testid: 'viewer' }, tn('viewing', h('b', { class: 'who', text: this.names[this.viewer] })));
    }
    let undo = null;
    if (snap.can_undo && this.waiting === 'human' && !this.busy && this.viewer !== null && !this.tutorial) {
      undo = button([icon('undo'), h('span', { class: 'btn-undo-label', text: t('undo') })], {
        class: 'btn btn-undo', testid: 'undo', title: t('undoTitle'), 'aria-label': t('undo'), data: { action: 'undo' },
      });
    }
    return h('div', { class: ['status-bar', this.waiting === 'human' ? 'my-turn' : null], testid: 'status' },
      gameEmblem(snap.game), // the game's small emblem (ui/art.js)
      h('div', { class: 'status-chips' }, ...this.view.guard(() => (mod.statusChips ? mod.statusChips(snap, ctx) : []), () => [])),
      h('div', { class: 'status-prompt', testid: 'prompt', 'aria-live': 'polite' }, prompt),
      this.tutorial ? null : this.coach.button(),
      this.devices && this.hostsDevices() ? this.devices.ui.devicesButton(this.devices.hub) : null,
      this.tutorial ? null : this.jumpButtons(mod), // shown on a phone's one column only (style.css)
      explainButton(snap.game),
      rulesButton(),
      undo,
      who);
  }

  /** A phone: one tap to the public board, one back to the own hand (the phone's column puts
   * the hand first; style.css shows them there only). A game with no hand names its own part
   * (`jumpMine`: the keys of its label and its explanation; Yadokashi's row).
   * @param {any} mod the game's module */
  jumpButtons(mod) {
    const mine = mod.jumpMine || { label: 'jumpHand', explain: 'jumpHandExplain' };
    return h('span', { class: 'jump-buttons' },
      button(t(mine.label), { class: 'btn btn-sm', testid: 'jump-hand', 'data-explain': t(mine.explain), data: { action: 'jump', to: 'hand' } }),
      button(t('jumpBoard'), { class: 'btn btn-sm', testid: 'jump-board', 'data-explain': t('jumpBoardExplain'), data: { action: 'jump', to: 'board' } }));
  }

  /** The seat on another device the table waits for while no device holds it (else null). */
  awaitedDevice() {
    const seat = this.remoteSeat;
    if (this.waiting !== WAITING.remote || seat === null || !this.devices) return null;
    return this.devices.hub.status(seat) === 'joined' ? null : seat;
  }

  endScreen(ctx) {
    const snap = this.snap;
    const result = snap.result || {};
    const winners = (result.winners || []).map((s) => this.names[s]);
    // a crown only over a winner: a game stopped unfinished (Y10) names nobody and crowns nobody
    const crown = winners.length ? icon('crown', 'crown') : null;
    let title;
    if (!winners.length) title = t('noWinner');
    else if (winners.length > 1) title = tn('winnersAre', h('b', { class: 'who', text: winners.join(t('listSep')) }));
    else title = tn('winnerIs', h('b', { class: 'who', text: winners[0] }));
    const tie = tx(result.tie_break_text);
    const rematch = button(t('rematch'), { class: 'btn btn-primary btn-lg', testid: 'rematch', data: { action: 'rematch' } });
    const fresh = button(t('newGame'), { class: 'btn btn-lg', testid: 'new-game', data: { action: 'new-game' } });
    const copy = button(t('copyLink'), { class: 'btn btn-lg', testid: 'copy-link', data: { action: 'copy-link' } });
    const lobby = h('a', { class: 'btn btn-lg btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') });
    if (this.guest) {
      return h('section', { class: 'end-screen', testid: 'end-screen' },
        h('div', { class: 'end-head' }, crown ? h('div', { class: 'end-crown', testid: 'end-crown' }, crown) : null,
          h('div', {}, h('h2', { class: 'end-title', testid: 'winners' }, title))),
        placesBlock(result, this.names),
        this.view.guard(() => this.module.result(snap, ctx), () => null),
        h('p', { class: 'field-help', testid: 'guest-over', text: t('guestOver') }),
        h('div', { class: 'end-actions' }, lobby));
    }
    return h('section', { class: 'end-screen', testid: 'end-screen' },
      h('div', { class: 'end-head' },
        crown ? h('div', { class: 'end-crown', testid: 'end-crown' }, crown) : null,
        h('div', {},
          h('h2', { class: 'end-title', testid: 'winners' }, title),
          tie && !result.places ? h('p', { class: 'end-tie', testid: 'tie-break', text: tie }) : null),
        this.analyseButton()),
      placesBlock(result, this.names),
      this.view.guard(() => this.module.result(snap, ctx), () => null),
      this.hintsUsed(),
      h('div', { class: 'end-actions' }, rematch, fresh, this.replayButton(), copy, lobby));
  }

  /** The end screen's way to the replay of the game just played. */
  replayButton() {
    if (!this.onReplay) return null;
    return button([icon('eye'), h('span', { text: t('watchReplay') })], { class: 'btn btn-lg', testid: 'watch-replay', data: { action: 'watch-replay' } });
  }

  /** The end screen's way to the game's analysis, beside the winner: a beginner did not find it
   * behind Replay, then Analyse (the row of buttons is full at 1024x768, and a line of its own
   * made the result scroll). */
  analyseButton() {
    if (!this.onReplay) return null;
    return button([icon('chart'), h('span', { text: t('analyseGame') })], {
      class: 'btn end-analyse', testid: 'end-analyse', data: { action: 'end-analyse' }, 'data-explain': t('analyseGameExplain'),
    });
  }

  /** The end screen's line of the hints each person used (none at a table without hints). */
  hintsUsed() {
    const used = this.snap.hints_used || [];
    if (!this.humans.length || !(this.snap.hints || used.some((n) => n > 0))) return null;
    const names = this.names;
    return h('p', { class: 'hints-used', testid: 'hints-used' },
      h('span', { class: 'hints-used-label', text: t('hintsUsed') }),
      this.humans.map((s, i) => [i ? h('span', { class: 'hints-used-sep', text: t('listSep') }) : null,
        h('span', { class: 'hints-used-seat', testid: `hints-used-${s}`, data: { count: used[s] || 0 } },
          tn('hintsUsedBy', used[s] || 0, h('b', { class: `who seat-c${s}`, text: names[s] })))]));
  }

  baseRecord() {
    const snap = this.snap;
    const rec = snap.record || {}; // the finished record: nothing is hidden any more
    return {
      v: 1, game: snap.game, players: snap.players, seed: rec.seed,
      options: rec.options || {}, seats: snap.seats.map((s) => ({ ...s })), actions: [],
    };
  }

  async copyLink() {
    if (!this.snap.over || !this.snap.share) return; // a game's link only once nothing is hidden
    const url = `${location.origin}${location.pathname}#${this.snap.share}`;
    let copied = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch (_) { copied = false; }
    const input = h('input', { class: 'link-input', type: 'text', readonly: true, value: url, testid: 'share-link', 'aria-label': t('copyLink') });
    const status = h('p', { class: 'copy-status', testid: 'copy-status', text: copied ? t('linkCopied') : t('linkCopyManual') });
    const relabel = () => {
      status.textContent = copied ? t('linkCopied') : t('linkCopyManual');
      input.setAttribute('aria-label', t('copyLink'));
    };
    modal(h('div', { class: 'copy-dialog' }, status, input), { testid: 'copy-dialog', label: () => t('copyLink'), relabel });
    input.select();
    if (copied) toast(() => t('linkCopied'));
  }
}

/**
 * How the table carries out each step of the turn loop (ui/turns.js); false: the loop stops.
 * @type {Record<string, (table: Table, step: import('./turns.js').Step) => boolean | Promise<boolean>>}
 */
const STEPS = {
  over: (table) => table.settle(WAITING.over),
  person: (table) => table.settle(WAITING.person),
  idle: (table) => {
    table.waiting = WAITING.idle;
    table.render();
    return false;
  },
  show: (table, step) => table.show(step.seat ?? null),
  cover: (table, step) => table.cover(step),
  hold: (table) => table.hold(),
  bot: (table, step) => table.seatPlays(step.seat, 'bot'),
  remote: (table, step) => table.seatPlays(step.seat, 'remote'),
};

/** The table's own buttons, by their `data-action`. */
const TABLE_ACTIONS = {
  move: (table, data) => { if (data.a) table.play(data.a); },
  undo: (table) => table.undoButton(),
  'moment-continue': (table) => table.letMomentGo(),
  hint: (table) => table.coach.toggle(),
  'hint-close': (table) => table.coach.clear(),
  'hint-play': (table, data) => table.coach.play(Number(data.rank)),
  rematch: (table) => table.onRestart('rematch', table.baseRecord()),
  'new-game': (table) => table.onRestart('new', table.baseRecord()),
  'copy-link': (table) => table.copyLink(),
  devices: (table) => { if (table.devices) table.openDevices(); },
  // a phone: to the public board (the element the game marks `data-board`, else the first of
  // its drawing but the action zone), or back
  jump: (table, data) => {
    const zone = table.root?.querySelector('[data-testid=action-zone]');
    const marked = table.root?.querySelector('[data-board]');
    const board = marked || (zone?.parentElement ? [...zone.parentElement.children].find((el) => el !== zone) : null);
    const target = data.to === 'board' ? board : zone;
    if (target) scrollUnderBar(table.root, target);
  },
  'watch-replay': (table) => table.onReplay?.(table.snap),
  'end-analyse': (table) => { analyseOnOpen(); table.onReplay?.(table.snap); },
  // a greyed-out control says why, by tap: the engine's reason (snapshot `unavailable`)
  why: (table, data) => {
    const why = table.snap?.unavailable?.[data.why];
    if (why) toast(() => tx(why));
  },
  rules: (table) => { openRules(table.snap.game, gameTitle(table.game, table.snap.game), table.game?.credits); },
};

/**
 * The move of `kind` whose fields equal `fields` (arrays compared item by item).
 * @param {import('../types.js').Move[]} moves
 * @param {string} kind
 * @param {Record<string, any>} fields
 */
export function findMove(moves, kind, fields) {
  const same = (x, y) => (Array.isArray(x) && Array.isArray(y)
    ? x.length === y.length && x.every((v, i) => same(v, y[i]))
    : x === y);
  return moves.find((m) => m.kind === kind && Object.entries(fields).every(([k, v]) => same(m[k], v)));
}
