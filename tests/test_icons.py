"""The PNG icons committed in ``web/icons/`` are what ``tools/icons.py`` draws, and they are the
ones the site names (the manifest, index.html); the build refuses a site without them.

In Pyodide only ``tests/`` is copied (tools/pyodide_tests.mjs), so there this module is skipped.
"""

from __future__ import annotations

import json
import shutil
import struct
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

if not (ROOT / "tools" / "icons.py").is_file() or not WEB.is_dir():
    pytest.skip(
        "tools/ and web/ are not here (the Pyodide run copies tests/ only)", allow_module_level=True
    )

import build  # noqa: E402  (build.py lives at the repository root)
from tools import icons  # noqa: E402

PNG_NAMES = [name for name, _, _ in icons.ICONS]


def png_header(data: bytes) -> tuple[int, int, int, int]:
    """Width, height, bit depth and color type of a PNG file (its IHDR chunk, CRC checked)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    body = data[16:29]
    assert struct.unpack(">I", data[29:33])[0] == zlib.crc32(kind + body)
    width, height, depth, color = struct.unpack(">IIBB", body[:10])
    return width, height, depth, color


@pytest.mark.parametrize(("name", "size", "full_bleed"), icons.ICONS)
def test_committed_png_is_what_the_script_draws(name: str, size: int, full_bleed: bool) -> None:
    committed = (WEB / "icons" / name).read_bytes()
    assert committed == icons.draw(size, full_bleed), (
        f"web/icons/{name} differs from tools/icons.py's drawing: run python3 tools/icons.py"
    )
    assert png_header(committed) == (size, size, 8, 6)


def test_check_mode_notices_a_changed_icon(tmp_path: Path) -> None:
    for name in PNG_NAMES:
        shutil.copyfile(WEB / "icons" / name, tmp_path / name)
    assert icons.stale_icons(tmp_path) == []
    (tmp_path / "icon-192.png").write_bytes(icons.draw(192, True))  # the full-bleed drawing
    (tmp_path / "apple-touch-icon.png").unlink()
    assert icons.main(["--check", "--out", str(tmp_path)]) == 1
    assert icons.stale_icons(tmp_path) == ["icon-192.png", "apple-touch-icon.png"]


def test_the_site_names_every_png_and_the_manifest_sizes_are_true() -> None:
    named = build.icon_files(WEB)
    assert sorted(f"icons/{name}" for name in PNG_NAMES) == [n for n in named if n.endswith(".png")]
    manifest = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    assert pngs
    for icon in pngs:
        width, height, _, _ = png_header((WEB / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{width}x{height}"
    assert "icons/apple-touch-icon.png" in named  # index.html's <link rel="apple-touch-icon">


def test_the_build_refuses_a_site_without_an_icon(tmp_path: Path) -> None:
    for name in ("manifest.webmanifest", "index.html"):
        shutil.copyfile(WEB / name, tmp_path / name)
    shutil.copytree(WEB / "icons", tmp_path / "icons")
    assert build.check_icons(tmp_path) == build.icon_files(WEB)
    (tmp_path / "icons" / "maskable-512.png").unlink()
    with pytest.raises(build.BuildError, match=r"maskable-512\.png"):
        build.check_icons(tmp_path)
