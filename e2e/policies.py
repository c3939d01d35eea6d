"""One legal choice through a table's page, for tests and tools that play whole games: the
page's own controls, the simplest choice each time (no strategy). Shared by the e2e tests of
Marie's Table and of seats on other devices, and by ``tools/devices_bench.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page


def marie_act(page: Page, phase: str) -> None:
    """One legal choice of Marie's Table for the table's ``data-phase``."""
    if phase == "pile":
        page.locator("[data-testid^=pile-]:enabled").first.click()
    elif phase == "draft":
        cards = page.get_by_test_id("hand-card")
        if cards.count() > 2:
            cards.nth(0).click()
            cards.nth(1).click()
        page.get_by_test_id("confirm-pick").click()
    elif phase == "vote":
        page.get_by_test_id("vote-down").click()
    elif phase == "take":
        page.locator("[data-testid^=take-option-]").first.click()
    elif phase == "decide":
        page.locator("[data-testid^=decide-]").first.click()
    else:  # pragma: no cover
        raise AssertionError(f"unexpected phase {phase!r}")
