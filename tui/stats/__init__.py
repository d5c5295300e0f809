"""Statistics of the games played, computed from the saved replays without the app."""
