"""Playing records forward with bots, and the summary line the CLI prints."""

from __future__ import annotations

from pygames.core.bots import bot_rng, decide
from pygames.core.protocol import GameState, JSONDict
from pygames.core.record import Record
from pygames.core.registry import GameInfo

ACTION_CAP = 20000


def bot_move(
    record: Record,
    state: GameState,
    seat: int,
    legal: list[str] | None = None,
    info: GameInfo | None = None,
) -> str:
    """The action the seat's bot chooses now (the seat must be a bot seat). ``legal``: the
    seat's legal actions, when the caller has them already; ``info``: ``record.info()``,
    likewise."""
    seat_info = record.seats[seat]
    bot = (info or record.info()).make_bot(seat_info.level or "random")
    seed, ply = record.seed, state.ply
    # the decision's stream, made only for a bot that needs one (not one given a public world)
    return decide(state, seat, bot, lambda: bot_rng(seed, ply, seat), legal)


def play_bots(record: Record, state: GameState, cap: int = ACTION_CAP) -> bool:
    """Let bots play every bot seat until a human must act, the game ends, or ``cap`` actions
    have been recorded. Appends to ``record.actions``; returns whether the game is over. The
    seat's legal actions are listed once a decision, for the bot's check and the checked
    ``apply``."""
    seats, actions, info = record.seats, record.actions, record.info()
    while not state.is_over() and len(actions) < cap:
        for seat in state.to_move():  # the first bot seat to move (a loop: no generator made)
            if seats[seat].kind == "bot":
                break
        else:
            break
        legal = state.legal_actions(seat)
        action = bot_move(record, state, seat, legal, info)
        state.apply(seat, action, legal)
        actions.append(f"{seat}:{action}")
    return state.is_over()


def summary(record: Record, state: GameState) -> JSONDict:
    """The record plus ``scores``, ``winners`` and ``finished``: one line of the CLI's output.

    ``finished`` is false both for a game cut short by the driver and for one an engine cap
    stopped (the result then has scores but no winner, ``tie_break`` saying why).
    """
    data = record.to_json()
    finished = False
    if state.is_over():
        result = state.result()
        finished = result.finished
        data.update(scores=result.scores, winners=result.winners, tie_break=result.tie_break)
    else:
        data.update(scores=None, winners=[], tie_break=None)
    data["finished"] = finished
    return data
