"""The arena: rotated seats, win shares, and long arenas played in parts and merged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pygames.core.arena as arena_mod
from pygames.cli import main
from pygames.core.arena import ArenaRun, Tally, arena, merge
from pygames.core.bots import Bot
from pygames.core.errors import RecordError

LEVELS = ["normal", "random", "random"]


def without_times(report: dict[str, object]) -> dict[str, object]:
    """A report with decision times and the parts left out (they differ between runs)."""
    rows = report["bots"]
    assert isinstance(rows, list)
    bots = [{k: v for k, v in b.items() if k != "decision_ms"} for b in rows]
    return {**{k: v for k, v in report.items() if k != "parts"}, "bots": bots}


def test_seats_rotate_and_game_i_has_seed_plus_i(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[list[str], int]] = []

    def fake(game: str, bots: list[Bot], names: list[str], seed: int, tallies: object) -> bool:
        seen.append((names, seed))
        return True

    monkeypatch.setattr(arena_mod, "play_one", fake)
    arena("marie", 3, LEVELS, 4, 100, first=2)
    assert seen == [
        (["random", "normal", "random"], 102),
        (["normal", "random", "random"], 103),
        (["random", "random", "normal"], 104),
        (["random", "normal", "random"], 105),
    ]


def test_every_finished_game_hands_out_exactly_one_win() -> None:
    run = arena("marie", 3, LEVELS, 9, 55)
    report = run.report()
    assert report["games"] == 9 and report["finished"] == 9
    assert sum(sum(t.wins) for t in run.tallies.values()) == pytest.approx(9.0)
    assert len(run.tallies["normal"].wins) == 9 and len(run.tallies["random"].wins) == 18
    names = [b["name"] for b in report["bots"]]
    assert names == ["normal", "random"]
    for bot in report["bots"]:
        lo, hi = bot["ci95"]
        assert 0.0 <= lo <= bot["win_share"] <= hi <= 1.0
        assert 0.0 <= bot["decision_ms"]["median"] <= bot["decision_ms"]["p95"]


def test_a_shared_win_counts_as_a_fraction() -> None:
    tally = Tally(wins=[1.0, 0.5, 0.0, 0.5], scores=[3, 2, 1, 2], decision_ms=[1.0])
    line = tally.to_json("x")
    assert line["win_share"] == 0.5 and line["mean_score"] == 2.0


def test_parts_merge_into_the_whole_run() -> None:
    whole = arena("marie", 3, LEVELS, 8, 31).report()
    parts = [arena("marie", 3, LEVELS, 3, 31, first=5), arena("marie", 3, LEVELS, 5, 31)]
    saved = [ArenaRun.from_json(json.loads(json.dumps(p.to_json()))) for p in parts]
    merged = merge(saved).report()
    assert merged["parts"] == [[0, 5], [5, 3]]
    assert without_times(merged) == without_times(whole)


def test_saved_decision_times_keep_the_whole_milliseconds() -> None:
    tally = Tally(wins=[1.0], scores=[1.0], decision_ms=[0.2, 0.4, 801.4, 801.6, 950.0])
    back = Tally.from_samples(json.loads(json.dumps(tally.samples())))
    assert sorted(back.decision_ms) == [0.0, 0.0, 801.0, 802.0, 950.0]
    assert back.wins == tally.wins and back.scores == tally.scores


def test_merge_refuses_overlapping_or_foreign_parts() -> None:
    a = arena("marie", 3, LEVELS, 3, 31)
    with pytest.raises(RecordError, match="game 2 is in two"):
        merge([a, arena("marie", 3, LEVELS, 2, 31, first=2)])
    with pytest.raises(RecordError, match="different arenas"):
        merge([a, arena("marie", 3, LEVELS, 2, 32, first=3)])
    with pytest.raises(RecordError, match="different arenas"):
        merge([a, arena("marie", 3, ["random", "normal", "random"], 2, 31, first=3)])
    with pytest.raises(RecordError, match="not a saved arena part"):
        ArenaRun.from_json({"game": "marie"})
    broken = a.to_json()
    del broken["tallies"]
    with pytest.raises(RecordError, match="damaged"):
        ArenaRun.from_json(broken)


def test_cli_saves_parts_and_merges_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["marie", "--players", "3", "--bots", "normal,random,random", "--seed", "9"]
    files = [tmp_path / "a.json", tmp_path / "b.json"]
    for path, first in zip(files, ["0", "4"], strict=True):
        assert main(["arena", *common, "--games", "4", "--first", first, "--save", str(path)]) == 0
    capsys.readouterr()
    assert main(["arena-merge", *map(str, files), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert main(["arena", *common, "--games", "8", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert without_times(merged) == without_times(whole)
    assert main(["arena-merge", *map(str, files)]) == 0
    assert "Marie's Table, 3 players, 8 games (8 finished)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "marie", "--players", "3", "--bots", "normal,random"], "one bot level per seat"),
        (["arena", "marie", "--players", "2", "--bots", "normal"], "is for 3-5 players"),
        (["arena", "marie", "--players", "3", "--bots", "normal", "--games", "0"], "at least one"),
    ],
)
def test_cli_refuses_a_bad_arena_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_cli_refuses_a_file_that_is_not_a_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{nope", encoding="utf-8")
    assert main(["arena-merge", str(junk)]) == 2
    assert "is not JSON" in capsys.readouterr().err
