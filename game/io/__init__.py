"""State in and out: the standard setup, scenario files, saves, the JSON view and scenario export."""
