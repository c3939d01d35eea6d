"""The README's gallery (issue 24, part 5): every image README.md shows exists under docs/ and
is at most 150 kB; each game's table and the lobby are shown, with the game's names in English
and Japanese; the images are the 1024x768 JPEGs ``tools/gallery.py`` makes.

In Pyodide only ``tests/`` is copied (tools/pyodide_tests.mjs), so there this module is skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"

if not README.is_file() or not (ROOT / "tools" / "gallery.py").is_file():
    pytest.skip(
        "README.md and tools/ are not here (the Pyodide run copies tests/ only)",
        allow_module_level=True,
    )

from pygames.core.registry import all_games  # noqa: E402
from tools import gallery  # noqa: E402

LIMIT = 150_000  # bytes (issue 24: "at most 150 kB each"); tools/gallery.py must agree
IMAGE = re.compile(r"\.(?:png|jpe?g|gif|svg|webp)$", re.IGNORECASE)
# ![alt](path) and [text](path) targets, and <img src="path">
MARKDOWN_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
IMG_SRC = re.compile(r"<img\b[^>]*\bsrc=\"([^\"]+)\"", re.IGNORECASE)


def readme_images(text: str) -> list[str]:
    """The local image paths README.md refers to (links and <img> alike), in order, once each."""
    found = MARKDOWN_TARGET.findall(text) + IMG_SRC.findall(text)
    local = [p for p in found if IMAGE.search(p) and "://" not in p and not p.startswith("#")]
    return list(dict.fromkeys(local))


def gallery_cells(text: str) -> dict[str, str]:
    """Each gallery image's table cell in README.md: file name -> the cell's text."""
    cells: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        for cell in line.strip("|").split(" | "):
            for src in IMG_SRC.findall(cell):
                if src.startswith("docs/gallery/"):
                    cells[src.removeprefix("docs/gallery/")] = cell
    return cells


def test_the_readme_shows_images() -> None:
    assert readme_images(README.read_text(encoding="utf-8")), "README.md shows no image"


@pytest.mark.parametrize("path", readme_images(README.read_text(encoding="utf-8")))
def test_every_readme_image_is_under_docs_and_at_most_150_kb(path: str) -> None:
    file = (ROOT / path).resolve()
    assert file.is_relative_to(DOCS), f"{path} is not under docs/"
    assert file.is_file(), f"{path} is missing"
    size = file.stat().st_size
    assert size <= LIMIT, f"{path} is {size} bytes, over {LIMIT}"


def test_the_script_keeps_the_same_limit() -> None:
    assert gallery.LIMIT <= LIMIT


def test_the_gallery_shows_the_lobby_and_every_game_with_its_names() -> None:
    cells = gallery_cells(README.read_text(encoding="utf-8"))
    assert set(cells) == set(gallery.FILES), "README's gallery and tools/gallery.py differ"
    tables = {table.game: table.file for table in gallery.TABLES}
    for game in all_games():
        assert game.id in tables, f"no gallery table of {game.id}"
        cell = cells[tables[game.id]]
        for lang in ("en", "ja"):
            assert game.titles[lang] in cell, f"{tables[game.id]}: no {lang} title in {cell!r}"


@pytest.mark.parametrize("name", gallery.FILES)
def test_each_gallery_image_is_a_landscape_jpeg_the_script_accepts(name: str) -> None:
    path = gallery.GALLERY / name
    assert path.is_file(), f"docs/gallery/{name} is missing: run python3 tools/gallery.py"
    assert gallery.jpeg_size(path.read_bytes()) == (gallery.WIDTH, gallery.HEIGHT)
    assert not gallery.problems(gallery.GALLERY), gallery.problems(gallery.GALLERY)


def test_no_stray_files_in_the_gallery_folder() -> None:
    names = {path.name for path in gallery.GALLERY.iterdir()}
    assert names == set(gallery.FILES)


def test_jpeg_size_reads_a_frame_header_and_refuses_other_data() -> None:
    # a minimal JPEG head: SOI, an APP0 segment of 4 bytes, then SOF0 of 640x480
    head = b"\xff\xd8" + b"\xff\xe0\x00\x04ab" + b"\xff\xc0\x00\x11\x08\x01\xe0\x02\x80\x03"
    assert gallery.jpeg_size(head + b"\x00" * 9) == (640, 480)
    with pytest.raises(ValueError):
        gallery.jpeg_size(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(ValueError):
        gallery.jpeg_size(b"\xff\xd8\xff\xd9")
