#!/usr/bin/env python3
"""Is the analysis's opening estimate near each seat's fair share? A measurement command, not a
test (not CI).

Seeded games of ``normal`` bots in every seat (seeds from ``--seed``); each seat's first decision
is reviewed as the replay viewer's analysis reviews it (``coach.analysis_budget``, searched as
the hint searched it: :func:`pygames.core.review.as_the_hint`), and its ``win_best`` (the
chance the summary starts from: "Your chance to win went from X% at the first decision ...") is
set against the fair share, 1 / players. Printed per game
and player count: the mean opening estimate over every seat of every game with its standard
error, the mean per seat (the first to move and the last), the mean figure of the move the bot
played there (``win_played``: every seat's first move played alike), how often the coach found
a better first move, and the fair share::

    nice -n 10 python3 tools/review_opening.py --games 30
    python3 tools/review_opening.py --game hitokai --players 4
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # the repository's engine, not an installed one
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames.coach import analysis_budget
from pygames.coach_picks import same_move
from pygames.core.play import play_bots
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games, get_game
from pygames.core.review import as_the_hint, decisions, evaluator, verdict_of
from tools.review_separation import mean_se


def openings(game: str, players: int, seed: int) -> list[tuple[float, float]]:
    """Each seat's opening in one seeded game of ``normal`` bots: ``(win_best, win_played)`` at
    its first decision (the chance the summary starts from, and the figure of the move the
    ``normal`` bot played there); a seat with no decision is left out."""
    record = Record(game, players, seed, {}, [Seat(f"normal-{s}", "bot", "normal")
                                              for s in range(players)])  # fmt: skip
    play_bots(record, new_state(record))
    bot = evaluator(record.info())
    budget = analysis_budget(game)
    found: dict[int, tuple[float, float]] = {}
    for ply, seat, action, state in decisions(record):
        if seat in found:
            continue
        same = same_move(state, seat)
        appraisal = as_the_hint(bot, record, ply, state, seat, action, budget, same)
        appraisal.run()
        verdict = verdict_of(appraisal, ply, same)
        found[seat] = (verdict.win_best, verdict.win_played)
        if len(found) == players:
            break
    return [found[s] for s in sorted(found)]


def measure(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """The openings of ``games`` games of ``game`` at ``players``: the mean of the best
    estimates (what the summary starts from) with its standard error and per seat, the mean of
    the played moves' figures (the ``normal`` bot's first move: play as even as the seats'),
    and the share of first decisions where the coach found a better move than the bot's."""
    started = time.perf_counter()
    per_game = [openings(game, players, seed + k) for k in range(games)]
    every = [x for row in per_game for x in row]
    mean, se = mean_se([best for best, _ in every])
    played, played_se = mean_se([p for _, p in every])
    by_seat = [
        round(mean_se([row[s][0] for row in per_game if len(row) > s])[0], 3)
        for s in range(players)
    ]
    return {
        "game": game,
        "players": players,
        "games": games,
        "estimates": len(every),
        "mean": round(mean, 3),
        "se": round(se, 3),
        "played": round(played, 3),
        "played_se": round(played_se, 3),
        "better": round(sum(1 for best, p in every if best > p) / len(every), 3),
        "fair": round(1 / players, 3),
        "by_seat": by_seat,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print one line per game (or JSON lines)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=9500)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for info in all_games():
        if args.game and info.id != args.game:
            continue
        row = measure(info.id, args.players or info.min_players, args.games, args.seed)
        if args.json:
            print(json.dumps(row), flush=True)
            continue
        title = get_game(info.id).titles["en"]
        print(
            f"{title}, {row['players']} players, {row['games']} games: opening "
            f"{row['mean']:.3f} ± {row['se']:.3f} (fair share {row['fair']:.3f}); by seat "
            f"{row['by_seat']}; the bot's own first move {row['played']:.3f} ± "
            f"{row['played_se']:.3f}; a better first move in {100 * row['better']:.0f}% "
            f"({row['seconds']} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
