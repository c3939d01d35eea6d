"""The command line, run as a user would: ``python -m pygames`` from the repository root."""

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


def test_list() -> None:
    out = run("list")
    assert out.returncode == 0
    assert "marie\tMarie's Table\tマリーの食卓\t3-5 players" in out.stdout
    data = json.loads(run("list", "--json").stdout)
    assert data["games"][0]["credits"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_is_deterministic_and_replays(players: int) -> None:
    args = ("simulate", "marie", "--players", str(players), "--seed", "40", "--games", "50")
    first = run(*args)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert len(lines) == 50
    for i, line in enumerate(lines):
        game = json.loads(line)
        assert game["seed"] == 40 + i and game["finished"] and game["players"] == players
        assert len(game["scores"]) == players and game["winners"]
        assert all(isinstance(a, str) for a in game["actions"])
    assert run(*args).stdout == first.stdout
    again = run("replay", "-", stdin=first.stdout)
    assert again.returncode == 0 and again.stdout == first.stdout


def test_simulate_bot_levels_and_errors() -> None:
    out = run("simulate", "marie", "--players", "3", "--bots", "normal,easy,random")
    assert out.returncode == 0
    assert [s["level"] for s in json.loads(out.stdout)["seats"]] == ["normal", "easy", "random"]
    bad = run("simulate", "marie", "--players", "3", "--bots", "normal,godlike,random")
    assert bad.returncode == 2 and "godlike" in bad.stderr
    assert run("simulate", "marie", "--players", "7").returncode == 2


def test_replay_file_and_url(tmp_path: object) -> None:
    from pygames.core.record import record_from_json

    line = run("simulate", "marie", "--players", "4", "--seed", "3").stdout
    path = ROOT / ".pytest_cache" / "cli_record.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(line, encoding="utf-8")
    assert run("replay", str(path)).stdout == line
    # a file of several records, as simulate prints them, replays line by line
    many = run("simulate", "marie", "--players", "3", "--seed", "8", "--games", "3").stdout
    path.write_text(many, encoding="utf-8")
    assert run("replay", str(path)).stdout == many
    # one record pretty-printed over many lines is still one record
    path.write_text(json.dumps(json.loads(line), indent=2), encoding="utf-8")
    assert run("replay", str(path)).stdout == line
    url = "http://127.0.0.1:8000/#" + record_from_json(json.loads(line)).to_fragment()
    assert run("replay", url).stdout == line


def test_replay_illegal_action_exit_2_one_line() -> None:
    line = json.loads(run("simulate", "marie", "--players", "3", "--seed", "5").stdout)
    line["actions"][3] = "1:pick99"
    out = run("replay", "-", stdin=json.dumps(line))
    assert out.returncode == 2
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and "action 3" in err[0] and "pick99" in err[0]
    out = run("replay", "-", stdin="{broken")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
