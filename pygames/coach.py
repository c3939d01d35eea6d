"""The coach of the bridge (:mod:`pygames.web`): a hint at a seat's decision during a game, and
the replay viewer's analysis of a finished game.

Both search from one seat's information only (:mod:`pygames.core.review`), in slices that the
bridge answers one request at a time, and say each move in words as the seat reads it
(:mod:`pygames.core.words`). Neither touches the game or its random stream. The bridge keeps what
is under way (a :class:`Hint` on its session, one :class:`Analysis`); this module keeps nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from pygames.coach_picks import alike_key, move_picks, same_move
from pygames.core.errors import BadRequest, NotYourTurn
from pygames.core.protocol import GameState, JSONDict
from pygames.core.reasons import of_this_player, why
from pygames.core.record import Record
from pygames.core.registry import GameInfo
from pygames.core.review import (
    MISTAKE,
    Appraisal,
    Budget,
    Ranked,
    Review,
    Verdict,
    chance_noun,
    chosen_seats,
    evaluator,
    hint_rng,
    knowledge_seed,
    own_actions,
    summary,
)
from pygames.core.rng import Rng
from pygames.core.text import Text, t
from pygames.core.words import WORDS_STREAM, action_words, advice, steps_words, words_rng

# --- hints ------------------------------------------------------------------------------------

#: the search of a hint, in iterations per game (never the clock: the same hint in every run, in
#: every worker and every Python): about 1 s in the browser on a 2-core machine, measured there
#: (tools/browser_bench.py --only hint; raised with the faster engine of issue 35, 2026-11-28;
#: docs/bots.md, "Reviews and hints")
HINT_ITERATIONS: Mapping[str, int] = MappingProxyType(
    {
        "marie": 1200,
        "hitokai": 200,
        "pharaoh": 400,
        "baggai": 100,
        "yadokashi": 250,
    }
)
HINT_DEFAULT = 200  # a game not in the table
HINT_WORDS = 3  # the hint's best moves that carry their words and reasons (the page shows three)


@dataclass
class Hint:
    """A hint's search in progress or done, the decision it was asked at, the seed drawn from
    what the seat knows (:func:`pygames.core.review.knowledge_seed`), and the words and reasons
    of its moves (by notation), made once each for the decision."""

    #: (seat, actions played) when it was asked
    at: tuple[int, int]
    appraisal: Appraisal
    seed: int = 0
    words: dict[str, list[JSONDict]] = field(default_factory=dict)
    reasons: dict[str, Text] = field(default_factory=dict)
    #: the actions the hint counts as one move (:func:`pygames.coach_picks.same_move`)
    same: Callable[[str], Hashable] | None = None


def hint_budget(game: str) -> Budget:
    """The budget of a hint in ``game``."""
    return Budget(iterations=HINT_ITERATIONS.get(game, HINT_DEFAULT))


def check_hint(record: Record, state: GameState, seat: int) -> None:
    """Refuse, readably, a hint that may not be given: hints off at this table, a bot's seat, or
    a seat not to move."""
    if not record.hints_allowed():
        raise BadRequest(
            t(
                "Hints are off at this table (an option of the game's setup).",
                "このゲームではヒントを使えません（ゲームの準備で決める設定です）。",
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
    record.count_hint(seat)
    return new_hint(record.info(), state, seat, own_actions(record, seat), at)


def new_hint(
    info: GameInfo, state: GameState, seat: int, own: list[str], at: tuple[int, int] = (0, 0)
) -> Hint:
    """A hint of ``seat``'s decision in ``state`` (its own actions so far: ``own``), searched a
    fixed number of iterations from a stream seeded by what the seat knows: the same position
    asked again, or a true state the seat cannot tell from it, gets the same hint."""
    seed = knowledge_seed(state, seat, own)
    appraisal = Appraisal(evaluator(info), state, seat, hint_rng(seed), hint_budget(info.id))
    return Hint(at, appraisal, seed, same=same_move(state, seat))


def hint_answer(hint: Hint, state: GameState, slice_seconds: float) -> JSONDict:
    """Search for a slice and rank the seat's moves: ``{thinking, basis, whole, moves: [{a, win,
    visits, place, points, about?, words?, why?}], iterations, progress}``, best first by the
    figure shown (:meth:`pygames.core.review.Appraisal.hinted`), the first :data:`HINT_WORDS`
    with their words and, once the search is done, their reasons."""
    appraisal = hint.appraisal
    done = appraisal.run(slice_seconds)
    on, ranked = appraisal.hinted(hint.same)
    moves: list[JSONDict] = []
    for rank, e in enumerate(ranked):
        move: JSONDict = {
            "a": e.action,
            "win": e.win,
            "visits": e.visits,
            "place": e.place,
            "points": e.points,
        }
        if e.about:
            move["about"] = True
        if rank < HINT_WORDS:
            picks = move_picks(state, hint.at[0], e.action)  # its picks on the table, its steps
            move["words"] = _hint_words(hint, state, e.action, picks.get("steps"))
            move.update(picks)
            if done:
                move["why"] = dict(_hint_why(hint, ranked, rank, on))
        moves.append(move)
    return {
        "thinking": not done,
        "basis": on,
        # rollouts played to the game's end (else place and points are where they stop: The
        # Egyptian Buyer's round end, Yadokashi's sixteen plies on, scored by the game)
        "whole": appraisal.bot.values is None,
        "moves": moves,
        "iterations": appraisal.iterations,
        "progress": round(min(1.0, appraisal.progress), 3) if not done else 1.0,
    }


def _hint_why(hint: Hint, ranked: list[Ranked], rank: int, on: str) -> Text:
    """The reason of the hint's move at ``rank`` (made once): the best against the next best,
    any other against the best."""
    e = ranked[rank]
    found = hint.reasons.get(e.action)
    if found is None:
        other = (ranked[1] if rank == 0 else ranked[0]).stats if len(ranked) > 1 else None
        against = "next" if rank == 0 else "best"
        appraisal = hint.appraisal
        same = hint.same
        legal = appraisal.view.legal_actions(appraisal.seat)
        keys = {same(a) for a in legal} if same is not None else set()
        only = len(keys) == 1
        found = why(
            e.stats,
            other,
            appraisal.view,
            appraisal.seat,
            e.action,
            basis=on,
            against=against,
            only=only,
            alike=only and len(legal) > 1 and all(alike_key(k) for k in keys),
        )
        hint.reasons[e.action] = found
    return found


def _hint_words(
    hint: Hint, state: GameState, action: str, steps: list[str] | None = None
) -> list[JSONDict]:
    """The words of a hint's move (made once for the decision, from a stream seeded by what the
    seat knows): of all its ``steps`` when it is made in several (a whole payment)."""
    words = hint.words.get(action)
    if words is None:
        rng = Rng.from_seed(hint.seed, stream=WORDS_STREAM)
        seat = hint.at[0]
        said = (
            steps_words(state, seat, steps, rng)
            if steps
            else action_words(state, seat, action, rng)
        )
        words = advice(said)
        hint.words[action] = words
    return words


# --- the replay viewer's analysis -------------------------------------------------------------

#: the analysis's version: a new one when its budget or its answer changes, so that a page
#: holding an analysis of another version knows it is stale (2: a gap within the noise is no
#: loss, and the better move is the first of the hint's order; 3: the cards that begin the same
#: payment are one move, as in the hint, a mistake's reason is made from the figures shown, and
#: each decision is searched as the hint searched it: its stream, its budget; 4: the mean loss
#: is over the decisions where the seat could still win, ``open`` of them; 5: the actions a seat
#: cannot tell apart are one move, Marie's face-down piles, and the hint's order is by the
#: figures as shown)
ANALYSIS_VERSION = 5
#: the search of one decision of an analysis, in iterations (never the clock: the same analysis
#: in every run and every browser), per game: the hint's (the analysis searches each decision as
#: the hint did, so that it never calls the hint's first move a mistake): about 1 s a decision
#: in the browser at most, and a whole seat of a usual game in well under a minute
#: (docs/bots.md, "Reviews and hints")
ANALYSIS_ITERATIONS: Mapping[str, int] = HINT_ITERATIONS
ANALYSIS_DEFAULT = HINT_DEFAULT  # a game not in the table


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


def analysis_line(verdict: Verdict, view: GameState, seed: int, you: bool = True) -> JSONDict:
    """A verdict for the page: its figures (the ``gap``, and ``why`` on a mistake; its ``luck``
    is added once the analysis is done: :func:`analysis_answer`), and the words of the move
    played and of the better one, as the seat reads them (from the world its appraisal
    searched: never the true state). ``you``: the reason speaks to the one person reviewed;
    else (several seats, each under its name) of "this player", as the summary does."""
    line = verdict.to_json()
    if not you and "why" in line:
        line["why"] = dict(of_this_player(line["why"]))
    rng = words_rng(seed, verdict.ply, verdict.seat)
    # the picks of each move made through a choice, for the table's marks (pygames.coach_picks):
    # of the move played, its own step only (the record has the rest, paid as the seat chose);
    # of the better one, the whole move it begins (a payment: the way that keeps most value)
    played = move_picks(view, verdict.seat, verdict.played)
    if played.pop("steps", None):
        played["picks"] = played["picks"][:1]
    best = move_picks(view, verdict.seat, verdict.best)
    words = {"played": action_words(view, verdict.seat, verdict.played, rng.copy())}
    if verdict.best != verdict.played:
        steps = best.get("steps")
        said = (
            steps_words(view, verdict.seat, steps, rng.copy())
            if steps
            else action_words(view, verdict.seat, verdict.best, rng.copy())
        )
        # a move not played, said as one to play (a beginner read the better move's "宣言しました"
        # as if it had happened)
        words["best"] = advice(said)
    line["words"] = words
    picks = {"played": played, "best": best}
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
        lines.append(analysis_line(verdict, view, seed, you=len(seats) == 1))

    budget = analysis_budget(record.game)
    review = Review(record, seats, budget, each=keep, same=same_move, as_hint=True)
    return Analysis(key, review, lines)


def analysis_answer(job: Analysis, slice_seconds: float) -> JSONDict:
    """Go on with the analysis for a slice and answer its progress; once done, the verdicts
    (each with its luck), a summary per seat (with the choice and luck sums and their words)
    and what counts as a mistake (a gap of at least it)."""
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
        # the game's chance in its own words ("the cards turned up"), for the page's line of the
        # luck after a decision (a beginner of Pharaoh read of dice there)
        "chance": chance_noun(record.game),
    }
    if done:
        for line, verdict in zip(job.lines, review.verdicts, strict=True):
            if verdict.luck is not None:
                line["luck"] = verdict.luck
        out["verdicts"] = job.lines
        out["summary"] = summary(review.verdicts, seats, record.game)
        out["mistake"] = MISTAKE
    return out
