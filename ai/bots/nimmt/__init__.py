"""The 6 nimmt! bots."""
