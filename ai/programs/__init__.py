"""Programs in seats: starting, sandboxing, timing, logging and reaping them, and their protocols."""
