"""``<link rel="modulepreload">`` for every module the page's entry scripts import statically.

An ES module's imports are found only once it has loaded, so the lobby's modules arrive in a chain
as deep as its imports (index.html -> app.js -> screens/lobby.js -> ...): each level costs a round
trip before the first paint. The build writes into ``dist/index.html`` one preload link for each
module of the static import graph of its ``<script type="module">`` entries, so the browser asks
for all of them at once. Dynamic ``import()`` is left out: it loads on demand.
"""

from __future__ import annotations

import re
from pathlib import Path

from buildsite.common import BuildError

#: a static import or re-export of a relative module (not ``import(...)``)
STATIC_IMPORT = re.compile(
    r"""^[ \t]*(?:import|export)(?![ \t]*\()\b[^'";]*?['"](\.{1,2}/[^'"]+\.js)['"]""",
    re.MULTILINE,
)
ENTRY = re.compile(r'<script type="module"[^>]*\ssrc="\./([^"]+)"[^>]*></script>')
PRELOADED = re.compile(r'<link rel="modulepreload" href="\./([^"]+)">')


def static_imports(module: Path) -> list[Path]:
    """The modules ``module`` imports statically, resolved to paths."""
    text = module.read_text(encoding="utf-8")
    return [(module.parent / spec).resolve() for spec in STATIC_IMPORT.findall(text)]


def import_graph(site: Path, entries: list[str]) -> list[str]:
    """Every module reached from ``entries`` (paths relative to ``site``) by static imports,
    breadth first, as paths relative to ``site`` (the entries first)."""
    root = site.resolve()
    queue = [(root / entry).resolve() for entry in entries]
    seen: list[Path] = []
    while queue:
        module = queue.pop(0)
        if module in seen:
            continue
        if not module.is_file():
            raise BuildError(f"{module} is imported but missing")
        seen.append(module)
        queue.extend(static_imports(module))
    return [path.relative_to(root).as_posix() for path in seen]


def add_module_preloads(site: Path) -> int:
    """Write the preload links into ``site/index.html`` before its first module script; return
    how many were added (modules already preloaded and the entries themselves are skipped)."""
    index = site / "index.html"
    page = index.read_text(encoding="utf-8")
    entries = ENTRY.findall(page)
    first = ENTRY.search(page)
    if first is None:
        raise BuildError("index.html has no module script")
    skip = set(entries) | set(PRELOADED.findall(page))
    modules = [m for m in import_graph(site, entries) if m not in skip]
    links = "".join(f'<link rel="modulepreload" href="./{m}">\n  ' for m in modules)
    index.write_text(page[: first.start()] + links + page[first.start() :], encoding="utf-8")
    return len(modules)
