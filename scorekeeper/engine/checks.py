"""The checks of one hand's recorded values against its game (rules.md §5).

Each ``verify_*`` raises ``GameError`` with the sentence of the first rule the hand
breaks: the bidder, the per-side values, meld, counters, the flags and the cards
shown. ``hand_score.score_hand`` calls them before it scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DISTINCT_CARDS, Card, card_counts
from .errors import GameError, Notice
from .game import Game, Hand
from .meld import best_meld, check_hand, holds_marriage, max_player_meld
from .presets import RuleSet

# chips one side can be paid for the meld of a hand (two players, each with two
# roundhouses, a double run, all eight aces and more): a generous bound
MAX_MELD_CHIPS = 50


def effective_meld(rules: RuleSet, meld: int) -> int:
    """A side's meld as it counts: nothing below the preset's minimum (double deck: 20)."""
    return meld if meld >= rules.min_meld else 0


def recorded_fields(hand: Hand) -> list[tuple[str, object]]:
    """Each field of ``hand`` by its game-file name, with a value that is true where the
    hand records it."""
    return [
        ("bidder", hand.bidder),
        ("bid", hand.bid),
        ("trump", hand.trump),
        ("meld", hand.meld),
        ("counters", hand.counters),
        ("thrown_in", hand.thrown_in),
        ("passed_out", hand.passed_out),
        ("no_marriage", hand.no_marriage),
        ("took_trick", hand.took_trick),
        ("all_tricks", hand.all_tricks is not None),
        ("meld_chips", hand.meld_chips),
        ("meld_cards", hand.meld_cards),
        ("renege", hand.renege is not None),
        ("misdeal", hand.misdeal),
        ("moon", hand.moon),
        ("time_called", hand.time_called),
        ("made", hand.made is not None),
    ]


def verify_bidder(game: Game, hand: Hand, number: int) -> int:
    if hand.bidder is None:
        raise GameError("hand_missing", hand=number, field="bidder")
    side = game.side_of.get(hand.bidder)
    if side is None:
        raise GameError("bidder_unknown", hand=number, bidder=hand.bidder)
    return side


def verify_per_side(game: Game, values: Sequence[object] | None, field: str, number: int) -> None:
    if values is None:
        raise GameError("hand_missing", hand=number, field=field)
    if len(values) != game.rules.sides:
        raise GameError(
            "hand_values_count",
            hand=number,
            field=field,
            got=len(values),
            expected=game.rules.sides,
        )


def verify_meld(game: Game, hand: Hand, number: int) -> tuple[int, ...]:
    verify_per_side(game, hand.meld, "meld", number)
    assert hand.meld is not None
    for side in range(game.rules.sides):
        refused = meld_refusal(game, side, hand.meld[side], number)
        if refused is not None:
            raise refused
    return hand.meld


def meld_refusal(game: Game, side: int, meld: int, number: int) -> GameError | None:
    """Why side ``side``'s meld is refused (negative, off the meld unit, more than the
    side can make), or None: one side's value on its own, as the reader of a typed hand
    asks of each side at once."""
    rules = game.rules
    name = game.sides[side].name
    unit = rules.meld_table.unit
    per_player = max_player_meld(rules)
    limit = rules.players_per_side * per_player
    if meld < 0:
        return GameError("meld_negative", hand=number, side=name, got=meld)
    if meld % unit:
        return GameError("meld_off_unit", hand=number, side=name, got=meld, unit=unit)
    if meld > limit:
        return GameError(
            "meld_too_large", hand=number, side=name, got=meld, per_player=per_player, limit=limit
        )
    return None


def verify_counters(game: Game, hand: Hand, number: int) -> tuple[int, ...]:
    rules = game.rules
    verify_per_side(game, hand.counters, "counters", number)
    assert hand.counters is not None
    unit, total = rules.counters.unit, rules.counters.total
    for got in hand.counters:
        if got < 0:
            raise GameError("counters_negative", hand=number, got=got)
        if got % unit:
            raise GameError("counters_off_unit", hand=number, got=got, unit=unit)
    if sum(hand.counters) != total:
        raise GameError(
            "counters_sum",
            hand=number,
            counters=" + ".join(str(c) for c in hand.counters),
            got=sum(hand.counters),
            expected=total,
        )
    if hand.took_trick is not None:
        for side, (took, got) in enumerate(zip(hand.took_trick, hand.counters, strict=True)):
            if got > 0 and not took:
                raise GameError(
                    "took_trick_contradiction",
                    hand=number,
                    side=game.sides[side].name,
                    counters=got,
                )
    if hand.all_tricks is not None and hand.counters[hand.all_tricks] != total:
        raise GameError(
            "all_tricks_counters",
            hand=number,
            side=game.sides[hand.all_tricks].name,
            total=total,
            got=hand.counters[hand.all_tricks],
        )
    return hand.counters


def verify_flags(game: Game, hand: Hand, number: int) -> None:
    rules = game.rules
    if hand.thrown_in and hand.no_marriage:
        raise GameError("hand_conflict", hand=number, first="thrown_in", second="no_marriage")
    if hand.no_marriage and rules.trump_marriage != "forfeit":
        raise GameError("no_marriage_not_applicable", hand=number)
    if not hand.played and hand.counters is not None:
        kind = "thrown-in" if hand.thrown_in else "no-marriage"
        raise GameError("counters_not_played", hand=number, kind=kind)
    if hand.took_trick is not None:
        if rules.save_meld != "any_trick":
            raise GameError("took_trick_not_applicable", hand=number)
        verify_per_side(game, hand.took_trick, "took_trick", number)
    if hand.all_tricks is not None:
        if rules.chip_table is None:
            raise GameError(
                "hand_not_applicable", hand=number, field="all_tricks", ruleset=rules.name
            )
        if not 0 <= hand.all_tricks < rules.sides:
            raise GameError("all_tricks_side", hand=number, last=rules.sides - 1)
        if not hand.played:
            raise GameError("hand_conflict", hand=number, first="thrown_in", second="all_tricks")
    if hand.meld_chips is not None:
        if rules.chip_table is None:
            raise GameError(
                "hand_not_applicable", hand=number, field="meld_chips", ruleset=rules.name
            )
        verify_per_side(game, hand.meld_chips, "meld_chips", number)


def verify_meld_cards(
    game: Game, hand: Hand, number: int, bidder_side: int | None
) -> tuple[tuple[Notice, ...], list[int | None], tuple[int | None, ...]]:
    """Check the declared meld against the cards shown; return notices, the cards' chips
    and the meld the cards make.

    The chips and the meld are per side: the sum over the players who showed cards,
    or None for a side where nobody did (no meld at all for a hand without cards).
    """
    rules = game.rules
    chips: list[int | None] = [None] * rules.sides
    if not hand.meld_cards:
        return (), chips, ()
    if hand.trump is None:
        raise GameError("meld_cards_trump", hand=number)
    shown = hand.cards_of()
    notices = _verify_shown_cards(game, shown, number)
    made: list[int | None] = [0] * rules.sides
    shown_meld: list[int | None] = [None] * rules.sides
    for side_index, side in enumerate(game.sides):
        for player in side.players:
            cards = shown.get(player)
            if cards is None:
                made[side_index] = None
                continue
            result = best_meld(cards, hand.trump, rules)
            shown_meld[side_index] = (shown_meld[side_index] or 0) + result.total
            if made[side_index] is not None:
                made[side_index] = (made[side_index] or 0) + result.total
            if result.chips is not None:
                chips[side_index] = (chips[side_index] or 0) + result.chips
    if hand.bidder is not None and hand.bidder in shown:
        _verify_trump_marriage(game, hand, number, shown[hand.bidder])
    assert hand.meld is not None
    for side_index, side in enumerate(game.sides):
        declared, cards_make = hand.meld[side_index], made[side_index]
        if cards_make is None:
            continue
        if declared > cards_make:
            raise GameError(
                "meld_cards_disagree", hand=number, side=side.name, got=declared, made=cards_make
            )
        if declared < cards_make:
            notices.append(
                Notice(
                    "meld_cards_under",
                    hand=number,
                    side=side.name,
                    got=declared,
                    made=cards_make,
                    missed=cards_make - declared,
                )
            )
    return tuple(notices), chips, tuple(shown_meld)


def _verify_shown_cards(
    game: Game, shown: dict[str, tuple[Card, ...]], number: int
) -> list[Notice]:
    """Each player's cards must be a hand they could hold; across players, a card
    shown more often than the deck has is only noticed (a slip when copying cards)."""
    rules = game.rules
    every_card: list[Card] = []
    for player, cards in shown.items():
        if player not in game.side_of:
            raise GameError("meld_cards_player", hand=number, player=player)
        check_hand(cards, rules)
        every_card.extend(cards)
    copies = rules.meld_table.deck.copies
    counts = card_counts(every_card)
    return [
        Notice(
            "meld_cards_copies",
            hand=number,
            card=str(card),
            count=counts[card.index],
            copies=copies,
        )
        for card in DISTINCT_CARDS
        if counts[card.index] > copies
    ]


def _verify_trump_marriage(game: Game, hand: Hand, number: int, cards: Sequence[Card]) -> None:
    rules = game.rules
    assert hand.trump is not None
    holds = holds_marriage(cards, hand.trump)
    values = {"hand": number, "bidder": hand.bidder, "trump": hand.trump.symbol}
    if rules.trump_marriage == "required" and not holds:
        raise GameError("trump_without_marriage", ruleset=rules.name, **values)
    if rules.trump_marriage == "forfeit":
        if hand.no_marriage and holds:
            raise GameError("no_marriage_has_marriage", **values)
        if not hand.no_marriage and not holds:
            raise GameError("no_marriage_needed", **values)


def verify_meld_chips(game: Game, hand: Hand, number: int, card_chips: list[int | None]) -> None:
    assert hand.meld_chips is not None
    shown = hand.cards_of()
    for side_index, side in enumerate(game.sides):
        declared = hand.meld_chips[side_index]
        if declared < 0:
            raise GameError("meld_chips_negative", hand=number, side=side.name, got=declared)
        if declared > MAX_MELD_CHIPS:
            raise GameError(
                "meld_chips_too_large",
                hand=number,
                side=side.name,
                got=declared,
                limit=MAX_MELD_CHIPS,
            )
        every_player_showed = all(player in shown for player in side.players)
        made = card_chips[side_index]
        if every_player_showed and made is not None and declared != made:
            raise GameError(
                "meld_chips_disagree", hand=number, side=side.name, got=declared, made=made
            )


__all__ = [
    "MAX_MELD_CHIPS",
    "effective_meld",
    "meld_refusal",
    "recorded_fields",
    "verify_bidder",
    "verify_counters",
    "verify_flags",
    "verify_meld",
    "verify_meld_cards",
    "verify_meld_chips",
    "verify_per_side",
]
