"""A persistent bot ladder: players, games and claims in SQLite (``store``), games claimed and handed to workers
(``runner``), one game played with its replay (``play``), and the standings read back (``standings``).
See docs/ladder.md."""
