"""A persistent bot ladder: players, games and claims in SQLite (``store``), games played by workers (``runner``),
and the standings read back from the games (``standings``). See docs/ladder.md."""
