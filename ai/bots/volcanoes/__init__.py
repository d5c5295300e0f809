"""The Volcanoes bots."""
