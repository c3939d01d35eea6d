"""The games. Importing this package registers each game package that is present, in the
order of the collection."""

from importlib import import_module
from importlib.util import find_spec

ORDER = ("marie", "hitokai", "pharaoh", "baggai", "yadokashi")

for _game in ORDER:
    if find_spec(f"{__name__}.{_game}") is not None:
        import_module(f"{__name__}.{_game}")
