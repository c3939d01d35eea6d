"""How the built site reaches the browser: one preload link per module of the lobby's static
import graph (buildsite/preload.py), text sent gzipped by the site's server
(buildsite/serve.py), as GitHub Pages does, and the service worker's precache in two tiers, the
engine's stored only on a device that runs it (buildsite/site.py; issue 34)."""

from __future__ import annotations

import gzip
import json
import re
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import IN_PYODIDE

pytestmark = pytest.mark.skipif(IN_PYODIDE, reason="the build tools run in CPython only")

INDEX = """<!doctype html><html><head>
  <link rel="modulepreload" href="./engine.js">
  <script type="module" async src="./boot.js"></script>
  <script type="module" async src="./app.js"></script>
</head><body></body></html>
"""


def write_site(root: Path, files: dict[str, str]) -> Path:
    """A small site: index.html and the given modules."""
    (root / "index.html").write_text(INDEX, encoding="utf-8")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


MODULES = {
    "boot.js": "import { createEngine } from './engine.js';\n",
    "engine.js": "export const x = 1;\n",
    "app.js": (
        "import {\n  a,\n  b,\n} from './ui/a.js';\n"
        "import './ui/side.js';\n"
        "// import { nothing } from './not-a-module.js';\n"
        "const later = () => import('./screens/lazy.js');\n"
    ),
    "ui/a.js": "export { c } from '../lib/c.js';\nexport const a = 1, b = 2;\n",
    "ui/side.js": "import { c } from '../lib/c.js';\n",
    "lib/c.js": "export const c = 3;\n",
    "screens/lazy.js": "import { c } from '../lib/c.js';\n",
}


def test_the_graph_holds_static_imports_and_re_exports_only(tmp_path: Path) -> None:
    from buildsite.preload import import_graph

    site = write_site(tmp_path, MODULES)
    graph = import_graph(site, ["boot.js", "app.js"])
    assert graph == ["boot.js", "app.js", "engine.js", "ui/a.js", "ui/side.js", "lib/c.js"]


def test_preloads_go_before_the_first_module_script_once_each(tmp_path: Path) -> None:
    from buildsite.preload import add_module_preloads

    site = write_site(tmp_path, MODULES)
    assert add_module_preloads(site) == 3
    page = (site / "index.html").read_text(encoding="utf-8")
    head = page[: page.index("<script")]
    for module in ("ui/a.js", "ui/side.js", "lib/c.js"):
        assert head.count(f'<link rel="modulepreload" href="./{module}">') == 1
    assert page.count('href="./engine.js"') == 1
    assert "lazy.js" not in page and "not-a-module" not in page


def test_a_missing_module_stops_the_build(tmp_path: Path) -> None:
    from buildsite.common import BuildError
    from buildsite.preload import add_module_preloads

    site = write_site(tmp_path, {**MODULES, "ui/side.js": "import './gone.js';\n"})
    with pytest.raises(BuildError, match=r"gone\.js"):
        add_module_preloads(site)


def fetch(url: str, gzip_ok: bool) -> tuple[dict[str, str], bytes]:
    """Headers and raw body of a GET (not decompressed)."""
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
        return dict(answer.headers), answer.read()


def test_text_goes_gzipped_to_a_browser_that_accepts_it(tmp_path: Path) -> None:
    from buildsite.serve import start_server

    site = write_site(tmp_path, {**MODULES, "big.js": "export const s = 'abc';\n" * 400})
    (site / "image.png").write_bytes(b"\x89PNG" + bytes(300))
    server, _ = start_server(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        plain_headers, plain = fetch(base + "big.js", gzip_ok=False)
        headers, body = fetch(base + "big.js", gzip_ok=True)
        assert "Content-Encoding" not in plain_headers
        assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
        assert headers["Content-Type"].startswith("text/javascript")
        assert gzip.decompress(body) == plain and len(body) < len(plain) // 10
        index_headers, index = fetch(base, gzip_ok=True)
        assert index_headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(index).startswith(b"<!doctype html>")
        png_headers, png = fetch(base + "image.png", gzip_ok=True)
        assert "Content-Encoding" not in png_headers and png.startswith(b"\x89PNG")
    finally:
        server.shutdown()
        server.server_close()


def test_the_precache_keeps_the_engine_in_a_tier_of_its_own(tmp_path: Path) -> None:
    from buildsite.site import engine_file, write_precache

    names = [
        "index.html", "app.js", "ui/worker.js", "games/marie.js", "catalog.json",
        "vendor/qr/decode.js", "pyodide.txt", "build.json",
        "worker.js", "vault.js", "pyodide/pyodide.mjs", "pyodide/python_stdlib.zip",
        "wheels/pygames-0.1.0-py3-none-any.whl",
    ]  # fmt: skip
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(json.dumps({"name": name}), encoding="utf-8")
    (tmp_path / "sw.js").write_text(
        "// the worker\nconst PRECACHE = { version: 'dev', shell: [], engine: [] };\n",
        encoding="utf-8",
    )
    version, count = write_precache(tmp_path)
    line = re.search(
        r"^const PRECACHE = (.*); // written by build.py$",
        (tmp_path / "sw.js").read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    assert line is not None and count == len(names)
    precache = json.loads(line.group(1))
    assert precache["version"] == version
    assert precache["engine"] == sorted(names[8:])
    assert precache["shell"] == sorted(names[:8])
    assert [engine_file(name) for name in names] == [False] * 8 + [True] * 5


def test_the_page_loads_nothing_of_the_engine_tier_until_it_starts_the_engine() -> None:
    """A guest's page (issue 34) loads the static import graph of index.html's module scripts:
    all of it in the shell's tier (the engine's worker is started, not imported)."""
    from buildsite.common import WEB
    from buildsite.preload import ENTRY, import_graph
    from buildsite.site import engine_file

    entries = ENTRY.findall((WEB / "index.html").read_text(encoding="utf-8"))
    graph = import_graph(WEB, entries)
    assert "boot.js" in graph and "engine.js" in graph
    assert [name for name in graph if engine_file(name)] == []
