"""One generic simulation test over every registered game (in the spirit of OpenSpiel's
``random_sim_test``), using the soak checker: every game must keep these properties."""

from __future__ import annotations

import pytest

from pygames.core.soak import soak, soak_game
from pygames.games.marie.rules import MarieState
from tests.support import CASES


@pytest.mark.parametrize(("game", "players"), CASES)
@pytest.mark.parametrize("policy", ["random", "normal"])
def test_protocol_properties(game: str, players: int, policy: str) -> None:
    for seed in range(3):
        out = soak_game(game, players, seed, policy, deep_every=2)
        assert out.violations == [], out.record


def test_soak_reports_a_broken_invariant_with_its_record(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: MarieState) -> list[str]:
        return ["a card vanished"] if self.ply == 7 else []

    monkeypatch.setattr(MarieState, "invariant_errors", broken)
    report = soak(1, None, only="marie", deep_every=0)
    assert report["games"] == 3 and len(report["violations"]) == 3
    first = report["violations"][0]
    assert "after action 6: a card vanished" in first["violations"][0]
    assert len(first["record"]["actions"]) == 7


def test_short_soak_of_every_game_is_clean() -> None:
    report = soak(1, None, seed=1000, deep_every=5)
    assert report["games"] == len(CASES) and report["violations"] == []
