#!/usr/bin/env python3
"""This tree's engine next to an earlier commit's, side by side in one run (issue 35).

Usage::

    python3 build.py bench-engine --against COMMIT [--seconds S] [--rounds N] [--game ID]
        [--players N|all] [--iterations N] [--no-pyodide] [--json FILE] [--keep]

The earlier commit (*base*) is checked out by git (``git archive COMMIT``, extracted) into a
temporary folder, removed afterwards (``--keep`` keeps it). *now* is this working tree as it is
(uncommitted changes included). Both engines are measured by THIS tree's
``tools/engine_speed.py`` (the earlier commit may not have it), which imports ``pygames`` from
the directory it runs in:

- ``normal``-bot games per second: whole seeded games (seeds from 1000), as ``simulate`` plays
  them (a determinization per decision, the bot's choice, the checked ``apply``);
- strong-search iterations per second: the seeded positions of ``tools/engine_fingerprint.py``,
  each searched by the ``strong`` bot for exactly ``--iterations`` iterations, the search alone;

both in processor time, per game and player count (default: 4 players, Pharaoh 3; each measure
at least ``--seconds``).

**CPython**: one process per game and side, ``cwd`` = the tree, this interpreter. In each round
the two sides run back to back for every game, their order flipped from one game to the next
and from one round to the next (A B, B A, A B... so a drift of the machine's load falls on both
sides alike).

**Pyodide** (skipped with ``--no-pyodide``): headless Chromium through Playwright. A private
folder is served holding the site's Pyodide (what the build copies into ``dist/pyodide``), its
pinned micropip and packaging, each tree's engine wheel built by that tree's own wheel writer
(``buildsite/wheel.py``), and for each side the bench's bare page (``tools/bench/bare/``: a
worker that boots Pyodide and installs that wheel with micropip). Every round opens a fresh page
for one side, measures every game in it, closes it, then the same for the other side (the side
that goes first flips from round to round: A B, B A). In the page ``engine_speed.py`` and
``engine_fingerprint.py`` are written into Pyodide's file system and imported, the working
directory is ``/tmp``, so ``pygames`` is the installed wheel. (In Pyodide ``process_time``
follows the browser's clock: wall time.) One page at a time: with both sides' pages open, the
second side ran systematically slower.

Each side's figure is pooled over the rounds (everything played over all the time spent); the
ratio is now / base; the ratios of single rounds are in the JSON (``round_ratios``). The run
refuses figures from a ``pygames`` other than the side's (each row names its package).

It prints a table per runtime and writes JSON (``artifacts/bench/engine.json`` by default) with
the machine, the commits and every round.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygames.core.registry import all_games  # noqa: E402
from tools.browser_bench import BENCH_JS, READY_TIMEOUT_MS, RUN_PYTHON, machine  # noqa: E402

SPEED = ROOT / "tools" / "engine_speed.py"
# the two measures, each in a process (a page) of its own: the engine's memos of pure functions
# (parsed notation, point tables) filled by one never speed up the other
PARTS = ("games", "search")
FINGERPRINT = ROOT / "tools" / "engine_fingerprint.py"
DEFAULT_OUT = ROOT / "artifacts" / "bench" / "engine.json"
GAMES = tuple(info.id for info in all_games())
SIDES = ("base", "now")
# A tree's own wheel writer, run in that tree: prints the wheel's path
WHEEL_WRITER = (
    "import sys; from pathlib import Path; sys.path.insert(0, '.');"
    "from buildsite.wheel import build_wheel; print(build_wheel(Path(sys.argv[1])))"
)
# Run in Pyodide after FILES, GAME, SECONDS, ITERATIONS and PLAYERS are set
PYODIDE_MEASURE = """
import json, os, pathlib, sys
import pyodide
folder = pathlib.Path("/engine_bench")
folder.mkdir(exist_ok=True)
for name, text in FILES.items():
    (folder / name).write_text(text, encoding="utf-8")
os.chdir("/tmp")
if str(folder) not in sys.path:
    sys.path.insert(0, str(folder))
import engine_speed
bench_result = json.dumps({"rows": engine_speed.measure(GAME, SECONDS, ITERATIONS, PLAYERS, PART),
                           "python": sys.version.split()[0], "pyodide": pyodide.__version__})
"""

# V8 compiles all of Pyodide's WebAssembly with its optimizing compiler when the page loads
# (no baseline tier, no tier-up while the engine is timed): without it the first measure of a
# fresh page ran 3-6 times slower than the next ones, a cost that is not the engine's
# (and no renderer of the benchmark is treated as a background page)
JS_FLAGS = [
    "--js-flags=--no-liftoff",
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
]
# Run in each fresh Pyodide page before it measures (after SECONDS is set): plain Python, not
# the engine, for SECONDS (a page that has just booted may still be busy); the laps' times
WARM_UP = """
import json, time

def lap():
    table, out = {}, []
    for i in range(4000):
        key = str(i % 97)
        table[key] = table.get(key, 0) + i
        out.append((i * 7 % 13, key))
    out.sort()
    return len(table) + len(",".join(k for _, k in out))

laps, start = [], time.perf_counter()
while time.perf_counter() - start < SECONDS or len(laps) < 3:
    t = time.perf_counter()
    lap()
    laps.append(time.perf_counter() - t)
bench_result = json.dumps(laps)
"""


def log(message: str) -> None:
    """Progress on stderr (the table and the JSON are the output)."""
    print(f"[bench-engine] {message}", file=sys.stderr, flush=True)


def git(*args: str) -> bytes:
    """``git ARGS`` in this repository; its standard output."""
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {out.stderr.decode(errors='replace')}")
    return out.stdout


def checkout(commit: str, folder: Path) -> str:
    """The files of ``commit`` (``git archive``) extracted into ``folder``; its full hash."""
    sha = git("rev-parse", "--verify", "--end-of-options", f"{commit}^{{commit}}").decode().strip()
    with tarfile.open(fileobj=io.BytesIO(git("archive", "--format=tar", sha))) as tar:
        tar.extractall(folder, filter="data")
    return sha


def now_commit() -> dict[str, Any]:
    """This tree's HEAD and whether its engine differs from it (uncommitted changes)."""
    head = git("rev-parse", "HEAD").decode().strip()
    dirty = git("status", "--porcelain", "--", "pygames").strip()
    return {"head": head, "engine_changed_since_head": bool(dirty)}


def order(round_index: int, game_index: int) -> tuple[str, str]:
    """Which side runs first: flipped per game and per round (A B, B A, A B...)."""
    return SIDES if (round_index + game_index) % 2 == 0 else (SIDES[1], SIDES[0])


def check_rows(rows: list[dict[str, Any]], side: str, package: Path | None) -> None:
    """Refuse rows that measured another ``pygames`` than the side's (``package``; in Pyodide,
    None: the installed wheel's, in site-packages)."""
    for row in rows:
        engine = Path(row["engine"])
        wanted = package is None and "site-packages" in engine.parts
        if not (wanted or (package is not None and engine == package.resolve())):
            raise RuntimeError(f"{side}: measured {engine}, not {package or 'the wheel'}")


def joined(
    games: Sequence[dict[str, Any]], search: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The rows of a ``games`` measure with the search figures of a ``search`` measure of the
    same game (each measured in a process of its own)."""
    found = {(row["game"], row["players"]): row for row in search}
    out = []
    for row in games:
        other = found[(row["game"], row["players"])]
        out.append({**row, "iterations_per_s": other["iterations_per_s"],
                    "iterations": other["iterations"]})  # fmt: skip
    return out


def cpython_measure(tree: Path, game: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """engine_speed.py in ``tree`` for ``game``, each measure in a fresh process: the rows."""
    games, search = (cpython_part(tree, game, args, part) for part in PARTS)
    return joined(games, search)


def cpython_part(
    tree: Path, game: str, args: argparse.Namespace, part: str
) -> list[dict[str, Any]]:
    """One run of engine_speed.py in ``tree`` for ``game``, measure ``part``: its rows."""
    command = [sys.executable, str(SPEED), "--json", "--game", game, "--part", part]
    command += ["--seconds", str(args.seconds), "--iterations", str(args.iterations)]
    if args.players:
        command += ["--players", args.players]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        command, cwd=tree, env=env, capture_output=True, text=True, check=False, timeout=3600
    )
    if out.returncode != 0:
        raise RuntimeError(f"engine_speed.py in {tree}: {out.stderr}")
    rows: list[dict[str, Any]] = json.loads(out.stdout.strip().splitlines()[-1])
    return rows


Samples = dict[str, list[list[dict[str, Any]]]]


def brief(rows: Sequence[dict[str, Any]]) -> str:
    """The rates of one measure, for the progress log."""
    return ", ".join(
        f"{row['players']}p {row['games_per_s']:.1f} games/s {row['iterations_per_s']:.1f} it/s"
        for row in rows
    )


def alternate(games: Sequence[str], rounds: Sequence[int], total: int, measure: Any) -> Samples:
    """``measure(side, game)`` for the rounds ``rounds`` (of ``total``), every game and side in
    :func:`order`; per side, a list (round by round, game by game) of the rows measured."""
    samples: Samples = {side: [] for side in SIDES}
    for r in rounds:
        for g, game in enumerate(games):
            for side in order(r, g):
                rows: list[dict[str, Any]] = measure(side, game)
                samples[side].append(rows)
                log(f"round {r + 1}/{total} {game} {side}: {brief(rows)}")
    return samples


def pooled(rows: Sequence[dict[str, Any]], count: str, rate: str) -> float:
    """Everything done over all the time spent (each row's time: its count / its rate)."""
    spent = sum(row[count] / row[rate] for row in rows)
    return float(sum(row[count] for row in rows) / spent) if spent else 0.0


def compare(samples: Samples) -> list[dict[str, Any]]:
    """Per game and player count: base, now and now / base for games/s and iterations/s,
    pooled over the rounds, with the per-round ratios."""
    keyed: dict[tuple[str, int], dict[str, list[dict[str, Any]]]] = {}
    for side in SIDES:
        for rows in samples[side]:
            for row in rows:
                keyed.setdefault((row["game"], row["players"]), {}).setdefault(side, []).append(row)
    out = []
    for (game, players), sides in keyed.items():
        entry: dict[str, Any] = {"game": game, "players": players}
        for measure, count, rate in (
            ("games", "games", "games_per_s"),
            ("iterations", "iterations", "iterations_per_s"),
        ):
            base, now = (pooled(sides[side], count, rate) for side in SIDES)
            entry[f"base_{rate}"], entry[f"now_{rate}"] = base, now
            entry[f"{measure}_ratio"] = now / base if base else float("nan")
            entry[f"{measure}_round_ratios"] = [
                b_row[rate] and n_row[rate] / b_row[rate]
                for b_row, n_row in zip(sides["base"], sides["now"], strict=True)
            ]
        entry["base_engine"], entry["now_engine"] = (sides[side][0]["engine"] for side in SIDES)
        out.append(entry)
    return out


def cpython_bench(trees: dict[str, Path], games: Sequence[str], args: argparse.Namespace) -> Any:
    """Both trees in CPython, alternated; the compared rows."""

    def measure(side: str, game: str) -> list[dict[str, Any]]:
        rows = cpython_measure(trees[side], game, args)
        check_rows(rows, side, trees[side] / "pygames")
        return rows

    samples = alternate(games, range(args.rounds), args.rounds, measure)
    return {
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "rows": compare(samples),
        "samples": samples,
    }


# --------------------------------------------------------------------------------------------
# Pyodide


def tree_wheel(tree: Path, out_dir: Path) -> Path:
    """The engine wheel of ``tree``, written by that tree's own ``buildsite/wheel.py``."""
    if not (tree / "buildsite" / "wheel.py").is_file():
        raise RuntimeError(f"{tree} has no buildsite/wheel.py to build its wheel (--no-pyodide)")
    out = subprocess.run(
        [sys.executable, "-c", WHEEL_WRITER, str(out_dir)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"the wheel of {tree}: {out.stderr}")
    return Path(out.stdout.strip().splitlines()[-1])


def prepare_site(trees: dict[str, Path], site: Path) -> None:
    """``site``: Pyodide, micropip and packaging as the build ships them, each side's wheel in
    ``wheels/<side>/`` and its bare page in ``_bench_<side>/``."""
    from buildsite.downloads import copy_pyodide, fetch_pinned_wheels

    copy_pyodide(site / "pyodide")
    (site / "wheels").mkdir()
    for path in fetch_pinned_wheels():
        shutil.copy2(path, site / "wheels" / path.name)
    names = sorted(p.name for p in (site / "wheels").iterdir())
    micropip = next(name for name in names if name.startswith("micropip-"))
    packaging = next(name for name in names if name.startswith("packaging-"))
    for side, tree in trees.items():
        wheel = tree_wheel(tree, site / "wheels" / side)
        log(f"{side}: {wheel.name} ({wheel.stat().st_size} bytes)")
        page = site / f"_bench_{side}"
        page.mkdir()
        values = {
            "__WHEEL__": f"{side}/{wheel.name}",
            "__MICROPIP__": micropip,
            "__PACKAGING__": packaging,
        }
        for name in ("bare.html", "bare.js", "bare-worker.js"):
            text = (BENCH_JS / "bare" / name).read_text(encoding="utf-8")
            for placeholder, value in values.items():
                text = text.replace(placeholder, value)
            (page / name).write_text(text, encoding="utf-8")


def pyodide_code(game: str, args: argparse.Namespace, part: str) -> str:
    """The Python run in the bare worker to measure ``part`` of ``game``."""
    files = {path.name: path.read_text(encoding="utf-8") for path in (SPEED, FINGERPRINT)}
    settings = {
        "FILES": files,
        "GAME": game,
        "SECONDS": args.seconds,
        "ITERATIONS": args.iterations,
        "PLAYERS": args.players,
        "PART": part,
    }
    return "".join(f"{name} = {value!r}\n" for name, value in settings.items()) + PYODIDE_MEASURE


@contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` served on a free local port: its URL."""
    from buildsite.serve import start_server

    server, thread = start_server(site)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def run_python(page: Any, code: str) -> str:
    """Run ``code`` in the page's bare worker: its ``bench_result``."""
    answer = page.evaluate(RUN_PYTHON, code)
    if not answer["ok"]:
        raise RuntimeError(f"in Pyodide: {answer['text']}")
    return str(answer["text"])


def fresh_page(browser: Any, url: str, warm_up: float) -> tuple[Any, Any, list[float]]:
    """A new context and page of the bare page at ``url``, its engine ready (the wheel
    installed, ``pygames.web`` imported) and the interpreter warmed up for ``warm_up`` seconds
    by :data:`WARM_UP`, Python that is not the engine; the context, the page and the laps."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(
        "html[data-engine]:not([data-engine=loading])", state="attached", timeout=READY_TIMEOUT_MS
    )
    if page.evaluate("document.documentElement.dataset.engine") != "ready":
        raise RuntimeError(f"{url}: {page.evaluate('window.bareError')}")
    laps = json.loads(run_python(page, f"SECONDS = {warm_up!r}\n{WARM_UP}"))
    return context, page, laps


def pyodide_bench(
    trees: dict[str, Path], games: Sequence[str], args: argparse.Namespace, folder: Path
) -> Any:
    """Both wheels in Pyodide in headless Chromium, alternated; the compared rows."""
    from playwright.sync_api import sync_playwright

    import build

    site = folder / "site"
    prepare_site(trees, site)
    info: dict[str, Any] = {}
    with served(site) as url, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(build.CHROMIUM),
            args=[*build.CHROMIUM_ARGS, *JS_FLAGS],
            headless=True,
        )
        info["chromium"] = browser.version
        pages: dict[str, Any] = {}

        def measure(side: str, game: str, part: str) -> list[dict[str, Any]]:
            data = json.loads(run_python(pages[side], pyodide_code(game, args, part)))
            info.update(python=data["python"], pyodide=data["pyodide"])
            check_rows(data["rows"], side, None)
            return list(data["rows"])

        try:
            samples: Samples = {side: [] for side in SIDES}
            for r in range(args.rounds):
                for side in order(r, 0):
                    parts: dict[str, list[list[dict[str, Any]]]] = {}
                    for part in PARTS:  # each measure in a fresh page
                        started = time.monotonic()
                        context, pages[side], laps = fresh_page(
                            browser, f"{url}_bench_{side}/bare.html", args.warm_up
                        )
                        seconds = time.monotonic() - started
                        log(
                            f"round {r + 1}: {side} page for {part} ready in {seconds:.1f} s;"
                            f" warm-up laps {laps[0] * 1000:.0f} -> {laps[-1] * 1000:.0f} ms"
                        )
                        try:
                            parts[part] = [measure(side, game, part) for game in games]
                        finally:
                            context.close()
                    for game, g_rows, s_rows in zip(games, *parts.values(), strict=True):
                        rows = joined(g_rows, s_rows)
                        samples[side].append(rows)
                        log(f"round {r + 1}/{args.rounds} {game} {side}: {brief(rows)}")
        finally:
            browser.close()
    return {**info, "rows": compare(samples), "samples": samples}


# --------------------------------------------------------------------------------------------
# Report and command line


def print_table(title: str, rows: Sequence[dict[str, Any]]) -> None:
    """One runtime's table: per game and player count, base, now and the ratio."""
    print(f"\n{title}")
    print(
        f"{'game':10} {'players':>7} {'base games/s':>13} {'now games/s':>12} {'ratio':>6}"
        f" {'base it/s':>10} {'now it/s':>10} {'ratio':>6}"
    )
    for row in rows:
        print(
            f"{row['game']:10} {row['players']:>7} {row['base_games_per_s']:13.1f}"
            f" {row['now_games_per_s']:12.1f} {row['games_ratio']:5.2f}x"
            f" {row['base_iterations_per_s']:10.1f} {row['now_iterations_per_s']:10.1f}"
            f" {row['iterations_ratio']:5.2f}x"
        )


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The options."""
    parser = argparse.ArgumentParser(
        prog="build.py bench-engine", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--against", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measure (default 2)")
    parser.add_argument("--rounds", type=int, default=2, help="alternations (default 2)")
    parser.add_argument("--game", choices=GAMES, help="one game only (default: all)")
    parser.add_argument("--players", help="a player count, or all (default: 4; Pharaoh 3)")
    parser.add_argument("--iterations", type=int, default=200, help="per search (default 200)")
    parser.add_argument(
        "--no-pyodide", dest="pyodide", action="store_false", help="CPython only (no browser)"
    )
    parser.add_argument(
        "--warm-up",
        type=float,
        default=1.0,
        help="seconds of plain Python in a fresh Pyodide page (default 1)",
    )
    parser.add_argument("--json", type=Path, default=DEFAULT_OUT, help="the JSON report")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    return args


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Check out, measure, compare: the report."""
    started = time.monotonic()
    games = [args.game] if args.game else list(GAMES)
    folder = Path(tempfile.mkdtemp(prefix="pygames-engine-bench-"))
    report: dict[str, Any] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        "machine": machine(),
        "settings": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "now": now_commit(),
        "checkout": str(folder / "base"),
    }
    try:
        trees = {"base": folder / "base", "now": ROOT}
        report["base"] = {"commit": checkout(args.against, trees["base"])}
        log(f"base: {args.against} = {report['base']['commit']} in {trees['base']}")
        report["cpython"] = cpython_bench(trees, games, args)
        if args.pyodide:
            report["pyodide"] = pyodide_bench(trees, games, args, folder)
    finally:
        if args.keep:
            log(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    report["machine"]["loadavg_after"] = machine()["loadavg"]
    report["seconds"] = round(time.monotonic() - started, 1)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison, print the tables, write the JSON."""
    args = parse_args(list(sys.argv[1:] if argv is None else argv))
    report = run(args)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    base, head = report["base"]["commit"][:10], report["now"]["head"][:10]
    changed = " + uncommitted engine changes" if report["now"]["engine_changed_since_head"] else ""
    print(
        f"base {base} ({args.against}) vs now {head}{changed}; "
        f"{report['machine']['nproc']} cores, load {report['machine']['loadavg']}"
        f" -> {report['machine']['loadavg_after']}"
    )
    print_table(
        f"CPython {report['cpython']['python']} (processor time)", report["cpython"]["rows"]
    )
    if "pyodide" in report:
        pyodide = report["pyodide"]
        print_table(
            f"Pyodide {pyodide['pyodide']} (Python {pyodide['python']}) in {pyodide['chromium']}",
            pyodide["rows"],
        )
    print(f"\nJSON: {args.json} ({report['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
