"""A game in and out whole (the ``pinochle-game/1`` document), and the derived outcomes
the statistics read, recomputed after a bulk import or an upgrade.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from scorekeeper.engine.gamefile import (
    from_document,
    to_document,
)
from scorekeeper.extensions import db
from scorekeeper.games.lifecycle import commit_new_game
from scorekeeper.games.stored import engine_game, get_game, replay_game
from scorekeeper.i18n.languages import DEFAULT as DEFAULT_LANGUAGE
from scorekeeper.store.models import (
    Game,
    GameOutcome,
)
from scorekeeper.store.outcomes import (
    rate_from,
    rate_unrated,
    record_outcomes,
)

# --- derived outcomes, for statistics ---------------------------------------------------


def record_missing_outcomes() -> int:
    """Outcomes for games stored before outcomes were (after an upgrade); how many."""
    missing = select(Game.id).where(~Game.id.in_(select(GameOutcome.game_id)))
    count = 0
    for game_id in list(db.session.execute(missing).scalars()):
        game = get_game(game_id)
        if game is not None:
            record_outcomes(game, replay_game(game), rate=False)
            count += 1
    rate_unrated()
    db.session.commit()
    return count


# --- import and export ---------------------------------------------------------------------


def import_game(document: object, rate: bool = True, language: str = DEFAULT_LANGUAGE) -> Game:
    """A stored game from a ``pinochle-game/1`` document; a bad one imports nothing.

    Many games at once are imported with ``rate=False`` and then ``rate_all()``:
    one pass over the ratings instead of one per game played before the last.
    """
    checked = from_document(document)
    return commit_new_game(checked, checked.played_on, hands=True, rate=rate, language=language)


def rate_all() -> None:
    """Rate every game again, in order (after a bulk import)."""
    rate_from(None)
    db.session.commit()


def export_game(game: Game) -> dict[str, Any]:
    return to_document(engine_game(game))
