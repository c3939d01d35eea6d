"""The browser benchmark's report (``tools/bench_report.py``): its percentiles, its targets and
the table it prints, from a small report written by hand (no browser needed).

In Pyodide only ``tests/`` is copied (tools/pyodide_tests.mjs), so there this module is skipped.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

if not (ROOT / "tools" / "bench_report.py").is_file():
    pytest.skip("tools/ is not here (the Pyodide run copies tests/ only)", allow_module_level=True)

from tools import bench_report  # noqa: E402


def test_percentile_interpolates_between_the_closest_ranks() -> None:
    assert bench_report.percentile([4.0, 1.0, 3.0, 2.0], 50) == pytest.approx(2.5)
    assert bench_report.percentile([4.0, 1.0, 3.0, 2.0], 95) == pytest.approx(3.85)
    assert bench_report.percentile([7.0], 95) == 7.0
    assert math.isnan(bench_report.percentile([], 50))


def small_report() -> dict[str, Any]:
    """A report with a round-trip part and a strong-bot part only."""
    games = [{"id": "marie", "min_players": 2, "max_players": 6}]
    acts = [["marie", ms, 900 + i, i + 1] for i, ms in enumerate([10.0, 12.0, 14.0, 40.0])]
    report: dict[str, Any] = {
        "machine": {"nproc": 2, "cpu": "Test CPU", "loadavg": [1.0], "loadavg_after": [2.0]},
        "chromium": "Chromium 1.0",
        "pyodide": "314.0.7",
        "round_trip": bench_report.round_trip_summary(
            games, {"acts": acts, "composes": [], "starts": [["marie", 5.0]]}
        ),
        "strong": bench_report.strong_summary(games, [["marie", 900.0, 3], ["marie", 1100.0, 4]]),
    }
    report["targets"] = bench_report.targets(report)
    return report


def test_summaries_and_targets() -> None:
    report = small_report()
    rt = report["round_trip"]
    assert (rt["n"], rt["p50"], rt["max"], rt["answer_bytes_max"]) == (4, 13.0, 40.0, 903)
    assert rt["per_game"]["marie"]["last_ply"] == 4
    assert report["strong"]["per_game"]["marie"]["players"] == 4
    verdicts = {t["target"]: t["met"] for t in report["targets"]}
    assert verdicts == {
        "round trip of one action, p95": False,  # 36.1 ms > 30
        "strong bot's decision in the browser, p95": True,
    }


def test_table_prints_the_parts_present_and_the_targets() -> None:
    lines = bench_report.table_text(small_report()).splitlines()
    assert lines[0] == "machine: 2 cores, Test CPU; load [1.0] -> [2.0]"
    assert lines[1] == "browser: Chromium 1.0; Pyodide 314.0.7"
    assert (
        "round trip of one act, page to page (4 actions): p50 13.0 ms, p95 36.1 ms, "
        "max 40.0 ms; answer 901 bytes median, 903 max"
    ) in lines
    assert "  marie       n=4    p50   13.0  p95   36.1  max   40.0 ms      901 bytes" in lines
    assert "  marie       4p n=2    p50   1000  p95   1090  max   1100 ms" in lines
    assert not any(line.startswith(("start-up", "hints at", "random playouts")) for line in lines)
    assert lines[-2:] == [
        "  round trip of one action, p95                      36.10 ms (<= 30)  NOT met",
        "  strong bot's decision in the browser, p95        1090.00 ms (<= 2000)  met",
    ]
