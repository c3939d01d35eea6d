"""Command line: ``python -m pygames list | simulate | replay | review | arena | soak | bench``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias

from pygames.core.errors import GameError, RecordError, ReplayError
from pygames.core.play import play_bots, summary
from pygames.core.protocol import JSONDict
from pygames.core.record import Record, Seat, new_state, parse_record_text, replay
from pygames.core.registry import GameInfo, all_games, get_game
from pygames.core.review import Budget, Verdict, check_finished, chosen_seats, review
from pygames.core.review import summary as review_summary
from pygames.core.rng import SEED_LIMIT
from pygames.core.text import t

# the subcommands of the argument parser
_Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _dump(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def cmd_list(args: argparse.Namespace) -> int:
    """Print the games: id, titles and player counts (``--json``: the lobby's catalogue)."""
    if args.json:
        print(_dump({"games": [info.to_json() for info in all_games()]}))
        return 0
    for info in all_games():
        print(
            f"{info.id}\t{info.titles['en']}\t{info.titles['ja']}\t"
            f"{info.min_players}-{info.max_players} players"
        )
    return 0


def _bot_levels(info: GameInfo, players: int, bots: str) -> list[str]:
    """One known bot level per seat (one level alone stands for every seat)."""
    if not info.min_players <= players <= info.max_players:
        raise RecordError(
            {
                "en": f"{info.titles['en']} is for {info.min_players}-{info.max_players} players.",
                "ja": f"{info.titles['ja']}は{info.min_players}〜{info.max_players}人用です。",
            }
        )
    levels = bots.split(",")
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise RecordError(
            {
                "en": "Give one bot level per seat.",
                "ja": "席の数だけボットの強さを指定してください。",
            }
        )
    for level in levels:
        info.make_bot(level)
    return levels


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play K seeded games with bots; one JSON line per game."""
    info = get_game(args.game)
    levels = _bot_levels(info, args.players, args.bots or "random")
    for i in range(args.games):
        seed = (args.seed + i) % (SEED_LIMIT + 1)
        seats = [Seat(f"{lvl}-{s}", "bot", lvl) for s, lvl in enumerate(levels)]
        record = Record(info.id, args.players, seed, {}, seats, [])
        state = new_state(record)
        play_bots(record, state)
        print(_dump(summary(record, state)), flush=True)
    return 0


def _read_source(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    if source.startswith(("http://", "https://", "#", "g=")):
        return source
    try:
        return Path(source).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            t(
                f"{source} is not UTF-8 text (byte {exc.start}).",
                f"{source} はUTF-8のテキストではありません（バイト{exc.start}）。",
            )
        ) from exc


def _records_in(text: str) -> list[str]:
    """One record's text, or several when every non-empty line is a JSON object of its own
    (the lines of ``simulate``); a pretty-printed record stays whole."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(lines) > 1 and all(ln.startswith("{") and ln.endswith("}") for ln in lines):
        return lines
    return [text]


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay records: a file or ``-`` (standard input) holding one record, or one record per
    line as ``simulate`` prints them; or a share URL."""
    for line in _records_in(_read_source(args.source)):
        record = parse_record_text(line)
        state = replay(record)
        print(_dump(summary(record, state)), flush=True)
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """Review the decisions of the chosen seats of a finished record: each one searched from
    that seat's information, the played move against the best found (``--json``: one line per
    decision, then the summary per seat)."""
    texts = _records_in(_read_source(args.source))
    if len(texts) != 1:
        raise RecordError(
            t("Give one record to review.", "振り返る記録を一つだけ指定してください。")
        )
    record = parse_record_text(texts[0])
    if not 0 <= args.seed <= 0xFFFF_FFFF:
        raise RecordError(
            t("The review's seed must be from 0 to 4294967295.", "シードは0〜4294967295です。")
        )
    budget = Budget(args.seconds, args.iterations)
    check_finished(record)
    seats = chosen_seats(record, args.seat)
    if not args.json:
        print(_review_heading(record, budget))
    verdicts = review(record, seats, budget, args.seed, None if args.json else _print_verdict)
    rows = review_summary(verdicts, seats, record.game)
    if args.json:  # each line once its luck is known: all at the end
        for verdict in verdicts:
            print(_dump(verdict.to_json()))
        print(_dump({"summary": rows}))
    else:
        _print_review_summary(record, rows)
    return 0


def _review_heading(record: Record, budget: Budget) -> str:
    info = record.info()
    search = f"{budget.iterations} iterations" if budget.iterations else f"{budget.seconds:g} s"
    return (
        f"{info.titles['en']}, {record.players} players, seed {record.seed}: "
        f"{search} of search a decision, from each seat's own information\n"
        f"{'ply':>5}  {'seat':<14}{'played':<14}{'best':<14}"
        f"{'win played':>11}{'win best':>10}{'loss':>7}"
    )


def _print_verdict(verdict: Verdict) -> None:
    mark = "  mistake" if verdict.mistake else ""
    best = "=" if verdict.best == verdict.played else verdict.best
    print(
        f"{verdict.ply:>5}  {verdict.seat:<14}{verdict.played:<14}{best:<14}"
        f"{verdict.win_played:>11.1%}{verdict.win_best:>10.1%}{verdict.loss:>7.1%}{mark}",
        flush=True,
    )


def _print_review_summary(record: Record, rows: list[JSONDict]) -> None:
    print(
        f"\n{'seat':<24}{'decisions':>10}{'open':>6}{'mean loss':>11}{'mistakes':>10}"
        f"{'choices':>9}{'luck':>8}"
    )
    for row in rows:
        name = f"{row['seat']} {record.seats[row['seat']].name}"
        print(
            f"{name:<24}{row['decisions']:>10}{row['open']:>6}{row['mean_loss']:>11.1%}"
            f"{row['mistakes']:>10}{-row['choice']:>9.1%}{row['luck']:>+8.1%}"
        )
    print("(open: the decisions where the seat could still win; the mean loss is over them)")
    for row in rows:
        print(f"{row['seat']}: {row['words']['en']}")


def cmd_arena(args: argparse.Namespace) -> int:
    """Bots against bots with rotated seats (``--first``/``--save``: one part of a long arena)."""
    from pygames.core.arena import arena

    info = get_game(args.game)
    levels = _bot_levels(info, args.players, args.bots)
    if args.games < 1 or args.first < 0:
        raise RecordError(
            {
                "en": "Give at least one game, and a first game of 0 or more.",
                "ja": "ゲーム数は1以上、最初のゲームは0以上を指定してください。",
            }
        )
    run = arena(args.game, args.players, levels, args.games, args.seed, args.first)
    if args.save:
        Path(args.save).write_text(_dump(run.to_json()) + "\n", encoding="utf-8")
    _print_arena(run.report(), args.json)
    return 0


def cmd_arena_merge(args: argparse.Namespace) -> int:
    """The report of saved arena parts taken together."""
    from pygames.core.arena import ArenaRun, merge

    runs = []
    for name in args.parts:
        try:
            data = json.loads(Path(name).read_text(encoding="utf-8"))
        except ValueError as exc:
            raise RecordError(
                {"en": f"{name} is not JSON.", "ja": f"{name} はJSONではありません。"}
            ) from exc
        runs.append(ArenaRun.from_json(data))
    _print_arena(merge(runs).report(), args.json)
    return 0


def _print_arena(report: JSONDict, as_json: bool) -> None:
    if as_json:
        print(_dump(report))
        return
    info = get_game(str(report["game"]))
    print(
        f"{info.titles['en']}, {report['players']} players, {report['games']} games "
        f"({report['finished']} finished), seats rotated"
    )
    print(
        f"{'bot':<10}{'win share':>10}{'95% interval':>18}{'mean score':>12}"
        f"{'median ms':>11}{'p95 ms':>9}"
    )
    for bot in report["bots"]:
        lo, hi = bot["ci95"]
        print(
            f"{bot['name']:<10}{bot['win_share']:>10.3f}{f'[{lo:.3f}, {hi:.3f}]':>18}"
            f"{bot['mean_score']:>12.2f}{bot['decision_ms']['median']:>11.1f}"
            f"{bot['decision_ms']['p95']:>9.1f}"
        )


def cmd_soak(args: argparse.Namespace) -> int:
    """Seeded random and bot games of every game with invariant checks; exit 1 on a violation."""
    from pygames.core.soak import soak

    games = args.games if args.games is not None else (10**9 if args.seconds else 10)
    report = soak(games, args.seconds, args.seed, args.deep_every, args.game)
    for v in report["violations"]:
        print(_dump(v))
    print(
        f"soak: {report['games']} games, {report['actions']} actions in {report['seconds']} s "
        f"({report['games_per_second']} games/s), {report['capped']} capped, "
        f"{len(report['violations'])} with violations"
    )
    return 1 if report["violations"] else 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Random full games per second and the cost per action, per game and player count."""
    from pygames.core.bench import bench

    report = bench(args.seconds, args.game)
    if args.json:
        print(_dump(report))
        return 0
    print(f"{'game':<11}{'players':>8}{'games/s':>10}{'actions/game':>14}{'us/action':>11}")
    for row in report["rows"]:
        print(
            f"{row['game']:<11}{row['players']:>8}{row['games_per_second']:>10.1f}"
            f"{row['actions_per_game']:>14.1f}{row['us_per_action']:>11.1f}"
        )
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser."""
    parser = argparse.ArgumentParser(prog="python -m pygames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    lst = sub.add_parser("list", help="list the games")
    lst.add_argument("--json", action="store_true", help="the full catalogue as JSON")
    lst.set_defaults(func=cmd_list)
    _add_play(sub)
    _add_checks(sub)
    _add_review(sub)
    return parser


def _add_play(sub: _Subparsers) -> None:
    """``simulate``, ``arena`` and ``arena-merge``: bots playing."""
    sim = sub.add_parser("simulate", help="play seeded games with bots")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--bots", default=None, help="bot levels per seat, e.g. normal,random,random")
    sim.set_defaults(func=cmd_simulate)
    are = sub.add_parser("arena", help="bots against bots, seats rotated")
    are.add_argument("game")
    are.add_argument("--players", type=int, required=True)
    are.add_argument("--bots", required=True, help="one level per seat: strong,normal,normal")
    are.add_argument("--games", type=int, default=100)
    are.add_argument("--seed", type=int, default=0)
    are.add_argument("--first", type=int, default=0, help="index of the first game (a part)")
    are.add_argument("--save", default=None, help="also save the games' samples here (JSON)")
    are.add_argument("--json", action="store_true")
    are.set_defaults(func=cmd_arena)
    mer = sub.add_parser("arena-merge", help="the report of saved arena parts together")
    mer.add_argument("parts", nargs="+", help="files written by arena --save")
    mer.add_argument("--json", action="store_true")
    mer.set_defaults(func=cmd_arena_merge)


def _add_checks(sub: _Subparsers) -> None:
    """``soak`` and ``bench``: the engine checked and timed."""
    soak = sub.add_parser("soak", help="invariant checks over many seeded games")
    soak.add_argument("--games", type=int, default=None, help="games per game and player count")
    soak.add_argument("--seconds", type=float, default=None, help="stop after this long")
    soak.add_argument("--seed", type=int, default=0)
    soak.add_argument(
        "--deep-every",
        type=int,
        default=1,
        help="check hidden information every N actions (0: never)",
    )
    soak.add_argument("--game", default=None, help="only this game")
    soak.set_defaults(func=cmd_soak)
    ben = sub.add_parser("bench", help="random games per second per game and player count")
    ben.add_argument("--seconds", type=float, default=2.0, help="time per game and player count")
    ben.add_argument("--game", default=None)
    ben.add_argument("--json", action="store_true")
    ben.set_defaults(func=cmd_bench)


def _add_review(sub: _Subparsers) -> None:
    """``review`` and ``replay``: finished records."""
    rev = sub.add_parser(
        "review", help="review a finished record's decisions: FILE, - (stdin) or a game link"
    )
    rev.add_argument("source", nargs="?", default="-")
    rev.add_argument(
        "--seat",
        type=int,
        action="append",
        default=[],
        help="a seat to review (repeatable; default: every seat)",
    )
    rev.add_argument("--seconds", type=float, default=0.5, help="search time a decision")
    rev.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="search iterations a decision instead of a time: the same review every run",
    )
    rev.add_argument("--seed", type=int, default=0, help="the review's own random seed")
    rev.add_argument("--json", action="store_true", help="one JSON line a decision, then a summary")
    rev.set_defaults(func=cmd_review)
    rep = sub.add_parser("replay", help="replay a record: FILE, - (stdin) or a share URL")
    rep.add_argument("source", nargs="?", default="-")
    rep.set_defaults(func=cmd_replay)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; exit status 2 with one line on stderr for bad input."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except ReplayError as exc:
        print(f"error: action {exc.index} {exc.action!r}: {exc.reason['en']}", file=sys.stderr)
        return 2
    except GameError as exc:
        print(f"error: {exc.text['en']}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
