"""Commands (check, then run) and the legal actions generated beside them."""
