"""The rules of pinochle: pure Python, the standard library only."""
