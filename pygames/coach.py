"""The coach of the bridge (:mod:`pygames.web`): a hint at a seat's decision during a game, and
the replay viewer's analysis of a finished game.

Both search from one seat's information only (:mod:`pygames.core.review`), in slices that the
bridge answers one request at a time, and say each move in words as the seat reads it
(:mod:`pygames.core.words`). Neither touches the game or its random stream. The bridge keeps what
is under way (a :class:`Hint` on its session, one :class:`Analysis`); this module keeps nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from pygames.coach_picks import move_picks
from pygames.core.errors import BadRequest, NotYourTurn
from pygames.core.protocol import GameState, JSONDict
from pygames.core.record import Record
from pygames.core.review import (
    MISTAKE,
    Appraisal,
    Budget,
    Review,
    Verdict,
    chosen_seats,
    evaluator,
    hint_rng,
    summary,
)
from pygames.core.text import t
from pygames.core.words import action_words, advice, words_rng

# --- hints ------------------------------------------------------------------------------------

HINT_SECONDS = 1.0  # search per hint in all, in slices of the bridge's THINK_SLICE
HINT_WORDS = 3  # the hint's best moves that carry their words (the page shows three)


@dataclass
class Hint:
    """A hint's search in progress or done, the decision it was asked at, and the words of its
    moves (by notation), made once each for the decision."""

    #: (seat, actions played) when it was asked
    at: tuple[int, int]
    appraisal: Appraisal
    words: dict[str, list[JSONDict]] = field(default_factory=dict)


def check_hint(record: Record, state: GameState, seat: int) -> None:
    """Refuse, readably, a hint that may not be given: hints off at this table, a bot's seat, or
    a seat not to move."""
    if not record.hints_allowed():
        raise BadRequest(
            t(
                "Hints are off at this table (an option of the game's setup).",
                "このゲームではヒントを使えません(ゲームの準備で決める設定です)。",
            )
        )
    if record.seats[seat].kind == "bot":
        raise BadRequest(
            t(
                "Hints are for a player's own seat, not a bot's.",
                "ヒントはボットの席には出せません。",
            )
        )
    if state.is_over() or seat not in state.to_move():
        raise NotYourTurn(
            t(
                "A hint is only for the seat to move, and it is not this seat's turn.",
                "ヒントは手番の席にだけ出せます。この席の手番ではありません。",
            )
        )


def hint_at(hint: Hint | None, record: Record, state: GameState, seat: int) -> Hint:
    """The hint of ``seat``'s decision now: ``hint`` when it was asked at this decision, else a
    new one, which counts one hint for the seat in the record."""
    at = (seat, len(record.actions))
    if hint is not None and hint.at == at:
        return hint
    rng = hint_rng(record.seed, state.ply, seat)
    appraisal = Appraisal(evaluator(record.info()), state, seat, rng, Budget(seconds=HINT_SECONDS))
    record.count_hint(seat)
    return Hint(at, appraisal)


def hint_answer(hint: Hint, state: GameState, seed: int, slice_seconds: float) -> JSONDict:
    """Search for a slice and rank the seat's moves: ``{thinking, moves: [{a, win, visits,
    words?}], iterations, progress}``, best first, the first :data:`HINT_WORDS` with their
    words."""
    appraisal = hint.appraisal
    done = appraisal.run(slice_seconds)
    moves: list[JSONDict] = []
    for rank, e in enumerate(appraisal.ranking()):
        move: JSONDict = {"a": e.action, "win": e.win, "visits": e.visits}
        if rank < HINT_WORDS:
            move["words"] = _hint_words(hint, state, seed, e.action)
            move.update(move_picks(state, hint.at[0], e.action))  # its picks on the table
        moves.append(move)
    return {
        "thinking": not done,
        "moves": moves,
        "iterations": appraisal.iterations,
        "progress": round(min(1.0, appraisal.progress), 3) if not done else 1.0,
    }


def _hint_words(hint: Hint, state: GameState, seed: int, action: str) -> list[JSONDict]:
    """The words of a hint's move (made once for the decision)."""
    words = hint.words.get(action)
    if words is None:
        seat = hint.at[0]
        rng = words_rng(seed, state.ply, seat)
        words = advice(action_words(state, seat, action, rng))
        hint.words[action] = words
    return words


# --- the replay viewer's analysis -------------------------------------------------------------

#: the analysis's version: a new one when its budget or its answer changes, so that a page
#: holding an analysis of another version knows it is stale
ANALYSIS_VERSION = 1
#: the search of one decision of an analysis, in iterations (never the clock: the same analysis
#: in every run and every browser), per game: about 1 s a decision in the browser at most, and
#: a whole seat of a usual game in well under a minute (docs/bots.md, "Reviews and hints")
ANALYSIS_ITERATIONS: Mapping[str, int] = MappingProxyType(
    {
        "marie": 600,
        "hitokai": 200,
        "pharaoh": 250,
        "baggai": 100,
        "yadokashi": 100,
    }
)
ANALYSIS_DEFAULT = 200  # a game not in the table


def analysis_budget(game: str) -> Budget:
    """The budget of one decision of ``game``'s analysis."""
    return Budget(iterations=ANALYSIS_ITERATIONS.get(game, ANALYSIS_DEFAULT))


def analysis_version(game: str) -> str:
    """What a stored analysis of ``game`` must carry to be current: the analysis's version and
    the budget of its decisions."""
    return f"{ANALYSIS_VERSION}/{analysis_budget(game).iterations}"


@dataclass
class Analysis:
    """An analysis under way or done: its key (the record and the seats), the review, and the
    verdicts in words so far."""

    key: str
    review: Review
    lines: list[JSONDict]


def analysis_seats(asked: list[int] | None, record: Record) -> list[int]:
    """The seats to analyse: those ``asked``, else the human seats (every seat when there is
    none)."""
    if asked is None:
        humans = [s for s, seat in enumerate(record.seats) if seat.kind == "human"]
        return humans or list(range(record.players))
    return chosen_seats(record, asked)


def analysis_line(verdict: Verdict, view: GameState, seed: int) -> JSONDict:
    """A verdict for the page: its figures, and the words of the move played and of the better
    one, as the seat reads them (from the world its appraisal searched: never the true
    state)."""
    line = verdict.to_json()
    rng = words_rng(seed, verdict.ply, verdict.seat)
    words = {"played": action_words(view, verdict.seat, verdict.played, rng.copy())}
    if verdict.best != verdict.played:
        words["best"] = action_words(view, verdict.seat, verdict.best, rng.copy())
    line["words"] = words
    # the picks of each move made through a choice, for the table's marks (pygames.coach_picks)
    picks = {"played": move_picks(view, verdict.seat, verdict.played)}
    picks["best"] = move_picks(view, verdict.seat, verdict.best)
    line["picks"] = {k: p for k, p in picks.items() if p}
    return line


def analysis_of(current: Analysis | None, record: Record, seats: list[int]) -> Analysis:
    """The analysis of ``seats`` of ``record``: ``current`` when it is that one, else a new one
    (a record whose game is not over, or does not replay, is refused here)."""
    key = json.dumps([record.to_fragment(), seats])
    if current is not None and current.key == key:
        return current
    lines: list[JSONDict] = []
    seed = record.seed

    def keep(verdict: Verdict, view: GameState) -> None:
        lines.append(analysis_line(verdict, view, seed))

    review = Review(record, seats, analysis_budget(record.game), each=keep)
    return Analysis(key, review, lines)


def analysis_answer(job: Analysis, slice_seconds: float) -> JSONDict:
    """Go on with the analysis for a slice and answer its progress; once done, the verdicts, a
    summary per seat and what counts as a mistake."""
    review = job.review
    record, seats = review.record, review.seats
    done = review.run(slice_seconds)
    out: JSONDict = {
        "ok": True,
        "thinking": not done,
        "game": record.game,
        "seats": seats,
        "done": len(job.lines),
        "total": review.total,
        "progress": round(review.progress, 4),
        "version": analysis_version(record.game),
        "iterations": review.budget.iterations,
    }
    if done:
        out["verdicts"] = job.lines
        out["summary"] = summary(review.verdicts, seats)
        out["mistake"] = MISTAKE
    return out
