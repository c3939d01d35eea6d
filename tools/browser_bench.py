#!/usr/bin/env python3
"""Browser benchmark of the site (issue 10): headless Debian Chromium, one machine, one run.

Usage::

    .venv/bin/python tools/browser_bench.py [--reps 5] [--actions 200] [--out FILE] [--quick]

It builds the site into a private temporary folder (never ``dist/``, which others rebuild),
adds a *bare* page next to it (``_bench/``: a page and a module worker that only boot the same
Pyodide and install the same engine wheel with micropip, the floor the site is compared with),
serves that folder with :func:`build.start_server` and measures, over several repetitions
(median and spread):

- the first paint of the lobby (paint entries, and the frame after the game tiles are in);
- engine ready on a first visit (a fresh browser context) and on a repeat visit (the same
  context: HTTP cache warm and, for the site, its service worker installed and its engine
  snapshot stored: issue 22), each next to the bare page in the same repetition, and the ratio
  site / bare; the site's first visit waits for its precache and its snapshot, whose size and
  time to store are reported; the bytes of the bodies the server sent during each visit (next
  to the size of the site); and a third visit of the site with its stored snapshot damaged
  (the fallback boot);
- the round trip of one action through the worker, page to page (``act`` requests posted to the
  site's own engine worker; p50/p95/max over at least ``--actions`` actions shared by the games,
  whole games with random legal actions, so late positions with long logs are in the sample);
- random playouts per second inside Pyodide next to CPython for every game and player count (the
  same seeds and the same code, the engine wheel of the build, on both sides);
- the longest main-thread task (PerformanceObserver ``longtask``) while the site boots and while
  it plays one all-bot game of every game through the real table at ``instant`` speed
  (``--profile``: with a CPU profile of the page per game, to see what the tasks are);
- hints at real tables (issue 23, ``--only hint``): ``--hints`` per game at seeded positions
  (a game of ``normal`` bots stopped where seat 0, a person, has a choice), the Hint button
  pressed: the time until the first ranking is painted in the panel (the first ``hint`` answer
  with moves, drawn) and until the hint is complete.

A full run takes about 3-4 minutes on a quiet 2-core machine (8 on a busy one); ``--quick`` is a
smoke run, ``--only startup,roundtrip,table,strong,playouts,hint`` picks parts, ``--diagnose``
also times the site's own worker.js in a page with nothing else.

What runs in the browser is JavaScript in ``tools/bench/``: ``page/*.js``, the scripts handed to
Playwright (each one function expression for ``page.evaluate``, and ``instrument.js`` for
``add_init_script``), and ``bare/``, the files of ``_bench/``.

It prints a table and writes JSON (``artifacts/bench/browser.json`` by default).
``main(argv) -> int`` is the entry point (``python3 build.py bench`` calls it).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)
from pygames.core.record import record_from_json  # noqa: E402
from tools.bench_report import (  # noqa: E402
    hint_summary,
    playout_rows,
    print_table,
    round_trip_summary,
    startup_summary,
    strong_summary,
    summarize_profile,
    table_game_row,
    table_players,
    targets,
)

DEFAULT_OUT = ROOT / "artifacts" / "bench" / "browser.json"
# The same flags as the e2e tests (build.CHROMIUM_ARGS)
CHROMIUM_ARGS = build.CHROMIUM_ARGS
VIEWPORT = {"width": 1024, "height": 768}
READY_TIMEOUT_MS = 180_000
BENCH_DIR = "_bench"


def log(message: str) -> None:
    """Progress on stderr (the table and the JSON are the output)."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# What runs in the browser: JavaScript files of tools/bench/ (linted and type-checked there)

BENCH_JS = Path(__file__).resolve().parent / "bench"


def page_script(name: str) -> str:
    """The text of ``tools/bench/page/<name>.js``: one function expression that
    ``page.evaluate`` calls (or, for ``instrument``, a script for ``add_init_script``)."""
    return (BENCH_JS / "page" / f"{name}.js").read_text(encoding="utf-8")


# Injected into every page before its own scripts: the marks, long tasks and frames, and a
# Worker wrapper that keeps the engine worker at hand (window.__bench)
INSTRUMENT = page_script("instrument")
# The end of a timed visit: what the page recorded
VISIT_RESULT = page_script("visit-result")
# After the engine is ready: random whole games through the site's worker, act round trips timed
ROUND_TRIPS = page_script("round-trips")
# After the engine is ready: the strong bot's decisions, timed as the table asks for them
STRONG = page_script("strong")
# After the engine is ready: hints at real tables, the Hint button pressed at each position
HINT = page_script("hint")
# Before the fallback visit: the stored engine snapshot damaged, its key kept
CORRUPT_SNAPSHOT = page_script("corrupt-snapshot")
# In the bare page: Python code run in the bare worker, its `bench_result` the answer
RUN_PYTHON = page_script("run-python")
# The files of the bench's own folder next to the site (_bench/): the bare page and its worker
# (the floor the site is compared with) and the page of --diagnose (the site's worker alone)
BARE_FILES = ("bare.html", "bare.js", "bare-worker.js", "worker-only.html", "worker-only.js")


class ByteCounter:
    """Bytes of response bodies the bench's server sent (and requests answered) since the last
    reset: the first visit's transfer, counted at the server."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0

    def reset(self) -> None:
        """Start counting from zero."""
        with self.lock:
            self.bytes = 0
            self.requests = 0

    def add(self, size: int) -> None:
        """One answer of ``size`` body bytes."""
        with self.lock:
            self.bytes += size
            self.requests += 1

    def read(self) -> tuple[int, int]:
        """Bytes and requests so far."""
        with self.lock:
            return self.bytes, self.requests


COUNTER = ByteCounter()


class CountingHandler(build.SiteHandler):
    """The site's own handler (build.py), counting the bytes of the bodies it sends."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send the file and count its bytes."""
        start = source.tell()
        super().copyfile(source, outputfile)
        COUNTER.add(source.tell() - start)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Count an answer without a body too (304, errors), then log as build.py does."""
        if code != 200:
            COUNTER.add(0)
        super().log_request(code, size)


def start_counting_server(directory: Path) -> tuple[Any, threading.Thread]:
    """:func:`build.start_server` with :class:`CountingHandler`."""
    handler = functools.partial(CountingHandler, directory=str(directory), prefix="/")
    server = build.SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="bench-server", daemon=True)
    thread.start()
    return server, thread


def site_bytes(site: Path) -> int:
    """The size of the built site (its files, the bench's own page left out)."""
    return sum(
        path.stat().st_size
        for path in site.rglob("*")
        if path.is_file() and BENCH_DIR not in path.relative_to(site).parts
    )


# Python run on both sides (Pyodide and CPython) for the playout figures: the same function
# (pygames.core.bench.random_game, from the same wheel) on the same seeds.
PLAYOUT_CODE = """
import json, sys, time
from pygames.core.bench import random_game
from pygames.core.registry import get_game

def _run(cases):
    rows = []
    for game, players, seeds in cases:
        cls = get_game(game).state_class
        start = time.perf_counter()
        actions = sum(random_game(cls, players, seed) for seed in range(seeds))
        rows.append([game, players, seeds, actions, time.perf_counter() - start])
    return rows

import pygames
bench_result = json.dumps({"rows": _run(CASES), "python": sys.version.split()[0],
                           "engine": pygames.__file__})
"""

PYODIDE_INFO = """
import json, sys
import pyodide
bench_result = json.dumps({"python": sys.version.split()[0], "pyodide": pyodide.__version__})
"""


# --------------------------------------------------------------------------------------------
# Helpers


def machine() -> dict[str, Any]:
    """Cores, CPU model and load of this machine."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = []
    try:
        pressure = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        pressure = ""
    return {
        "cpu_pressure": pressure,
        "nproc": os.cpu_count(),
        "cpu": model or platform.processor(),
        "loadavg": load,
        "platform": platform.platform(),
        "cpython": platform.python_version(),
    }


def chromium_version() -> str:
    """``chromium --version`` of Debian's Chromium."""
    try:
        out = subprocess.run(
            [str(build.CHROMIUM), "--version"], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return out.stdout.strip() or "unknown"


def prepare_site(dist: Path | None, folder: Path) -> Path:
    """A private copy of the built site with the bare page in ``_bench/``; returns its folder."""
    site = folder / "site"
    if dist is None:
        log(f"building the site into {site}")
        build.build(site)
    else:
        log(f"copying {dist} to {site}")
        shutil.copytree(dist, site)
    info = json.loads((site / "build.json").read_text(encoding="utf-8"))
    wheels = {p.name for p in (site / "wheels").iterdir()}
    micropip = next(name for name in sorted(wheels) if name.startswith("micropip-"))
    packaging = next(name for name in sorted(wheels) if name.startswith("packaging-"))
    bare = site / BENCH_DIR
    bare.mkdir()
    names = {"__WHEEL__": info["wheel"], "__MICROPIP__": micropip, "__PACKAGING__": packaging}
    for name in BARE_FILES:
        text = (BENCH_JS / "bare" / name).read_text(encoding="utf-8")
        for placeholder, wheel in names.items():
            text = text.replace(placeholder, wheel)
        (bare / name).write_text(text, encoding="utf-8")
    return site


def catalog(site: Path) -> list[dict[str, Any]]:
    """The games of the built catalogue."""
    data = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    games: list[dict[str, Any]] = data["games"]
    return games


def record(game: dict[str, Any], players: int, seed: int, kind: str) -> dict[str, Any]:
    """A fresh record: every seat human, or every seat a ``normal`` (or first) bot."""
    levels = game.get("levels") or ["random"]
    level = "normal" if "normal" in levels else levels[0]
    seats = [
        {"name": f"P{i + 1}", "kind": "human"}
        if kind == "human"
        else {"name": f"Bot {i + 1}", "kind": "bot", "level": level}
        for i in range(players)
    ]
    return {
        "v": 1,
        "game": game["id"],
        "players": players,
        "seed": seed,
        "options": {},
        "seats": seats,
        "actions": [],
    }


def hint_positions(game: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """``count`` seeded positions of ``game`` where seat 0, a person, is to move with a choice:
    a game of ``normal`` bots (the repository's engine, the same as the site's wheel) stopped
    after a seeded number of actions at seat 0's next decision; each as ``{game, link, ply}``,
    the record with seat 0 human and hints on."""
    from pygames.core.play import bot_move
    from pygames.core.record import Record, Seat, new_state
    from pygames.core.rng import Rng

    players = table_players(game)
    level = "normal" if "normal" in game.get("levels", []) else "random"
    out: list[dict[str, Any]] = []
    seed = 4000
    while len(out) < count:
        seed += 1
        bots = Record(
            game["id"], players, seed, {}, [Seat(f"P{i + 1}", "bot", level) for i in range(players)]
        )
        state = new_state(bots)
        stop = Rng.from_seed(seed, 23).below(60)
        while not state.is_over():
            seat = state.to_move()[0]
            if (
                len(bots.actions) >= stop
                and 0 in state.to_move()
                and len(state.legal_actions(0)) >= 2
            ):
                break
            action = bot_move(bots, state, seat)
            state.apply(seat, action)
            bots.actions.append(f"{seat}:{action}")
        if state.is_over():
            continue
        seats = [Seat("P1", "human"), *bots.seats[1:]]
        human = Record(game["id"], players, seed, {"hints": True}, seats, list(bots.actions))
        out.append({"game": game["id"], "link": human.to_fragment(), "ply": state.ply})
    return out


# --------------------------------------------------------------------------------------------
# The measures


class Bench:
    """One run: a browser, the served private site, and the results so far."""

    def __init__(self, browser: Any, url: str, args: argparse.Namespace) -> None:
        self.browser = browser
        self.url = url
        self.args = args

    def context(self, **extra: Any) -> Any:
        """A fresh browser context (empty HTTP cache, no service worker) with the marks."""
        context = self.browser.new_context(
            viewport=VIEWPORT, locale="en-US", service_workers="allow", **extra
        )
        context.add_init_script(INSTRUMENT)
        return context

    def visit(
        self, context: Any, path: str, wait_offline: bool = False, before: str | None = None
    ) -> dict[str, Any]:
        """Open ``path`` in a new page of ``context``, wait until the engine is ready, return the
        page's marks, paint entries and long tasks (times in ms from the navigation), and the
        bytes the server sent meanwhile. ``wait_offline`` (the site's first visit) also waits
        for the service worker's precache and for the engine snapshot to be stored (issue 22);
        ``before``: a script run in a blank page of the site first (not timed)."""
        if before is not None:
            prep = context.new_page()
            try:
                prep.goto(self.url + "manifest.webmanifest", wait_until="load")
                prep.evaluate(before)
            finally:
                prep.close()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        COUNTER.reset()
        try:
            page.goto(self.url + path, wait_until="commit")
            page.wait_for_selector(
                "html[data-engine=ready], html[data-engine=failed]",
                state="attached",
                timeout=READY_TIMEOUT_MS,
            )
            if page.get_attribute("html", "data-engine") != "ready":
                detail = page.evaluate("window.bareError || JSON.stringify(window.__bench.workers)")
                raise RuntimeError(f"{path}: the engine failed: {detail}")
            offline = None
            if wait_offline:
                # the repeat visit needs the service worker's precache complete
                from playwright.sync_api import TimeoutError as PlaywrightTimeout

                try:
                    page.wait_for_selector(
                        "html[data-offline=ready]", state="attached", timeout=READY_TIMEOUT_MS
                    )
                    offline = True
                except PlaywrightTimeout:
                    offline = False
                    log("the service worker did not finish its precache")
                if path == "":
                    try:
                        page.wait_for_selector(
                            "html[data-engine-snapshot]", state="attached", timeout=60_000
                        )
                    except PlaywrightTimeout:
                        log("the engine snapshot was not stored")
            else:
                page.wait_for_timeout(50)
            data: dict[str, Any] = page.evaluate(VISIT_RESULT)
        finally:
            page.close()
        data["bytes"], data["requests"] = COUNTER.read()
        data["errors"] = errors
        data["offline_ready"] = offline
        return data

    # ---------------------------------------------------------------------------- start-up
    def startup(self) -> dict[str, Any]:
        """First and repeat visits of the site and of the bare page, interleaved per rep."""
        pages = {"site": "", "bare": f"{BENCH_DIR}/bare.html"}
        if self.args.diagnose:
            pages["worker"] = f"{BENCH_DIR}/worker-only.html"
        rows: dict[str, list[dict[str, Any]]] = {
            f"{which}_{visit}": [] for which in pages for visit in ("first", "repeat")
        }
        rows["site_fallback"] = []
        for which in pages if self.args.warmup else []:
            # not counted: the browser's own first start, the files into the OS cache
            context = self.context()
            try:
                self.visit(context, pages[which])
            finally:
                context.close()
            log(f"warm-up {which} done")
        for rep in range(self.args.reps):
            order = list(pages) if rep % 2 == 0 else list(reversed(pages))
            for which in order:
                path = pages[which]
                context = self.context()
                fallback = None
                try:
                    first = self.visit(context, path, wait_offline=which == "site")
                    repeat = self.visit(context, path)
                    if which == "site":
                        # a damaged stored snapshot: the fallback boot (a normal one)
                        fallback = self.visit(context, path, before=CORRUPT_SNAPSHOT)
                finally:
                    context.close()
                rows[f"{which}_first"].append(first)
                rows[f"{which}_repeat"].append(repeat)
                if fallback is not None:
                    rows["site_fallback"].append(fallback)
                log(
                    f"rep {rep + 1}/{self.args.reps} {which}: ready "
                    f"{first['marks']['engine_ready']:.0f} ms first "
                    f"({first['bytes'] / 1e6:.1f} MB sent), "
                    f"{repeat['marks']['engine_ready']:.0f} ms repeat"
                    + (f" ({repeat['boot']} boot)" if repeat.get("boot") else "")
                    + (
                        f", {fallback['marks']['engine_ready']:.0f} ms fallback"
                        if fallback is not None
                        else ""
                    )
                    + ("" if which != "site" or repeat["controlled"] else " (no service worker!)")
                )
        return rows

    # ---------------------------------------------------------------------------- strong bot
    def strong_decisions(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        """``--strong-decisions`` decisions of the strong bot per game (one strong seat, the
        others normal), timed page to page through the site's engine worker."""
        context = self.context()
        page = context.new_page()
        try:
            page.goto(self.url, wait_until="commit")
            page.wait_for_selector(
                "html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS
            )
            records = [record(g, table_players(g), 3000 + i, "bot") for i, g in enumerate(games)]
            rows: list[list[Any]] = page.evaluate(
                STRONG, {"records": records, "quota": self.args.strong_decisions}
            )
        finally:
            context.close()
        return strong_summary(games, rows)

    # ---------------------------------------------------------------------------- hints
    def hints(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        """``--hints`` hints per game at real tables (:func:`hint_positions`), the Hint button
        pressed: the first ranking painted, and the whole hint, page to page."""
        positions = [p for g in games for p in hint_positions(g, self.args.hints)]
        context = self.context()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            page.goto(self.url, wait_until="commit")
            page.wait_for_selector(
                "html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS
            )
            rows: list[list[Any]] = page.evaluate(HINT, {"positions": positions, "timeout": 60_000})
        finally:
            context.close()
        summary = hint_summary(games, rows, errors)
        for game, figures in summary["per_game"].items():
            log(
                f"hint {game}: first p50 {figures['first_p50']:.0f} "
                f"p95 {figures['first_p95']:.0f} ms, "
                f"done p50 {figures['done_p50']:.0f} ms"
            )
        return summary

    # ---------------------------------------------------------------------------- round trip
    def round_trips(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        """At least ``--actions`` act requests through the site's engine worker, page to page,
        shared by the games, each played to its end at least once."""
        context = self.context()
        page = context.new_page()
        try:
            page.goto(self.url, wait_until="commit")
            page.wait_for_selector(
                "html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS
            )
            records = [record(g, table_players(g), 1000 + i, "human") for i, g in enumerate(games)]
            quota = -(-self.args.actions // max(1, len(records)))
            result: dict[str, Any] = page.evaluate(
                ROUND_TRIPS, {"records": records, "quota": quota}
            )
        finally:
            context.close()
        return round_trip_summary(games, result)

    # ---------------------------------------------------------------------------- long tasks
    def games_through_the_table(self, games: list[dict[str, Any]]) -> dict[str, Any]:
        """One all-bot game of each game played by the real table at the bot speed of
        ``--table-speed`` (instant by default; at fast or normal the pieces' moves are animated);
        the longest main-thread task while each plays, and the bot requests' round trips."""
        context = self.context()
        speed = json.dumps(self.args.table_speed)
        context.add_init_script(f"localStorage.setItem('pygames.speed', {speed});")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        out: dict[str, Any] = {}
        try:
            page.goto(self.url, wait_until="commit")
            page.wait_for_selector(
                "html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS
            )
            boot = page.evaluate("window.__bench.longtasks")
            out["boot_longest_ms"] = round(max((d for _, d in boot), default=0.0), 1)
            out["speed"] = self.args.table_speed
            cdp = context.new_cdp_session(page) if self.args.profile else None
            for i, g in enumerate(games):
                start = page.evaluate("performance.now()")
                seen = page.evaluate("window.__bench.longtasks.length")
                asked = page.evaluate("window.__bench.requests.length")
                framed = page.evaluate("window.__bench.frames.length")
                if cdp is not None:
                    cdp.send("Profiler.enable")
                    cdp.send("Profiler.setSamplingInterval", {"interval": 500})
                    cdp.send("Profiler.start")
                link = record_from_json(record(g, table_players(g), 2000 + i, "bot")).to_fragment()
                page.evaluate("(hash) => { location.hash = hash; }", "#" + link)
                page.wait_for_selector(
                    "[data-testid=table][data-waiting=over]",
                    state="attached",
                    timeout=self.args.game_timeout * 1000,
                )
                page.wait_for_timeout(100)  # the last frame's task is reported after it
                elapsed = page.evaluate("performance.now()") - start
                profile = cdp.send("Profiler.stop")["profile"] if cdp is not None else None
                tasks = page.evaluate("(i) => window.__bench.longtasks.slice(i)", seen)
                asks = page.evaluate("(i) => window.__bench.requests.slice(i)", asked)
                frames = page.evaluate("(i) => window.__bench.frames.slice(i)", framed)
                bots = [ms for cmd, ms, _ in asks if cmd == "bot"]
                ply = int(page.get_attribute("[data-testid=table]", "data-ply") or 0)
                out[g["id"]] = table_game_row(g, ply, elapsed, tasks, frames, bots, start)
                if profile is not None:
                    out[g["id"]]["profile"] = summarize_profile(profile)
                log(
                    f"{g['id']}: {ply} plies through the table in {elapsed / 1000:.1f} s, "
                    f"longest task {out[g['id']]['longest_ms']:.0f} ms, "
                    f"frames p95 {out[g['id']]['frame_ms']['p95']} ms, "
                    f"{out[g['id']]['frame_ms']['over_50']} over 50 ms"
                )
                page.evaluate("() => { location.hash = '#/'; }")
                page.wait_for_selector("[data-testid=game-list] .game-tile", timeout=30_000)
        finally:
            context.close()
        out["errors"] = errors
        out["longest_ms"] = max(
            (v["longest_ms"] for v in out.values() if isinstance(v, dict)), default=0.0
        )
        return out

    # ---------------------------------------------------------------------------- playouts
    def playouts(self, games: list[dict[str, Any]], wheel: Path) -> dict[str, Any]:
        """Random playouts per second in Pyodide (the bare worker) and in this CPython, on the
        same seeds with the same wheel; alternated ``--playout-reps`` times, medians kept."""
        cases = self.calibrate(games, wheel)
        context = self.context()
        page = context.new_page()
        rows: dict[tuple[str, int], dict[str, Any]] = {}
        try:
            page.goto(f"{self.url}{BENCH_DIR}/bare.html", wait_until="commit")
            page.wait_for_selector(
                "html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS
            )
            info = json.loads(self.run_in_pyodide(page, PYODIDE_INFO))
            code = PLAYOUT_CODE.replace("CASES", json.dumps(cases))
            for rep in range(self.args.playout_reps):
                for source in ("cpython", "pyodide"):
                    if source == "pyodide":
                        data = json.loads(self.run_in_pyodide(page, code))
                    else:
                        data = run_in_cpython(code, wheel)
                    for game, players, seeds, actions, seconds in data["rows"]:
                        row = rows.setdefault(
                            (game, players),
                            {"game": game, "players": players, "games": seeds, "actions": actions},
                        )
                        row.setdefault(source, []).append(seconds)
                log(f"playouts rep {rep + 1}/{self.args.playout_reps} done")
        finally:
            context.close()
        out = playout_rows(list(rows.values()))
        return {
            "pyodide_python": info["python"],
            "pyodide": info["pyodide"],
            "cpython": platform.python_version(),
            "rows": out,
        }

    def calibrate(self, games: list[dict[str, Any]], wheel: Path) -> list[list[Any]]:
        """How many seeds each case plays: about ``--playout-seconds`` in CPython."""
        probe = [
            [g["id"], p, 3] for g in games for p in range(g["min_players"], g["max_players"] + 1)
        ]
        data = run_in_cpython(PLAYOUT_CODE.replace("CASES", json.dumps(probe)), wheel)
        cases = []
        for game, players, seeds, _actions, seconds in data["rows"]:
            per_game = max(seconds / seeds, 1e-4)
            cases.append([game, players, max(3, int(self.args.playout_seconds / per_game))])
        return cases

    def run_in_pyodide(self, page: Any, code: str) -> str:
        """Run ``code`` in the bare worker; its ``bench_result`` (text) is the answer."""
        answer: dict[str, Any] = page.evaluate(RUN_PYTHON, code)
        if not answer["ok"]:
            raise RuntimeError(f"in Pyodide: {answer['text']}")
        text: str = answer["text"]
        return text


def run_in_cpython(code: str, wheel: Path) -> dict[str, Any]:
    """Run ``code`` in a fresh CPython process with only the engine wheel on the path."""
    runner = "import sys; exec(sys.stdin.read(), g := {}); print(g['bench_result'])"
    env = {**os.environ, "PYTHONPATH": str(wheel), "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", runner],
        input=code,
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
        timeout=600,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"in CPython: {out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


# --------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The options."""
    parser = argparse.ArgumentParser(
        prog="browser_bench.py", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("--reps", type=int, default=5, help="start-up repetitions (default 5)")
    parser.add_argument(
        "--no-warmup",
        dest="warmup",
        action="store_false",
        help="count the first visit of the run too (default: one uncounted visit of each page)",
    )
    parser.add_argument("--actions", type=int, default=200, help="act round trips (default 200)")
    parser.add_argument(
        "--playout-seconds",
        type=float,
        default=0.25,
        help="CPython seconds of random playouts per game and player count (default 0.25)",
    )
    parser.add_argument("--playout-reps", type=int, default=3, help="alternations (default 3)")
    parser.add_argument("--game-timeout", type=float, default=120, help="seconds per table game")
    parser.add_argument(
        "--strong-decisions",
        type=int,
        default=20,
        help="strong bot decisions timed per game (default 20)",
    )
    parser.add_argument(
        "--hints", type=int, default=20, help="hints at real tables per game (default 20)"
    )
    parser.add_argument("--games", default=None, help="comma-separated game ids (default: all)")
    parser.add_argument(
        "--only",
        default="startup,roundtrip,table,strong,playouts,hint",
        help="which parts to run (comma-separated; default: all six)",
    )
    parser.add_argument(
        "--table-speed",
        choices=("instant", "fast", "normal"),
        default="instant",
        help="the bots' speed in the table part (default instant; fast and normal animate moves)",
    )
    parser.add_argument("--dist", type=Path, default=None, help="a built site to use (copied)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the JSON report")
    parser.add_argument("--keep", action="store_true", help="keep the private site folder")
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run: 2 reps, 40 actions, short playouts"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="record a CPU profile of the page while each table game plays (in the JSON)",
    )
    parser.add_argument(
        "--diagnose",
        action="store_true",
        help="also time the site's worker.js alone in a page (start-up)",
    )
    parser.add_argument("--headed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.reps = min(args.reps, 2)
        args.actions = min(args.actions, 40)
        args.playout_seconds = min(args.playout_seconds, 0.05)
        args.playout_reps = 1
        args.strong_decisions = min(args.strong_decisions, 3)
        args.hints = min(args.hints, 3)
    return args


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Build, serve, measure; the report."""
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    parts = set(args.only.split(","))
    report: dict[str, Any] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        "machine": machine(),
        "chromium": chromium_version(),
        "settings": {
            key: (str(value) if isinstance(value, Path) else value)
            for key, value in vars(args).items()
        },
        "chromium_args": CHROMIUM_ARGS,
    }
    folder = Path(tempfile.mkdtemp(prefix="pygames-bench-"))
    try:
        site = prepare_site(args.dist, folder)
        info = json.loads((site / "build.json").read_text(encoding="utf-8"))
        report["pyodide"] = info["pyodide"]
        report["engine_wheel"] = info["wheel"]
        games = catalog(site)
        if args.games:
            wanted = args.games.split(",")
            games = [g for g in games if g["id"] in wanted]
        report["site_bytes"] = site_bytes(site)
        server, thread = start_counting_server(site)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        log(f"serving {site} on {url}")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=str(build.CHROMIUM),
                    args=CHROMIUM_ARGS,
                    headless=not args.headed,
                )
                report["chromium_playwright"] = browser.version
                bench = Bench(browser, url, args)
                try:
                    steps: list[tuple[str, str, Callable[[], Any]]] = [
                        ("startup", "startup", lambda: startup_summary(bench.startup())),
                        ("roundtrip", "round_trip", lambda: bench.round_trips(games)),
                        ("table", "table_games", lambda: bench.games_through_the_table(games)),
                        ("strong", "strong", lambda: bench.strong_decisions(games)),
                        ("hint", "hint", lambda: bench.hints(games)),
                        (
                            "playouts",
                            "playouts",
                            lambda: bench.playouts(games, site / "wheels" / info["wheel"]),
                        ),
                    ]
                    for part, key, step in steps:
                        if part not in parts:
                            continue
                        log(f"{part} ...")
                        t0 = time.monotonic()
                        try:
                            report[key] = step()
                        except Exception as exc:  # report it, go on
                            log(f"{part} failed: {exc}")
                            report.setdefault("failures", {})[part] = str(exc)
                        log(f"{part}: {time.monotonic() - t0:.0f} s")
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
            thread.join(5)
    finally:
        if args.keep:
            log(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    after = machine()
    report["machine"]["loadavg_after"] = after["loadavg"]
    report["machine"]["cpu_pressure_after"] = after["cpu_pressure"]
    report["targets"] = targets(report)
    report["seconds"] = round(time.monotonic() - started, 1)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark, print the table, write the JSON; 1 if a part failed."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        import playwright.sync_api  # noqa: F401  (only: is it here?)
    except ImportError:
        # e.g. `python3 build.py bench` under a Python without Playwright: use the project's venv
        venv = build.VENV / "bin" / "python"
        if venv.exists() and Path(sys.prefix).resolve() != build.VENV.resolve():
            return subprocess.run([str(venv), __file__, *argv], check=False).returncode
        log("Playwright is missing: run `python3 build.py test` once (it makes .venv)")
        return 2
    args = parse_args(argv)
    report = run(args)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print_table(report)
    print(f"\nJSON: {args.out} ({report['seconds']:.0f} s)")
    return 1 if report.get("failures") else 0


if __name__ == "__main__":
    sys.exit(main())
