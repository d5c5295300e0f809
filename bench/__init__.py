"""Benchmarks (not tests): one ``bench/<game>.py`` per game with a ``main(argv)``; ``python -m bench`` runs them."""
