"""The rule families, working on a table: stats, stasis, stun counters, statuses, combat, effects."""
