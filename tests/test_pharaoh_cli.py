"""``python -m pygames simulate pharaoh`` is deterministic, finishes, and replays line by line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pygames", *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_is_deterministic_and_replays(players: int) -> None:
    args = ("simulate", "pharaoh", "--players", str(players), "--seed", "40", "--games", "50")
    first = run(*args)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert len(lines) == 50
    for i, line in enumerate(lines):
        game = json.loads(line)
        assert game["seed"] == 40 + i and game["finished"] and game["players"] == players
        assert len(game["scores"]) == players and game["winners"]
    assert run(*args).stdout == first.stdout
    again = run("replay", "-", stdin=first.stdout)
    assert again.returncode == 0 and again.stdout == first.stdout


def test_simulate_with_bot_levels() -> None:
    out = run("simulate", "pharaoh", "--players", "3", "--bots", "normal,easy,random")
    assert out.returncode == 0, out.stderr
    game = json.loads(out.stdout)
    assert [s["level"] for s in game["seats"]] == ["normal", "easy", "random"]
    assert game["finished"]
