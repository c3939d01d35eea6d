// The table's turn loop as data: `next()` reads the snapshot, the seats and who looks at the
// screen, and names the one step the table takes next; `run()` asks for steps and hands each to
// the table until one leaves the table waiting for a person (or the game is over). Nothing here
// touches the page or a timer: node --test runs it (tests/js/turns.test.mjs), and the table
// (ui/play.js) only carries out the steps.
//
// The steps, by their `kind`:
// - `over`: the game is over; the table shows the end;
// - `cover`: pass the device to `seat` (the privacy cover); `hide`: the view on screen must first
//   become the spectator's; `undo`: the seat that may still take its move back from the cover;
//   `back`: the device goes back to `seat`, whose move was just taken back at a cover (the cover
//   says "give it back");
// - `show`: show `seat`'s view (null: the spectator's) without a cover;
// - `person`: wait for `seat`, a person at this device, to act;
// - `hold`: the game holds the table (a summary on screen) until it lets go;
// - `remote`: wait for `seat`, a person on another device;
// - `bot`: `seat` plays on its own (a bot asks the engine; a scripted seat plays its script);
// - `idle`: nobody can act now.
//
// What a seat is comes from its controller's `kind` (ui/seats.js): `here` (a person at this
// device), `auto` (a bot, a scripted seat) or `remote` (a person on another device).

/**
 * @typedef {'over'|'cover'|'show'|'person'|'hold'|'remote'|'bot'|'idle'} StepKind
 * @typedef {{kind: StepKind, seat?: number | null, hide?: boolean, undo?: number | null, back?: boolean}} Step
 * @typedef {{kind: 'here'|'auto'|'remote'}} SeatKind what next() reads of a seat's controller
 */

/**
 * The order of steps where it may differ:
 * - `holdBeforeCover`: at a device several people share, a hold (a round's results on screen)
 *   is waited for before the device is passed or the next person acts, on the spectator's view
 *   (the private view on screen is put away first), so that the whole table sees it; off (the
 *   default of next()), only bots wait for a hold (the live table switches it on);
 * - `coverBeforeUndo`: after a move is taken back at a cover (by the person who made it, while
 *   the device was on its way to the next one), the cover comes back ("give the tablet back")
 *   before that move's player sees the position again (at a table of several people). On by
 *   default: `false` shows the taken-back seat's view at once, to whoever holds the device.
 * - `watched`: others see this device: it is the host of seats played on other devices, the
 *   board in the middle of the table (a guest's own phone is not). A person here then gets their
 *   view behind a cover, and it is put away while the others play, as at a device several
 *   people share.
 * @typedef {{holdBeforeCover?: boolean, coverBeforeUndo?: boolean, watched?: boolean}} TurnOrder
 */

/**
 * What the table has been through since its last step, besides the snapshot:
 * - `hold`: the game holds the table now (a summary still up);
 * - `moment`: that hold is a moment that matters not seen yet (ui/moments.js: lines the person's
 *   own move or the bots after it brought, a round's results...): one person alone at the
 *   device sees it before their own next move too, not only before a bot's;
 * - `passed`: the seat the device was just passed to (the cover was dismissed for it);
 * - `undone`: the seat whose move was just taken back at a cover (the view on screen is then
 *   the spectator's: the device is not in that seat's hands);
 * - `order`: the order of steps (TurnOrder).
 * @typedef {{hold?: boolean, moment?: boolean, passed?: number | null, undone?: number | null, order?: TurnOrder}} TurnState
 */

/**
 * The seats of `to_move` whose controller is of `kind` (a seat without one counts as `auto`).
 * @param {number[]} toMove
 * @param {SeatKind[]} seats
 * @param {string} kind
 */
function movers(toMove, seats, kind) {
  return toMove.filter((s) => (seats[s]?.kind ?? 'auto') === kind);
}

/** The seats of people at this device. */
function localPeople(seats) {
  return seats.map((c, i) => (c?.kind === 'here' ? i : -1)).filter((i) => i >= 0);
}



/**
 * The next step of the table.
 * @param {{over?: boolean, to_move?: number[], can_undo?: boolean}} snapshot
 * @param {SeatKind[]} seats each seat's controller (its `kind`)
 * @param {number | null} viewer the seat whose view is on screen (null: the spectator's)
 * @param {TurnState} [turn]
 * @returns {Step}
 */
export function next(snapshot, seats, viewer, turn = {}) {
  const people = localPeople(seats);
  // several people see this device: several people here, or others around it (`watched`)
  const watched = Boolean(turn.order?.watched);
  const shared = people.length >= 2 || watched;
  if (snapshot.over) {
    // one person alone here keeps their own view; otherwise everyone sees the spectator's
    return (shared || !people.length) && viewer !== null ? { kind: 'show', seat: null } : { kind: 'over' };
  }
  const toMove = snapshot.to_move || [];
  const ready = movers(toMove, seats, 'here');
  if (ready.length) return personStep(snapshot, ready, shared, viewer, turn);
  if (turn.hold) return holdStep(shared, viewer, turn);
  const away = movers(toMove, seats, 'remote');
  const auto = movers(toMove, seats, 'auto');
  // a private view is put away before the others play at a watched device
  if ((away.length || auto.length) && viewer !== null && watched) return { kind: 'show', seat: null };
  if (away.length) return { kind: 'remote', seat: away[0] };
  if (auto.length) return { kind: 'bot', seat: auto[0] };
  return { kind: 'idle' };
}

/**
 * A person at this device is to act: the one on screen if they may, else the first; the device
 * goes round (a cover) when several people share it.
 * @param {{can_undo?: boolean}} snapshot
 * @param {number[]} ready the people here who may act now
 * @param {boolean} shared several people see this device
 * @param {number | null} viewer
 * @param {TurnState} turn
 * @returns {Step}
 */
function personStep(snapshot, ready, shared, viewer, turn) {
  const order = turn.order || {};
  const undone = order.coverBeforeUndo !== false && ready.includes(turn.undone) ? turn.undone : null;
  const seat = undone ?? (ready.includes(viewer) ? viewer : ready[0]);
  const covered = turn.passed === seat;
  if (shared && !covered && order.holdBeforeCover && turn.hold) return holdStep(shared, viewer, turn);
  if (!shared && turn.hold && turn.moment) return { kind: 'hold' };
  if (seat === viewer) return { kind: 'person', seat };
  if (!shared || covered) return { kind: 'show', seat };
  if (undone !== null) return { kind: 'cover', seat, hide: viewer !== null, undo: null, back: true };
  // the person on screen, still holding the device, may take their move back instead
  const undo = viewer !== null && snapshot.can_undo ? viewer : null;
  return { kind: 'cover', seat, hide: viewer !== null, undo };
}

/**
 * The game holds the table: at a device several people share (with `holdBeforeCover`), the
 * private view on screen is put away first, so that everyone sees what is held.
 * @param {boolean} shared several people see this device
 * @param {number | null} viewer
 * @param {TurnState} turn
 * @returns {Step}
 */
function holdStep(shared, viewer, turn) {
  const everyone = Boolean(turn.order?.holdBeforeCover) && shared;
  return everyone && viewer !== null ? { kind: 'show', seat: null } : { kind: 'hold' };
}

/**
 * The table's side of the loop (ui/play.js `Table`; a fake one in the tests).
 * @typedef {object} TurnHost
 * @property {{over?: boolean, to_move?: number[], can_undo?: boolean}} snap
 * @property {SeatKind[]} seats
 * @property {number | null} viewer
 * @property {() => TurnState} turn what the table has been through (asked before each step)
 * @property {(step: Step) => Promise<boolean> | boolean} carry carries out a step; false: the
 *   loop stops there (a person is to act, the game is over, or the table is gone)
 */

/**
 * Take steps until one stops the loop; resolves with that step.
 * @param {TurnHost} host
 * @returns {Promise<Step>}
 */
export async function run(host) {
  for (;;) {
    const step = next(host.snap, host.seats, host.viewer, host.turn());
    if (!(await host.carry(step))) return step;
  }
}

/** What the table waits for (its `data-waiting`) while a step of each kind is on. */
export const WAITING = {
  over: 'over', cover: 'pass', show: 'busy', person: 'human', hold: 'hold', remote: 'remote', bot: 'bot', idle: 'busy',
};
