"""The Python side of tools/pyodide_tests.mjs: runs inside Pyodide, not in CPython.

``main(suite, args, shard, shards)`` runs pytest in ``suite`` (the copied ``tests/`` and
``pyproject.toml``) on the engine wheel installed into site-packages, and returns, as JSON,
pytest's exit status, the outcome counts and each test's seconds. It refuses to run when
``pygames`` would come from anywhere else, prints where it came from, and checks again after the
run that every ``pygames`` module the tests loaded lives in site-packages.

With ``shards`` > 1 several processes share the suite: every process collects the same tests and
deals them out the same way, the longest first, each to the shard with the fewest seconds so far
(the seconds of a run in Pyodide kept in ``tests/pyodide_durations.json``, written by
``build.py pyodide-tests --save-durations``; a test not in it counts the median). Each shard then
runs its tests in the order collected. A stale file only makes the shards less even.
"""

from __future__ import annotations

import json
import os
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# Seconds of each test in a run in Pyodide (setup, call and teardown), by node id.
DURATIONS = Path("tests") / "pyodide_durations.json"


def known_durations() -> dict[str, float]:
    """The seconds of :data:`DURATIONS` (nothing when it is missing or unreadable)."""
    try:
        data = json.loads(DURATIONS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: float(v) for k, v in data.items() if isinstance(v, int | float) and v >= 0}


def deal_shards(names: Sequence[str], seconds: dict[str, float], shards: int) -> list[int]:
    """The shard (0-based) of each test: the longest first, each to the shard with the fewest
    seconds so far (the lowest number on a tie); unknown tests count the median of the known."""
    known = sorted(seconds[name] for name in names if name in seconds)
    default = known[len(known) // 2] if known else 1.0
    cost = [seconds.get(name, default) for name in names]
    loads = [0.0] * shards
    shard_of = [0] * len(names)
    for index in sorted(range(len(names)), key=lambda i: (-cost[i], i)):
        target = min(range(shards), key=lambda k: (loads[k], k))
        shard_of[index] = target
        loads[target] += cost[index]
    return shard_of


# pytest's summary words for the outcomes counted in the closing line
OUTCOMES = ("passed", "failed", "error", "skipped", "xfailed", "xpassed", "deselected")


class PyodidePlugin:
    """Accept pyproject's ``timeout`` setting, keep this shard's tests and count the outcomes.

    pytest-timeout is not installed here: it needs signals or threads, which Pyodide lacks.
    ``build.py`` puts a wall-clock limit on the whole run instead.
    """

    def __init__(self, shard: int, shards: int) -> None:
        self.shard, self.shards = shard, shards
        self.counts: dict[str, int] = {}
        self.skipped: dict[str, int] = {}
        self.seconds: dict[str, float] = {}

    def pytest_collection_modifyitems(self, items: list[Any]) -> None:
        if self.shards > 1:
            total = len(items)
            known = known_durations()
            names = [item.nodeid for item in items]
            shard_of = deal_shards(names, known, self.shards)
            items[:] = [
                item for item, k in zip(items, shard_of, strict=True) if k == self.shard - 1
            ]
            expected = sum(known.get(item.nodeid, 0.0) for item in items)
            print(
                f"[pyodide-tests] shard {self.shard}/{self.shards}: {len(items)} of {total}"
                f" ({expected:.0f} s in the last run kept)"
            )

    def pytest_runtest_logreport(self, report: Any) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration

    def pytest_addoption(self, parser: Any) -> None:
        parser.addini("timeout", "pytest-timeout's setting; ignored in Pyodide (no signals)")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        stats = terminalreporter.stats
        self.counts = {key: len(stats.get(key, [])) for key in OUTCOMES}
        for report in stats.get("skipped", []):
            module = report.nodeid.split("::")[0]
            self.skipped[module] = self.skipped.get(module, 0) + 1


def engine_modules_outside(site: Path) -> list[str]:
    """The loaded ``pygames`` modules whose file is not under ``site``."""
    outside = []
    for name, module in sorted(sys.modules.items()):
        if name != "pygames" and not name.startswith("pygames."):
            continue
        file = getattr(module, "__file__", None)
        if file is not None and not Path(file).resolve().is_relative_to(site):
            outside.append(f"{name} ({file})")
    return outside


def main(suite: str, args: Sequence[str], shard: int = 1, shards: int = 1) -> str:
    """Run pytest in ``suite`` with ``args`` (default: the whole ``tests/`` folder); return
    ``{"code", "counts", "skipped", "seconds"}`` as JSON."""
    sys.dont_write_bytecode = True
    os.chdir(suite)
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    for entry in sys.path:
        folder = Path(entry or ".").resolve()
        if folder != site and (folder / "pygames").exists():
            print(f"[pyodide-tests] a pygames folder is on sys.path outside {site}: {entry}")
            return json.dumps({"code": 3})

    import pygames

    print(f"[pyodide-tests] Python {sys.version.split()[0]} on {sys.platform}")
    print(f"[pyodide-tests] pygames {pygames.__version__} from {pygames.__file__}")
    if engine_modules_outside(site):
        print(f"[pyodide-tests] pygames does not come from the installed wheel in {site}")
        return json.dumps({"code": 3})

    import pytest

    plugin = PyodidePlugin(shard, shards)
    options = ["-p", "no:cacheprovider", "-rs"]
    code = int(pytest.main([*options, *(args or ["tests"])], plugins=[plugin]))

    outside = engine_modules_outside(site)
    if outside:
        print(f"[pyodide-tests] engine modules loaded from outside {site}: {outside}")
        return json.dumps({"code": 3})
    counts = plugin.counts
    ran = sum(counts.get(key, 0) for key in ("passed", "failed", "xfailed", "xpassed"))
    summary = ", ".join(f"{counts[key]} {key}" for key in OUTCOMES if counts.get(key))
    print(f"[pyodide-tests] {ran} tests ran in Pyodide: {summary or 'nothing collected'}")
    if plugin.skipped:
        where = ", ".join(f"{module} ({n})" for module, n in sorted(plugin.skipped.items()))
        print(f"[pyodide-tests] skipped in: {where}")
    seconds = {name: round(value, 3) for name, value in plugin.seconds.items()}
    return json.dumps(
        {"code": code, "counts": counts, "skipped": plugin.skipped, "seconds": seconds}
    )
