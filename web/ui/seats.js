// The seats' controllers: who plays a seat, as the turn loop (ui/turns.js) sees it. A controller
// has a `kind` (`here`: a person at this device, who acts through the table; `auto`: a seat that
// plays on its own when asked; `remote`: a person on another device, whose move the table waits
// for) and, unless it is `here`, `play(turn)`: it makes or waits for the seat's move and
// resolves with the snapshot after it (null: the table is gone or the engine failed).
//
// Nothing here touches the page: the clock and the pacing come from the table, so the tests
// (tests/js/seats.test.mjs) run the controllers with a fake engine and a fake clock.

/**
 * What a controller gets for one move.
 * @typedef {object} SeatTurn
 * @property {number} seat the seat to play
 * @property {number | null} viewer the seat whose view the answer is for (null: the spectator's)
 * @property {string} session
 * @property {(request: Record<string, any>) => Promise<any>} call the table's engine call (a
 *   snapshot, or null once the table is gone or the engine failed)
 * @property {() => boolean} alive whether the table is still open
 * @property {any} [snap] the snapshot on the table when the seat was asked to play
 */

/**
 * @typedef {object} SeatController
 * @property {'here'|'auto'|'remote'} kind (`remote`: web/net/hub.js `deviceSeat`)
 * @property {string} [name] what the seat is (`person`, `bot`, `script`, `remote`...)
 * @property {(turn: SeatTurn) => Promise<any>} [play]
 */

/**
 * How a seat that plays on its own is paced: a move is shown no sooner than `delay()` ms after
 * its decision began (slow thinking is not paced again).
 * @typedef {object} Pace
 * @property {() => number} now a clock in ms
 * @property {(ms: number) => Promise<void>} sleep
 * @property {() => number} delay the pause of the current speed, in ms
 */

/** A person at this device: they act through the table, never through the loop. */
export function personHere() {
  return /** @type {SeatController} */ ({ kind: 'here', name: 'person' });
}

/**
 * Wait out the rest of the seat's pause, then hand back its answer (null once the table is gone).
 * @param {Pace} pace
 * @param {number} started
 * @param {any} ans
 * @param {SeatTurn} turn
 */
async function paced(pace, started, ans, turn) {
  const rest = pace.delay() - (pace.now() - started);
  if (rest > 0) await pace.sleep(rest);
  return turn.alive() ? ans : null;
}

/**
 * A bot: asks the engine for the seat's move. A strong bot thinks in slices: the table keeps
 * asking until it has played.
 * @param {Pace} pace
 * @returns {SeatController}
 */
export function botSeat(pace) {
  return {
    kind: 'auto',
    name: 'bot',
    async play(turn) {
      const started = pace.now();
      let ans;
      do {
        ans = await turn.call({ cmd: 'bot', session: turn.session, seat: turn.seat, view_seat: turn.viewer });
        if (!ans || !turn.alive()) return null;
      } while (ans.thinking);
      return paced(pace, started, ans, turn);
    },
  };
}

/**
 * A scripted seat (a tutorial's): plays the given moves (notation) one after another, paced as a
 * bot. Once the script is played out it has nothing to play: it resolves with null.
 * @param {string[]} moves
 * @param {Pace} pace
 * @returns {SeatController}
 */
export function scriptedSeat(moves, pace) {
  const script = [...moves];
  return {
    kind: 'auto',
    name: 'script',
    async play(turn) {
      const started = pace.now();
      const action = script.shift();
      if (action === undefined) return null;
      const ans = await turn.call({ cmd: 'act', session: turn.session, seat: turn.seat, view_seat: turn.viewer, action });
      if (!ans || !turn.alive()) return null;
      return paced(pace, started, ans, turn);
    },
  };
}

/**
 * The controllers of a snapshot's seats: a person here for each `human` seat, a bot for any other.
 * @param {{kind: string}[]} seats the snapshot's `seats`
 * @param {Pace} pace
 * @returns {SeatController[]}
 */
export function defaultSeats(seats, pace) {
  return seats.map((s) => (s.kind === 'human' ? personHere() : botSeat(pace)));
}
