// The shapes of the data that crosses the bridge (docs/protocol.md) and of the table layer's
// contract (docs/table-layer.md), as JSDoc types for TypeScript's checker (`tsc -p jsconfig.json`).
// Nothing here runs: other modules name the types in their comments,
//   /** @param {import('../types.js').Snapshot} snap */
// and the checker reads them. Keep them in step with pygames/web.py and pygames/core/protocol.py.

// ------------------------------------------------------------------------------- common pieces

/**
 * A sentence in both languages of the site.
 * @typedef {{en: string, ja: string}} Text
 */

/**
 * One seat of a record: who plays it.
 * @typedef {object} SeatInfo
 * @property {string} name
 * @property {'human' | 'bot'} kind
 * @property {string} [level] a bot's level (`random`, `easy`, `normal`, `strong`); bots only
 */

/**
 * A game record: enough to rebuild every position (docs/protocol.md).
 * @typedef {object} GameRecord
 * @property {number} v the record format, 1
 * @property {string} game the game id (`marie`, ...)
 * @property {number} players
 * @property {number} [seed] an integer 0..2^53-1 (absent in a new game's record: the engine deals)
 * @property {Record<string, any>} options
 * @property {SeatInfo[]} seats
 * @property {string[]} actions `"<seat>:<notation>"`, in order
 * @property {number[]} [hints_used] the hints each seat asked (once one was asked)
 */

/**
 * One line of a view's log. In `text`, `{0}`, `{1}`... stand for the names of `seats[0]`,
 * `seats[1]`... (inserted as text, never as HTML).
 * @typedef {object} LogEntry
 * @property {Text} text
 * @property {number[]} seats
 * @property {number} ply
 * @property {string} [moment] the line is part of a moment that matters: its kind (ui/moments.js)
 * @property {number[]} [moment_for] the seats the moment matters to (none: everyone)
 */

/**
 * The fields every game's view has; each game adds its own (docs/protocol.md, per game).
 * @typedef {object} ViewBase
 * @property {string} game
 * @property {number} players
 * @property {number | null} seat the seat it is seen from; null: a spectator
 * @property {number[]} to_move
 * @property {boolean} over
 * @property {number} ply
 * @property {LogEntry[]} log (in a snapshot: the entries from the snapshot's `log_start` on)
 * @property {string} [phase] the game's phase, for most games
 * @property {boolean} [moment_open] a moment that matters is still unfolding (held once over)
 */

/**
 * A view: the common fields and the game's own.
 * @typedef {ViewBase & Record<string, any>} View
 */

/**
 * The end of a game.
 * @typedef {object} GameResult
 * @property {number[]} scores
 * @property {Record<string, any>[]} breakdown one per seat, the game's own fields
 * @property {number[]} winners
 * @property {string} tie_break
 * @property {Text} tie_break_text
 * @property {boolean} finished false for a game stopped by an engine cap: no winner
 */

// ------------------------------------------------------------------------------- moves as data

/**
 * A discrete legal move: `a` is the notation, sent back unchanged and never looked into; `kind`
 * and the other fields are what the page draws from (`{a: "pile3", kind: "pile", pile: 3}`).
 * `warn`: the engine marks it as a move that can only lose, and says why (the table asks once).
 * @typedef {{a: string, kind: string, warn?: Text, [field: string]: any}} Move
 */

/**
 * A combinatorial choice, too many moves to list: composed pick by pick with `compose`.
 * `order: "set"` says the order of the picks does not matter. The game adds its own fields
 * (the cards that may go into a declaration...).
 * @typedef {{id: string, kind: string, order?: 'set' | 'sequence' | string, [field: string]: any}} Choice
 */

// --------------------------------------------------------------------------------- answers

/**
 * A refusal: the engine's answer when a request failed; nothing changed.
 * @typedef {object} EngineError
 * @property {false} ok
 * @property {Text} error
 * @property {string} [kind] the engine's error class (`IllegalAction`, `RecordError`...)
 */

/**
 * The answer of `start`, `view`, `act`, `bot` and `undo`: what a seat may see and do now. The
 * replay viewer hands renderers one made from a `replay` answer: `session` and `share` null,
 * no moves, no choices.
 * @typedef {object} Snapshot
 * @property {true} ok
 * @property {string | null} session
 * @property {string} game
 * @property {number} players
 * @property {SeatInfo[]} seats
 * @property {number[]} to_move
 * @property {boolean} over
 * @property {number} ply
 * @property {View} view
 * @property {Move[]} moves the seat's discrete legal moves; [] unless it is to move
 * @property {Choice[]} choices its combinatorial choices; [] unless it is to move
 * @property {Record<string, Text>} [unavailable] kinds of move the table draws greyed out for the
 *   seat to move, each with the engine's reason (shown by tap)
 * @property {GameResult | null} result
 * @property {string | null} [share] `g=...`: the finished record, once the game is over (absent
 *   before: the page never holds a game's record while something is hidden; null in the replay
 *   viewer)
 * @property {GameRecord | null} record the whole record, once the game is over
 * @property {boolean} secret_pending
 * @property {boolean} can_undo
 * @property {number} [keep] the engine worker's number of the record of this position (the worker
 *   keeps the record; the page names it to save the game: `vault-keep`)
 * @property {number} [log_start] where `view.log` begins in the seat's whole log
 * @property {boolean} [hints] whether this table allows hints (the `hint` request)
 * @property {number[]} [hints_used] the hints each seat asked so far
 */

/**
 * The answer of `act`: a snapshot and how many of the actions were applied.
 * @typedef {Snapshot & {applied: number}} ActAnswer
 */

/**
 * The answer of `bot`: a snapshot; `action` once the bot has decided, while `thinking` it has not
 * played yet (call `bot` again to go on).
 * @typedef {Snapshot & {actor: number, thinking: boolean, action?: string, iterations?: number}} BotAnswer
 */

/**
 * The answer of `compose`: the engine's judgement of a partial selection. Changes nothing.
 * @typedef {object} ComposeAnswer
 * @property {true} ok
 * @property {string} choice the choice id asked about
 * @property {any[]} picks the picks asked about
 * @property {boolean} valid the picks can still be completed into a legal move
 * @property {boolean} complete they make a legal move now, played by `actions`
 * @property {any[]} next the picks that may be added now
 * @property {string[]} actions the notation strings to send with `act` when complete
 * @property {Text | null} why why not, when not valid
 * @property {Text | null} [warn] a complete selection that can only lose: why (the table asks)
 * @property {Record<string, any>} info the game's figures for the page (a running total...)
 */

/**
 * The answer of `replay`: a position of a record seen by a spectator.
 * @typedef {object} ReplayAnswer
 * @property {true} ok
 * @property {string} game
 * @property {number} players
 * @property {number} seed
 * @property {SeatInfo[]} seats
 * @property {number} ply
 * @property {number} total
 * @property {string[]} actions
 * @property {boolean} finished
 * @property {boolean} over
 * @property {View} view
 * @property {GameResult | null} result
 * @property {View[]} [views] every seat's view (with `reveal`, a finished game only)
 */

/**
 * One game of the catalogue (`catalog` answer, dist/catalog.json).
 * @typedef {object} CatalogGame
 * @property {string} id
 * @property {Text} titles
 * @property {number} min_players
 * @property {number} max_players
 * @property {number} minutes
 * @property {Text[]} credits
 * @property {Text[]} summary
 * @property {string[]} levels
 * @property {any} options
 * @property {number | null} [tutorial] the number of steps of its guided first game ("Learn to play"), null: none
 */

/**
 * Any answer of the engine: `{ok: true, ...}` or a refusal.
 * @typedef {Snapshot | ActAnswer | BotAnswer | ComposeAnswer | ReplayAnswer
 *   | {ok: true, games: CatalogGame[]} | {ok: true} | EngineError} EngineAnswer
 */

/**
 * The page's handle on the engine (web/engine.js): `call` resolves with the answer object and
 * rejects only if the worker died.
 * @typedef {object} Engine
 * @property {Promise<void>} ready
 * @property {Promise<void>} kept resolves once the files a first visit fetched are in the service
 *   worker's cache (at once on other visits), or the engine failed: the page registers the
 *   service worker then
 * @property {(request: Record<string, any>) => Promise<any>} call
 * @property {() => Promise<void>} [restart] end the worker (whatever it is busy with) and start a
 *   fresh one; the calls still waiting reject with an error whose `cancelled` is true
 */

// --------------------------------------------------------------------------- the table layer

/**
 * What a game renderer draws from (docs/table-layer.md). `moves` and `choices` are empty unless
 * the viewer can act now (and always in the replay viewer).
 * @typedef {object} TableContext
 * @property {string[]} names the seats' names
 * @property {number | null} viewer the seat the table is seen from; null: no single human
 * @property {number[]} humans
 * @property {boolean} canAct
 * @property {number | null} thinking the bot seat thinking now
 * @property {string} waiting what the table waits for (`human`, `bot`, `busy`, `pass`, `hold`,
 *   `remote`, `over`: the step of the turn loop on, ui/turns.js `WAITING`; `replay` in the replay
 *   viewer)
 * @property {Record<string, any>} ui the UI state of the current decision (`initUi`)
 * @property {Record<string, any>} memo UI state kept for the whole game
 * @property {Move[]} moves
 * @property {Choice[]} choices
 * @property {(kind: string, fields?: Record<string, any>) => Move | undefined} move the move
 *   of that kind whose fields match
 * @property {(kind: string) => Move[]} movesOf
 * @property {(id: string) => Choice | undefined} [choice]
 * @property {(a: string) => void} play send a move of `moves`
 * @property {(actions: string[]) => void} playActions send a complete compose answer's actions
 * @property {(id: string, picks: any[]) => Promise<ComposeAnswer | null>} compose ask the
 *   engine; null once the table moved on
 * @property {() => void} render
 * @property {boolean} [replay] true in the replay viewer (nothing can be played there)
 */

/**
 * Something a drawing function may return: nodes, text, or nothing.
 * @typedef {Node | string | null | undefined | false | Array<Node | string | null | undefined | false>} Drawing
 */

/**
 * A handler of the renderer's `actions`: changes `ctx.ui` (or plays) and returns; the table
 * redraws after it. `data` is the tapped element's dataset (`data-action` left out).
 * @typedef {(ctx: TableContext, data: Record<string, string | undefined>, event: Event) => void} ActionHandler
 */

/**
 * A game renderer module (web/games/<id>.js, its default export).
 * @typedef {object} GameRenderer
 * @property {(snap: Snapshot) => Record<string, any>} [initUi] the UI state of a new decision
 * @property {(snap: Snapshot, ctx: TableContext) => Node[]} [statusChips]
 * @property {(snap: Snapshot, ctx: TableContext) => Drawing} prompt
 * @property {(snap: Snapshot, ctx: TableContext) => Node} table
 * @property {(snap: Snapshot, ctx: TableContext) => Node[]} [side]
 * @property {(snap: Snapshot, ctx: TableContext) => Node} result
 * @property {Record<string, ActionHandler>} [actions]
 * @property {(snap: Snapshot, ctx: TableContext) => Promise<void> | null | undefined} [holdBots]
 * @property {(snap: Snapshot, ctx: TableContext) => boolean} [covered] whether the game's own layer
 *   (a round summary to close) lies over the board now: the coach then offers nothing behind it
 * @property {(snap: Snapshot) => string | undefined} [passHint] the privacy screen's hint (a
 *   STRINGS key) for the step the tablet is passed for, if the game has one
 * @property {(...args: any[]) => any} [setupOptions]
 * @property {(snap: Snapshot, ctx: TableContext) => {choice: string, picks: any[]} | null} [selection]
 *   the choice being composed and its picks so far (the tutorial marks the next pick from it)
 * @property {(snap: Snapshot, ctx: TableContext) => any[]} [chosen] what the person has chosen
 *   on the table for a move not played yet, when it is not a `selection` (the coach's Play says
 *   when it sets them aside)
 * @property {(snap: Snapshot, ctx: TableContext, a: string) => string | null} [reachSteps] how
 *   the controls that lead to move `a` (`data-reach`) set it, in words ("press +5 once, then +1
 *   twice, then Bid"): the coach's panel says it beside a move marked on them
 * @property {string[]} [movesAfter] the game's taps (`data-action`) on the board whose next step
 *   lies in its moves (the action zone): on a phone's one column those are then brought into view
 * @property {{label: string, explain: string}} [jumpMine] a game with no hand: the STRINGS keys
 *   of the phone's jump back to the player's own part of the table and of its explanation
 */

export {};
