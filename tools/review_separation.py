"""Does the analysis tell random play from normal play at the browser's budget? A measurement
command, not a test (not CI).

For each game, seeded games with ``random`` in seat 0 and ``normal`` in the others (as issue 32
measured them); every decision of every seat reviewed as the replay viewer's analysis reviews it
(:func:`pygames.core.review.verdict_of`, ``coach.ANALYSIS_ITERATIONS`` a decision, each searched as
the hint searched it: :func:`pygames.core.review.as_the_hint`). Each game's
decisions are saved as one JSON line (``--out``, appended, so a run may stop and go on with
``--first``), and ``--report`` reads such files and prints per game:

- per seat, the analysis's mean loss (``mean_loss``: the verdict's ``gap`` over the decisions
  where the seat could still win, its best move's chance at least ``NO_CHANCE``, as the
  analysis's summary counts it) with its standard error, and whether the random seat's is above
  every normal seat's by more than the standard error of the difference (``sqrt(se_r^2 +
  se_n^2)``, decisions taken as independent); the same over every decision (``gap``);
- the same for other measures kept beside it: ``checked`` (the old verdict's loss: with the analysis
  searching as the hint did there is no paired check, so it is the root means' gap; named only
  on evidence: the review before issue 32), ``top`` (the most visited move's estimate less the
  played one's), ``reward`` (the same in the search's reward, 0.85 x win + 0.15 x score place);
- the calibration error (ECE, tenths) of the played moves' estimates against the seats' shares
  of the win at the end, for every seat and for the normal seats (the estimates assume ``normal``
  play from everyone, so the random seat's own are expected to run high);
- the opening estimate: each seat's best estimate at its first decision, against 1/players::

    nice -n 10 python3 tools/review_separation.py --games 20 --out sep.jsonl
    python3 tools/review_separation.py --report sep.jsonl
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

from pygames.coach import analysis_budget
from pygames.coach_picks import same_move
from pygames.core.play import play_bots
from pygames.core.reasons import NO_CHANCE
from pygames.core.record import Record, Seat, new_state
from pygames.core.registry import all_games, get_game
from pygames.core.review import (
    Verdict,
    as_the_hint,
    decisions,
    evaluator,
    final_shares,
    verdict_of,
    with_luck,
)
from pygames.core.search import Node

MEASURES = ("gap", "checked", "top", "reward")


def bot_game(game: str, players: int, seed: int) -> Record:
    """A finished seeded game: ``random`` in seat 0, ``normal`` in the others."""
    levels = ["random" if s == 0 else "normal" for s in range(players)]
    seats = [Seat(f"{level}-{s}", "bot", level) for s, level in enumerate(levels)]
    record = Record(game, players, seed, {}, seats, [])
    play_bots(record, new_state(record))
    return record


def reward_of(node: Node | None) -> float:
    """A node's mean reward (0.0 before any visit)."""
    return node.reward / node.visits if node is not None and node.visits else 0.0


def measured(game: str, players: int, seed: int) -> dict[str, Any]:
    """One game's decisions, reviewed at the analysis budget, with every measure."""
    record = bot_game(game, players, seed)
    bot = evaluator(record.info())
    budget = analysis_budget(game)
    verdicts: list[Verdict] = []
    rows: list[dict[str, Any]] = []
    for ply, seat, action, state in decisions(record):
        same = same_move(state, seat)
        appraisal = as_the_hint(bot, record, ply, state, seat, action, budget, same)
        appraisal.run()
        verdict = verdict_of(appraisal, ply, same)
        verdicts.append(verdict)
        children = appraisal.root.children
        played = children.get(action)
        most = max(children, key=lambda a: (children[a].visits, a))
        top_win = children[most].wins / children[most].visits
        rows.append(
            {
                "ply": ply,
                "seat": seat,
                "gap": verdict.gap,
                "checked": appraisal.verdict(ply).loss,
                "top": round(max(0.0, top_win - verdict.win_played), 4),
                "reward": round(max(0.0, reward_of(children[most]) - reward_of(played)), 4),
                "win_played": verdict.win_played,
                "win_best": verdict.win_best,
            }
        )
    for row, verdict in zip(rows, with_luck(verdicts, record), strict=True):
        row["luck"] = verdict.luck
    return {
        "game": game,
        "players": players,
        "seed": seed,
        "iterations": budget.iterations,
        "shares": final_shares(record),
        "decisions": rows,
    }


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 and infinite for no values: a seat with no decision
    where it could still win)."""
    n = len(xs)
    if n == 0:
        return 0.0, math.inf
    mean = math.fsum(xs) / n
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def ece(points: Sequence[tuple[float, float]]) -> float:
    """The expected calibration error of (estimate, outcome) points, in tenths."""
    buckets: dict[int, list[tuple[float, float]]] = {}
    for est, out in points:
        buckets.setdefault(min(9, int(est * 10)), []).append((est, out))
    total = sum(len(b) for b in buckets.values())
    gaps = (
        len(b) * abs(math.fsum(e for e, _ in b) / len(b) - math.fsum(o for _, o in b) / len(b))
        for b in buckets.values()
    )
    return math.fsum(gaps) / total


def separation(
    games: list[dict[str, Any]], measure: str, open_only: bool = False
) -> dict[str, Any]:
    """Per seat the mean of ``measure`` with its standard error (``open_only``: over the
    decisions where the seat could still win, as the analysis's summary counts its mean loss);
    whether seat 0 (random) is above every other seat by more than the standard error of the
    difference."""
    players = games[0]["players"]
    per_seat = []
    for seat in range(players):
        xs = [
            d[measure]
            for g in games
            for d in g["decisions"]
            if d["seat"] == seat and (not open_only or d["win_best"] >= NO_CHANCE)
        ]
        per_seat.append(mean_se(xs))
    r, r_se = per_seat[0]
    margins = [(r - m) / math.hypot(r_se, se) for m, se in per_seat[1:]]
    return {
        "seats": [[round(m, 4), round(se, 4)] for m, se in per_seat],
        "margin": round(min(margins), 2),  # in standard errors of the difference
        "separates": all(x > 1.0 for x in margins),
    }


def report(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one game's saved runs."""
    players = games[0]["players"]
    every, normal = [], []
    openings: list[float] = []
    for g in games:
        firsts: dict[int, float] = {}
        for d in g["decisions"]:
            point = (d["win_played"], g["shares"][d["seat"]])
            every.append(point)
            if d["seat"]:
                normal.append(point)
            firsts.setdefault(d["seat"], d["win_best"])
        openings.extend(firsts.values())
    opening, opening_se = mean_se(openings)
    return {
        "game": games[0]["game"],
        "players": players,
        "games": len(games),
        "iterations": games[0]["iterations"],
        "decisions": sum(len(g["decisions"]) for g in games),
        # the analysis's mean loss: the gap over the decisions where the seat could still win
        "mean_loss": separation(games, "gap", open_only=True),
        **{m: separation(games, m) for m in MEASURES},
        "ece_all": round(ece(every), 3),
        "ece_normal": round(ece(normal), 3),
        "opening": [round(opening, 3), round(opening_se, 3), round(1 / players, 3)],
    }


def print_report(paths: Sequence[str]) -> None:
    """Read saved runs and print one JSON line per game."""
    by_game: dict[str, list[dict[str, Any]]] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                g = json.loads(line)
                by_game.setdefault(g["game"], []).append(g)
    for games in by_game.values():
        print(json.dumps(report(games)), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Play and review the games (``--out``), or report saved ones (``--report``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument("--seed", type=int, default=3200)
    parser.add_argument("--out", default="review_separation.jsonl")
    parser.add_argument("--report", nargs="*", help="report these saved files instead")
    args = parser.parse_args(argv)
    if args.report is not None:
        print_report(args.report or [args.out])
        return 0
    infos = [get_game(g) for g in args.game] if args.game else all_games()
    for k in range(args.first, args.first + args.games):  # game by game, every game in turn
        for info in infos:
            started = time.perf_counter()
            row = measured(info.id, args.players or info.min_players, args.seed + k)
            row["seconds"] = round(time.perf_counter() - started, 1)
            with Path(args.out).open("a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
            print(f"{info.id} game {k}: {row['seconds']} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
