"""Frozen copies of earlier bots, kept only as benchmark opponents (they are not levels)."""
