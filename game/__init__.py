"""Countertop: a headless rules engine for a game of counters and status effects."""
