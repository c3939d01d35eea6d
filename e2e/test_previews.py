"""Limits while choosing, Yadokashi's preview of Move dice and the end screen's places (issue 31),
drawn at the real table from what the engine says: one table each, bots at the instant speed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import (
    INSTANT_BOTS,
    READY,
    current_record,
    engine,
    link,
    record_of,
    simulate,
    switch_lang,
)
from playwright.sync_api import Page, expect


@pytest.fixture
def page(warm_page: Page) -> Page:
    """The module's shared page (conftest.WarmPage), bots at the instant speed."""
    warm_page.evaluate(INSTANT_BOTS)
    return warm_page


def human_record(game: str, players: int, seed: int, bots: str | None = None) -> dict[str, Any]:
    """A finished bot game whose seat 0 is Aya, a person."""
    line = simulate(game, players, seed, bots)
    record = record_of(line)
    record["seats"][0] = {"name": "Aya", "kind": "human"}
    return record


def before_first(record: dict[str, Any], prefix: str) -> dict[str, Any]:
    """The record cut before the first action starting with ``prefix`` (``"0:p"``)."""
    actions = record["actions"]
    i = next(i for i, a in enumerate(actions) if a.startswith(prefix))
    return {**record, "actions": actions[:i]}


def open_table(page: Page, base_url: str, record: dict[str, Any]) -> None:
    page.goto(base_url + link(record))
    page.wait_for_selector(READY, timeout=60_000)


def compose(record: dict[str, Any], choice: str, picks: list[int]) -> dict[str, Any]:
    """The engine's answer (CPython) about seat 0's ``picks`` in the record's position."""
    snap = engine(cmd="start", record=record, seat=0)
    answer = engine(cmd="compose", session=snap["session"], seat=0, choice=choice, picks=picks)
    engine(cmd="close", session=snap["session"])
    assert answer["ok"], answer
    return answer


def test_baggai_shows_the_highest_price_a_range_allows(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    record = human_record("baggai", 4, 4, "random")
    at_range = before_first(record, "0:r")
    open_table(page, base_url, at_range)
    limit = page.get_by_test_id("range-limit")
    expect(limit).to_have_count(0)  # nothing chosen yet
    for picks in ([1], [1, 6]):
        for spot in picks:
            page.get_by_test_id("window").locator(
                f"[data-action=bg-spot][data-index='{spot}']"
            ).click()
        info = compose(at_range, "range", picks)["info"]
        expect(limit).to_have_attribute("data-max", str(info["max_price"]))
        expect(limit).to_have_attribute("data-size", str(info["size"]))
    expect(limit).to_contain_text(f"6 spots: at most ¥{info['max_price']} a spot")
    expect(limit).to_contain_text(f"(¥{info['money']} ÷ 6)")
    expect(page.get_by_test_id("range-hint")).to_have_count(0)  # the limit takes its place
    shot(page, "preview-baggai-range", both=True)
    # the beginner's case: round 4 with ¥4, six spots can only be priced ¥0, said before confirming
    poor = human_record("baggai", 4, 8, "random")
    cut = [i for i, a in enumerate(poor["actions"]) if a.startswith("0:r")][3]
    at_poor = {**poor, "actions": poor["actions"][:cut]}
    open_table(page, base_url, at_poor)
    for spot in (1, 6):
        page.get_by_test_id("window").locator(f"[data-action=bg-spot][data-index='{spot}']").click()
    info = compose(at_poor, "range", [1, 6])["info"]
    assert info["max_price"] == 0 and info["money"] == 4
    expect(limit).to_have_attribute("data-max", "0")
    expect(limit).to_contain_text("6 spots: at most ¥0 a spot (¥4 ÷ 6)")
    expect(limit).to_contain_text("Your price will be ¥0: you buy no bags")
    shot(page, "preview-baggai-range-zero", both=True)
    # confirmed, the price is 0 without a price step: the table says so in words (issue 31)
    page.get_by_test_id("confirm-range").click()
    note = page.locator("[data-testid=forced-now], [data-testid=forced-note]").first
    expect(note).to_contain_text("only offer ¥0")
    shot(page, "preview-baggai-forced")
    at_price = before_first(record, "0:p")
    open_table(page, base_url, at_price)
    moves = engine(cmd="start", record=at_price, seat=0)["moves"]
    top = max(m["price"] for m in moves)
    expect(page.get_by_test_id("price-limit")).to_have_attribute("data-max", str(top))
    expect(page.get_by_test_id(f"price-option-{top + 1}")).to_have_count(0)
    shot(page, "preview-baggai-price", both=True)


def test_hitokai_shows_what_a_payment_reaches(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    record = human_record("hitokai", 3, 4, "random")
    actions = record["actions"]
    cut = None
    for i, action in enumerate(actions):  # the first payment of seat 0 with a choice to make
        if action.startswith("0:pay"):
            here = {**record, "actions": actions[:i]}
            if engine(cmd="start", record=here, seat=0)["choices"]:
                cut = here
                break
    assert cut is not None
    open_table(page, base_url, cut)
    (choice,) = engine(cmd="start", record=cut, seat=0)["choices"]
    reach = page.get_by_test_id("pay-reach")
    expect(reach).to_have_attribute("data-reach", str(choice["reach"]))
    expect(reach).to_have_attribute("data-missing", str(choice["missing"]))
    expect(reach).to_contain_text(f"Each {choice['daughter']} counts double now: 2 gold.")
    card = int(
        str(page.locator("[data-action=hk-pick]:not([disabled])").first.get_attribute("data-card"))
    )
    page.get_by_test_id(f"pay-{card}").click()
    info = compose(cut, "pay", [card])["info"]
    expect(reach).to_have_attribute("data-value", str(info["value"]))
    expect(reach).to_have_attribute("data-missing", str(info["missing"]))
    value, bid, missing = info["value"], info["bid"], info["missing"]
    # one counter (the panel's top line, the chosen cards included, and saying so: the seat's
    # row counts only what is paid) and what is missing below
    expect(page.get_by_test_id("paid-so-far")).to_contain_text(
        f"With the cards chosen: {value} of {bid} gold"
    )
    expect(page.get_by_test_id("paid-so-far")).to_have_attribute("data-value", str(value))
    expect(page.get_by_test_id("selection")).to_contain_text(f"{missing} more to reach {bid}.")
    shot(page, "preview-hitokai-payment", both=True)


def test_yadokashi_previews_high_and_low_for_every_roll(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    record = human_record("yadokashi", 3, 6, "random")
    actions = record["actions"]
    i = [n for n, a in enumerate(actions) if a in ("0:hi", "0:lo")][2]  # a ring with crabs
    cut = {**record, "actions": actions[:i]}
    open_table(page, base_url, cut)
    snap = engine(cmd="start", record=cut, seat=0)
    previews = {m["call"]: m["preview"] for m in snap["moves"] if m["kind"] == "move-dice"}
    totals = [st["total"] for st in snap["view"]["stars"]]
    page.get_by_test_id("act-preview").click()
    panel = page.get_by_test_id("preview-panel")
    for call in ("hi", "lo"):
        page.get_by_test_id(f"preview-call-{call}").click()
        expect(panel).to_have_attribute("data-call", call)
        rows = panel.locator("[data-testid^=preview-roll-]")
        expect(rows).to_have_count(len(previews[call]))
        for row, entry in zip(rows.all(), previews[call], strict=True):
            expect(row).to_have_attribute("data-first", str(entry["rolls"][0]))
            expect(row).to_have_attribute("data-last", str(entry["rolls"][1]))
            # every seat's stars from the roll and its total after it, not the viewer's alone
            for seat, gain in enumerate(entry["stars"]):
                stars = row.get_by_test_id(f"preview-stars-{seat}")
                expect(stars).to_contain_text(
                    f"+{gain} ({totals[seat] + gain} of {snap['view']['goal']})"
                )
        shot(page, f"preview-yadokashi-{call}", both=True)
    page.get_by_test_id("preview-play").click()  # Call Low and roll, from the preview
    page.wait_for_selector(READY, timeout=30_000)
    played = current_record(page)["actions"]
    assert played[: len(actions[:i])] == actions[:i] and played[i] == "0:lo"


@pytest.mark.parametrize(("lang", "second"), [("en", "for 2nd:"), ("ja", "2位を争い")])
def test_the_end_screen_gives_every_place_and_its_tie_break(
    page: Page, base_url: str, shot: Callable[..., Any], lang: str, second: str
) -> None:
    switch_lang(page, lang)
    record = human_record("baggai", 4, 4, "random")
    result = engine(cmd="start", record=record, seat=None)["result"]
    assert any(tie["place"] == 2 for tie in result["ties"])  # 13-13 for 2nd
    open_table(page, base_url, record)
    end = page.get_by_test_id("end-screen")
    for row in result["places"]:
        place = end.get_by_test_id(f"place-{row['seat']}")
        expect(place).to_have_attribute("data-place", str(row["place"]))
        expect(place).to_have_attribute("data-shared", "yes" if row["shared"] else "no")
    tie = end.get_by_test_id("tie-2")
    expect(tie).to_contain_text(second)
    expect(tie).to_contain_text(result["ties"][0]["text"][lang])
    shot(page, f"preview-end-{lang}", both=True)
