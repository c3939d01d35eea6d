"""Bots against bots with rotated seats: win shares with 95% intervals, scores, decision times."""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

from pygames.core.bots import Bot, bot_rng, decide
from pygames.core.protocol import JSONDict
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import get_game
from pygames.core.rng import SEED_LIMIT

ACTION_CAP = 20000


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


def arena(game: str, players: int, levels: list[str], games: int, seed: int) -> JSONDict:
    """Play ``games`` games; game ``i`` seats ``levels`` rotated by ``i``."""
    info = get_game(game)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError("give one bot level per seat")
    tallies = {name: Tally() for name in levels}
    finished = 0
    for i in range(games):
        names = [levels[(s + i) % players] for s in range(players)]
        bots = [info.make_bot(n) for n in names]
        finished += play_one(game, bots, names, (seed + i) % (SEED_LIMIT + 1), tallies)
    return {
        "game": game,
        "players": players,
        "games": games,
        "finished": finished,
        "bots": [tallies[name].to_json(name) for name in dict.fromkeys(levels)],
    }
