"""``python3 build.py bench-engine`` (``tools/engine_bench.py``): its pieces, and one short run
of its CPython part against HEAD (the same engine on both sides: the ratios are the
instrument's noise, and the temporary checkout is gone afterwards).

The Pyodide part needs Chromium and takes minutes; it is run by hand (BENCHMARKS.md, issue 35).
In Pyodide only ``tests/`` is copied (tools/pyodide_tests.mjs), so there this module is skipped.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

if not (ROOT / "tools" / "engine_bench.py").is_file():
    pytest.skip("tools/ is not here (the Pyodide run copies tests/ only)", allow_module_level=True)

from tools import engine_bench  # noqa: E402


def in_git_work_tree() -> bool:
    """Whether ROOT is a git work tree with a HEAD (not, e.g., an unpacked archive)."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--verify", "HEAD"], cwd=ROOT, capture_output=True, check=False
        )
    except OSError:
        return False
    return out.returncode == 0


def row(game: str, games: int, games_per_s: float, iterations: int, it_per_s: float) -> Any:
    """One row as engine_speed.py prints it."""
    return {
        "game": game,
        "players": 4,
        "games_per_s": games_per_s,
        "games": games,
        "iterations_per_s": it_per_s,
        "iterations": iterations,
        "engine": "/x",
    }


def test_the_sides_alternate_game_by_game_and_round_by_round() -> None:
    firsts = [engine_bench.order(r, g)[0] for r in range(2) for g in range(3)]
    assert firsts == ["base", "now", "base", "now", "base", "now"]
    assert all(
        sorted(engine_bench.order(r, g)) == ["base", "now"] for r in range(3) for g in (0, 1)
    )


def test_alternate_measures_each_side_once_per_game_and_round_in_that_order() -> None:
    calls: list[tuple[str, str]] = []

    def measure(side: str, game: str) -> list[dict[str, Any]]:
        calls.append((side, game))
        return [row(game, 1, 1.0, 1, 1.0)]

    samples = engine_bench.alternate(["marie", "baggai"], range(2), 2, measure)
    assert calls == [
        ("base", "marie"),
        ("now", "marie"),
        ("now", "baggai"),
        ("base", "baggai"),
        ("now", "marie"),
        ("base", "marie"),
        ("base", "baggai"),
        ("now", "baggai"),
    ]
    assert [rows[0]["game"] for rows in samples["base"]] == ["marie", "baggai"] * 2


def test_compare_pools_the_rounds_and_divides_now_by_base() -> None:
    # base: 10 games in 1 s, then 30 games in 2 s: 40 games in 3 s; now: 60 in 2 s, 60 in 2 s
    samples = {
        "base": [[row("marie", 10, 10.0, 100, 100.0)], [row("marie", 30, 15.0, 300, 100.0)]],
        "now": [[row("marie", 60, 30.0, 600, 300.0)], [row("marie", 60, 30.0, 300, 150.0)]],
    }
    [out] = engine_bench.compare(samples)
    assert (out["game"], out["players"]) == ("marie", 4)
    assert out["base_games_per_s"] == pytest.approx(40 / 3)
    assert out["now_games_per_s"] == pytest.approx(30.0)
    assert out["games_ratio"] == pytest.approx(30.0 / (40 / 3))
    assert out["games_round_ratios"] == pytest.approx([3.0, 2.0])
    assert out["base_iterations_per_s"] == pytest.approx(100.0)
    assert out["now_iterations_per_s"] == pytest.approx(900 / 4)
    assert out["iterations_ratio"] == pytest.approx(2.25)
    assert out["iterations_round_ratios"] == pytest.approx([3.0, 1.5])


def test_rows_of_another_package_than_the_sides_are_refused(tmp_path: Path) -> None:
    good = {**row("marie", 1, 1.0, 1, 1.0), "engine": str(tmp_path / "pygames")}
    engine_bench.check_rows([good], "base", tmp_path / "pygames")
    with pytest.raises(RuntimeError, match="measured"):
        engine_bench.check_rows([good], "now", ROOT / "pygames")
    wheel = {**good, "engine": "/lib/python3.14/site-packages/pygames"}
    engine_bench.check_rows([wheel], "now", None)
    with pytest.raises(RuntimeError, match="measured"):
        engine_bench.check_rows([good], "now", None)


def test_a_trees_own_wheel_writer_gives_its_engine_wheel(tmp_path: Path) -> None:
    wheel = engine_bench.tree_wheel(ROOT, tmp_path)
    assert wheel.parent == tmp_path and wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        speed = archive.read("pygames/core/search.py")
    assert speed == (ROOT / "pygames" / "core" / "search.py").read_bytes()
    assert not any("__pycache__" in name for name in names)


def test_the_code_run_in_pyodide_carries_both_tools_and_the_settings() -> None:
    args = argparse.Namespace(seconds=0.5, iterations=50, players="3")
    code = engine_bench.pyodide_code("pharaoh", args, "search")
    scope: dict[str, Any] = {}
    settings = code[: code.index(engine_bench.PYODIDE_MEASURE)]
    exec(compile(settings, "<settings>", "exec"), scope)
    assert scope["GAME"] == "pharaoh" and scope["SECONDS"] == 0.5
    assert scope["ITERATIONS"] == 50 and scope["PLAYERS"] == "3" and scope["PART"] == "search"
    assert scope["FILES"]["engine_speed.py"] == engine_bench.SPEED.read_text(encoding="utf-8")
    assert "def position(" in scope["FILES"]["engine_fingerprint.py"]
    compile(code, "<pyodide>", "exec")


@pytest.mark.skipif(not in_git_work_tree(), reason="not a git work tree")
def test_against_head_the_same_engine_measures_alike_and_the_checkout_is_removed(
    tmp_path: Path,
) -> None:
    out = tmp_path / "engine.json"
    argv = ["--against", "HEAD", "--seconds", "0.3", "--rounds", "1", "--game", "marie"]
    assert (
        engine_bench.main([*argv, "--iterations", "100", "--no-pyodide", "--json", str(out)]) == 0
    )
    report = json.loads(out.read_text(encoding="utf-8"))
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    assert report["base"]["commit"] == head.stdout.strip() == report["now"]["head"]
    checkout = Path(report["checkout"])
    assert not checkout.exists() and not checkout.parent.exists()
    [result] = report["cpython"]["rows"]
    assert (result["game"], result["players"]) == ("marie", 4)
    assert Path(result["base_engine"]) == checkout / "pygames"
    assert Path(result["now_engine"]) == (ROOT / "pygames").resolve()
    # The same engine on both sides, on a shared machine with 0.3 s measures: near 1
    for measure in ("games", "iterations"):
        assert 0.5 < result[f"{measure}_ratio"] < 2.0, result
        assert result[f"base_{measure}_per_s"] > 0 and result[f"now_{measure}_per_s"] > 0
    assert "pyodide" not in report


def test_each_measure_runs_alone_and_the_rows_are_joined() -> None:
    games = [{"game": "marie", "players": 4, "games_per_s": 9.0, "games": 3,
              "iterations_per_s": 0.0, "iterations": 0, "engine": "e"}]  # fmt: skip
    search = [{"game": "marie", "players": 4, "games_per_s": 0.0, "games": 0,
               "iterations_per_s": 70.0, "iterations": 200, "engine": "e"}]  # fmt: skip
    (row,) = engine_bench.joined(games, search)
    assert (row["games_per_s"], row["iterations_per_s"], row["iterations"]) == (9.0, 70.0, 200)
    assert engine_bench.PARTS == ("games", "search")
