"""BAG-GAI through the command line: seeded simulations are deterministic and replay."""

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


@pytest.mark.parametrize("players", [4, 5])
def test_simulate_is_deterministic_finishes_and_replays(players: int) -> None:
    args = ("simulate", "baggai", "--players", str(players), "--seed", "70", "--games", "50")
    first = run(*args)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert len(lines) == 50
    for i, line in enumerate(lines):
        game = json.loads(line)
        assert game["seed"] == 70 + i and game["finished"] and game["players"] == players
        assert len(game["scores"]) == players and game["winners"]
    assert run(*args).stdout == first.stdout
    again = run("replay", "-", stdin=first.stdout)
    assert again.returncode == 0 and again.stdout == first.stdout


def test_simulate_with_every_level_and_listed() -> None:
    out = run(
        "simulate", "baggai", "--players", "4", "--seed", "3", "--bots", "normal,easy,random,normal"
    )
    assert out.returncode == 0, out.stderr
    game = json.loads(out.stdout)
    assert game["finished"] and [s["level"] for s in game["seats"]][:3] == [
        "normal",
        "easy",
        "random",
    ]
    assert run("replay", "-", stdin=out.stdout).stdout == out.stdout
    listed = run("list").stdout
    assert "baggai\tBAG-GAI\tBAG-GAI\t4-5 players" in listed
    assert run("simulate", "baggai", "--players", "3").returncode == 2
