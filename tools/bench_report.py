"""The browser benchmark's report (``tools/browser_bench.py`` measures, this module sums up):
medians and percentiles of the measured samples (:mod:`statistics`), issue 10's targets with
met / not met, and the table printed at the end of a run. Nothing here needs a browser."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

# Issue 10's targets
TARGET_PAINT_MS = 300.0
TARGET_READY_RATIO = 1.15  # first visit (issue 22 keeps it)
TARGET_REPEAT_RATIO = 0.30  # issue 22: a repeat visit boots from the engine snapshot
TARGET_BYTES_RATIO = 1.10  # issue 22: a first visit downloads every file once
TARGET_ROUND_TRIP_P95_MS = 30.0
TARGET_LONG_TASK_MS = 50.0
TARGET_STRONG_P95_MS = 2000.0  # issue 7: the strong bot's decision in the browser
TARGET_HINT_FIRST_P95_MS = 1500.0  # issue 23: the first hint appears (p95 over each game's)


# --------------------------------------------------------------------------------------------
# Figures of a sample


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


def percentile(values: Sequence[float], q: int) -> float:
    """The ``q`` percentile (1..99) with linear interpolation between the closest ranks
    (:func:`statistics.quantiles`, ``inclusive``); NaN for no value."""
    if len(values) < 2:
        return float(values[0]) if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def spread(values: Sequence[float], digits: int, prefix: str = "") -> dict[str, Any]:
    """p50, p95 and max of a non-empty sample, rounded, their keys prefixed."""
    return {
        f"{prefix}p50": round(percentile(values, 50), digits),
        f"{prefix}p95": round(percentile(values, 95), digits),
        f"{prefix}max": round(max(values), digits),
    }


def table_players(game: dict[str, Any]) -> int:
    """A usual table: four players where the game allows it."""
    return max(int(game["min_players"]), min(4, int(game["max_players"])))


# --------------------------------------------------------------------------------------------
# The parts' summaries, from what the pages answered


def round_trip_summary(games: Sequence[dict[str, Any]], result: dict[str, Any]) -> dict[str, Any]:
    """The act round trips (``acts``: game, ms, answer bytes, ply), the composes and the
    games' starts, overall and per game."""
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
                **spread(mine, 2),
                "answer_bytes_median": int(statistics.median(sizes)),
                "answer_bytes_max": max(sizes),
            }
    composes = [c[1] for c in result["composes"]] or [0.0]
    return {
        "n": len(times),
        **spread(times, 2),
        "mean": round(statistics.fmean(times), 2),
        "answer_bytes_median": int(statistics.median(a[2] for a in acts)),
        "answer_bytes_max": max(a[2] for a in acts),
        "per_game": per_game,
        "compose": {
            "n": len(result["composes"]),
            "p50": round(percentile(composes, 50), 2),
            "p95": round(percentile(composes, 95), 2),
        },
        "start_ms_median": {
            g["id"]: round(statistics.median(ms for k, ms in result["starts"] if k == g["id"]), 1)
            for g in games
            if any(k == g["id"] for k, _ in result["starts"])
        },
    }


def strong_summary(games: Sequence[dict[str, Any]], rows: list[list[Any]]) -> dict[str, Any]:
    """The strong bot's decisions (game, ms, time slices), overall and per game."""
    per_game: dict[str, Any] = {}
    for g in games:
        mine = [r[1] for r in rows if r[0] == g["id"]]
        if mine:
            per_game[g["id"]] = {
                "players": table_players(g),
                "n": len(mine),
                **spread(mine, 1),
                "slices_max": max(r[2] for r in rows if r[0] == g["id"]),
            }
    times = [r[1] for r in rows]
    return {"n": len(times), **spread(times, 1), "per_game": per_game}


def hint_summary(
    games: Sequence[dict[str, Any]], rows: list[list[Any]], errors: list[str]
) -> dict[str, Any]:
    """The hints (game, first ranking ms, whole hint ms, requests, first request's ms in the
    worker, moves shown), overall and per game."""
    per_game: dict[str, Any] = {}
    for g in games:
        mine = [r for r in rows if r[0] == g["id"]]
        if not mine:
            continue
        trips = [r[4] for r in mine if r[4] is not None]
        done = spread([r[2] for r in mine], 1, "done_")
        per_game[g["id"]] = {
            "players": table_players(g),
            "n": len(mine),
            **spread([r[1] for r in mine], 1, "first_"),
            "done_p50": done["done_p50"],
            "done_p95": done["done_p95"],
            "requests_median": statistics.median(r[3] for r in mine),
            "first_request_p50": round(percentile(trips, 50), 1) if trips else None,
            "moves_shown_min": min(r[5] for r in mine),
        }
    first_all = [r[1] for r in rows]
    return {
        "n": len(rows),
        "first_p50": round(percentile(first_all, 50), 1),
        "first_p95": round(percentile(first_all, 95), 1),
        "first_p95_worst_game": max(v["first_p95"] for v in per_game.values()),
        "per_game": per_game,
        "errors": errors,
    }


def optional_spread(values: Sequence[float]) -> dict[str, Any]:
    """n, p50, p95 and max of a sample in ms to 0.1 (None for an empty sample)."""
    figures = spread(values, 1) if values else dict.fromkeys(("p50", "p95", "max"))
    return {"n": len(values), **figures}


def table_game_row(
    game: dict[str, Any],
    ply: int,
    elapsed: float,
    tasks: list[list[float]],
    frames: list[float],
    bots: list[float],
    start: float,
) -> dict[str, Any]:
    """One all-bot game through the table: its long tasks ([start, ms]), its frames (ms
    between animation frames) and its bot requests' round trips (ms)."""
    durations = sorted((d for _, d in tasks), reverse=True)
    return {
        "players": table_players(game),
        "actions": ply,
        "seconds": round(elapsed / 1000, 2),
        "longtasks": len(durations),
        "longest_ms": round(durations[0] if durations else 0.0, 1),
        "longest_5_ms": [round(d, 1) for d in durations[:5]],
        # when each long task began, in ms after the game's link was opened
        "longtasks_at_ms": [[round(at - start), round(d, 1)] for at, d in tasks],
        # between animation frames: the whole frame, rendering included
        "frame_ms": {**optional_spread(frames), "over_50": sum(1 for f in frames if f > 50)},
        "bot_request_ms": optional_spread(bots),
    }


def playout_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games per second and microseconds per action on both sides, from each case's seconds
    (``cpython`` and ``pyodide``: one a repetition; medians kept)."""
    out = []
    for row in rows:
        row = dict(row)
        cp = statistics.median(row.pop("cpython"))
        py = statistics.median(row.pop("pyodide"))
        row["cpython_games_per_s"] = round(row["games"] / cp, 1)
        row["pyodide_games_per_s"] = round(row["games"] / py, 1)
        row["cpython_us_per_action"] = round(cp / row["actions"] * 1e6, 1)
        row["pyodide_us_per_action"] = round(py / row["actions"] * 1e6, 1)
        row["pyodide_over_cpython"] = round(py / cp, 2)
        out.append(row)
    return out


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


# --------------------------------------------------------------------------------------------
# Start-up


def mark_of(visit: dict[str, Any], name: str) -> float | None:
    """A mark (ms from the navigation) of one visit, or None."""
    value = visit["marks"].get(name)
    return float(value) if value is not None else None


def snapshot_summary(visits: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The engine snapshots the snapshot maker (a second worker, issue 22) made during the
    visits: stored or not, their sizes and times; None if it made none."""
    made = [w["snapshot"] for v in visits for w in v["workers"] if w.get("snapshot")]
    if not made:
        return None
    return {
        "stored": [bool(m.get("stored")) for m in made],
        "gzip_bytes": stats([float(m["bytes"]) for m in made if m.get("stored")]),
        "raw_bytes": stats([float(m["raw"]) for m in made if m.get("stored")]),
        "store_ms": stats([float(m["ms"]) for m in made if m.get("stored")]),
        "make_ms": stats([float(m["make_ms"]) for m in made if m.get("make_ms")]),
    }


def site_paints(item: dict[str, Any], visits: Sequence[dict[str, Any]]) -> None:
    """The site's paints, its game tiles painted and whether its service worker controlled
    the page, into ``item``."""
    for paint in ("first-paint", "first-contentful-paint"):
        item[paint] = stats([float(v["paint"][paint]) for v in visits if paint in v["paint"]])
    tiles = [mark_of(v, "lobby_tiles_painted") for v in visits]
    item["lobby_tiles_painted"] = stats([x for x in tiles if x is not None])
    item["service_worker_controlled"] = [bool(v["controlled"]) for v in visits]


def visits_summary(key: str, visits: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One kind of visit (``site_first``, ``bare_repeat``...): its medians and spreads."""
    ready = [float(v["marks"]["engine_ready"]) for v in visits]
    item: dict[str, Any] = {"engine_ready_ms": stats(ready)}
    workers = [v["workers"][0] for v in visits if v["workers"]]
    item["worker_created_ms"] = stats([float(w["created"]) for w in workers])
    stage_names = sorted({name for w in workers for name in w["stages"]})
    item["stages_ms"] = {
        name: stats([float(w["stages"][name]) for w in workers if name in w["stages"]])
        for name in stage_names
    }
    if key.startswith("site"):
        site_paints(item, visits)
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
    snapshot = snapshot_summary(visits)
    if snapshot is not None:
        item["snapshot"] = snapshot
    return item


def startup_summary(rows: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Medians and spread of the start-up visits, ratios, the site's stages and paints."""
    out: dict[str, Any] = {key: visits_summary(key, visits) for key, visits in rows.items()}
    for visit in ("first", "repeat"):
        site = [float(v["marks"]["engine_ready"]) for v in rows[f"site_{visit}"]]
        bare = [float(v["marks"]["engine_ready"]) for v in rows[f"bare_{visit}"]]
        paired = [s / b for s, b in zip(site, bare, strict=True)]
        out[f"ratio_{visit}"] = {
            "of_medians": round(statistics.median(site) / statistics.median(bare), 3),
            "paired": stats(paired),
            "extra_ms_median": round(statistics.median(site) - statistics.median(bare), 1),
        }
    return out


# --------------------------------------------------------------------------------------------
# Targets


def startup_targets(report: dict[str, Any]) -> list[tuple[str, float | None, float, str]]:
    """The start-up's targets: name, value, limit, unit."""
    start = report["startup"]
    out: list[tuple[str, float | None, float, str]] = []
    for visit in ("first", "repeat"):
        fcp = start[f"site_{visit}"].get("first-contentful-paint", {}).get("median")
        out.append((f"first paint of the lobby (FCP, {visit} visit)", fcp, TARGET_PAINT_MS, "ms"))
    for visit, limit in (("first", TARGET_READY_RATIO), ("repeat", TARGET_REPEAT_RATIO)):
        ratio = start[f"ratio_{visit}"]["of_medians"]
        out.append((f"engine ready / bare page ({visit} visit)", ratio, limit, "x"))
    sent = start["site_first"].get("bytes", {}).get("median")
    size = report.get("site_bytes")
    if sent is not None and size:
        ratio = round(sent / size, 3)
        out.append(("first-visit bytes sent / site size", ratio, TARGET_BYTES_RATIO, "x"))
    return out


def targets(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Issue 10's targets with the measured value and met / not met."""
    found = startup_targets(report) if report.get("startup") else []
    parts = (
        ("round_trip", "p95", "round trip of one action, p95", TARGET_ROUND_TRIP_P95_MS),
        (
            "table_games",
            "longest_ms",
            "longest main-thread task during a game",
            TARGET_LONG_TASK_MS,
        ),
        ("strong", "p95", "strong bot's decision in the browser, p95", TARGET_STRONG_P95_MS),
        (
            "hint",
            "first_p95_worst_game",
            "first hint appears, p95 (worst game)",
            TARGET_HINT_FIRST_P95_MS,
        ),
    )
    for part, key, name, limit in parts:
        if report.get(part):
            found.append((name, report[part][key], limit, "ms"))
    return [
        {"target": name, "limit": limit, "value": value, "unit": unit}
        | {"met": value is not None and value <= limit}
        for name, value, limit, unit in found
    ]


# --------------------------------------------------------------------------------------------
# The printed table

STARTUP_ROWS = (
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
)


def fmt_stats(item: dict[str, Any]) -> str:
    """``median (min-max)``."""
    if not item or not item.get("n"):
        return "-"
    return f"{item['median']:.0f} ({item['min']:.0f}-{item['max']:.0f})"


def header_lines(report: dict[str, Any]) -> list[str]:
    """The machine and the browser."""
    m = report["machine"]
    return [
        f"machine: {m['nproc']} cores, {m['cpu']}; load {m['loadavg']} -> {m['loadavg_after']}",
        f"browser: {report['chromium']}; Pyodide {report['pyodide']}",
    ]


def startup_grid(start: dict[str, Any]) -> list[str]:
    """The start-up's stages, first and repeat visit side by side, and the ratios."""
    reps = start["site_first"]["engine_ready_ms"]["n"]
    lines = ["", f"start-up, ms from navigation: median (min-max) over {reps} reps"]
    lines.append(f"{'':<34}{'first visit':>20}{'repeat visit':>20}")
    rows = list(STARTUP_ROWS)
    if "worker_first" in start:
        rows.append(("site's worker.js alone: ready", "worker", "engine_ready_ms"))
    for label, who, key in rows:
        cells = []
        for visit in ("first", "repeat"):
            item = start[f"{who}_{visit}"]
            cells.append(fmt_stats(item.get(key) or item["stages_ms"].get(key, {})))
        lines.append(f"{label:<34}{cells[0]:>20}{cells[1]:>20}")
    cells = []
    for visit in ("first", "repeat"):
        r = start[f"ratio_{visit}"]
        cells.append(f"{r['of_medians']:.2f} (+{r['extra_ms_median']:.0f} ms)")
    lines.append(f"{'ratio site / bare (of medians)':<34}{cells[0]:>20}{cells[1]:>20}")
    return lines


def startup_extras(start: dict[str, Any], site_bytes: int | None) -> list[str]:
    """The start-up's bytes, boots, fallback boot and engine snapshot."""
    cells = [fmt_stats(start[f"{who}_first"].get("bytes", {})) for who in ("site", "bare")]
    lines = [f"{'bytes sent, first visit (site, bare)':<38}{cells[0]:>20}{cells[1]:>20}"]
    if site_bytes:
        lines.append(f"{'site size (dist/)':<38}{site_bytes:>20}")
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
    return lines


def round_trip_lines(rt: dict[str, Any]) -> list[str]:
    """The act round trips, overall and per game."""
    lines = [
        "",
        f"round trip of one act, page to page ({rt['n']} actions): p50 {rt['p50']:.1f} ms, "
        f"p95 {rt['p95']:.1f} ms, max {rt['max']:.1f} ms; answer "
        f"{rt['answer_bytes_median']} bytes median, {rt['answer_bytes_max']} max",
    ]
    for game, g in rt["per_game"].items():
        lines.append(
            f"  {game:<11} n={g['n']:<4} p50 {g['p50']:6.1f}  p95 {g['p95']:6.1f}  "
            f"max {g['max']:6.1f} ms   {g['answer_bytes_median']:>6} bytes"
        )
    return lines


def table_game_lines(game: str, g: dict[str, Any]) -> list[str]:
    """One all-bot game through the table (and its busiest functions, if profiled)."""
    bot = g["bot_request_ms"]
    fr = g["frame_ms"]
    lines = [
        f"  {game:<11} {g['players']}p {g['actions']:>4} plies "
        f"{g['seconds']:6.1f} s  long tasks {g['longtasks']:>3}  "
        f"longest {g['longest_ms']:6.0f} ms   bot request p50 {bot['p50'] or 0:.0f} "
        f"p95 {bot['p95'] or 0:.0f} ms   frames p95 {fr['p95'] or 0:.0f} "
        f"max {fr['max'] or 0:.0f} ms, {fr['over_50']} over 50 ms"
    ]
    if "profile" in g:
        busiest = [
            f"{label} {ms:.0f} ms"
            for label, ms in g["profile"]["self_ms"]
            if not label.startswith("(")
        ][:4]
        lines.append(f"      main thread, self time: {'; '.join(busiest)}")
    return lines


def table_lines(play: dict[str, Any]) -> list[str]:
    """The all-bot games through the table."""
    lines = [
        "",
        f"all-bot games through the table ({play.get('speed', 'instant')} speed); "
        "boot's longest task "
        f"{play['boot_longest_ms']:.0f} ms",
    ]
    for game, g in play.items():
        if isinstance(g, dict):
            lines.extend(table_game_lines(game, g))
    return lines


def strong_lines(strong: dict[str, Any]) -> list[str]:
    """The strong bot's decisions, overall and per game."""
    lines = [
        "",
        f"strong bot's decisions in the browser ({strong['n']}; one strong seat, the others "
        f"normal): p50 {strong['p50']:.0f} ms, p95 {strong['p95']:.0f} ms, "
        f"max {strong['max']:.0f} ms",
    ]
    for game, g in strong["per_game"].items():
        lines.append(
            f"  {game:<11} {g['players']}p n={g['n']:<4} p50 {g['p50']:6.0f}  "
            f"p95 {g['p95']:6.0f}  max {g['max']:6.0f} ms"
        )
    return lines


def hint_lines(hint: dict[str, Any]) -> list[str]:
    """The hints at real tables, overall and per game."""
    lines = [
        "",
        f"hints at real tables ({hint['n']}): the first ranking painted p50 "
        f"{hint['first_p50']:.0f} ms, p95 {hint['first_p95']:.0f} ms (from the press)",
    ]
    for game, g in hint["per_game"].items():
        lines.append(
            f"  {game:<11} {g['players']}p n={g['n']:<3} first p50 {g['first_p50']:6.0f}  "
            f"p95 {g['first_p95']:6.0f}  max {g['first_max']:6.0f} ms   whole hint p50 "
            f"{g['done_p50']:6.0f} p95 {g['done_p95']:6.0f} ms, {g['requests_median']:.0f} "
            f"requests, the first {g['first_request_p50'] or 0:.0f} ms in the worker"
        )
    return lines


def playout_lines(po: dict[str, Any]) -> list[str]:
    """Random playouts, Pyodide next to CPython."""
    lines = [
        "",
        f"random playouts, games/s: Pyodide {po['pyodide']} (Python {po['pyodide_python']}) "
        f"vs CPython {po['cpython']}",
        f"  {'game':<11}{'players':>8}{'games':>7}{'CPython':>10}{'Pyodide':>10}"
        f"{'ratio':>7}{'us/act Pyodide':>16}",
    ]
    for r in po["rows"]:
        lines.append(
            f"  {r['game']:<11}{r['players']:>8}{r['games']:>7}"
            f"{r['cpython_games_per_s']:>10.1f}{r['pyodide_games_per_s']:>10.1f}"
            f"{r['pyodide_over_cpython']:>7.2f}{r['pyodide_us_per_action']:>16.1f}"
        )
    return lines


def target_lines(found: list[dict[str, Any]]) -> list[str]:
    """Each target: the value, the limit, met or not."""
    lines = ["", "targets (issue 10):"]
    for t in found:
        value = "-" if t["value"] is None else f"{t['value']:.2f}"
        verdict = "met" if t["met"] else "NOT met"
        lines.append(
            f"  {t['target']:<46} {value:>9} {t['unit']:<2} (<= {t['limit']:g})  {verdict}"
        )
    return lines


def table_text(report: dict[str, Any]) -> str:
    """The human-readable summary: the parts the report holds, then the targets."""
    lines = header_lines(report)
    start = report.get("startup")
    if start:
        lines += startup_grid(start) + startup_extras(start, report.get("site_bytes"))
    sections = (
        ("round_trip", round_trip_lines),
        ("table_games", table_lines),
        ("strong", strong_lines),
        ("hint", hint_lines),
        ("playouts", playout_lines),
    )
    for key, section in sections:
        if report.get(key):
            lines += section(report[key])
    return "\n".join(lines + target_lines(report["targets"]))


def print_table(report: dict[str, Any]) -> None:
    """Print :func:`table_text`."""
    print(table_text(report))
