"""The club's rules: a night or a tournament as the ``pinochle-event/1`` document
(``events``), its movements and their search, the changes between rounds, the next
round, each entrant's itinerary, the round's clock, and the standings.

They use the game's rules (the modules beside this folder: a game, its replay, the
names people give); the game's rules never use these (docs/architecture.md, the
import contract ``engine-rooms``).
"""
