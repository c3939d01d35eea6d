#!/usr/bin/env python3
"""Make the README's gallery: the lobby and each game's table mid-game, in landscape.

Usage::

    python3 tools/gallery.py              # (re)make docs/gallery/*.jpg
    python3 tools/gallery.py --out DIR    # write them to DIR instead

The screenshots come from the browser tests' machinery: this script runs ``e2e/test_gallery.py``
(skipped in the ordinary e2e run unless ``PYGAMES_GALLERY`` names a folder) with pytest and
Playwright from the project's ``.venv``, on the site the e2e fixture builds (``dist/``, or the
folder ``PYGAMES_DIST`` names). Each table is a seeded game of one human ("Player 1", seat 0)
and bots at the ``normal`` level, opened a share of the way in, just before the human's turn, at
1024x768 in English; the lobby is shot in English and in Japanese. Playwright writes JPEGs at
:data:`QUALITY`; the script then checks each one (a JPEG of 1024x768, at most :data:`LIMIT`
bytes) and only when all pass replaces the files of the output folder. Commit what it writes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GALLERY = ROOT / "docs" / "gallery"
E2E_MODULE = ROOT / "e2e" / "test_gallery.py"
WIDTH, HEIGHT = 1024, 768
LIMIT = 150_000  # bytes: the largest an image of the gallery may be (issue 24)
QUALITY = 75  # JPEG quality of Playwright's screenshots, tuned to stay well under LIMIT
ENV_OUT = "PYGAMES_GALLERY"  # the folder e2e/test_gallery.py writes to; unset, it is skipped


@dataclass(frozen=True)
class Table:
    """A game's gallery table: a seeded game of ``normal`` bots, cut just before seat 0's
    first action at or after ``share`` of its actions that starts with ``before`` (the kind of
    move the table shows the human making: ``pick`` in Marie's Table shows the hand)."""

    game: str
    players: int
    seed: int
    share: float
    before: str = ""

    @property
    def file(self) -> str:
        """The image's file name."""
        return f"{self.game}.jpg"


TABLES = (
    Table("marie", 4, 24, 0.45, "pick"),
    Table("hitokai", 4, 24, 0.4),
    Table("pharaoh", 3, 24, 0.3, "d"),
    Table("baggai", 4, 24, 0.4),
    Table("yadokashi", 3, 24, 0.45),
)
LOBBIES = {"en": "lobby.jpg", "ja": "lobby-ja.jpg"}  # language: file name
FILES = (*LOBBIES.values(), *(table.file for table in TABLES))

# JPEG markers that carry no length (start of image, end of image, restart markers)
_STANDALONE = {0xD8, 0xD9, 0x01, *range(0xD0, 0xD8)}
# start-of-frame markers (baseline, progressive...), which hold the image's size
_FRAMES = set(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def jpeg_size(data: bytes) -> tuple[int, int]:
    """Width and height of a JPEG file (read from its start-of-frame segment).

    Raises ``ValueError`` if the data is not a JPEG or has no frame header.
    """
    if data[:2] != b"\xff\xd8":
        raise ValueError("not a JPEG file (no start-of-image marker)")
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            raise ValueError(f"broken JPEG: no marker at byte {i}")
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in _STANDALONE:
            i += 2
            continue
        length = int.from_bytes(data[i + 2 : i + 4], "big")
        if marker in _FRAMES and i + 9 <= len(data):
            height = int.from_bytes(data[i + 5 : i + 7], "big")
            width = int.from_bytes(data[i + 7 : i + 9], "big")
            return width, height
        i += 2 + length
    raise ValueError("broken JPEG: no start-of-frame segment")


def problems(folder: Path) -> list[str]:
    """What is wrong with the gallery images in ``folder`` (empty when all are fine)."""
    found = []
    for name in FILES:
        path = folder / name
        if not path.is_file():
            found.append(f"{name}: missing")
            continue
        data = path.read_bytes()
        if len(data) > LIMIT:
            found.append(f"{name}: {len(data)} bytes, over the limit of {LIMIT}")
        try:
            size = jpeg_size(data)
        except ValueError as exc:
            found.append(f"{name}: {exc}")
            continue
        if size != (WIDTH, HEIGHT):
            found.append(f"{name}: {size[0]}x{size[1]}, not {WIDTH}x{HEIGHT}")
    return found


def shoot(folder: Path, pytest_args: Sequence[str]) -> int:
    """Run the gallery's browser tests, which write the images into ``folder``."""
    sys.path.insert(0, str(ROOT))
    import build  # build.py lives at the repository root

    python = build.ensure_venv()
    build.ensure_chromium()
    env = {**os.environ, ENV_OUT: str(folder)}
    command = [str(python), "-m", "pytest", str(E2E_MODULE), "-q", "-p", "no:cacheprovider"]
    return subprocess.run([*command, *pytest_args], cwd=ROOT, env=env, check=False).returncode


def install(folder: Path, out: Path) -> None:
    """Replace the gallery images of ``out`` with those of ``folder`` (others are removed)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.jpg"):
        if old.name not in FILES:
            old.unlink()
    for name in FILES:
        shutil.copyfile(folder / name, out / name)


def main(argv: Sequence[str] | None = None) -> int:
    """Make the gallery; 0 when every image was made and passed the checks."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=GALLERY, help="folder of the images")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pygames-gallery-") as tmp:
        folder = Path(tmp)
        status = shoot(folder, args.pytest_args)
        if status != 0:
            print(f"gallery: the browser run failed (pytest exit {status})", file=sys.stderr)
            return 1
        found = problems(folder)
        if found:
            print("gallery: nothing replaced:\n  " + "\n  ".join(found), file=sys.stderr)
            return 1
        install(folder, args.out)
    for name in FILES:
        size = (args.out / name).stat().st_size
        print(f"{args.out / name}: {size / 1000:.1f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
