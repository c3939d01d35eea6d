"""The command line, run as a user would (``python -m pygames`` from the repository root), for
every registered game: ``simulate`` is deterministic, every game finishes, and each line
replays to the same result; bot levels, refused arguments and broken records."""

from __future__ import annotations

import json
from itertools import cycle, islice

import pytest

from pygames.core.record import parse_record_text, record_from_json, replay
from pygames.core.registry import all_games, get_game
from tests.conftest import ROOT
from tests.support import CASE_IDS, CASES, run_cli, run_cli_twice

SEED = 40
GAMES = 50
GAME_IDS = [g.id for g in all_games()]


def test_list() -> None:
    out = run_cli("list")
    assert out.returncode == 0
    for info in all_games():
        titles = f"{info.titles['en']}\t{info.titles['ja']}"
        assert f"{info.id}\t{titles}\t{info.min_players}-{info.max_players} players" in out.stdout
    assert "marie\tMarie's Table\tマリーの食卓\t3-5 players" in out.stdout
    data = json.loads(run_cli("list", "--json").stdout)
    assert [g["id"] for g in data["games"]] == GAME_IDS
    assert all(g["credits"] for g in data["games"])


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_simulate_is_deterministic_finishes_and_replays(game: str, players: int) -> None:
    args = ("simulate", game, "--players", str(players), "--seed", str(SEED))
    first, second = run_cli_twice(*args, "--games", str(GAMES))
    assert first.returncode == 0, first.stderr
    assert second == first.stdout  # the same arguments print the same bytes
    lines = first.stdout.splitlines()
    assert len(lines) == GAMES
    assert len({json.dumps(json.loads(line)["actions"]) for line in lines}) == GAMES
    for i, line in enumerate(lines):
        data = json.loads(line)
        assert data["game"] == game and data["players"] == players
        assert data["seed"] == SEED + i and data["finished"]
        assert len(data["scores"]) == players and data["winners"]
        assert all(isinstance(a, str) for a in data["actions"])
        # the record API replays the line's actions to the same end
        state = replay(parse_record_text(line))
        assert state.is_over() and state.invariant_errors() == []
        result = state.result()
        assert result.scores == data["scores"] and result.winners == data["winners"]
    again = run_cli("replay", "-", stdin=first.stdout)
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout


@pytest.mark.parametrize("game", GAME_IDS)
def test_simulate_bot_levels_and_refused_arguments(game: str) -> None:
    info = get_game(game)
    players = min(info.max_players, max(info.min_players, 3))
    levels = list(islice(cycle(["normal", "easy", "random"]), players))
    out = run_cli("simulate", game, "--players", str(players), "--seed", "3", "--bots",
                  ",".join(levels))  # fmt: skip
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [s["level"] for s in data["seats"]] == levels and data["finished"]
    assert run_cli("replay", "-", stdin=out.stdout).stdout == out.stdout
    godlike = ",".join([*levels[:-2], "godlike", levels[-1]])
    bad = run_cli("simulate", game, "--players", str(players), "--bots", godlike)
    assert bad.returncode == 2 and "godlike" in bad.stderr
    for wrong in (info.min_players - 1, info.max_players + 1):
        assert run_cli("simulate", game, "--players", str(wrong)).returncode == 2


def test_replay_file_and_url() -> None:
    line = run_cli("simulate", "marie", "--players", "4", "--seed", "3").stdout
    path = ROOT / ".pytest_cache" / "cli_record.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(line, encoding="utf-8")
    assert run_cli("replay", str(path)).stdout == line
    # a file of several records, as simulate prints them, replays line by line
    many = run_cli("simulate", "marie", "--players", "3", "--seed", "8", "--games", "3").stdout
    path.write_text(many, encoding="utf-8")
    assert run_cli("replay", str(path)).stdout == many
    # one record pretty-printed over many lines is still one record
    path.write_text(json.dumps(json.loads(line), indent=2), encoding="utf-8")
    assert run_cli("replay", str(path)).stdout == line
    url = "http://127.0.0.1:8000/#" + record_from_json(json.loads(line)).to_fragment()
    assert run_cli("replay", url).stdout == line


def assert_refused(stdin: str, *words: str) -> None:
    """``replay -`` of ``stdin``: exit status 2, nothing on stdout, and one line on stderr
    holding ``words``."""
    out = run_cli("replay", "-", stdin=stdin)
    assert out.returncode == 2 and out.stdout == "", out.stdout
    err = out.stderr.strip().splitlines()
    assert len(err) == 1 and all(w in err[0] for w in words), err


def wrongly_seated(data: dict[str, object]) -> tuple[int, str]:
    """The first action from the fourth on that is given to a seat not to move there, as the
    record writes it, and its index."""
    record = record_from_json(data)
    for index in range(3, len(record.actions)):
        state = replay(record, upto=index)
        idle = [s for s in range(record.players) if s not in state.to_move()]
        if idle:
            return index, f"{idle[0]}:{record.actions[index].split(':', 1)[1]}"
    raise AssertionError("every seat is to move at every step")


@pytest.mark.parametrize("game", GAME_IDS)
def test_replay_refuses_a_broken_record_in_one_line(game: str) -> None:
    out = run_cli("simulate", game, "--players", str(get_game(game).min_players), "--seed", "5")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    actions = data["actions"]
    seat = actions[3].split(":")[0]
    unknown = dict(data, actions=[*actions[:3], f"{seat}:zz99", *actions[4:]])
    assert_refused(json.dumps(unknown), "action 3", "zz99")
    index, entry = wrongly_seated(data)
    wrong = dict(data, actions=[*actions[:index], entry, *actions[index + 1 :]])
    assert_refused(json.dumps(wrong), f"action {index} '{entry}'")
    assert_refused("{broken")
