"""The Egyptian Buyer through the command line: ``simulate`` is deterministic, every game
finishes, and each line replays to the same result."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pygames.core.record import parse_record_text, replay
from tests.conftest import ROOT

SEED = 40
GAMES = 50


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "pygames", *args]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command(*args), cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=300,
        check=False,
    )  # fmt: skip


def run_twice(*args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run the same command twice at the same time (two processes: half the wall time on two
    cores); the first run and the second's output."""
    procs = [
        subprocess.Popen(
            command(*args), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    first = subprocess.CompletedProcess(procs[0].args, procs[0].returncode, *outs[0])
    assert procs[1].returncode == 0, outs[1][1]
    return first, outs[1][0]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_is_deterministic_finishes_and_replays(players: int) -> None:
    args = ("simulate", "hitokai", "--players", str(players), "--seed", str(SEED))
    first, second = run_twice(*args, "--games", str(GAMES))
    assert first.returncode == 0, first.stderr
    assert second == first.stdout  # the same arguments print the same bytes
    lines = first.stdout.splitlines()
    assert len(lines) == GAMES
    assert len({json.dumps(json.loads(line)["actions"]) for line in lines}) == GAMES
    for i, line in enumerate(lines):
        game = json.loads(line)
        assert game["game"] == "hitokai" and game["players"] == players
        assert game["seed"] == SEED + i and game["finished"]
        # the first to 2 victory points wins, alone
        assert max(game["scores"]) == 2 and game["scores"].count(2) == 1
        assert game["winners"] == [game["scores"].index(2)]
        # the record API replays the line's actions to the same end
        state = replay(parse_record_text(line))
        assert state.is_over() and state.invariant_errors() == []
        result = state.result()
        assert result.scores == game["scores"] and result.winners == game["winners"]
    again = run("replay", "-", stdin=first.stdout)
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout


def test_simulate_with_bot_levels_and_a_broken_record() -> None:
    bots = "normal,easy,random,normal"
    out = run("simulate", "hitokai", "--players", "4", "--seed", "3", "--bots", bots)
    assert out.returncode == 0, out.stderr
    game = json.loads(out.stdout)
    assert [s["level"] for s in game["seats"]] == ["normal", "easy", "random", "normal"]
    assert game["finished"]
    assert run("replay", "-", stdin=out.stdout).stdout == out.stdout
    # the fourth action played by the wrong seat: exit status 2, one line naming the action
    seat, action = game["actions"][3].split(":")
    wrong = f"{(int(seat) + 1) % 4}:{action}"
    broken = dict(game, actions=[*game["actions"][:3], wrong, *game["actions"][4:]])
    bad = run("replay", "-", stdin=json.dumps(broken))
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.splitlines()) == 1 and f"action 3 '{wrong}'" in bad.stderr
    assert run("simulate", "hitokai", "--players", "2").returncode == 2
