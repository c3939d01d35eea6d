#!/usr/bin/env python3
"""Draw the PNG icons of the web app manifest (standard library only, no image library).

Usage::

    python3 tools/icons.py           # (re)draw web/icons/*.png
    python3 tools/icons.py --check   # exit 1 if a committed PNG is not what this script draws

The PNGs are committed in ``web/icons/``, next to the SVG icon they are drawn after
(``icon.svg``, the mark of the collection "Five Tables"), and ``build.py`` copies them into
``dist/icons/`` with the rest of ``web/``. Each is drawn from polygons in a 100x100 design box (a
raspberry tile, five round tables, a piece on each), filled with 5x5 anti-aliasing samples per
pixel, and written as an RGBA PNG whose bytes depend only on the shapes (``tests/test_icons.py``
checks that the committed files are what this script draws). Run it after changing a shape and
commit the PNGs it writes.
"""

from __future__ import annotations

import argparse
import functools
import math
import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "web" / "icons"

Point = tuple[float, float]
Polygon = list[Point]
Color = tuple[int, int, int]
Layer = tuple[Color, Polygon]
Edge = tuple[Point, Point]

# name, size in px, full bleed (maskable and Apple touch icons are cropped by the system)
ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)


# --------------------------------------------------------------------------------------------
# Shapes (100x100 design units)


def hex_color(text: str) -> Color:
    """``#rrggbb`` -> (r, g, b)."""
    value = int(text.lstrip("#"), 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


def circle_polygon(cx: float, cy: float, r: float, steps: int = 96) -> Polygon:
    """A circle as a polygon."""
    return [
        (cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float) -> Polygon:
    """A rectangle with round corners as a polygon."""
    pts: Polygon = []
    corners = (
        (x1 - r, y0 + r, -90),
        (x1 - r, y1 - r, 0),
        (x0 + r, y1 - r, 90),
        (x0 + r, y0 + r, 180),
    )
    for cx, cy, start in corners:
        for i in range(13):
            a = math.radians(start + 90 * i / 12)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# the collection's mark, "Five Tables": five round tables laid out like the five on a die, each
# with a piece in one game's colour (web/ui/art.js draws the same mark in the page's header)
TABLE_SPOTS = ((32.0, 32.0), (68.0, 32.0), (50.0, 50.0), (32.0, 68.0), (68.0, 68.0))
PIECE_COLORS = ("#c8323c", "#e2ac36", "#2b5fa8", "#3d8436", "#22788a")


def icon_layers(full_bleed: bool) -> list[Layer]:
    """The home-screen icon in a 100x100 design box, bottom layer first: a raspberry tile
    (square when ``full_bleed``, else with round corners) and five round tables on it, each
    with its shadow, its rim, its top and a piece of one game's colour. Everything lies within
    40 units of the centre, the safe zone of a maskable icon."""
    layers: list[Layer] = []
    if full_bleed:
        layers.append((hex_color("#b8354f"), [(0, 0), (100, 0), (100, 100), (0, 100)]))
    else:
        layers.append((hex_color("#b8354f"), rounded_rect(4, 4, 96, 96, 22)))
    for (x, y), piece in zip(TABLE_SPOTS, PIECE_COLORS, strict=True):
        layers.append((hex_color("#8f2239"), circle_polygon(x, y + 2.5, 12)))
        layers.append((hex_color("#f0dcc9"), circle_polygon(x, y, 12)))
        layers.append((hex_color("#fffdf9"), circle_polygon(x, y, 10.5)))
        layers.append((hex_color(piece), circle_polygon(x, y, 5, 48)))
    return layers


# --------------------------------------------------------------------------------------------
# Rasterizing: scanlines with sub-samples, "over" compositing in floats


def polygon_edges(pts: Sequence[Point]) -> list[Edge]:
    """The polygon's non-horizontal edges, each with its upper end first."""
    edges = [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]
    return [(a, b) if a[1] <= b[1] else (b, a) for a, b in edges if a[1] != b[1]]


def row_coverage(
    edges: Sequence[Edge], row: int, size: int, sub: int
) -> tuple[list[float], list[float], int, int]:
    """How much of each pixel of ``row`` the polygon covers (even-odd rule), from ``sub``
    scanlines: the partial cover at span ends, a running difference for the pixels between
    them, and the first and last pixel touched."""
    w = 1 / sub
    cover = [0.0] * (size + 2)
    diff = [0.0] * (size + 2)
    lo, hi = size, 0
    for s in range(sub):
        y = row + (s + 0.5) * w
        xs = sorted(
            a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1]) for a, b in edges if a[1] <= y < b[1]
        )
        for i in range(0, len(xs) - 1, 2):
            xa, xb = max(0.0, xs[i]), min(float(size), xs[i + 1])
            if xb <= xa:
                continue
            fa, fb = int(xa), int(xb)
            lo, hi = min(lo, fa), max(hi, fb)
            if fa == fb:
                cover[fa] += w * (xb - xa)
                continue
            cover[fa] += w * (fa + 1 - xa)
            diff[fa + 1] += w
            diff[fb] -= w
            cover[fb] += w * (xb - fb)
    return cover, diff, lo, hi


class Canvas:
    """A square of straight (not premultiplied) RGBA pixels, channels as floats in 0..1."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.red = [0.0] * (size * size)
        self.green = [0.0] * (size * size)
        self.blue = [0.0] * (size * size)
        self.alpha = [0.0] * (size * size)

    def fill(self, color: Color, poly: Polygon, sub: int) -> None:
        """Paint a polygon (pixel units) over what is there, anti-aliased."""
        edges = polygon_edges(poly)
        ys = [p[1] for p in poly]
        top, bottom = max(0, int(min(ys))), min(self.size, math.ceil(max(ys)))
        rgb = tuple(c / 255 for c in color)
        for row in range(top, bottom):
            cover, diff, lo, hi = row_coverage(edges, row, self.size, sub)
            self.blend_row(row, rgb, cover, diff, range(lo, min(hi + 1, self.size)))

    def blend_row(
        self,
        row: int,
        rgb: tuple[float, ...],
        cover: list[float],
        diff: list[float],
        span: range,
    ) -> None:
        """Composite one color over the pixels of ``span`` in ``row``, each by its coverage."""
        cr, cg, cb = rgb
        red, green, blue, alpha = self.red, self.green, self.blue, self.alpha
        run = 0.0
        base = row * self.size
        for x in span:
            run += diff[x]
            a = min(1.0, cover[x] + run)
            if a <= 0:
                continue
            i = base + x
            if a >= 1.0:
                red[i], green[i], blue[i], alpha[i] = cr, cg, cb, 1.0
                continue
            keep = alpha[i] * (1 - a)
            out = a + keep
            red[i] = (cr * a + red[i] * keep) / out
            green[i] = (cg * a + green[i] * keep) / out
            blue[i] = (cb * a + blue[i] * keep) / out
            alpha[i] = out

    def rgba(self) -> bytes:
        """The pixels as RGBA bytes, row by row."""
        pixels = bytearray(self.size * self.size * 4)
        for offset, channel in enumerate((self.red, self.green, self.blue, self.alpha)):
            pixels[offset::4] = bytes(int(v * 255 + 0.5) for v in channel)
        return bytes(pixels)


def rasterize(size: int, layers: Sequence[Layer], sub: int = 5) -> bytes:
    """RGBA pixels of the layers (100x100 design units) at ``size`` px, anti-aliased."""
    k = size / 100
    canvas = Canvas(size)
    for color, poly in layers:
        canvas.fill(color, [(x * k, y * k) for x, y in poly], sub)
    return canvas.rgba()


def png(size: int, rgba: bytes) -> bytes:
    """A square RGBA PNG file (deterministic bytes: no timestamp, zlib level 9)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    stride = size * 4
    raw = b"".join(b"\x00" + rgba[r * stride : (r + 1) * stride] for r in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


# --------------------------------------------------------------------------------------------
# The files


@functools.cache
def draw(size: int, full_bleed: bool) -> bytes:
    """The PNG file of the icon at ``size`` px (kept: the same arguments give the same bytes)."""
    return png(size, rasterize(size, icon_layers(full_bleed)))


def drawn_icons() -> dict[str, bytes]:
    """Every icon of :data:`ICONS`: file name -> PNG bytes."""
    return {name: draw(size, full_bleed) for name, size, full_bleed in ICONS}


def write_icons(out_dir: Path = ICON_DIR) -> list[Path]:
    """Draw the icons into ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in drawn_icons().items():
        path = out_dir / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def stale_icons(folder: Path = ICON_DIR) -> list[str]:
    """The icons of ``folder`` that are missing or differ from what this script draws."""
    return [
        name
        for name, data in drawn_icons().items()
        if not (folder / name).is_file() or (folder / name).read_bytes() != data
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Draw the icons into ``--out`` (default web/icons/), or only ``--check`` them."""
    summary = (__doc__ or "").split("\n\n")[0]
    parser = argparse.ArgumentParser(prog="icons.py", description=summary)
    parser.add_argument("--out", type=Path, default=ICON_DIR, help="default: web/icons/")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_icons(args.out)
        for name in stale:
            print(f"icons.py: {args.out / name} is not what tools/icons.py draws", file=sys.stderr)
        return 1 if stale else 0
    for path in write_icons(args.out):
        print(f"icons.py: wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
