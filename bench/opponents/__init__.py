"""Frozen copies of earlier bots, kept only so benchmarks can measure new levels against them."""
