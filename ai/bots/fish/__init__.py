"""The Hey That's My Fish! bots."""
