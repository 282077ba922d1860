"""Card, deck, scenario and rules data shipped with the game."""

from pathlib import Path

FOLDER = Path(__file__).parent
"""Where the data files are (the package is always a folder on disk: the game reads its files by path)."""
