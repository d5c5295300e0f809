"""The table that plays a game: its seats, turns, events and pace."""
