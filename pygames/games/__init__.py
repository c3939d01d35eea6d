"""The games. Importing this package registers each of them."""

from pygames.games import marie

__all__ = ["marie"]
