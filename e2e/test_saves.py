"""Saves that survive (issue 25): the lobby says whether the browser keeps the saved games for
good, "Export all games" writes them into one file and "Import" reads it back into another
browser (merged, never twice) or opens one game record in the replay viewer; a bad file is
refused with a clear sentence and changes nothing; two tabs on one game never lose an action;
a full storage is said, the game goes on and the saves already there stay as they were."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    INSTANT_BOTS,
    current_record,
    engine,
    link,
    record_of,
    simulate,
    unlink,
    vault_records,
    wait_engine,
    wait_turn,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from policies import marie_act

# ------------------------------------------------------------------------------------ helpers


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """Bots move at once."""
    context.add_init_script(INSTANT_BOTS)
    return context


@pytest.fixture
def fresh(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[Callable[[], BrowserContext]]:
    """``fresh()``: another browser context (another device: storage of its own), closed after
    the test."""
    made: list[BrowserContext] = []

    def make() -> BrowserContext:
        ctx = browser.new_context(**browser_context_args)
        ctx.add_init_script(INSTANT_BOTS)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


def people(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The record with people of these names in its seats."""
    return record | {"seats": [{"name": n, "kind": "human"} for n in names]}


def marie_record(seed: int, actions: int, players: int = 3) -> dict[str, Any]:
    """A real Marie's Table game (bots' play) cut after ``actions`` actions, between people."""
    record = record_of(simulate("marie", players, seed))
    names = ["Aya", "Ben", "Chie", "Dai", "Emi"][:players]
    return people(record | {"actions": record["actions"][:actions]}, names)


def fragment(record: dict[str, Any]) -> str:
    return link(record)[1:]


def save_entry(entry_id: str, record: dict[str, Any], minutes_ago: int = 5) -> dict[str, Any]:
    """A game in progress as web/ui/saves.js keeps it."""
    snap = engine(cmd="start", record=record)
    now = int(time.time() * 1000)
    return {
        "v": 1,
        "id": entry_id,
        "game": record["game"],
        "players": record["players"],
        "names": [s["name"] for s in record["seats"]],
        "kinds": [s["kind"] for s in record["seats"]],
        "created": now - minutes_ago * 60_000 - 600_000,
        "updated": now - minutes_ago * 60_000,
        "ply": snap["ply"],
        "round": {"n": snap["view"]["round"], "of": snap["view"]["rounds"]},
        "save": snap["save"],
        "rev": 3,
    }


def finished_entry(entry_id: str, seed: int, minutes_ago: int = 30) -> dict[str, Any]:
    """A finished game as web/ui/saves.js keeps it (a bot game from the command line)."""
    line = simulate("marie", 4, seed)
    record = record_of(line)
    now = int(time.time() * 1000)
    return {
        "v": 1,
        "id": entry_id,
        "game": "marie",
        "players": record["players"],
        "names": [s["name"] for s in record["seats"]],
        "kinds": [s["kind"] for s in record["seats"]],
        "created": now - minutes_ago * 60_000 - 900_000,
        "finished": now - minutes_ago * 60_000,
        "ply": len(record["actions"]),
        "record": fragment(record),
        "scores": line["scores"],
        "winners": line["winners"],
    }


def public(entry: dict[str, Any]) -> dict[str, Any]:
    """A game in progress's entry as localStorage keeps it: without its record."""
    return {k: v for k, v in entry.items() if k != "save"}


def moved_in(page: Page) -> None:
    """Wait until the engine is ready and the records of the games in progress written into
    localStorage (as an older version kept them) have moved into the vault."""
    wait_engine(page)
    page.wait_for_function(
        """() => Object.keys(localStorage).filter((k) => k.startsWith('pygames.save.'))
            .every((k) => { try { return !('save' in JSON.parse(localStorage.getItem(k))); }
                            catch (_) { return true; } })"""
    )


def stored(page: Page) -> dict[str, Any]:
    """Every kept game of the page's localStorage (key: parsed entry, or the raw text)."""
    raw: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
            .filter((k) => k.startsWith('pygames.save.') || k.startsWith('pygames.done.'))
            .map((k) => [k, localStorage.getItem(k)]))"""
    )
    out: dict[str, Any] = {}
    for key, value in raw.items():
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def put(page: Page, entries: dict[str, Any]) -> None:
    """Write localStorage entries (values that are not strings as JSON)."""
    page.evaluate(
        "(entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))",
        {k: v if isinstance(v, str) else json.dumps(v) for k, v in entries.items()},
    )


def saves_file(
    going: list[dict[str, Any]], finished: list[dict[str, Any]], **top: Any
) -> dict[str, Any]:
    """An export file as the lobby writes it (``top``: fields to change at its top)."""
    return {
        "format": "pygames-saves",
        "version": 1,
        "exported": "2026-01-02T03:04:05.000Z",
        "saves": going,
        "finished": finished,
    } | top


def choose(page: Page, name: str, content: bytes | str) -> None:
    """Pick a file for the lobby's import, once the import of the file before is over (the page
    would import this one after it: a note read meanwhile would be the one before's)."""
    expect(page.locator("html[data-importing]")).to_have_count(0, timeout=60_000)
    data = content.encode("utf-8") if isinstance(content, str) else content
    page.get_by_test_id("import-file").set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": data}
    )


def note(page: Page) -> Any:
    return page.get_by_test_id("saves-note")


def wait_note(page: Page) -> str:
    """The note of the import once it has an answer (not "Checking the file…")."""
    expect(note(page)).not_to_have_attribute("data-tone", re.compile("busy|none"), timeout=60_000)
    return str(note(page).inner_text())


def lobby(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.get_by_test_id("saves-tools")).to_be_visible()


def table(page: Page) -> Any:
    return page.get_by_test_id("table")


def ply(page: Page) -> int:
    return int(str(table(page).get_attribute("data-ply")))


# Storage that refuses every write of this page's localStorage as a full device does; lifted
# with window.__roomAgain().
FULL_STORAGE = """
(() => {
  const original = Storage.prototype.setItem;
  window.__refused = 0;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage) {
      window.__refused += 1;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return original.call(this, key, value);
  };
  window.__roomAgain = () => { Storage.prototype.setItem = original; };
})();
"""


# ------------------------------------------------------------------------ the storage line


STUB_PERSISTED = """
(() => {
  const granted = %s;
  window.__persistCalls = 0;
  Object.defineProperty(navigator.storage, 'persisted', { value: () => Promise.resolve(granted) });
  Object.defineProperty(navigator.storage, 'persist', {
    value: () => { window.__persistCalls += 1; return Promise.resolve(granted); },
  });
})();
"""

NO_STORAGE_API = "Object.defineProperty(Navigator.prototype, 'storage', { get: () => undefined });"


def test_lobby_says_whether_saved_games_are_kept(
    page: Page, base_url: str, fresh: Callable[[], BrowserContext], shot: Callable[..., Any]
) -> None:
    # this browser, as it is: the line says what navigator.storage.persisted() answers
    lobby(page, base_url)
    granted = page.evaluate("navigator.storage.persisted()")
    line = page.get_by_test_id("storage-state")
    expect(line).to_have_attribute("data-state", "yes" if granted else "no")

    # a browser that keeps them for good, then one that may clear them, then one without the API
    may_clear = "The browser may clear saved games when space runs short."
    cases = [
        (STUB_PERSISTED % "true", "yes", "Saved games are kept on this device."),
        (STUB_PERSISTED % "false", "no", may_clear),
        (NO_STORAGE_API, "no", may_clear),
    ]
    hints = {
        "yes": "They stay until you delete them or clear this site's data.",
        "no": "Export them now and then to keep a copy.",
    }
    for script, state, text in cases:
        other = fresh().new_page()
        other.add_init_script(script)
        lobby(other, base_url)
        line = other.get_by_test_id("storage-state")
        expect(line).to_have_attribute("data-state", state)
        expect(line.get_by_test_id("storage-text")).to_have_text(text)
        expect(line.get_by_test_id("storage-hint")).to_have_text(hints[state])
        other.get_by_test_id("lang-ja").click()
        expect(line.get_by_test_id("storage-text")).to_have_text(
            "保存したゲームはこの端末に残ります。"
            if state == "yes"
            else "空き容量が足りなくなると、ブラウザが保存したゲームを消すことがあります。"
        )
        if script == NO_STORAGE_API:
            # without the API a game still saves, and nothing is logged (the fixture checks)
            other.goto(base_url + link(marie_record(3, 0)))
            wait_engine(other)
            wait_turn(other)
            expect(other.get_by_test_id("table")).to_be_visible()
            assert len(stored(other)) == 1
        other.context.close()


def test_persistence_is_asked_once_when_a_first_game_is_saved(page: Page, base_url: str) -> None:
    page.add_init_script(STUB_PERSISTED % "false")
    lobby(page, base_url)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__persistCalls") == 0  # not for a mere visit
    page.goto(base_url + link(marie_record(3, 0)))
    wait_engine(page)
    assert wait_turn(page) == "pass"
    pile(page, "first")
    assert wait_turn(page) == "draft"
    (entry,) = stored(page).values()
    assert "save" not in entry and len(current_record(page)["actions"]) == 1
    assert page.evaluate("window.__persistCalls") == 1  # asked once, at the first save


# ------------------------------------------------------------------------ export and import


def test_export_then_import_into_another_browser(
    page: Page, base_url: str, fresh: Callable[[], BrowserContext], shot: Callable[..., Any]
) -> None:
    going = save_entry("going1", marie_record(21, 9))
    done = finished_entry("done1", 22)
    lobby(page, base_url)
    # nothing to export yet
    expect(page.get_by_test_id("export-all")).to_be_disabled()
    put(page, {"pygames.save.going1": going, "pygames.done.done1": done})
    page.reload()
    expect(page.get_by_test_id("save-item")).to_have_count(1)
    expect(page.get_by_test_id("finished-item")).to_have_count(1)
    # a game in progress: the file would reveal its hidden cards; asked first
    page.get_by_test_id("export-all").click()
    confirm = page.get_by_test_id("export-confirm")
    expect(confirm).to_contain_text("1 game in progress, with the hidden cards of every player")
    shot(page, "saves-export-confirm")
    confirm.get_by_test_id("confirm-no").click()
    expect(confirm).to_have_count(0)
    expect(note(page)).to_have_text("")  # nothing exported
    page.get_by_test_id("export-all").click()
    with page.expect_download() as info:
        page.get_by_test_id("confirm-yes").click()
    download = info.value
    today = page.evaluate(
        "(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]"
        ".map((n) => String(n).padStart(2, '0')).join('-'); })()"
    )
    assert download.suggested_filename == f"pygames-saves-{today}.json"
    expect(note(page)).to_have_text(f"2 games exported to pygames-saves-{today}.json.")
    data = json.loads(Path(download.path()).read_text("utf-8"))
    assert data["format"] == "pygames-saves" and data["version"] == 1
    assert data["saves"] == [going] and data["finished"] == [done]
    shot(page, "saves-lobby", both=True)
    page.get_by_test_id("lang-ja").click()
    expect(note(page)).to_have_text(f"2件のゲームをpygames-saves-{today}.jsonに書き出しました。")
    shot(page, "saves-lobby-ja", both=True)

    # another browser, with a game of its own: the file's two games are added to it
    other = fresh().new_page()
    lobby(other, base_url)
    own = save_entry("own1", marie_record(23, 4))
    put(other, {"pygames.save.own1": own})
    other.reload()
    expect(other.get_by_test_id("save-item")).to_have_count(1)
    text = Path(download.path()).read_text("utf-8")
    choose(other, "pygames-saves.json", text)
    assert wait_note(other) == "2 games added."
    expect(note(other)).to_have_attribute("data-tone", "ok")
    expect(other.get_by_test_id("save-item")).to_have_count(2)
    expect(other.get_by_test_id("finished-item")).to_have_count(1)
    # the games in progress keep their public facts here, their records in the vault
    assert stored(other) == {
        "pygames.save.own1": public(own),
        "pygames.save.going1": public(going),
        "pygames.done.done1": done,
    }
    kept = vault_records(other)
    assert {i: kept[i]["save"] for i in ("own1", "going1")} == {
        "own1": own["save"],
        "going1": going["save"],
    }
    shot(other, "saves-imported")
    # the same file again: nothing twice
    choose(other, "pygames-saves.json", text)
    expect(note(other)).to_have_text("No game added. 2 were already on this device.")
    assert len(stored(other)) == 3
    other.get_by_test_id("lang-ja").click()
    expect(note(other)).to_have_text(
        "追加されたゲームはありません。2件はすでにこの端末にありました。"
    )
    other.get_by_test_id("lang-en").click()
    # the imported game goes on where it was; its replay opens
    other.locator("[data-save-id=going1]").get_by_test_id("save-continue").click()
    wait_turn(other)
    assert ply(other) == going["ply"]
    other.goto(base_url)
    other.get_by_test_id("finished-replay").click()
    expect(other.get_by_test_id("replay")).to_have_attribute(
        "data-total", str(len(unlink(done["record"])["actions"]))
    )


def test_import_keeps_the_newest_finished_games(page: Page, base_url: str) -> None:
    lobby(page, base_url)
    here = {f"pygames.done.h{i}": finished_entry(f"h{i}", 30 + i % 3, 10 + i) for i in range(10)}
    put(page, here)
    # four finished games: two newer than all those here, two older than the tenth
    newer = [finished_entry(f"n{i}", 40 + i, 1 + i) for i in range(2)]
    older = [finished_entry(f"o{i}", 42 + i, 500 + i) for i in range(2)]
    page.reload()
    choose(page, "games.json", json.dumps(saves_file([], newer + older)))
    assert wait_note(page) == (
        "2 games added. 2 older finished games were left out: the list keeps the 12 newest."
    )
    kept = set(stored(page))
    assert kept == set(here) | {"pygames.done.n0", "pygames.done.n1"}


def bad_files() -> list[tuple[str, bytes | str, str]]:
    """(name, content, the note's English sentence) of files the lobby refuses."""
    good = save_entry("new1", marie_record(24, 5))
    tampered = marie_record(24, 5)
    tampered["actions"][3] = tampered["actions"][3].split(":")[0] + ":eat77"
    bad_entry = dict(good, id="new2", save=fragment(tampered))
    record = record_of(simulate("marie", 4, 25))
    illegal = dict(record, actions=[*record["actions"][:3], "0:pile99"])
    unchanged = " Nothing was changed."
    neither = "This file is neither a file of exported games nor a game record." + unchanged
    return [
        ("empty.json", "  \n", "This file is empty." + unchanged),
        (
            "notes.txt",
            "these are not my games {",
            "This file is not JSON: it is neither a file of exported games nor a game record."
            + unchanged,
        ),
        (
            "cut.json",
            json.dumps(saves_file([good], []))[:-40],
            "This file is not JSON: it is neither a file of exported games nor a game record."
            + unchanged,
        ),
        ("list.json", "[1, 2, 3]", neither),
        ("other.json", json.dumps({"format": "chess-saves", "version": 1, "saves": []}), neither),
        ("shape.json", json.dumps(saves_file([], [], saves={"new1": good})), neither),
        (
            "v2.json",
            json.dumps(saves_file([good], [], version=2)),
            "This file of games has version 2; this app reads version 1." + unchanged,
        ),
        (
            "chess.json",
            json.dumps(saves_file([good, dict(good, id="new3", game="chess")], [])),
            'This file holds a game this app does not have ("chess").' + unchanged,
        ),
        (
            "damaged.json",
            json.dumps(saves_file([good, {k: v for k, v in good.items() if k != "names"}], [])),
            "Game 2 in this file is damaged." + unchanged,
        ),
        (
            "revision.json",
            json.dumps(saves_file([good], [dict(finished_entry("d9", 26), rev="x")])),
            "Game 2 in this file is damaged." + unchanged,
        ),
        (
            "refused.json",
            json.dumps(saves_file([good, bad_entry], [])),
            "Game 2 in this file could not be opened." + unchanged,
        ),
        (
            "record-chess.json",
            json.dumps(dict(record, game="chess")),
            'This file holds a game this app does not have ("chess").' + unchanged,
        ),
        ("record-bad.json", json.dumps(illegal), "This game record could not be opened."),
    ]


def test_a_bad_file_is_refused_and_changes_nothing(page: Page, base_url: str) -> None:
    lobby(page, base_url)
    put(
        page,
        {
            "pygames.save.mine": save_entry("mine", marie_record(27, 6)),
            "pygames.done.old": finished_entry("old", 28),
        },
    )
    page.reload()
    moved_in(page)
    before = stored(page)
    for name, content, sentence in bad_files():
        choose(page, name, content)
        text = wait_note(page)
        assert text.startswith(sentence), (name, text)
        expect(note(page)).to_have_attribute("data-tone", "bad")
        assert stored(page) == before, name
        expect(page.get_by_test_id("lobby")).to_be_visible()  # still the lobby
    # the engine's own reasons follow its refusals
    choose(page, "record-bad.json", bad_files()[-1][1])
    assert "pile99" in wait_note(page)
    # in Japanese too
    page.get_by_test_id("lang-ja").click()
    expect(note(page)).to_contain_text("このゲームの記録は開けませんでした。")
    choose(page, "v2.json", json.dumps(saves_file([], [], version=2)))
    expect(note(page)).to_have_text(
        "このゲームのファイルの版は2です。このアプリが読めるのは版1です。何も変更していません。"
    )
    choose(page, "notes.txt", "not my games")
    expect(note(page)).to_contain_text("このファイルはJSONではありません。")
    assert stored(page) == before


def test_an_import_that_does_not_fit_changes_nothing(page: Page, base_url: str) -> None:
    lobby(page, base_url)
    put(page, {"pygames.save.mine": save_entry("mine", marie_record(27, 6))})
    page.reload()
    moved_in(page)
    before = stored(page)
    games = [save_entry(f"new{i}", marie_record(29, 3 + i)) for i in range(3)]
    # the storage fills up at the second game of the file: the first is taken out again
    page.evaluate(
        """() => {
          const original = Storage.prototype.setItem;
          let writes = 0;
          Storage.prototype.setItem = function (key, value) {
            if (this === window.localStorage && key.startsWith('pygames.save.')
                && ++writes >= 2) {
              throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            }
            return original.call(this, key, value);
          };
        }"""
    )
    choose(page, "games.json", json.dumps(saves_file(games, [])))
    assert wait_note(page) == (
        "There is not enough room on this device for these games. Nothing was changed."
    )
    assert stored(page) == before
    expect(page.get_by_test_id("save-item")).to_have_count(1)


def test_one_game_record_opens_in_the_replay_viewer(warm_page: Page, base_url: str) -> None:
    page = warm_page
    lobby(page, base_url + "#/")
    before = stored(page)
    # a line of `python -m pygames simulate` (the record, its scores and winners)
    line = simulate("marie", 4, 31)
    choose(page, "game.json", json.dumps(line, indent=2))
    viewer = page.get_by_test_id("replay")
    expect(viewer).to_have_attribute("data-total", str(len(line["actions"])), timeout=60_000)
    expect(viewer).to_have_attribute("data-finished", "yes")
    expect(viewer).to_have_attribute("data-ply", "0")
    assert unlink(page.evaluate("location.hash").split("&", 1)[1]) == record_of(line)
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("replay-end")).to_be_visible()
    assert stored(page) == before  # watched, not kept

    # the link "Copy the game link" gives, in a text file: a game cut short
    record = marie_record(32, 12)
    lobby(page, base_url + "#/")
    choose(page, "link.txt", f"{base_url}{link(record)}\n")
    expect(viewer).to_have_attribute("data-total", "12", timeout=60_000)
    expect(viewer).to_have_attribute("data-finished", "no")
    assert stored(page) == before


# ------------------------------------------------------------------------------ two tabs


def ready(page: Page) -> str:
    """Wait for the next person's turn (past the privacy screen); returns its phase."""
    phase = wait_turn(page)
    if phase == "pass":
        page.get_by_test_id("privacy-continue").click()
        phase = wait_turn(page)
    return phase


def pile(page: Page, which: str) -> str:
    """Choose a pile (the first or the last one open); returns its move's notation."""
    assert ready(page) == "pile"
    piles = page.locator("[data-testid^=pile-]:enabled")
    button = piles.first if which == "first" else piles.last
    notation = str(button.get_attribute("data-a"))
    button.click()
    return notation


def act(page: Page) -> str:
    """One legal move of the person to play (a draft keeps the first two cards); returns the
    phase it was played in."""
    phase = ready(page)
    marie_act(page, phase)
    return phase


def saved_actions(page: Page) -> list[str]:
    """The actions of the game in progress as saved: its record in the vault (web/vault.js)."""
    (game_id,) = [k.split(".")[-1] for k in stored(page) if k.startswith("pygames.save.")]
    actions: list[str] = unlink(vault_records(page)[game_id]["save"])["actions"]
    return actions


def test_two_tabs_never_lose_an_action(
    context: BrowserContext, page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    record = marie_record(33, 0)
    a = page
    a.goto(base_url + link(record))
    wait_engine(a)
    assert wait_turn(a) == "pass"
    b = context.new_page()
    lobby(b, base_url)
    b.get_by_test_id("save-continue").click()
    assert wait_turn(b) == "pass"
    assert ply(b) == 0

    # B's storage is full: what it plays is not saved; A plays another pile meanwhile
    b.evaluate(FULL_STORAGE)
    pile(b, "first")
    banner = b.get_by_test_id("save-banner")
    expect(banner).to_have_attribute("data-kind", "full")
    assert wait_turn(b) == "draft" and ply(b) == 1
    chosen = pile(a, "last")
    # B has work of its own: it does not follow, it says the game moved on, and saves nothing
    expect(banner).to_have_attribute("data-kind", "moved")
    expect(banner.get_by_test_id("save-banner-text")).to_have_text(
        "This game moved on in another tab. Reload it to go on from there; "
        "moves made here are not saved."
    )
    shot(b, "saves-moved-on")
    b.get_by_test_id("lang-ja").click()
    expect(banner.get_by_test_id("save-banner-text")).to_contain_text(
        "このゲームは別のタブで進みました。"
    )
    b.get_by_test_id("lang-en").click()
    actions = saved_actions(a)
    assert len(actions) == 1 and actions[0].endswith(f":{chosen}"), (actions, chosen)
    b.evaluate("window.__roomAgain()")
    assert act(b) == "draft"  # played on in B: still not saved over A's game
    wait_turn(b)
    assert ply(b) == 2
    assert saved_actions(a) == actions
    # B reloads the game: A's pile
    b.get_by_test_id("save-banner-reload").click()
    expect(banner).to_have_count(0)
    assert wait_turn(b) == "pass"
    assert ply(b) == 1

    # B plays: A (waiting for its player, nothing unsaved) follows; then A plays and B follows
    assert act(b) == "draft"
    expect(table(a)).to_have_attribute("data-ply", "2", timeout=30_000)
    expect(a.get_by_test_id("toast")).to_have_text(
        "This game moved on in another tab: here is where it stands."
    )
    assert len(saved_actions(a)) == 2
    act(a)
    expect(table(b)).to_have_attribute("data-ply", "3", timeout=30_000)
    final = saved_actions(b)
    assert len(final) == 3 and final[0] == actions[0], final
    # both tabs show the saved game; the save was never written over by an older one
    assert ply(a) == ply(b) == 3
    (entry,) = [v for k, v in stored(b).items() if k.startswith("pygames.save.")]
    assert entry["rev"] >= 4 and entry["ply"] == 3

    # B out of sight does not follow at once; when it writes, the save's revision has moved on:
    # its write is refused, A's vote stays
    b.evaluate(
        "Object.defineProperty(document, 'visibilityState', "
        "{ get: () => 'hidden', configurable: true })"
    )
    assert act(a) == "vote"  # down
    expect(table(a)).to_have_attribute("data-ply", "4")
    wait_turn(a)
    voted = saved_actions(a)
    assert len(voted) == 4 and voted[-1].endswith(":down"), voted
    assert ready(b) == "vote" and ply(b) == 3  # B did not follow
    b.get_by_test_id("vote-up").click()
    expect(banner).to_have_attribute("data-kind", "moved")
    assert saved_actions(b) == voted
    # in sight again: B reloads the game and shows A's vote
    b.evaluate("delete document.visibilityState")
    b.get_by_test_id("save-banner-reload").click()
    wait_turn(b)
    assert ply(b) == 4 and saved_actions(b) == voted


# ------------------------------------------------------------------------------ full storage


def test_a_full_storage_is_said_and_the_game_goes_on(
    page: Page, base_url: str, shot: Callable[..., Any]
) -> None:
    lobby(page, base_url)
    put(
        page,
        {
            "pygames.save.other": save_entry("other", marie_record(34, 7)),
            "pygames.done.old": finished_entry("old", 35),
        },
    )
    page.goto(base_url + link(marie_record(36, 0)))
    wait_engine(page)
    pile(page, "first")
    assert wait_turn(page) == "draft"
    before = stored(page)
    assert len(before) == 3
    (mine,) = [k for k in before if k not in ("pygames.save.other", "pygames.done.old")]
    mine_id = mine.split(".")[-1]
    assert len(unlink(vault_records(page)[mine_id]["save"])["actions"]) == 1

    page.evaluate(FULL_STORAGE)
    act(page)
    banner = page.get_by_test_id("save-banner")
    expect(banner).to_have_attribute("data-kind", "full")
    expect(banner.get_by_test_id("save-banner-text")).to_have_text(
        "This device's storage is full: this game is not being saved now. You can keep "
        "playing; your earlier saves are kept."
    )
    assert page.evaluate("window.__refused") > 0
    # the game goes on in memory; nothing saved before is lost or changed
    act(page)
    wait_turn(page)
    assert ply(page) == 3
    assert stored(page) == before
    shot(page, "saves-storage-full")
    page.get_by_test_id("lang-ja").click()
    expect(banner.get_by_test_id("save-banner-text")).to_have_text(
        "この端末の保存領域がいっぱいのため、このゲームは今は保存されていません。"
        "このまま遊べます。以前の保存は残っています。"
    )
    page.get_by_test_id("lang-en").click()
    page.get_by_test_id("save-banner-ok").click()
    expect(banner).to_have_count(0)
    # room again: the next move saves the whole game
    page.evaluate("window.__roomAgain()")
    act(page)
    expect(page.get_by_test_id("toast")).to_have_text("The game is being saved again.")
    after = stored(page)
    assert after["pygames.save.other"] == before["pygames.save.other"]
    assert after["pygames.done.old"] == before["pygames.done.old"]
    assert len(unlink(vault_records(page)[mine_id]["save"])["actions"]) == 4
