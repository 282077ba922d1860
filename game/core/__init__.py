"""The data the game is made of and the one store of its state: components, card files, the table."""
