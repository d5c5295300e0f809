"""The built-in bots, one package per game."""
