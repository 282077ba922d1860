"""What designers run on games: simulations, balance reports, replays, benchmarks, shrinking."""
