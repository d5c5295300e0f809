"""Tournaments: the arena, its statistics, ratings, schedules, the cluster and the ladder."""
