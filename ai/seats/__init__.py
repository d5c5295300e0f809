"""Who sits at a table: the bot protocol, seat specs and the bots' levels."""
