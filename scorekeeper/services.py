"""The one place that maps stored games to engine values and commits.

Every write goes through here: the engine checks the whole game with the
change applied first, and only then is anything written, in one transaction.
A refusal (``PinochleError``) leaves the database as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from .engine.errors import GameError
from .engine.game import Game as EngineGame
from .engine.game import Hand as EngineHand
from .engine.game import Side, new_game
from .engine.people import NAME_LIMIT, NameRefusedError, checked_name, normal_name
from .engine.rules import RuleSet, ruleset
from .engine.scoring import DRAW, GameResult, replay, replay_change
from .extensions import db
from .game_list import PAGE_SIZE, ListedGame, Search, count_games, list_games, page_count
from .gamefile import from_document, hand_from_document, hand_to_document, to_document
from .i18n import DEFAULT as DEFAULT_LANGUAGE
from .i18n import LANGUAGES, N_, RefusalError, every_translation
from .locks import serialize
from .models import (
    Game,
    GameOutcome,
    GameSide,
    Hand,
    HandEdit,
    Player,
    Season,
    Seat,
    utcnow,
)
from .outcomes import (
    Standing,
    order_key,
    rate_from,
    rate_since,
    rate_unrated,
    record_outcomes,
    standings,
)

# --- stored game -> engine ----------------------------------------------------------


def rules_of(game: Game) -> RuleSet:
    return ruleset(game.ruleset, game.rules)


def engine_game(game: Game, hands: Sequence[dict[str, Any]] | None = None) -> EngineGame:
    """The engine's view of a stored game, with ``hands`` (documents) instead of its own."""
    names = {seat.position: seat.player.name for seat in game.seats}
    seating = [names[position] for position in sorted(names)]
    sides = [
        Side(
            side.name, tuple(seat.player.name for seat in game.seats if seat.side == side.position)
        )
        for side in game.sides
    ]
    base = new_game(
        rules_of(game),
        sides,
        seating=seating,
        first_dealer=seating[game.first_dealer_seat],
        played_on=game.played_on,
        stored=True,
    )
    documents = [hand_document(hand) for hand in game.hands] if hands is None else hands
    return base.with_hands(
        [hand_from_document(doc, number, base) for number, doc in enumerate(documents, 1)]
    )


def replay_game(game: Game, documents: Sequence[dict[str, Any]] | None = None) -> GameResult:
    """Totals, outcomes, dealers and the winner, from the engine's replay (of the
    game's hands as ``documents``, when the caller has them already)."""
    return replay(engine_game(game, documents))


def hand_document(hand: Hand) -> dict[str, Any]:
    """A stored hand in the game file's form."""
    if hand.misdeal or hand.passed_out:  # nothing else, but that time was called
        alone: dict[str, Any] = {"misdeal": True} if hand.misdeal else {"passed_out": True}
        return {**alone, "time_called": True} if hand.time_called else alone
    fields: dict[str, Any] = {
        "bidder": hand.bidder.name if hand.bidder else None,
        "bid": hand.bid,
        "trump": hand.trump,
        "meld": hand.meld,
        "counters": hand.counters,
        "thrown_in": hand.thrown_in or None,
        "no_marriage": hand.no_marriage or None,
        "took_trick": hand.took_trick,
        "all_tricks": hand.all_tricks,
        "meld_chips": hand.meld_chips,
        "meld_cards": hand.meld_cards or None,
        "renege": hand.renege,
        "moon": hand.moon or None,
        "time_called": hand.time_called or None,
        "made": hand.made,  # auction pinochle: None elsewhere
    }
    return {name: value for name, value in fields.items() if value is not None}


def _store_hand(hand: Hand, document: dict[str, Any], players: dict[str, Player]) -> None:
    """Write a checked hand document into a stored hand's columns; ``players`` are the
    game's by name (``_players_of``: no query per hand, so no flush of the hands before)."""
    bidder = document.get("bidder")
    hand.bidder = players[bidder] if bidder else None
    for name, value in _hand_columns(document).items():
        setattr(hand, name, value)


def _hand_columns(document: dict[str, Any]) -> dict[str, Any]:
    """A checked hand document's columns, but for its bidder."""
    return {
        "bid": document.get("bid"),
        "trump": document.get("trump"),
        "meld": document.get("meld"),
        "counters": document.get("counters"),
        "thrown_in": bool(document.get("thrown_in")),
        "passed_out": bool(document.get("passed_out")),
        "no_marriage": bool(document.get("no_marriage")),
        "took_trick": document.get("took_trick"),
        "all_tricks": document.get("all_tricks"),
        "meld_chips": document.get("meld_chips"),
        "meld_cards": document.get("meld_cards"),
        "renege": document.get("renege"),
        "misdeal": bool(document.get("misdeal")),
        "moon": bool(document.get("moon")),
        "time_called": bool(document.get("time_called")),
        "made": document.get("made"),
    }


def _insert_hands(game: Game, hands: Sequence[EngineHand]) -> None:
    """Store a new game's hands in one statement, whatever their number."""
    if not hands:
        return
    db.session.flush()  # the game and its players have their ids
    ids = {name: player.id for name, player in _players_of(game).items()}
    rows = [
        {
            "game_id": game.id,
            "number": number,
            "bidder_id": ids[hand.bidder] if hand.bidder else None,
            **_hand_columns(hand_to_document(hand)),
        }
        for number, hand in enumerate(hands, 1)
    ]
    db.session.execute(insert(Hand.__table__), rows)


def _players_of(game: Game) -> dict[str, Player]:
    """The game's players by name, from its seats."""
    return {seat.player.name: seat.player for seat in game.seats}


def _canonical(game: EngineGame, number: int) -> dict[str, Any]:
    """A hand's document as the engine read it (cards and trump in canonical form)."""
    return hand_to_document(game.hands[number - 1])


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


# --- players -----------------------------------------------------------------------


def _player(name: str) -> Player:
    player = db.session.execute(select(Player).where(Player.name == name)).scalar_one_or_none()
    if player is None:
        player = Player(name=name)
        db.session.add(player)
    return player


def known_players(limit: int = 40) -> list[str]:
    """Names seen before, most recently seated first (suggested on the new-game form)."""
    last_seen = func.max(Seat.id)
    rows = db.session.execute(
        select(Player.name)
        .outerjoin(Seat, Seat.player_id == Player.id)
        .group_by(Player.id)
        .order_by(last_seen.desc().nulls_last(), Player.name)
        .limit(limit)
    )
    return [name for (name,) in rows]


def get_player(player_id: int) -> Player | None:
    if not 0 < player_id < 2**31:
        return None
    return db.session.get(Player, player_id)


def all_players() -> list[Player]:
    """Everyone who has a seat in some game, A to Z."""
    seated = select(Seat.player_id)
    return list(
        db.session.execute(
            select(Player).where(Player.id.in_(seated)).order_by(Player.name)
        ).scalars()
    )


# --- seasons -------------------------------------------------------------------------


class SeasonError(RefusalError):
    """A season that cannot be created, with the form field it is about."""


def create_season(name: str, starts_on: date, ends_on: date) -> Season:
    """A named range of days; refused (nothing written) with a sentence about one field."""
    try:
        name = checked_name(name, "season")
    except NameRefusedError as error:
        raise SeasonError.of_engine(error, field="name") from None
    if name.lower() in every_translation("All time") or (
        name.isascii() and name.isdigit() and len(name) == 4
    ):
        raise SeasonError(
            field="name",
            message=N_("{name!r} already means a season (All time, or a calendar year)."),
            name=name,
        )
    if ends_on < starts_on:
        raise SeasonError(
            field="ends_on", message=N_("The last day cannot come before the first day.")
        )
    if season_by_name(name) is not None:
        raise SeasonError(
            field="name", message=N_("There is already a season called {name!r}."), name=name
        )
    season = Season(name=name, starts_on=starts_on, ends_on=ends_on)
    db.session.add(season)
    try:
        db.session.commit()
    except IntegrityError:  # created meanwhile by another phone
        db.session.rollback()
        raise SeasonError(
            field="name", message=N_("There is already a season called {name!r}."), name=name
        ) from None
    return season


def season_by_name(name: str) -> Season | None:
    """The season called ``name``, in any case ("été" finds "Été"), or None."""
    name = normal_name(name)
    if not name or len(name) > NAME_LIMIT or not name.isprintable():
        return None
    exact = db.session.execute(select(Season).where(Season.name == name)).scalar_one_or_none()
    if exact is not None:
        return exact
    # few seasons: compared here, as the database's lower() may know ASCII only
    key = name.casefold()
    return next((season for season in all_seasons() if season.name.casefold() == key), None)


def all_seasons() -> list[Season]:
    return list(
        db.session.execute(select(Season).order_by(Season.starts_on.desc(), Season.name)).scalars()
    )


def delete_season(season_id: int) -> str | None:
    """Forget a season (its games stay); its name, or None when there was none."""
    season = db.session.get(Season, season_id) if 0 < season_id < 2**31 else None
    if season is None:
        return None
    name = season.name
    db.session.delete(season)
    db.session.commit()
    return name


# --- games ---------------------------------------------------------------------------


def create_game(
    ruleset_name: str,
    options: dict[str, object],
    sides: Sequence[tuple[str, Sequence[str]]],
    seating: Sequence[str] | None = None,
    first_dealer: str | None = None,
    played_on: date | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Game:
    """A new game, once the engine accepts its rules, players and seating.

    ``first_dealer`` may be ``"random"`` to pick one; ``language`` is its printed
    sheet's (``i18n.LANGUAGES``).
    """
    rules = ruleset(ruleset_name, options)
    engine_sides = [
        Side(name.strip(), tuple(p.strip() for p in players)) for name, players in sides
    ]
    seats = list(seating) if seating else None
    checked = new_game(rules, engine_sides, seating=seats)
    dealer = first_dealer
    if dealer == "random" or not dealer:
        dealer = random.choice(checked.seating) if dealer == "random" else checked.seating[0]
    checked = new_game(rules, engine_sides, seating=checked.seating, first_dealer=dealer)
    return _commit_new_game(checked, played_on, hands=False, language=language)


def _commit_new_game(
    checked: EngineGame,
    played_on: date | None,
    hands: bool,
    rate: bool = True,
    language: str = DEFAULT_LANGUAGE,
) -> Game:
    """Store and commit a game the engine accepted, with its hands (``hands``).

    Two phones naming the same new player at once both try to add the player's
    row; the one that loses the race stores its game again, finding the row.
    """
    result = replay(checked)
    for attempt in range(2):
        try:
            game = _stored(checked, played_on, _known_language(language))
            _insert_hands(game, checked.hands if hands else ())
            record_outcomes(game, result, rate=rate)
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            if attempt:
                raise
        else:
            break
    return game


def _known_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}: expected one of {', '.join(LANGUAGES)}")
    return language


def _stored(checked: EngineGame, played_on: date | None, language: str) -> Game:
    """Stored rows for an engine game the engine has already accepted (not committed)."""
    game = Game(
        ruleset=checked.rules.name,
        language=language,
        rules=checked.rules.options(),
        first_dealer_seat=checked.seating.index(checked.first_dealer),
        played_on=played_on or checked.played_on or date.today(),
    )
    for position, side in enumerate(checked.sides):
        game.sides.append(GameSide(position=position, name=side.name))
    for position, name in enumerate(checked.seating):
        game.seats.append(Seat(position=position, side=checked.side_of[name], player=_player(name)))
    db.session.add(game)
    return game


def delete_game(game: Game) -> None:
    """Remove a game with its hands, history and outcomes; the games played after it
    are rated again (their players' ratings no longer count it)."""
    key, name = order_key(game), game.ruleset
    serialize("ratings")  # before its outcomes go (outcomes.py: the ratings' lock)
    try:
        db.session.delete(game)
        db.session.flush()
    except StaleDataError:  # a hand was recorded meanwhile: the owner looks again
        db.session.rollback()
        raise GameError("game_changed_meanwhile") from None
    rate_since(key, name)
    db.session.commit()


def rematch(game: Game) -> Game:
    """Same players, seats and rules; the deal moves on from where the game ended. A game
    has one rematch: asked again (a double tap, two phones), it is the one made first."""
    game_id = game.id
    made = rematch_of(game_id)
    if made is not None:
        return made
    result = replay_game(game)
    checked = engine_game(game, hands=[])
    again = new_game(
        checked.rules,
        checked.sides,
        seating=checked.seating,
        first_dealer=result.next_dealer,
        stored=True,  # the same players, as stored
    )
    new = _stored(again, date.today(), game.language)
    new.rematch_of_id = game_id
    try:
        record_outcomes(new, replay(again))
        db.session.commit()
    except IntegrityError:  # made meanwhile by the other tap
        db.session.rollback()
        made = rematch_of(game_id)
        if made is None:
            raise
        return made
    return new


def rematch_of(game_id: int) -> Game | None:
    """The rematch already made of the game ``game_id``, if any."""
    return db.session.execute(select(Game).where(Game.rematch_of_id == game_id)).scalar()


# --- hands ---------------------------------------------------------------------------


def version(game: Game) -> int:
    """The game's version: a form sends back the one it was opened at, so a page
    opened before another phone changed the game cannot silently overwrite it."""
    return game.version


def _check_version(game: Game, expected: int | None, adding: bool = False) -> None:
    if expected is None or expected == game.version:
        return
    if adding and game.hands:
        raise GameError("hand_recorded_meanwhile", hand=len(game.hands))
    raise GameError("game_changed_meanwhile")


Receipt = Callable[[Game, GameResult], None]


@contextmanager
def _changing(
    game: Game,
    result: GameResult,
    since: int,
    adding: int | None = None,
    receipt: Receipt | None = None,
) -> Iterator[None]:
    """Write a change to ``game``'s hands from hand ``since`` on (the body) with the
    outcomes of ``result`` and commit it, or refuse it as made meanwhile on another
    phone: the game's row is written with the version it was read at, which another
    phone's change has moved on (or hand ``adding`` was taken). ``receipt`` runs in
    the same transaction once the game has its new version (the API's answer, kept
    for an ``Idempotency-Key``).
    """
    serialize("ratings")  # first, as every change does (no two wait on each other)
    game.updated_at = utcnow()
    try:
        yield
        record_outcomes(game, result, since=since)
        db.session.flush()
        if receipt is not None:
            receipt(game, result)
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        if adding is None:
            raise GameError("game_changed_meanwhile") from None
        raise GameError("hand_recorded_meanwhile", hand=adding) from None


CONFLICTS = ("hand_recorded_meanwhile", "game_changed_meanwhile")
ADD_ATTEMPTS = 3  # a hand sent without a version waits out this many others' saves


def add_hand(
    game: Game,
    document: dict[str, Any],
    expected: int | None = None,
    receipt: Receipt | None = None,
) -> GameResult:
    """Record the next hand; refused (nothing written) when any rule is broken.

    ``expected`` is the game's ``version`` the form was opened at (a double tap on
    Save, or a hand recorded meanwhile on another phone, is refused). Without it the
    hand is the next one whatever came before: when another phone's hand is saved
    first, the game is read again and the hand added after it.
    """
    attempt = 1
    while True:
        try:
            return _add_hand(game, document, expected, receipt)
        except GameError as error:
            if expected is not None or error.code not in CONFLICTS or attempt == ADD_ATTEMPTS:
                raise
        attempt += 1


def _add_hand(
    game: Game, document: dict[str, Any], expected: int | None, receipt: Receipt | None
) -> GameResult:
    _check_version(game, expected, adding=True)
    documents = [hand_document(hand) for hand in game.hands] + [document]
    checked = engine_game(game, documents)
    result = replay(checked)
    number = len(documents)
    stored = _canonical(checked, number)
    with _changing(game, result, number, adding=number, receipt=receipt):
        hand = Hand(number=number)
        _store_hand(hand, stored, _players_of(game))
        game.hands.append(hand)
        game.edits.append(HandEdit(number=number, action="added", before=None, after=stored))
    return result


def replace_hand(
    game: Game,
    number: int,
    document: dict[str, Any],
    expected: int | None = None,
    receipt: Receipt | None = None,
) -> GameResult:
    """Correct hand ``number``; the whole game is replayed with the correction first."""
    _check_version(game, expected)
    hand = _hand(game, number)
    before = hand_document(hand)
    documents = [hand_document(h) for h in game.hands]
    documents[number - 1] = document
    checked = engine_game(game, documents)
    result = replay_change(checked, number)
    after = _canonical(checked, number)
    if after == before:
        if receipt is not None:
            receipt(game, result)
        return result
    with _changing(game, result, number, receipt=receipt):
        _store_hand(hand, after, _players_of(game))
        game.edits.append(HandEdit(number=number, action="edited", before=before, after=after))
    return result


def delete_hand(
    game: Game, number: int, expected: int | None = None, receipt: Receipt | None = None
) -> GameResult:
    """Remove hand ``number``; the hands after it move up one."""
    _check_version(game, expected)
    hand = _hand(game, number)
    documents = [hand_document(h) for h in game.hands]
    before = documents.pop(number - 1)
    result = replay_change(engine_game(game, documents), number)
    with _changing(game, result, number, receipt=receipt):
        game.hands.remove(hand)
        db.session.flush()
        _move_up(game, number)
        game.edits.append(HandEdit(number=number, action="deleted", before=before, after=None))
    return result


def _move_up(game: Game, number: int) -> None:
    """Number the hands after the deleted hand ``number`` one less, in two statements
    whatever their count: through negative numbers, as (game, number) is unique and
    both databases check that row by row."""
    table = Hand.__table__
    later = table.c.game_id == game.id
    db.session.execute(
        update(table).where(later, table.c.number > number).values(number=1 - table.c.number)
    )
    db.session.execute(
        update(table).where(later, table.c.number < 0).values(number=-table.c.number)
    )
    for hand in game.hands[number - 1 :]:
        set_committed_value(hand, "number", hand.number - 1)


def undo_last_hand(game: Game, number: int | None = None) -> GameResult:
    """Take back the last hand; ``number`` is the hand the tap meant (a double tap
    must not take back two)."""
    if not game.hands:
        raise LookupError("no hand to undo")
    if number is not None and number != len(game.hands):
        raise GameError("game_changed_meanwhile")
    return delete_hand(game, len(game.hands))


# --- putting a taken-back hand back ---------------------------------------------------


class PutBackError(RefusalError):
    """A hand that can no longer be put back (the game changed since it was taken back)."""


PUT_BACK = "put_back"  # a HandEdit's action: a deleted hand put back where it was


def put_back_offer(game: Game) -> HandEdit | None:
    """The delete (or undo) that can still be put back: the game's last change, while
    it is a delete. Any later change (a hand recorded, corrected, deleted or put
    back) ends the offer."""
    last = game.edits[-1] if game.edits else None
    return last if last is not None and last.action == "deleted" else None


def put_back(
    game: Game, edit_id: int, expected: int | None = None, receipt: Receipt | None = None
) -> GameResult:
    """Put the hand deleted by edit ``edit_id`` back at its number, exactly as it was
    (the edit's ``before``): the hands after it move down one. Refused with a
    sentence once anything changed since the delete (``expected``, the version the
    page was opened at, moved on, or another change followed it)."""
    offer = put_back_offer(game)
    if offer is None or offer.id != edit_id or offer.before is None:
        raise _no_longer(game, edit_id)
    if expected is not None and expected != game.version:
        raise _no_longer(game, edit_id)
    number, document = offer.number, offer.before
    documents = [hand_document(h) for h in game.hands]
    documents.insert(number - 1, document)
    checked = engine_game(game, documents)
    result = replay_change(checked, number)
    stored = _canonical(checked, number)
    with _changing(game, result, number, receipt=receipt):
        _move_down(game, number)
        hand = Hand(number=number)
        _store_hand(hand, stored, _players_of(game))
        game.hands.insert(number - 1, hand)
        game.edits.append(HandEdit(number=number, action=PUT_BACK, before=None, after=stored))
    return result


def _no_longer(game: Game, edit_id: int) -> PutBackError:
    """The refusal of a put back that came too late, naming the hand it was about."""
    edit = next((edit for edit in game.edits if edit.id == edit_id), None)
    if edit is None or edit.action != "deleted":
        return PutBackError(field="edit", message=N_("There is no taken-back hand to put back."))
    return PutBackError(
        field="edit",
        message=N_(
            "Hand {number} can no longer be put back: the game has changed since it was taken back."
        ),
        number=edit.number,
    )


def _move_down(game: Game, number: int) -> None:
    """Number hand ``number`` and those after it one more (the mirror of ``_move_up``)."""
    table = Hand.__table__
    later = table.c.game_id == game.id
    db.session.execute(
        update(table).where(later, table.c.number >= number).values(number=-1 - table.c.number)
    )
    db.session.execute(
        update(table).where(later, table.c.number < 0).values(number=-table.c.number)
    )
    for hand in game.hands[number - 1 :]:
        set_committed_value(hand, "number", hand.number + 1)


def _hand(game: Game, number: int) -> Hand:
    if not 1 <= number <= len(game.hands):
        raise LookupError(f"game {game.id} has no hand {number}")
    return game.hands[number - 1]


# --- import and export ---------------------------------------------------------------------


def import_game(document: object, rate: bool = True, language: str = DEFAULT_LANGUAGE) -> Game:
    """A stored game from a ``pinochle-game/1`` document; a bad one imports nothing.

    Many games at once are imported with ``rate=False`` and then ``rate_all()``:
    one pass over the ratings instead of one per game played before the last.
    """
    checked = from_document(document)
    return _commit_new_game(checked, checked.played_on, hands=True, rate=rate, language=language)


def set_language(game: Game, language: str) -> None:
    """The language ``game``'s sheet prints in from now on. No hand changes with it, so
    the game's version stays: a hand form open on another phone still saves."""
    db.session.execute(
        update(Game).where(Game.id == game.id).values(language=_known_language(language))
    )
    db.session.commit()


def rate_all() -> None:
    """Rate every game again, in order (after a bulk import)."""
    rate_from(None)
    db.session.commit()


def export_game(game: Game) -> dict[str, Any]:
    return to_document(engine_game(game))


def change_stamp(game: Game) -> str:
    """A string that changes whenever anything on the game's sheet may have changed."""
    return f"{game.id}.{game_stamp(game.id)}"


def game_stamp(game_id: int) -> str:
    """A short string that changes whenever the game's scoreboard may have (one query)."""
    row = db.session.execute(
        select(
            Game.updated_at,
            select(func.count(Hand.id)).where(Hand.game_id == game_id).scalar_subquery(),
            select(func.max(HandEdit.id)).where(HandEdit.game_id == game_id).scalar_subquery(),
        ).where(Game.id == game_id)
    ).one_or_none()
    if row is None:
        return ""
    updated, hands, last_edit = row
    return f"{hands}.{last_edit or 0}.{updated.isoformat()}"


def get_game(game_id: int) -> Game | None:
    """A game with its sides, seats, hands and history loaded in a few queries."""
    if not 0 < game_id < 2**31:
        return None
    return db.session.get(
        Game,
        game_id,
        options=[
            selectinload(Game.sides),
            selectinload(Game.seats).selectinload(Seat.player),
            selectinload(Game.hands).selectinload(Hand.bidder),
            selectinload(Game.edits),
        ],
    )


def game_summaries(limit: int, offset: int = 0) -> list[dict[str, Any]]:
    """The games, newest first, each as its id, version, rules, sides and result so
    far (the API's list; from the stored outcomes, with no replay)."""
    rows = db.session.execute(
        select(Game, GameOutcome)
        .outerjoin(GameOutcome, GameOutcome.game_id == Game.id)
        .options(selectinload(Game.sides))
        .order_by(Game.id.desc())
        .limit(limit)
        .offset(offset)
    ).all()
    return [_summary(game, outcome) for game, outcome in rows]


def _summary(game: Game, outcome: GameOutcome | None) -> dict[str, Any]:
    winner: int | str | None = None
    if outcome is not None:
        winner = DRAW if outcome.draw else outcome.winner
    return {
        "id": game.id,
        "version": game.version,
        "ruleset": game.ruleset,
        "played_on": game.played_on.isoformat(),
        "sides": [side.name for side in game.sides],
        "hands": outcome.hands if outcome is not None else 0,
        "finished": outcome is not None and outcome.finished,
        "winner": winner,
    }


def recent_games(limit: int = 50) -> list[Game]:
    """The games last changed, newest first, with their sides (``standings`` has where
    each stands)."""
    return list(
        db.session.execute(
            select(Game)
            .options(selectinload(Game.sides))
            .order_by(Game.updated_at.desc())
            .limit(limit)
        ).scalars()
    )


__all__ = [
    "PAGE_SIZE",
    "ListedGame",
    "Search",
    "SeasonError",
    "Standing",
    "add_hand",
    "all_players",
    "all_seasons",
    "change_stamp",
    "count_games",
    "create_game",
    "create_season",
    "delete_game",
    "delete_hand",
    "delete_season",
    "engine_game",
    "export_game",
    "game_stamp",
    "game_summaries",
    "get_game",
    "get_player",
    "hand_document",
    "import_game",
    "known_players",
    "list_games",
    "page_count",
    "rate_all",
    "recent_games",
    "record_missing_outcomes",
    "record_outcomes",
    "rematch",
    "replace_hand",
    "replay_game",
    "rules_of",
    "season_by_name",
    "standings",
    "undo_last_hand",
    "version",
]
