"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
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
