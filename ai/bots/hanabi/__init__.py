"""The parts of the Hanabi/Fireworks bots; :mod:`ai.bots.hanabi.bots` assembles them."""
