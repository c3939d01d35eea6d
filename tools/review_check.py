"""Does the review judge bad play as bad? A bigger run than the unit test's (not CI).

For each game, seeded games where one seat plays ``random`` (rotated: game k puts it in seat
k mod players) and the others ``normal``; every seat's decisions are reviewed with a fixed number
of iterations; the figures per game are the mean loss per decision and the share of mistakes of
the random seats and of the normal ones, and the seconds spent::

    python3 tools/review_check.py --games 6 --iterations 200
    python3 tools/review_check.py --game marie --players 4 --games 10 --json

The review is deterministic with iterations, so a run gives the same figures every time.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # the repository's engine, not an installed one
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames.core.play import play_bots
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games, get_game
from pygames.core.review import MISTAKE, Budget, Verdict, review


def bot_game(game: str, players: int, seed: int, random_seat: int) -> Record:
    """A finished seeded game: ``random`` in one seat, ``normal`` in the others."""
    levels = ["random" if s == random_seat else "normal" for s in range(players)]
    seats = [Seat(f"{level}-{s}", "bot", level) for s, level in enumerate(levels)]
    record = Record(game, players, seed, {}, seats, [])
    play_bots(record, new_state(record))
    return record


def figures(losses: Sequence[float]) -> dict[str, Any]:
    """Decisions, mean loss (with its standard error) and the share of mistakes."""
    n = len(losses)
    if not n:
        return {"decisions": 0, "mean_loss": None, "se": None, "mistakes": None}
    mean = math.fsum(losses) / n
    var = math.fsum((x - mean) ** 2 for x in losses) / (n - 1) if n > 1 else 0.0
    return {
        "decisions": n,
        "mean_loss": round(mean, 4),
        "se": round(math.sqrt(var / n), 4),
        "mistakes": round(sum(1 for x in losses if x >= MISTAKE) / n, 3),
    }


def check(
    game: str, players: int, games: int, iterations: int, seed: int, upto: int | None = None
) -> dict[str, Any]:
    """The figures of one game and player count."""
    started = time.perf_counter()
    by_level: dict[str, list[float]] = {"random": [], "normal": []}
    per_game = []
    for k in range(games):
        random_seat = k % players
        record = bot_game(game, players, seed + k, random_seat)
        budget = Budget(iterations=iterations)
        verdicts: list[Verdict] = review(record, budget=budget, upto=upto)
        mine = [v.loss for v in verdicts if v.seat == random_seat]
        theirs = [v.loss for v in verdicts if v.seat != random_seat]
        by_level["random"].extend(mine)
        by_level["normal"].extend(theirs)
        worse = (math.fsum(mine) / len(mine) if mine else 0.0) > (
            math.fsum(theirs) / len(theirs) if theirs else 0.0
        )
        per_game.append(worse)
    return {
        "game": game,
        "players": players,
        "games": games,
        "iterations": iterations,
        "upto": upto,
        "random": figures(by_level["random"]),
        "normal": figures(by_level["normal"]),
        "random_worse_in": sum(per_game),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the check and print one line per game (a table, or JSON lines)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9100)
    parser.add_argument("--upto", type=int, default=None, help="only the first N actions")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    infos = [get_game(args.game)] if args.game else all_games()
    if not args.json:
        print(
            f"{'game':<10}{'p':>2}{'games':>6}{'random: n':>11}{'loss':>8}{'mist.':>7}"
            f"{'normal: n':>11}{'loss':>8}{'mist.':>7}{'worse':>7}{'s':>8}"
        )
    for info in infos:
        players = args.players or info.min_players
        row = check(info.id, players, args.games, args.iterations, args.seed, args.upto)
        if args.json:
            print(json.dumps(row), flush=True)
            continue
        r, n = row["random"], row["normal"]
        print(
            f"{info.id:<10}{players:>2}{args.games:>6}{r['decisions']:>11}{r['mean_loss']:>8}"
            f"{r['mistakes']:>7}{n['decisions']:>11}{n['mean_loss']:>8}{n['mistakes']:>7}"
            f"{row['random_worse_in']:>7}{row['seconds']:>8}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
