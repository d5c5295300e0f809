"""Frozen copies of earlier bots, kept only so benchmarks can measure new levels against them.

A ``vendor`` folder, as copied code that is never edited is called: code-reading tools such as ``duplicates``
leave such folders out, so these copies do not stand in their report beside the bots they were taken from.
"""
