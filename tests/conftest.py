"""Shared helpers for the engine tests."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest

if TYPE_CHECKING:
    from pygames.web import Bridge

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# In Pyodide (``build.py test`` also runs this suite there, tools/pyodide_tests.mjs) there are no
# processes and no threads. A test that starts one (the CLI tests run ``python -m pygames``) is
# skipped at that point with this reason, instead of failing; everything else runs as usual.
IN_PYODIDE = sys.platform == "emscripten"

# The loops over many seeded games (the property tests, the fuzzers) run every one of their
# checks on every run of the suite, over a sample of their seeds: the first half in CPython and
# the first quarter in Pyodide (which runs the same Python two to three times slower; what could
# differ there, integers, floats, hashing, recursion, the standard library's build, shows in any
# game), so that ``build.py test`` stays within its time. The full counts are a soak run of
# their own: ``PYGAMES_SOAK=1 .venv/bin/python -m pytest tests -n 2`` (README, "Soak").
SOAK = os.environ.get("PYGAMES_SOAK") == "1"
CPYTHON_SHARE = 2
PYODIDE_SHARE = 4
PYODIDE_CASE_SHARE = 4


# The same reasoning for the tests run once per case (a game, a player count, a bot): in Pyodide
# (but in a soak run) a quarter of the cases of each such test run (rounded up: at least one),
# chosen by a stable hash of their ids; CPython runs them all. Tests marked ``every_case`` run
# every case in Pyodide too: the golden records and pinned hashes, which show that Pyodide gives
# the same bytes.
EVERY_CASE = "every_case"


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``every_case`` marker."""
    config.addinivalue_line(
        "markers",
        f"{EVERY_CASE}: inside Pyodide too, every parametrized case runs (not a quarter of them)",
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Inside Pyodide (but in a soak run), keep a quarter of the cases of each parametrized test
    (see :data:`EVERY_CASE`); the others are reported as deselected. It runs last: after the Pyodide
    runner has dealt this process its share of the tests, so that each case dropped is counted
    once over the processes."""
    if not IN_PYODIDE or SOAK:
        return
    cases: dict[str, list[pytest.Item]] = {}
    for item in items:
        cases.setdefault(item.nodeid.split("[")[0], []).append(item)
    dropped: set[str] = set()
    for group in cases.values():
        if len(group) < 2 or group[0].get_closest_marker(EVERY_CASE):
            continue
        ranked = sorted(group, key=lambda it: hashlib.sha256(it.nodeid.encode()).hexdigest())
        kept = -(-len(group) // PYODIDE_CASE_SHARE)
        dropped.update(it.nodeid for it in ranked[kept:])
    if dropped:
        config.hook.pytest_deselected(items=[it for it in items if it.nodeid in dropped])
        items[:] = [it for it in items if it.nodeid not in dropped]


def seeds(count: int) -> int:
    """How many of a loop's ``count`` seeded games (or requests) this run covers: all of them in
    a soak run (``PYGAMES_SOAK=1``), else the first half in CPython and the first quarter in
    Pyodide (at least one)."""
    if SOAK:
        return count
    return max(1, count // (PYODIDE_SHARE if IN_PYODIDE else CPYTHON_SHARE))


@cache
def engine() -> Bridge:
    """The tests' JSON bridge (:class:`pygames.web.Bridge`, as the page's engine worker makes
    one): one for the whole run, made when a test first asks for it."""
    from pygames.web import Bridge

    return Bridge()


def bridge(**req: Any) -> dict[str, Any]:
    """One request to the JSON bridge the page calls (:meth:`pygames.web.Bridge.handle`),
    answered as a dict (``{"ok": false, ...}`` included)."""
    answer: dict[str, Any] = json.loads(engine().handle(json.dumps(req)))
    return answer


def ask(**req: Any) -> dict[str, Any]:
    """:func:`bridge`, for a request that must be answered ``ok``."""
    answer = bridge(**req)
    assert answer["ok"], answer
    return answer


NO_SUBPROCESS = "starts a subprocess (python -m pygames ...): Pyodide cannot start processes"
NO_THREAD = "starts a thread: Pyodide cannot start threads"


@pytest.fixture(autouse=IN_PYODIDE)
def skip_processes_and_threads_in_pyodide(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """In Pyodide only: starting a subprocess or a thread skips the test (with the reason)."""

    def no_subprocess(*args: object, **kwargs: object) -> NoReturn:
        pytest.skip(NO_SUBPROCESS)

    def no_thread(*args: object, **kwargs: object) -> NoReturn:
        pytest.skip(NO_THREAD)

    monkeypatch.setattr(subprocess, "Popen", no_subprocess)
    monkeypatch.setattr(threading.Thread, "start", no_thread)
    yield
