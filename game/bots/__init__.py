"""Bots: what a bot may see, the random and greedy bots, the search bot, and bots by name."""
