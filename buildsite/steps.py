"""Steps of ``build.py test``: each runs a callable or a command, is timed, and ends as one line
of the summary. Commands may run side by side with their output in log files, printed when they
end; every command has a wall-clock limit past which it is killed with its process group."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from buildsite.common import ROOT, BuildError, log, run

T = TypeVar("T")


@dataclass
class Step:
    """The outcome of one step of ``build.py test``."""

    name: str
    ok: bool
    seconds: float
    note: str = ""


def shown(command: Sequence[str | Path]) -> str:
    """A command as one line of the log."""
    return " ".join(str(part) for part in command)


def attempt(name: str, action: Callable[[], T]) -> tuple[Step, T | None]:
    """Run a no-argument callable as a step; a build, OS or subprocess error fails it."""
    started = time.monotonic()
    log(f"--- {name}")
    try:
        value = action()
    except (BuildError, OSError, subprocess.SubprocessError) as exc:
        log(f"{name} failed: {exc}")
        return Step(name, False, time.monotonic() - started, str(exc).splitlines()[0]), None
    return Step(name, True, time.monotonic() - started), value


def step_of(name: str, code: int, seconds: float, limit: float | None) -> Step:
    """The step of a command that ended with ``code`` (124: killed after ``limit``)."""
    if code == 124 and limit is not None:
        return Step(name, False, seconds, f"killed after {limit:.0f} s")
    return Step(name, code == 0, seconds, "" if code == 0 else f"exit {code}")


def command_step(name: str, command: Sequence[str | Path], limit: float | None = None) -> Step:
    """Run a command as a step, its output inherited (killed after ``limit`` seconds, if
    given)."""
    started = time.monotonic()
    log(f"--- {name}: {shown(command)}")
    code = run(command, limit=limit)
    return step_of(name, code, time.monotonic() - started, limit)


def start_logged(
    command: Sequence[str | Path], path: Path, niceness: int = 0
) -> subprocess.Popen[bytes]:
    """Start a command in its own process group, its output (both streams) into ``path``; with
    ``niceness``, at that lower priority (os.nice)."""
    with path.open("wb") as out:
        args = [str(part) for part in command]
        return subprocess.Popen(
            args,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=(lambda: lower_priority(niceness)) if niceness else None,
        )


def lower_priority(niceness: int) -> None:
    """In a child process started in its own session: run at ``niceness``. Where Linux groups
    each session's processes (autogroup, /proc/sys/kernel/sched_autogroup_enabled), the
    scheduler weighs the groups against each other and a process's own niceness counts only
    within its group, so the group's niceness is set too."""
    os.nice(niceness)
    try:
        with open("/proc/self/autogroup", "w", encoding="ascii") as group:
            group.write(str(niceness))
    except OSError:
        pass  # no autogroup here (or not allowed): the process's niceness is what counts


def kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill a process started by :func:`start_logged` with its whole process group."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def start_all(
    commands: Sequence[Sequence[str | Path]], logs: Sequence[Path], niceness: int = 0
) -> list[subprocess.Popen[bytes]]:
    """Start the commands side by side with :func:`start_logged`, each writing its output to its
    log file (if one cannot start, those started are killed); wait with :func:`wait_all`."""
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for command, path in zip(commands, logs, strict=True):
            procs.append(start_logged(command, path, niceness))
    except BaseException:
        for proc in procs:
            kill(proc)
        raise
    return procs


def wait_all(procs: Sequence[subprocess.Popen[bytes]], limit: float) -> list[int]:
    """Wait for processes started by :func:`start_logged`; return their exit codes. Those still
    running after ``limit`` seconds are killed with their process groups (exit code 124)."""
    deadline = time.monotonic() + limit
    try:
        codes = []
        for proc in procs:
            try:
                codes.append(proc.wait(timeout=max(0.0, deadline - time.monotonic())))
            except subprocess.TimeoutExpired:
                log(f"still running after {limit:.0f} s: killing {proc.pid} and its children")
                kill(proc)
                codes.append(124)
        return codes
    finally:
        for proc in procs:
            kill(proc)


def print_log(title: str, path: Path) -> None:
    """A log line, then the text of a command's log file."""
    log(title)
    sys.stdout.write(path.read_text(encoding="utf-8", errors="replace"))
    sys.stdout.flush()


def print_summary(steps: Sequence[Step]) -> bool:
    """Print one line per step and return whether all passed."""
    print("\n==== build.py test summary ====", flush=True)
    for step in steps:
        status = "ok  " if step.ok else "FAIL"
        note = f"  ({step.note})" if step.note else ""
        print(f"  {status} {step.name:<22} {step.seconds:6.1f} s{note}", flush=True)
    failed = [step.name for step in steps if not step.ok]
    if failed:
        print(f"==== {len(failed)} of {len(steps)} steps FAILED: {', '.join(failed)}", flush=True)
    else:
        print(f"==== all {len(steps)} steps ok", flush=True)
    return not failed


@dataclass
class Check:
    """A command of a lane of checks (:func:`run_lanes`); ``missing`` says why it cannot run
    (e.g. its tool was not installed), which fails its step at once."""

    name: str
    command: Sequence[str | Path]
    limit: float
    missing: str = ""


def run_check(check: Check, path: Path) -> Step:
    """Run one check, its output into ``path``; its step."""
    if check.missing:
        path.write_text(check.missing + "\n", encoding="utf-8")
        return Step(check.name, False, 0.0, check.missing)
    started = time.monotonic()
    proc = start_logged(check.command, path)
    try:
        code = proc.wait(timeout=check.limit)
    except subprocess.TimeoutExpired:
        code = 124
    finally:
        kill(proc)
    return step_of(check.name, code, time.monotonic() - started, check.limit)


def run_lanes(lanes: Sequence[Sequence[Check]], folder: Path) -> list[Step]:
    """Run the lanes side by side, each lane's checks one after another (a lane a core); then
    print every check's output in the lanes' order and return their steps in that order."""
    checks = [check for lane in lanes for check in lane]
    paths = [folder / f"check-{k}.log" for k in range(len(checks))]
    steps: dict[int, Step] = {}

    def lane_runner(first: int, lane: Sequence[Check]) -> None:
        for k, check in enumerate(lane, first):
            steps[k] = run_check(check, paths[k])

    firsts = [sum(len(lane) for lane in lanes[:i]) for i in range(len(lanes))]
    threads = [
        threading.Thread(target=lane_runner, args=(first, lane), name=f"lane-{i}")
        for i, (first, lane) in enumerate(zip(firsts, lanes, strict=True))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for k, check in enumerate(checks):
        step = steps[k]
        outcome = "ok" if step.ok else step.note
        print_log(
            f"--- {check.name}: {shown(check.command)} ({outcome}, {step.seconds:.1f} s)", paths[k]
        )
    return [steps[k] for k in range(len(checks))]
