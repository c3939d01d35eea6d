"""``build.py test`` (install what is missing, build, lint, type-check, run every test) and
``build.py pyodide-tests`` (the engine tests inside Pyodide only).

On a 2-core machine every step uses both cores: the checks run in two lanes side by side, the
unit tests and the browser tests in two pytest-xdist workers each (worksteal), the tests inside
Pyodide in two Node.js processes. One overlap only: the tests inside Pyodide run beside the
browser tests at the lowest priority (niceness 19). The browser tests leave about a sixth of
the processor idle while pages wait (animations, timers, the engine's answers); the Pyodide
tests take that time and never the browser tests' own, whose timing needs the machine.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from buildsite.common import DIST, ROOT, BuildError, log
from buildsite.downloads import (
    NODE_TOOLS,
    PYODIDE_TEST_WHEELS,
    TEST_WHEEL_CACHE,
    ensure_pyodide,
    fetch_pinned_wheels,
)
from buildsite.installers import ensure_chromium, ensure_venv
from buildsite.site import build
from buildsite.steps import (
    Check,
    Step,
    attempt,
    command_step,
    print_log,
    print_summary,
    run_lanes,
    start_all,
    wait_all,
)
from buildsite.wheel import build_wheel

# pytest-xdist workers of the unit tests: one a core, two at most (they keep a core busy each).
PYTEST_WORKERS = max(1, min(2, os.cpu_count() or 1))
XDIST = ["-n", str(PYTEST_WORKERS), "--dist", "worksteal"] if PYTEST_WORKERS > 1 else []
# The browser tests keep both cores busy too (vmstat: 5% idle with three workers; the Chromium
# processes' time escapes `time`'s count of the run, which made them look idle), so they run in
# as many workers as the unit tests; worksteal hands a long test's queue to a worker that ran
# dry, so no worker idles at the end.
E2E_WORKERS = PYTEST_WORKERS
E2E_XDIST = ["-n", str(E2E_WORKERS), "--dist", "worksteal"] if E2E_WORKERS > 1 else []
# Wall-clock limits of the two pytest steps: well above a normal run on a 2-core machine (unit:
# about 3 minutes of CPU, so about 1.5 in two workers; e2e: about 25 minutes of tests, so 12 to
# 14 in two), so that only a hang reaches them. A hang of one test is stopped sooner, by
# pytest-timeout; these are the guard of the whole step. On 2026-11-28 the shared host ran the
# same code at about half its usual speed (unit 243 s instead of 108 s) and the browser tests
# passed 18 minutes at 84%: a slow host is not a hang, so their limit is 30 minutes.
SUITE_LIMITS = {"tests": 15 * 60.0, "e2e": 30 * 60.0}
# e2e reports each test with its worker (-vv) and the slowest ones. A test that hangs is
# stopped by pytest-timeout (pyproject.toml), which names it with the stacks of every thread.
SUITE_OPTIONS: dict[str, list[str]] = {
    "tests": XDIST,
    "e2e": ["-vv", "--durations=25", *E2E_XDIST],
}
# Wall-clock limit of each check (a lint, a type check, the JavaScript unit tests).
CHECK_LIMIT = 5 * 60.0
JS_TESTS = ROOT / "tests" / "js"
# The names `node --test` runs by default (its documented patterns for a folder's files).
JS_TEST_NAME = re.compile(r"^(test|test-.+|.+[._-]test)\.[cm]?js$")
PYODIDE_RUNNER = ROOT / "tools" / "pyodide_tests.mjs"
# Each test's seconds in Pyodide (tools/pyodide_pytest.py deals the shards by them).
PYODIDE_DURATIONS = ROOT / "tests" / "pyodide_durations.json"
# Pyodide runs Python on one thread, so the suite is shared among this many Node processes
# (tools/pyodide_tests.mjs --shard K/N), one a core and two at most: each holds an interpreter.
PYODIDE_SHARDS = max(1, min(2, os.cpu_count() or 1))
# Wall-clock limit of the run of tests/ inside Pyodide: it needs 4.5 to 7 minutes of CPU (1.3 to
# 1.7 times the CPython run), 2.5 to 3.5 minutes on an idle 2-core machine with two processes,
# so only a hang or a badly overloaded machine reaches it. pytest-timeout's per-test limit
# cannot work inside Pyodide (no signals, no threads); a hang there would most likely have hung
# the CPython run first. Beside the browser tests (``build.py test``) it counts from their end.
PYODIDE_TESTS_LIMIT = 10 * 60.0
# The niceness of the tests inside Pyodide in ``build.py test``, where they run beside the
# browser tests (os.nice: 19 is the lowest priority)
PYODIDE_NICENESS = 19


# --------------------------------------------------------------------------------------------
# Checks: lints, type checks, the JavaScript unit tests


def node_tool_check(name: str, tool: str, args: Sequence[str | Path]) -> Check:
    """One of :data:`NODE_TOOLS` as a check; it fails at once if npm did not install it."""
    path = NODE_TOOLS[tool]
    missing = "" if path.exists() else f"{path.relative_to(ROOT)} is missing: npm ci failed"
    return Check(name, [path, *args], CHECK_LIMIT, missing)


def js_test_files() -> list[Path]:
    """The test files of tests/js/ (any depth) that ``node --test`` would pick, sorted."""
    if not JS_TESTS.is_dir():
        return []
    return sorted(p for p in JS_TESTS.rglob("*") if p.is_file() and JS_TEST_NAME.match(p.name))


def node_test_check(files: Sequence[Path]) -> Check:
    """``node --test`` over the given files (named one by one: any Node.js version agrees)."""
    node = shutil.which("node")
    missing = "" if node else "Node.js is missing (apt-get install nodejs)"
    names = [path.relative_to(ROOT) for path in files]
    return Check("node --test", [node or "node", "--test", *names], CHECK_LIMIT, missing)


def python_checks(python: Path) -> list[Check]:
    """Ruff's lint and format check, then mypy --strict over every Python folder."""
    tools = python.parent
    paths = ["pygames", "build.py", "buildsite", "tools", "tests"]
    return [
        Check("ruff check", [tools / "ruff", "check", "."], CHECK_LIMIT),
        Check("ruff format --check", [tools / "ruff", "format", "--check", "."], CHECK_LIMIT),
        Check("mypy --strict", [tools / "mypy", "--strict", *paths], CHECK_LIMIT),
    ]


def javascript_checks(files: Sequence[Path]) -> list[Check]:
    """ESLint over the site, the Node tools, the e2e page scripts and the browser benchmark's
    (eslint.config.js), TypeScript's checker over the JSDoc of web/ (the page modules, the
    workers, the benchmark's page side), then ``node --test`` over ``files`` (if any)."""
    checks = [
        node_tool_check("eslint", "eslint", ["--max-warnings", "0", "."]),
        node_tool_check("tsc --noEmit", "tsc", ["--noEmit", "-p", "jsconfig.json"]),
        node_tool_check("tsc --noEmit workers", "tsc", ["--noEmit", "-p", "jsconfig.workers.json"]),
        node_tool_check("tsc --noEmit bench", "tsc", ["--noEmit", "-p", "jsconfig.bench.json"]),
    ]
    return [*checks, node_test_check(files)] if files else checks


def check_steps(python: Path) -> list[Step]:
    """The Python checks and the JavaScript checks in two lanes side by side (a core each);
    with no test file in tests/js/ yet, ``node --test`` passes with a note."""
    if not all(path.exists() for path in NODE_TOOLS.values()):
        attempt("npm packages", ensure_pyodide)  # a failed build may have stopped before npm ci
    files = js_test_files()
    log("--- checks: two lanes side by side, each one's output below when it ends")
    with tempfile.TemporaryDirectory(prefix="pygames-checks-") as folder:
        steps = run_lanes([python_checks(python), javascript_checks(files)], Path(folder))
    if not files:
        steps.append(Step("node --test", True, 0.0, "no test files in tests/js/ yet"))
    return steps


# --------------------------------------------------------------------------------------------
# pytest: tests/ and e2e/ in CPython


def has_test_files(directory: Path) -> bool:
    """Whether pytest would find test modules under ``directory``."""
    return any(directory.rglob("test_*.py")) or any(directory.rglob("*_test.py"))


def no_tests_ran(step: Step, directory: Path, extra: Sequence[str]) -> Step:
    """pytest's "no tests ran" (exit 5) fails a step only where test files exist and no
    arguments narrowed the selection."""
    if step.note == "exit 5":
        if extra:
            return Step(step.name, True, step.seconds, "no test selected")
        if not has_test_files(directory):
            return Step(step.name, True, step.seconds, "no test files yet")
        step.note = "exit 5: no test ran"
    return step


def pytest_step(python: Path, suite: str, extra: Sequence[str]) -> Step:
    """Run pytest on one folder; "no tests ran" (exit 5) fails only where test files exist."""
    options = [*SUITE_OPTIONS.get(suite, []), *extra]
    command: list[str | Path] = [python, "-m", "pytest", suite, *options]
    step = command_step(f"pytest {suite}", command, SUITE_LIMITS.get(suite))
    return no_tests_ran(step, ROOT / suite, extra)


# --------------------------------------------------------------------------------------------
# tests/ inside Pyodide (Node.js)


def pyodide_runner(wheels: Path) -> list[str | Path]:
    """The command running tests/ inside Pyodide on the engine wheel of ``wheels``, after
    making sure Node.js, the pinned Pyodide and the pinned pytest wheels are there."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to run the tests in Pyodide (apt-get install nodejs)")
    ensure_pyodide()
    test_wheels = fetch_pinned_wheels(PYODIDE_TEST_WHEELS, TEST_WHEEL_CACHE)
    options = [part for path in test_wheels for part in ("--test-wheel", path)]
    return [node, PYODIDE_RUNNER, "--wheels", wheels, *options]


def outcome_counts(reports: Sequence[Path]) -> dict[str, int]:
    """The outcome counts (``passed``, ``skipped``, ...) summed over the runner's JSON reports
    (missing reports count nothing)."""
    total: dict[str, int] = {}
    for path in reports:
        try:
            counts = json.loads(path.read_text(encoding="utf-8")).get("counts", {})
        except (OSError, ValueError):
            continue
        for key, value in counts.items():
            total[key] = total.get(key, 0) + int(value)
    return total


def save_durations(reports: Sequence[Path]) -> None:
    """Write the seconds of every test of the runner's reports to :data:`PYODIDE_DURATIONS`
    (sorted by name), which deals the tests out among the shards of later runs."""
    seconds: dict[str, float] = {}
    for path in reports:
        try:
            seconds.update(json.loads(path.read_text(encoding="utf-8")).get("seconds", {}))
        except (OSError, ValueError):
            continue
    if not seconds:
        log("no test seconds reported: tests/pyodide_durations.json left as it was")
        return
    text = json.dumps(dict(sorted(seconds.items())), indent=0) + "\n"
    PYODIDE_DURATIONS.write_text(text, encoding="utf-8")
    log(f"{PYODIDE_DURATIONS.relative_to(ROOT)}: the seconds of {len(seconds)} tests")


class Shards:
    """The Pyodide runner started in :data:`PYODIDE_SHARDS` processes (at ``niceness``, if
    given); :meth:`finish` waits for them."""

    def __init__(
        self, command: Sequence[str | Path], extra: Sequence[str], niceness: int = 0
    ) -> None:
        shards = PYODIDE_SHARDS
        self.folder = Path(tempfile.mkdtemp(prefix="pygames-pyodide-tests-"))
        self.logs = [self.folder / f"shard-{k}.log" for k in range(1, shards + 1)]
        self.reports = [self.folder / f"shard-{k}.json" for k in range(1, shards + 1)]
        commands = [
            [*command, "--shard", f"{k}/{shards}", "--report", report, "--", *extra]
            for k, report in enumerate(self.reports, 1)
        ]
        try:
            self.procs = start_all(commands, self.logs, niceness)
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise

    def finish(self, limit: float, keep_seconds: bool = False) -> tuple[list[int], str]:
        """Wait at most ``limit`` seconds more, print the shards' output; their exit codes and
        the outcome counts as one phrase. With ``keep_seconds`` the tests' seconds are saved
        (:func:`save_durations`)."""
        try:
            codes = wait_all(self.procs, limit)
            for k, (path, code) in enumerate(zip(self.logs, codes, strict=True), 1):
                print_log(f"pytest in pyodide, shard {k}/{len(codes)} (exit {code}):", path)
            counts = outcome_counts(self.reports)
            if keep_seconds:
                save_durations(self.reports)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
        order = ("passed", "failed", "error", "skipped", "xfailed", "xpassed", "deselected")
        return codes, ", ".join(f"{counts[key]} {key}" for key in order if counts.get(key))


class PyodideRun:
    """The step "pytest in pyodide": tests/ run inside Pyodide (Node.js) against the engine
    wheel in ``wheels`` (the built site's wheels/ folder: the engine, micropip and packaging),
    split over :data:`PYODIDE_SHARDS` processes. :meth:`finish` gives the step, with the
    outcome counts for the summary. With ``niceness`` the processes run at that lower priority,
    so that they take only the time another step leaves idle (see :func:`test`)."""

    name = "pytest in pyodide"

    def __init__(self, wheels: Path, extra: Sequence[str], niceness: int = 0) -> None:
        self.extra = list(extra)
        self.started = time.monotonic()
        self.prepared, command = attempt(
            f"{self.name}: node, pyodide, pytest wheels", lambda: pyodide_runner(wheels)
        )
        self.shards: Shards | None = None
        if command is not None:
            text = " ".join(str(part) for part in command)
            low = f", at niceness {niceness}" if niceness else ""
            log(
                f"--- {self.name}: {PYODIDE_SHARDS} processes{low}, output below when they end: "
                f"{text} --shard K/{PYODIDE_SHARDS}"
            )
            self.shards = Shards(command, extra, niceness)

    def finish(self, keep_seconds: bool = False) -> Step:
        """Wait for the shards (at most :data:`PYODIDE_TESTS_LIMIT` seconds from now) and give
        the step."""
        if self.shards is None:
            return Step(self.name, False, self.prepared.seconds, self.prepared.note)
        codes, tally = self.shards.finish(PYODIDE_TESTS_LIMIT, keep_seconds)
        seconds = time.monotonic() - self.started
        log(f"{self.name}: {tally or 'no outcome reported'} in {seconds:.1f} s")
        failures = [code for code in codes if code not in (0, 5)]
        if 124 in failures:
            return Step(self.name, False, seconds, f"killed after {PYODIDE_TESTS_LIMIT:.0f} s")
        if failures:
            return Step(self.name, False, seconds, f"exit {failures[0]}: {tally}")
        if all(code == 5 for code in codes):
            return no_tests_ran(
                Step(self.name, False, seconds, "exit 5"), ROOT / "tests", self.extra
            )
        return Step(self.name, True, seconds, tally)


def pyodide_tests(extra: Sequence[str]) -> int:
    """``build.py pyodide-tests``: only the engine tests inside Pyodide, on a wheel built from
    the sources into a private folder (dist/ is neither read nor written). With
    ``--save-durations`` first, each test's seconds are written to tests/pyodide_durations.json
    (commit it when tests were added or became slower: it evens out the shards)."""
    keep_seconds = extra[:1] == ["--save-durations"]
    extra = extra[1:] if keep_seconds else extra
    with tempfile.TemporaryDirectory(prefix="pygames-pyodide-tests-") as folder:
        wheels = Path(folder)
        wheel_step, _ = attempt("engine wheel", lambda: build_wheel(wheels))
        steps = [wheel_step]
        support_step, support = attempt("micropip, packaging", fetch_pinned_wheels)
        steps.append(support_step)
        if wheel_step.ok and support is not None:
            for path in support:
                shutil.copy2(path, wheels / path.name)
            steps.append(PyodideRun(wheels, extra).finish(keep_seconds))
        return 0 if print_summary(steps) else 1


# --------------------------------------------------------------------------------------------
# build.py test


def test(extra: Sequence[str]) -> int:
    """Install what is missing, build, then lint, type-check and run both test suites (tests/
    also inside Pyodide, on the engine wheel just built)."""
    venv_step, python = attempt("venv + requirements", ensure_venv)
    steps = [venv_step]
    if python is None:
        print_summary(steps)
        return 1
    steps.append(attempt("chromium", ensure_chromium)[0])
    build_step = attempt("build dist/", build)[0]
    steps.append(build_step)
    steps.extend(check_steps(python))
    steps.append(pytest_step(python, "tests", extra))
    # The tests inside Pyodide run beside the browser tests, at the lowest priority: they take
    # the processor time the browser tests leave idle (their waits: about a sixth of it) and
    # the rest once those end, and never slow the browser tests' timing.
    pyodide = PyodideRun(DIST / "wheels", extra, PYODIDE_NICENESS) if build_step.ok else None
    # The e2e fixture builds dist/ itself unless told that this run already did.
    os.environ["PYGAMES_DIST_READY"] = "1" if build_step.ok else ""
    e2e = pytest_step(python, "e2e", extra)
    if pyodide is not None:
        steps.append(pyodide.finish())
    else:
        steps.append(Step(PyodideRun.name, False, 0.0, "no engine wheel: the build failed"))
    steps.append(e2e)
    return 0 if print_summary(steps) else 1
