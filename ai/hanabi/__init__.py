"""The parts of the Hanabi/Fireworks bots; :mod:`ai.hanabi_bots` assembles them."""
