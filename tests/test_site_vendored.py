"""What the site serves from npm besides Pyodide: the QR code decoder that web/net/scan.js loads
where the browser has no BarcodeDetector (buildsite/downloads.py copies it into dist/vendor/qr/,
and the service worker's precache stores it with the page's own files, the shell, so it works
offline)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import IN_PYODIDE

pytestmark = pytest.mark.skipif(IN_PYODIDE, reason="the build tools run in CPython only")

ROOT = Path(__file__).resolve().parent.parent


def fake_package(root: Path, decode: str) -> Path:
    """A folder shaped like npm's ``qr``: decode.js (with the given text), index.js, licenses."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "decode.js").write_text(decode, encoding="utf-8")
    (root / "index.js").write_text("export const tables = [];\n", encoding="utf-8")
    (root / "LICENSE").write_text("Apache License 2.0\n", encoding="utf-8")
    (root / "LICENSE-MIT").write_text("MIT License\n", encoding="utf-8")
    return root


def test_the_qr_decoder_goes_to_vendor_with_its_licenses_and_lands_in_the_precache(
    tmp_path: Path,
) -> None:
    from buildsite.downloads import QR_DECODER_DIR, copy_qr_decoder
    from buildsite.site import precache_files, precache_tiers

    source = fake_package(tmp_path / "npm", "import { tables } from './index.js';\n")
    dist = tmp_path / "dist"
    size = copy_qr_decoder(dist / QR_DECODER_DIR, source)
    names = ["LICENSE", "LICENSE-MIT", "decode.js", "index.js"]
    assert sorted(p.name for p in (dist / QR_DECODER_DIR).iterdir()) == names
    assert size == sum((source / name).stat().st_size for name in names)
    assert precache_files(dist) == [f"vendor/qr/{name}" for name in names]
    assert precache_tiers(precache_files(dist)) == ([f"vendor/qr/{name}" for name in names], [])


@pytest.mark.parametrize(
    "line", ["import { x } from './extra.js';\n", "const later = () => import('./extra.js');\n"]
)
def test_a_decoder_importing_a_module_not_copied_stops_the_build(tmp_path: Path, line: str) -> None:
    from buildsite.common import BuildError
    from buildsite.downloads import copy_qr_decoder

    source = fake_package(tmp_path / "npm", line)
    with pytest.raises(BuildError, match=r"extra\.js"):
        copy_qr_decoder(tmp_path / "out", source)


def test_scan_js_loads_the_decoder_from_where_the_build_puts_it(tmp_path: Path) -> None:
    from buildsite.common import WEB, BuildError
    from buildsite.downloads import check_qr_decoder_path

    check_qr_decoder_path(WEB)
    (tmp_path / "net").mkdir()
    (tmp_path / "net" / "scan.js").write_text("const P = '../lib/decode.js';\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"scan\.js"):
        check_qr_decoder_path(tmp_path)


def test_the_decoder_is_pinned_exactly_in_package_json_and_the_lock() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pinned = package["devDependencies"]["qr"]
    assert pinned.count(".") == 2 and pinned[0].isdigit(), "an exact version, no range"
    assert lock["packages"]["node_modules/qr"]["version"] == pinned
    assert lock["packages"][""]["devDependencies"]["qr"] == pinned
    license_ = lock["packages"]["node_modules/qr"]["license"].strip("()")
    rows = (ROOT / "THIRD_PARTY.md").read_text(encoding="utf-8").splitlines()
    row = next(line for line in rows if "npm `qr`" in line)
    assert f"| {pinned} |" in row and f"| {license_};" in row, "THIRD_PARTY.md names the pin"
