"""The table warns before it wastes (issue 31): a move the engine marks as one that can only lose
(here Return of the Pharaoh's Pharaoh pass with an empty hospital) is asked about once, with the
engine's reason; "Choose again" leaves the game as it was, "Play it anyway" plays it, and with
the question turned off in the settings the move is played at once. One page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import engine_snapshot, link
from playwright.sync_api import Page, expect

RECORD: dict[str, Any] = {
    "v": 1,
    "game": "pharaoh",
    "players": 3,
    "seed": 7,
    "options": {"start": 0},
    "seats": [
        {"name": "Aya", "kind": "human"},
        {"name": "Bastet bot", "kind": "bot", "level": "normal"},
        {"name": "Khufu bot", "kind": "bot", "level": "random"},
    ],
    "actions": [],
}
HUMAN_TO_MOVE = "[data-testid=table][data-waiting=human][data-ply='0']"


def open_first_turn(page: Page, base_url: str) -> None:
    page.goto(base_url + link(RECORD))
    page.wait_for_selector(HUMAN_TO_MOVE, timeout=90_000)
    expect(page.get_by_test_id("hospital")).to_have_attribute("data-count", "0")


def test_a_pharaoh_pass_with_an_empty_hospital_is_asked_about_once(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    page.add_init_script("localStorage.setItem('pygames.speed', 'instant');")
    (mark,) = [m for m in engine_snapshot(RECORD, 0)["moves"] if "warn" in m]
    assert mark["a"] == "pharaoh"
    open_first_turn(page, base_url)
    table, dialog = page.get_by_test_id("table"), page.get_by_test_id("waste-confirm")
    cards = page.get_by_test_id("pharaoh-0")
    left = str(cards.get_attribute("data-left"))

    # asked, with the engine's reason; "Choose again" changes nothing
    page.get_by_test_id("pass-pharaoh").click()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("This move can only lose")
    expect(dialog).to_contain_text(mark["warn"]["en"])
    expect(dialog.get_by_test_id("confirm-yes")).to_have_text("Play it anyway")
    expect(dialog.get_by_test_id("confirm-no")).to_be_focused()
    shot(page, "warn-pharaoh-confirm", both=True)
    dialog.get_by_test_id("confirm-no").click()
    expect(dialog).to_have_count(0)
    expect(table).to_have_attribute("data-ply", "0")
    expect(table).to_have_attribute("data-waiting", "human")
    expect(cards).to_have_attribute("data-left", left)

    # asked again, in Japanese too; "Play it anyway" plays it
    page.get_by_test_id("lang-ja").click()
    page.get_by_test_id("pass-pharaoh").click()
    expect(dialog).to_contain_text(mark["warn"]["ja"])
    expect(dialog.get_by_test_id("confirm-no")).to_have_text("選び直す")
    dialog.get_by_test_id("confirm-yes").click()
    expect(table).not_to_have_attribute("data-ply", "0")
    expect(cards).to_have_attribute("data-left", str(int(left) - 1))
    page.get_by_test_id("lang-en").click()

    # the setting turns the question off: the same move on the same deal is played at once
    page.get_by_test_id("open-settings").click()
    switch = page.get_by_test_id("settings-ask-waste")
    expect(switch).to_be_checked()
    page.locator("label.switch[data-option=askWaste]").click()  # the switch, as a person taps it
    expect(switch).not_to_be_checked()
    page.get_by_test_id("dialog-close").click()
    assert page.evaluate("localStorage.getItem('pygames.askWaste')") == "off"
    open_first_turn(page, base_url)
    page.get_by_test_id("pass-pharaoh").click()
    expect(table).not_to_have_attribute("data-ply", "0")
    expect(dialog).to_have_count(0)
