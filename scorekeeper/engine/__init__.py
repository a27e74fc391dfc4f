"""The rules of pinochle: pure Python, the standard library only. Imports nothing else
of the project; everything else may import it (the ``pinochle-game/1`` file and the
random games of ``simulate`` included)."""
