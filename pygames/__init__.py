"""pygames: rules engines, bots and records for five Japanese table games."""

__version__ = "0.1.0"
