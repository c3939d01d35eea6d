"""Game-independent machinery: protocol, random stream, records, registry, bots, errors."""
