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
import statistics
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

DEFAULT_OUT = ROOT / "artifacts" / "bench" / "browser.json"
# The same flags as the e2e tests (build.CHROMIUM_ARGS)
CHROMIUM_ARGS = build.CHROMIUM_ARGS
VIEWPORT = {"width": 1024, "height": 768}
READY_TIMEOUT_MS = 180_000
BENCH_DIR = "_bench"

# Issue 10's targets
TARGET_PAINT_MS = 300.0
TARGET_READY_RATIO = 1.15  # first visit (issue 22 keeps it)
TARGET_REPEAT_RATIO = 0.30  # issue 22: a repeat visit boots from the engine snapshot
TARGET_BYTES_RATIO = 1.10  # issue 22: a first visit downloads every file once
TARGET_ROUND_TRIP_P95_MS = 30.0
TARGET_LONG_TASK_MS = 50.0
TARGET_STRONG_P95_MS = 2000.0  # issue 7: the strong bot's decision in the browser
TARGET_HINT_FIRST_P95_MS = 1500.0  # issue 23: the first hint appears (p95 over each game's)


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


def stats(values: Sequence[float]) -> dict[str, Any]:
    """Median and spread of a sample (milliseconds or rates), rounded."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "median": round(statistics.median(ordered), 2),
        "min": round(ordered[0], 2),
        "max": round(ordered[-1], 2),
        "stdev": round(statistics.stdev(ordered), 2) if len(ordered) > 1 else 0.0,
        "samples": [round(v, 2) for v in values],
    }


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` percentile (0..100) with linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = (len(ordered) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


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


def fragment(data: dict[str, Any]) -> str:
    """``g=<base64url of the JSON record>`` as the site reads it."""
    import base64

    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return "g=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def table_players(game: dict[str, Any]) -> int:
    """A usual table: four players where the game allows it."""
    return max(int(game["min_players"]), min(4, int(game["max_players"])))


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
        per_game: dict[str, Any] = {}
        for g in games:
            mine = [r[1] for r in rows if r[0] == g["id"]]
            if mine:
                per_game[g["id"]] = {
                    "players": table_players(g),
                    "n": len(mine),
                    "p50": round(percentile(mine, 50), 1),
                    "p95": round(percentile(mine, 95), 1),
                    "max": round(max(mine), 1),
                    "slices_max": max(r[2] for r in rows if r[0] == g["id"]),
                }
        times = [r[1] for r in rows]
        return {
            "n": len(times),
            "p50": round(percentile(times, 50), 1),
            "p95": round(percentile(times, 95), 1),
            "max": round(max(times), 1),
            "per_game": per_game,
        }

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
        per_game: dict[str, Any] = {}
        for g in games:
            mine = [r for r in rows if r[0] == g["id"]]
            if not mine:
                continue
            first = [r[1] for r in mine]
            done = [r[2] for r in mine]
            trips = [r[4] for r in mine if r[4] is not None]
            per_game[g["id"]] = {
                "players": table_players(g),
                "n": len(mine),
                "first_p50": round(percentile(first, 50), 1),
                "first_p95": round(percentile(first, 95), 1),
                "first_max": round(max(first), 1),
                "done_p50": round(percentile(done, 50), 1),
                "done_p95": round(percentile(done, 95), 1),
                "requests_median": statistics.median(r[3] for r in mine),
                "first_request_p50": round(percentile(trips, 50), 1) if trips else None,
                "moves_shown_min": min(r[5] for r in mine),
            }
            log(
                f"hint {g['id']}: first p50 {per_game[g['id']]['first_p50']:.0f} "
                f"p95 {per_game[g['id']]['first_p95']:.0f} ms, "
                f"done p50 {per_game[g['id']]['done_p50']:.0f} ms"
            )
        first_all = [r[1] for r in rows]
        return {
            "n": len(rows),
            "first_p50": round(percentile(first_all, 50), 1),
            "first_p95": round(percentile(first_all, 95), 1),
            "first_p95_worst_game": max(v["first_p95"] for v in per_game.values()),
            "per_game": per_game,
            "errors": errors,
        }

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
        acts = result["acts"]
        times = [a[1] for a in acts]
        per_game: dict[str, Any] = {}
        for g in games:
            mine = [a[1] for a in acts if a[0] == g["id"]]
            sizes = [a[2] for a in acts if a[0] == g["id"]]
            if mine:
                per_game[g["id"]] = {
                    "n": len(mine),
                    "last_ply": max(a[3] for a in acts if a[0] == g["id"]),
                    "p50": round(percentile(mine, 50), 2),
                    "p95": round(percentile(mine, 95), 2),
                    "max": round(max(mine), 2),
                    "answer_bytes_median": int(statistics.median(sizes)),
                    "answer_bytes_max": max(sizes),
                }
        return {
            "n": len(times),
            "p50": round(percentile(times, 50), 2),
            "p95": round(percentile(times, 95), 2),
            "max": round(max(times), 2),
            "mean": round(statistics.fmean(times), 2),
            "answer_bytes_median": int(statistics.median(a[2] for a in acts)),
            "answer_bytes_max": max(a[2] for a in acts),
            "per_game": per_game,
            "compose": {
                "n": len(result["composes"]),
                "p50": round(percentile([c[1] for c in result["composes"]] or [0.0], 50), 2),
                "p95": round(percentile([c[1] for c in result["composes"]] or [0.0], 95), 2),
            },
            "start_ms_median": {
                g["id"]: round(
                    statistics.median(ms for k, ms in result["starts"] if k == g["id"]), 1
                )
                for g in games
                if any(k == g["id"] for k, _ in result["starts"])
            },
        }

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
                link = fragment(record(g, table_players(g), 2000 + i, "bot"))
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
                durations = sorted((d for _, d in tasks), reverse=True)
                bots = [ms for cmd, ms, _ in asks if cmd == "bot"]
                ply = int(page.get_attribute("[data-testid=table]", "data-ply") or 0)
                out[g["id"]] = {
                    "players": table_players(g),
                    "actions": ply,
                    "seconds": round(elapsed / 1000, 2),
                    "longtasks": len(durations),
                    "longest_ms": round(durations[0] if durations else 0.0, 1),
                    "longest_5_ms": [round(d, 1) for d in durations[:5]],
                    # when each long task began, in ms after the game's link was opened
                    "longtasks_at_ms": [[round(at - start), round(d, 1)] for at, d in tasks],
                    # between animation frames: the whole frame, rendering included
                    "frame_ms": {
                        "n": len(frames),
                        "p50": round(percentile(frames, 50), 1) if frames else None,
                        "p95": round(percentile(frames, 95), 1) if frames else None,
                        "max": round(max(frames), 1) if frames else None,
                        "over_50": sum(1 for f in frames if f > 50),
                    },
                    "bot_request_ms": {
                        "n": len(bots),
                        "p50": round(percentile(bots, 50), 1) if bots else None,
                        "p95": round(percentile(bots, 95), 1) if bots else None,
                        "max": round(max(bots), 1) if bots else None,
                    },
                }
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
        out = []
        for row in rows.values():
            cp = statistics.median(row.pop("cpython"))
            py = statistics.median(row.pop("pyodide"))
            row["cpython_games_per_s"] = round(row["games"] / cp, 1)
            row["pyodide_games_per_s"] = round(row["games"] / py, 1)
            row["cpython_us_per_action"] = round(cp / row["actions"] * 1e6, 1)
            row["pyodide_us_per_action"] = round(py / row["actions"] * 1e6, 1)
            row["pyodide_over_cpython"] = round(py / cp, 2)
            out.append(row)
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


def summarize_profile(profile: dict[str, Any], top: int = 12) -> dict[str, Any]:
    """The main thread's time by function in a CDP CPU profile: self and inclusive ms."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}

    def name(node_id: int) -> str:
        frame = nodes[node_id]["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1]
        label = frame["functionName"] or "(anonymous)"
        return f"{label} {where}:{frame['lineNumber'] + 1}" if where else label

    own: dict[str, float] = {}
    total: dict[str, float] = {}
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=False):
        ms = delta / 1000
        own[name(sample)] = own.get(name(sample), 0.0) + ms
        seen: set[str] = set()
        node: int | None = sample
        while node is not None:
            label = name(node)
            if label not in seen:
                seen.add(label)
                total[label] = total.get(label, 0.0) + ms
            node = parent.get(node)

    def best(table: dict[str, float]) -> list[list[Any]]:
        rows = sorted(table.items(), key=lambda kv: -kv[1])[:top]
        return [[label, round(ms, 1)] for label, ms in rows]

    return {"self_ms": best(own), "inclusive_ms": best(total)}


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
# Summary


def mark_of(visit: dict[str, Any], name: str) -> float | None:
    """A mark (ms from the navigation) of one visit, or None."""
    value = visit["marks"].get(name)
    return float(value) if value is not None else None


def startup_summary(rows: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Medians and spread of the start-up visits, ratios, the site's stages and paints."""
    out: dict[str, Any] = {}
    ready: dict[str, list[float]] = {}
    for key, visits in rows.items():
        ready[key] = [float(v["marks"]["engine_ready"]) for v in visits]
        item: dict[str, Any] = {"engine_ready_ms": stats(ready[key])}
        workers = [v["workers"][0] for v in visits if v["workers"]]
        created = [float(w["created"]) for w in workers]
        item["worker_created_ms"] = stats(created)
        stage_names = sorted({name for w in workers for name in w["stages"]})
        item["stages_ms"] = {
            name: stats([float(w["stages"][name]) for w in workers if name in w["stages"]])
            for name in stage_names
        }
        if key.startswith("site"):
            for paint in ("first-paint", "first-contentful-paint"):
                item[paint] = stats(
                    [float(v["paint"][paint]) for v in visits if paint in v["paint"]]
                )
            tiles = [mark_of(v, "lobby_tiles_painted") for v in visits]
            item["lobby_tiles_painted"] = stats([x for x in tiles if x is not None])
            item["service_worker_controlled"] = [bool(v["controlled"]) for v in visits]
        item["longest_task_ms"] = stats(
            [max((float(d) for _, d in v["longtasks"]), default=0.0) for v in visits]
        )
        # the Long Tasks API leaves out a frame's style, layout and paint: the longest time
        # between two animation frames until ready counts them too
        item["longest_frame_ms"] = stats(
            [max((float(f) for f in v.get("frames", [])), default=0.0) for v in visits]
        )
        item["page_errors"] = [e for v in visits for e in v["errors"]]
        # issue 22: bytes sent by the server during the visit, how the engine started
        item["bytes"] = stats([float(v.get("bytes", 0)) for v in visits])
        item["requests"] = stats([float(v.get("requests", 0)) for v in visits])
        item["boot"] = [v.get("boot") for v in visits]
        # the snapshot is made by a second worker, the snapshot maker (issue 22)
        made = [w["snapshot"] for v in visits for w in v["workers"] if w.get("snapshot")]
        if made:
            item["snapshot"] = {
                "stored": [bool(m.get("stored")) for m in made],
                "gzip_bytes": stats([float(m["bytes"]) for m in made if m.get("stored")]),
                "raw_bytes": stats([float(m["raw"]) for m in made if m.get("stored")]),
                "store_ms": stats([float(m["ms"]) for m in made if m.get("stored")]),
                "make_ms": stats([float(m["make_ms"]) for m in made if m.get("make_ms")]),
            }
        out[key] = item
    for visit in ("first", "repeat"):
        site, bare = ready[f"site_{visit}"], ready[f"bare_{visit}"]
        paired = [s / b for s, b in zip(site, bare, strict=True)]
        out[f"ratio_{visit}"] = {
            "of_medians": round(statistics.median(site) / statistics.median(bare), 3),
            "paired": stats(paired),
            "extra_ms_median": round(statistics.median(site) - statistics.median(bare), 1),
        }
    return out


def targets(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Issue 10's targets with the measured value and met / not met."""
    out: list[dict[str, Any]] = []

    def add(name: str, value: float | None, limit: float, unit: str) -> None:
        out.append({
            "target": name,
            "limit": limit,
            "value": value,
            "unit": unit,
            "met": value is not None and value <= limit,
        })  # fmt: skip

    start = report.get("startup")
    if start:
        fcp = start["site_first"].get("first-contentful-paint", {}).get("median")
        add("first paint of the lobby (FCP, first visit)", fcp, TARGET_PAINT_MS, "ms")
        fcp = start["site_repeat"].get("first-contentful-paint", {}).get("median")
        add("first paint of the lobby (FCP, repeat visit)", fcp, TARGET_PAINT_MS, "ms")
        for visit, limit in (("first", TARGET_READY_RATIO), ("repeat", TARGET_REPEAT_RATIO)):
            ratio = start[f"ratio_{visit}"]["of_medians"]
            add(f"engine ready / bare page ({visit} visit)", ratio, limit, "x")
        sent = start["site_first"].get("bytes", {}).get("median")
        size = report.get("site_bytes")
        if sent is not None and size:
            ratio = round(sent / size, 3)
            add("first-visit bytes sent / site size", ratio, TARGET_BYTES_RATIO, "x")
    rt = report.get("round_trip")
    if rt:
        add("round trip of one action, p95", rt["p95"], TARGET_ROUND_TRIP_P95_MS, "ms")
    play = report.get("table_games")
    if play:
        add("longest main-thread task during a game", play["longest_ms"], TARGET_LONG_TASK_MS, "ms")
    strong = report.get("strong")
    if strong:
        add("strong bot's decision in the browser, p95", strong["p95"], TARGET_STRONG_P95_MS, "ms")
    hint = report.get("hint")
    if hint:
        add(
            "first hint appears, p95 (worst game)",
            hint["first_p95_worst_game"],
            TARGET_HINT_FIRST_P95_MS,
            "ms",
        )
    return out


def fmt_stats(item: dict[str, Any]) -> str:
    """``median (min-max)``."""
    if not item or not item.get("n"):
        return "-"
    return f"{item['median']:.0f} ({item['min']:.0f}-{item['max']:.0f})"


def print_table(report: dict[str, Any]) -> None:
    """The human-readable summary."""
    lines = []
    m = report["machine"]
    lines.append(
        f"machine: {m['nproc']} cores, {m['cpu']}; load {m['loadavg']} -> {m['loadavg_after']}"
    )
    lines.append(f"browser: {report['chromium']}; Pyodide {report['pyodide']}")
    start = report.get("startup")
    if start:
        reps = start["site_first"]["engine_ready_ms"]["n"]
        lines.append("")
        lines.append(f"start-up, ms from navigation: median (min-max) over {reps} reps")
        lines.append(f"{'':<34}{'first visit':>20}{'repeat visit':>20}")
        rows = [
            ("lobby first paint (FP)", "site", "first-paint"),
            ("lobby first contentful paint", "site", "first-contentful-paint"),
            ("lobby game tiles painted", "site", "lobby_tiles_painted"),
            ("site: worker created", "site", "worker_created_ms"),
            ("site: engine ready", "site", "engine_ready_ms"),
            ("bare: worker created", "bare", "worker_created_ms"),
            ("bare: Pyodide booted", "bare", "booted"),
            ("bare: wheel installed = ready", "bare", "engine_ready_ms"),
            ("bare: pygames.web imported", "bare", "imported"),
            ("longest main-thread task", "site", "longest_task_ms"),
            ("longest time between frames", "site", "longest_frame_ms"),
        ]
        if "worker_first" in start:
            rows.append(("site's worker.js alone: ready", "worker", "engine_ready_ms"))
        for label, who, key in rows:
            cells = []
            for visit in ("first", "repeat"):
                item = start[f"{who}_{visit}"]
                value = item.get(key) or item["stages_ms"].get(key, {})
                cells.append(fmt_stats(value))
            lines.append(f"{label:<34}{cells[0]:>20}{cells[1]:>20}")
        cells = []
        for visit in ("first", "repeat"):
            r = start[f"ratio_{visit}"]
            cells.append(f"{r['of_medians']:.2f} (+{r['extra_ms_median']:.0f} ms)")
        lines.append(f"{'ratio site / bare (of medians)':<34}{cells[0]:>20}{cells[1]:>20}")
        cells = [fmt_stats(start[f"{who}_first"].get("bytes", {})) for who in ("site", "bare")]
        lines.append(f"{'bytes sent, first visit (site, bare)':<38}{cells[0]:>20}{cells[1]:>20}")
        if report.get("site_bytes"):
            lines.append(f"{'site size (dist/)':<38}{report['site_bytes']:>20}")
        lines.append(f"{'site: repeat boots':<34}{start['site_repeat'].get('boot')}")
        fallback = start.get("site_fallback")
        if fallback and fallback["engine_ready_ms"].get("n"):
            lines.append(
                f"{'site: fallback boot (bad snapshot)':<34}"
                f"{fmt_stats(fallback['engine_ready_ms']):>20}   boots {fallback.get('boot')}"
            )
        snap = start["site_first"].get("snapshot")
        if snap:
            lines.append(
                f"{'engine snapshot':<34}gzip {fmt_stats(snap['gzip_bytes'])} bytes, raw "
                f"{fmt_stats(snap['raw_bytes'])}, stored in {fmt_stats(snap['store_ms'])} ms"
            )
            if snap.get("make_ms", {}).get("n"):
                lines.append(
                    f"{'  made by the snapshot maker in':<34}{fmt_stats(snap['make_ms'])} ms "
                    "(its start to the snapshot taken, in idle time after ready)"
                )
    rt = report.get("round_trip")
    if rt:
        lines.append("")
        lines.append(
            f"round trip of one act, page to page ({rt['n']} actions): p50 {rt['p50']:.1f} ms, "
            f"p95 {rt['p95']:.1f} ms, max {rt['max']:.1f} ms; answer "
            f"{rt['answer_bytes_median']} bytes median, {rt['answer_bytes_max']} max"
        )
        for game, g in rt["per_game"].items():
            lines.append(
                f"  {game:<11} n={g['n']:<4} p50 {g['p50']:6.1f}  p95 {g['p95']:6.1f}  "
                f"max {g['max']:6.1f} ms   {g['answer_bytes_median']:>6} bytes"
            )
    play = report.get("table_games")
    if play:
        lines.append("")
        lines.append(
            f"all-bot games through the table ({play.get('speed', 'instant')} speed); "
            "boot's longest task "
            f"{play['boot_longest_ms']:.0f} ms"
        )
        for game, g in play.items():
            if not isinstance(g, dict):
                continue
            bot = g["bot_request_ms"]
            fr = g["frame_ms"]
            lines.append(
                f"  {game:<11} {g['players']}p {g['actions']:>4} plies "
                f"{g['seconds']:6.1f} s  long tasks {g['longtasks']:>3}  "
                f"longest {g['longest_ms']:6.0f} ms   bot request p50 {bot['p50'] or 0:.0f} "
                f"p95 {bot['p95'] or 0:.0f} ms   frames p95 {fr['p95'] or 0:.0f} "
                f"max {fr['max'] or 0:.0f} ms, {fr['over_50']} over 50 ms"
            )
            if "profile" in g:
                busiest = [
                    f"{label} {ms:.0f} ms"
                    for label, ms in g["profile"]["self_ms"]
                    if not label.startswith("(")
                ][:4]
                lines.append(f"      main thread, self time: {'; '.join(busiest)}")
    strong = report.get("strong")
    if strong:
        lines.append("")
        lines.append(
            f"strong bot's decisions in the browser ({strong['n']}; one strong seat, the others "
            f"normal): p50 {strong['p50']:.0f} ms, p95 {strong['p95']:.0f} ms, "
            f"max {strong['max']:.0f} ms"
        )
        for game, g in strong["per_game"].items():
            lines.append(
                f"  {game:<11} {g['players']}p n={g['n']:<4} p50 {g['p50']:6.0f}  "
                f"p95 {g['p95']:6.0f}  max {g['max']:6.0f} ms"
            )
    hint = report.get("hint")
    if hint:
        lines.append("")
        lines.append(
            f"hints at real tables ({hint['n']}): the first ranking painted p50 "
            f"{hint['first_p50']:.0f} ms, p95 {hint['first_p95']:.0f} ms (from the press)"
        )
        for game, g in hint["per_game"].items():
            lines.append(
                f"  {game:<11} {g['players']}p n={g['n']:<3} first p50 {g['first_p50']:6.0f}  "
                f"p95 {g['first_p95']:6.0f}  max {g['first_max']:6.0f} ms   whole hint p50 "
                f"{g['done_p50']:6.0f} p95 {g['done_p95']:6.0f} ms, {g['requests_median']:.0f} "
                f"requests, the first {g['first_request_p50'] or 0:.0f} ms in the worker"
            )
    po = report.get("playouts")
    if po:
        lines.append("")
        lines.append(
            f"random playouts, games/s: Pyodide {po['pyodide']} (Python {po['pyodide_python']}) "
            f"vs CPython {po['cpython']}"
        )
        lines.append(
            f"  {'game':<11}{'players':>8}{'games':>7}{'CPython':>10}{'Pyodide':>10}"
            f"{'ratio':>7}{'us/act Pyodide':>16}"
        )
        for r in po["rows"]:
            lines.append(
                f"  {r['game']:<11}{r['players']:>8}{r['games']:>7}"
                f"{r['cpython_games_per_s']:>10.1f}{r['pyodide_games_per_s']:>10.1f}"
                f"{r['pyodide_over_cpython']:>7.2f}{r['pyodide_us_per_action']:>16.1f}"
            )
    lines.append("")
    lines.append("targets (issue 10):")
    for t in report["targets"]:
        value = "-" if t["value"] is None else f"{t['value']:.2f}"
        verdict = "met" if t["met"] else "NOT met"
        lines.append(
            f"  {t['target']:<46} {value:>9} {t['unit']:<2} (<= {t['limit']:g})  {verdict}"
        )
    print("\n".join(lines))


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
