"""Are the review's win chances calibrated? A measurement command, not a test (not CI).

For each game, seeded games of one ``strong`` seat (rotated: game k puts it in seat
k mod players) against ``normal`` seats; every decision of every seat is reviewed, and its
estimated win chance after the move played (``win_played``) is set against what that seat
actually won at the end (its share of the win: 1, 1/k of a k-way shared win, or 0). The
estimates are bucketed in tenths; for each bucket the decisions, the mean estimate and the
actual win rate; and the expected calibration error (ECE: the buckets' gaps between mean
estimate and win rate, weighted by their decisions)::

    python3 tools/review_calibration.py --games 100                # every decision (hours)
    python3 tools/review_calibration.py --games 100 --every 4 --iterations 200 \
        --strong-seconds 0.2 --jobs 2                               # a sample of them
    python3 tools/review_calibration.py --games 4 --iterations 100 --strong-seconds 0.2
    python3 tools/review_calibration.py --games 200 --every 6 --as-hint --strong-seconds 0.2

``--strong-seconds`` sets the strong bot's time a decision in the games played (its level in
the app: 0.8); ``--iterations`` gives the review a fixed number of iterations a decision instead
of ``--seconds`` (default 0.5, as ``python3 -m pygames review``). ``--every K`` reviews every K-th
decision of a game (game k starts at its decision k mod K, so every stage of the games is
sampled): the decisions of one game are far from independent, so many games with a few decisions
each say more than few games with all of theirs. ``--jobs N`` plays and reviews the games in N
processes (the figures do not depend on it).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # the repository's engine, not an installed one
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames.coach import analysis_budget
from pygames.coach_picks import same_move
from pygames.core.bots import bot_rng, decide
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games, get_game
from pygames.core.review import (
    Budget,
    appraise,
    as_the_hint,
    decisions,
    evaluator,
    review_rng,
    verdict_of,
)
from pygames.core.search import SearchBot, shares

BUCKETS = 10


@dataclass
class Point:
    """One reviewed decision: its estimate and what its seat won in the end."""

    estimate: float
    outcome: float


def strong_game(game: str, players: int, seed: int, strong_seat: int, seconds: float) -> Record:
    """A finished seeded game: ``strong`` (``seconds`` a decision) in one seat, ``normal`` in
    the others."""
    info = get_game(game)
    levels = ["strong" if s == strong_seat else "normal" for s in range(players)]
    record = Record(game, players, seed, {}, [Seat(f"{lv}-{s}", "bot", lv) for s, lv in
                                              enumerate(levels)])  # fmt: skip
    bots = [info.make_bot(level) for level in levels]
    for bot in bots:
        if isinstance(bot, SearchBot):
            bot.seconds, bot.max_seconds = seconds, 1.2 * seconds
    state = new_state(record)
    while not state.is_over() and len(record.actions) < 20_000:
        seat = state.to_move()[0]
        action = decide(state, seat, bots[seat], bot_rng(seed, state.ply, seat))
        state.apply(seat, action)
        record.actions.append(f"{seat}:{action}")
    return record


def outcomes(record: Record) -> list[float]:
    """Each seat's share of the win at the end of the record's game."""
    from pygames.core.record import replay

    result = replay(record).result()
    return shares(result.winners, record.players)


def calibration(points: Sequence[Point]) -> dict[str, Any]:
    """The buckets (tenths of the estimate) and the expected calibration error."""
    rows = []
    gaps = []
    for b in range(BUCKETS):
        inside = [p for p in points if min(BUCKETS - 1, int(p.estimate * BUCKETS)) == b]
        if not inside:
            rows.append({"bucket": f"{b / BUCKETS:.1f}-{(b + 1) / BUCKETS:.1f}", "decisions": 0})
            continue
        estimate = math.fsum(p.estimate for p in inside) / len(inside)
        actual = math.fsum(p.outcome for p in inside) / len(inside)
        gaps.append(len(inside) * abs(estimate - actual))
        rows.append(
            {
                "bucket": f"{b / BUCKETS:.1f}-{(b + 1) / BUCKETS:.1f}",
                "decisions": len(inside),
                "estimate": round(estimate, 3),
                "actual": round(actual, 3),
            }
        )
    ece = math.fsum(gaps) / len(points) if points else None
    return {"decisions": len(points), "ece": None if ece is None else round(ece, 4),
            "buckets": rows}  # fmt: skip


def game_points(game: str, players: int, k: int, args: argparse.Namespace) -> list[Point]:
    """Game ``k`` of the run: played, then its sampled decisions reviewed."""
    record = strong_game(game, players, args.seed + k, k % players, args.strong_seconds)
    won = outcomes(record)
    budget = analysis_budget(game) if args.as_hint else Budget(args.seconds, args.iterations)
    bot = evaluator(record.info())
    points = []
    for n, (ply, seat, action, state) in enumerate(decisions(record)):
        if (n + k) % args.every:
            continue
        if args.as_hint:  # the replay's analysis: searched as the hint did, at its budget
            same = same_move(state, seat)
            appraisal = as_the_hint(bot, record, ply, state, seat, action, budget, same)
            appraisal.run()
            verdict = verdict_of(appraisal, ply, same)
        else:
            verdict = appraise(bot, state, seat, action, review_rng(record.seed, 0, ply, seat),
                               budget, ply)  # fmt: skip
        points.append(Point(verdict.win_played, won[verdict.seat]))
    return points


def _game_points(job: tuple[str, int, int, argparse.Namespace]) -> list[Point]:
    return game_points(*job)


def measure(game: str, players: int, args: argparse.Namespace) -> dict[str, Any]:
    """Play, review and bucket the games of one game and player count."""
    started = time.perf_counter()
    jobs = [(game, players, k, args) for k in range(args.games)]
    points: list[Point] = []
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            for found in pool.imap(_game_points, jobs):
                points.extend(found)
    else:
        for job in jobs:
            points.extend(_game_points(job))
    if args.points:
        with open(args.points, "a", encoding="utf-8") as out:
            pairs = [[p.estimate, p.outcome] for p in points]
            out.write(json.dumps({"game": game, "players": players, "points": pairs}) + "\n")
    report = calibration(points)
    report.update(game=game, players=players, games=args.games, every=args.every,
                  seconds=round(time.perf_counter() - started, 1))  # fmt: skip
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurement and print a table per game (or one JSON line per game)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.5, help="review time a decision")
    parser.add_argument("--iterations", type=int, default=None, help="review iterations instead")
    parser.add_argument(
        "--as-hint",
        action="store_true",
        help="review as the replay's analysis does: each decision searched as the hint searched "
        "it, at the analysis budget (coach.ANALYSIS_ITERATIONS; --seconds/--iterations unused)",
    )
    parser.add_argument("--strong-seconds", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=9700)
    parser.add_argument("--every", type=int, default=1, help="review every K-th decision")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--points", default=None, help="append every (estimate, outcome) here")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    infos = [get_game(args.game)] if args.game else all_games()
    for info in infos:
        report = measure(info.id, args.players or info.min_players, args)
        if args.json:
            print(json.dumps(report), flush=True)
            continue
        print(
            f"{info.titles['en']}, {report['players']} players, {args.games} games, "
            f"{report['decisions']} decisions (every {args.every}), ECE {report['ece']} "
            f"({report['seconds']} s)"
        )
        for row in report["buckets"]:
            if row["decisions"]:
                print(
                    f"  {row['bucket']}  {row['decisions']:>6}  estimate {row['estimate']:.3f}"
                    f"  actual {row['actual']:.3f}"
                )
        print(flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
