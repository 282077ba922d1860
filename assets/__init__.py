"""Card, deck, scenario and rules data shipped with the game."""
