"""Bots against bots with rotated seats: win shares with 95% intervals, scores, decision times.

A long arena can be played in parts (``first``: the index of the part's first game), on
several cores or machines, each part saved with :meth:`ArenaRun.to_json`; :func:`merge` joins
the parts into the run they make together, and its report is the one a single run of all
their games gives, decision times rounded to the millisecond.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from pygames.core.bots import Bot, bot_rng, decide
from pygames.core.errors import RecordError
from pygames.core.protocol import JSONDict
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import get_game
from pygames.core.rng import SEED_LIMIT

ACTION_CAP = 20000
PART_FORMAT = "pygames-arena-part/1"


@dataclass
class Tally:
    """What one bot name collected over the games."""

    wins: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    decision_ms: list[float] = field(default_factory=list)

    def to_json(self, name: str) -> JSONDict:
        """The bot's line of the arena report."""
        n = len(self.wins)
        share = sum(self.wins) / n if n else 0.0
        half = 1.96 * statistics.pstdev(self.wins) / math.sqrt(n) if n > 1 else 0.0
        times = sorted(self.decision_ms) or [0.0]
        return {
            "name": name,
            "win_share": round(share, 4),
            "ci95": [round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)],
            "mean_score": round(statistics.fmean(self.scores), 3) if self.scores else 0.0,
            "decision_ms": {
                "median": round(statistics.median(times), 2),
                "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2),
            },
        }

    def samples(self) -> JSONDict:
        """Everything collected, decision times as a count per whole millisecond."""
        histogram = Counter(round(ms) for ms in self.decision_ms)
        return {
            "wins": [round(w, 6) for w in self.wins],
            "scores": list(self.scores),
            "decision_ms": {str(ms): histogram[ms] for ms in sorted(histogram)},
        }

    @classmethod
    def from_samples(cls, data: Any) -> Tally:
        """The tally :meth:`samples` wrote."""
        times = [float(ms) for ms, count in data["decision_ms"].items() for _ in range(count)]
        return cls([float(w) for w in data["wins"]], [float(s) for s in data["scores"]], times)

    def extend(self, other: Tally) -> None:
        """Add another part's games to this tally."""
        self.wins += other.wins
        self.scores += other.scores
        self.decision_ms += other.decision_ms


@dataclass
class ArenaRun:
    """Games ``first`` .. ``first + games - 1`` (or the union of such parts) of one arena."""

    game: str
    players: int
    levels: list[str]
    seed: int
    parts: list[tuple[int, int]]
    finished: int
    tallies: dict[str, Tally]

    @property
    def games(self) -> int:
        """How many games the run holds."""
        return sum(count for _, count in self.parts)

    def report(self) -> JSONDict:
        """The arena report: each bot's win share, interval, mean score and decision times."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "finished": self.finished,
            "seed": self.seed,
            "parts": [list(p) for p in self.parts],
            "bots": [self.tallies[name].to_json(name) for name in dict.fromkeys(self.levels)],
        }

    def to_json(self) -> JSONDict:
        """The run with its samples, for :func:`merge` (``arena --save``)."""
        return {
            "format": PART_FORMAT,
            "game": self.game,
            "players": self.players,
            "levels": self.levels,
            "seed": self.seed,
            "parts": [list(p) for p in self.parts],
            "finished": self.finished,
            "tallies": {name: tally.samples() for name, tally in self.tallies.items()},
        }

    @classmethod
    def from_json(cls, data: Any) -> ArenaRun:
        """A run :meth:`to_json` wrote; a clear error for anything else."""
        if not isinstance(data, dict) or data.get("format") != PART_FORMAT:
            raise _part_error("This is not a saved arena part.")
        try:
            return cls(
                str(data["game"]),
                int(data["players"]),
                [str(level) for level in data["levels"]],
                int(data["seed"]),
                [(int(a), int(b)) for a, b in data["parts"]],
                int(data["finished"]),
                {str(k): Tally.from_samples(v) for k, v in data["tallies"].items()},
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise _part_error("The saved arena part is damaged.") from exc


def _part_error(en: str, ja: str = "アリーナの保存データを読めません。") -> RecordError:
    return RecordError({"en": en, "ja": ja})


def merge(runs: list[ArenaRun]) -> ArenaRun:
    """The run that disjoint parts of one arena (same game, seats, levels, seed) make together."""
    if not runs:
        raise _part_error(
            "Give at least one arena part.", "アリーナの結果を一つ以上指定してください。"
        )
    head = runs[0]
    key = (head.game, head.players, head.levels, head.seed)
    if any((r.game, r.players, r.levels, r.seed) != key for r in runs):
        raise _part_error(
            "The parts are of different arenas (game, players, bots or seed differ).",
            "別のアリーナの結果は合わせられません（ゲーム・人数・ボット・シードが違います）。",
        )
    parts = sorted(p for r in runs for p in r.parts)
    for (a, n), (b, _) in pairwise(parts):
        if b < a + n:
            raise _part_error(
                f"The parts overlap: game {b} is in two of them.",
                f"同じゲーム（{b}番）が二つの結果に入っています。",
            )
    tallies = {name: Tally() for name in head.tallies}
    for run in runs:
        for name, tally in run.tallies.items():
            tallies[name].extend(tally)
    return ArenaRun(
        *key[:2], list(head.levels), head.seed, parts, sum(r.finished for r in runs), tallies
    )


def play_one(
    game: str, bots: list[Bot], names: list[str], seed: int, tallies: dict[str, Tally]
) -> bool:
    """One game with ``bots[s]`` at seat ``s``; returns whether it finished."""
    players = len(bots)
    record = Record(game, players, seed, {}, [Seat(n, "bot", n) for n in names], [])
    state = new_state(record)
    steps = 0
    while not state.is_over() and steps < ACTION_CAP:
        seat = state.to_move()[0]
        start = time.perf_counter()
        action = decide(state, seat, bots[seat], bot_rng(seed, state.ply, seat))
        tallies[names[seat]].decision_ms.append((time.perf_counter() - start) * 1000)
        state.apply(seat, action)
        steps += 1
    if not state.is_over() or not state.result().finished:
        for s in range(players):
            tallies[names[s]].wins.append(0.0)
        return False
    result = state.result()
    for s in range(players):
        share = 1.0 / len(result.winners) if s in result.winners else 0.0
        tallies[names[s]].wins.append(share)
        tallies[names[s]].scores.append(float(result.scores[s]))
    return True


def arena(
    game: str, players: int, levels: list[str], games: int, seed: int, first: int = 0
) -> ArenaRun:
    """Play games ``first`` .. ``first + games - 1``; game ``i`` has seed ``seed + i`` and
    seats ``levels`` rotated by ``i``."""
    info = get_game(game)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError("give one bot level per seat")
    if games < 1 or first < 0:
        raise ValueError("give at least one game and a first game of 0 or more")
    tallies = {name: Tally() for name in levels}
    finished = 0
    for i in range(first, first + games):
        names = [levels[(s + i) % players] for s in range(players)]
        bots = [info.make_bot(n) for n in names]
        finished += play_one(game, bots, names, (seed + i) % (SEED_LIMIT + 1), tallies)
    return ArenaRun(game, players, list(levels), seed, [(first, games)], finished, tallies)
