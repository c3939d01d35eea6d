"""What every part of the build shares: the project's folders, the error, the log line, and
running commands."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
PACKAGE = ROOT / "pygames"
VENV = ROOT / ".venv"


class BuildError(RuntimeError):
    """A build step could not be completed; the message says what to do."""


def log(message: str) -> None:
    """Print one progress line of this script."""
    print(f"[build.py] {message}", flush=True)


def human_size(size: int) -> str:
    """Format a byte count briefly, e.g. ``9.6 MB``."""
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} kB"
    return f"{size / (1024 * 1024):.1f} MB"


def sha256_file(path: Path) -> str:
    """The hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tree_size(path: Path) -> int:
    """Total size of the files under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run(command: Sequence[str | Path], cwd: Path = ROOT, limit: float | None = None) -> int:
    """Run a command with inherited output; return its exit code.

    With ``limit`` (seconds), a command still running then is killed with its whole process
    group (a browser included) and the exit code is 124, as with coreutils' ``timeout``.
    """
    args = [str(part) for part in command]
    if limit is None:
        return subprocess.call(args, cwd=cwd)
    with subprocess.Popen(args, cwd=cwd, start_new_session=True) as proc:
        try:
            return proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            log(f"still running after {limit:.0f} s: killing {args[0]} and its children")
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return 124


def check(command: Sequence[str | Path], cwd: Path = ROOT) -> None:
    """Run a command and raise :class:`BuildError` if it fails."""
    code = run(command, cwd)
    if code != 0:
        raise BuildError(f"command failed ({code}): {' '.join(str(p) for p in command)}")
