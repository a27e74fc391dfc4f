"""A night's prizes (issue 32, item 4; docs/league-format.md §4): the entry fee and the
percentages by place a night pays (``Prizes``, the event file's optional ``prizes``), and
the split of its pot by its standings (``prize_split``): shared places share their
places' percentages evenly, amounts in whole cents that always add up to the share paid.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Protocol

from ..errors import GameError
from ..typed import as_int, as_list, as_mapping, no_unknown

MAX_PRIZES = 20  # places a prize split pays, at most
MAX_FEE_CENTS = 100_000_00  # an entry fee of at most 100,000 (in the club's money)
PERCENT = re.compile(r"[0-9]{1,3}")  # a prize's percentage as typed: ASCII digits only
FEE = re.compile(r"([0-9]{1,6})(?:[.,]([0-9]{1,2}))?")  # an entry fee as typed: 5, 2.50
PERCENTAGES_EXPECTED = (
    "whole numbers from 1 to 100 separated by commas, first place's first (50,30,20): "
    f"at most {MAX_PRIZES} of them, adding up to at most 100"
)


class Placed(Protocol):
    """A standings row as the split reads it (``standings.Row``): its place and entrant."""

    @property
    def place(self) -> int: ...

    @property
    def entrant(self) -> str: ...


@dataclass(frozen=True)
class Prizes:
    """What a night pays: each entrant's fee in cents, and the percentages of the pot by
    place, first place's first."""

    fee_cents: int
    percentages: tuple[int, ...]

    def as_dict(self) -> dict[str, object]:
        return {"entry_fee_cents": self.fee_cents, "percentages": list(self.percentages)}


def read_prizes(value: object) -> Prizes | None:
    """The event file's ``prizes`` (absent or null: none), checked."""
    if value is None:
        return None
    raw = as_mapping(value, "prizes")
    no_unknown(raw, {"entry_fee_cents", "percentages"}, "prizes")
    fee = as_int(raw.get("entry_fee_cents"), "prizes: entry_fee_cents")
    if not 0 <= fee <= MAX_FEE_CENTS:
        raise GameError("prize_fee_cents", value=fee)
    listed = as_list(raw.get("percentages"), "prizes: percentages")
    percentages = tuple(as_int(item, "prizes: percentages") for item in listed)
    verify_percentages(percentages)
    return Prizes(fee, percentages)


@dataclass(frozen=True)
class Prize:
    """One entrant's prize: the place, the share of the pot in percent (a shared place's:
    the places' percentages shared evenly) and the amount in cents."""

    place: int
    entrant: str
    percent: Fraction
    cents: int

    def as_dict(self) -> dict[str, object]:
        percent = self.percent
        whole = percent.denominator == 1
        return {**asdict(self), "percent": percent.numerator if whole else round(float(percent), 2)}


def read_percentages(text: str) -> tuple[int, ...]:
    """The prizes' percentages as a person types them, "50,30,20", first place's first;
    refused with ``PERCENTAGES_EXPECTED`` otherwise.

    >>> read_percentages(" 50, 30,20")
    (50, 30, 20)
    >>> read_percentages("60,50")
    Traceback (most recent call last):
    ...
    scorekeeper.engine.errors.GameError: prize percentages cannot be '60,50': expected \
whole numbers from 1 to 100 separated by commas, first place's first (50,30,20): at most \
20 of them, adding up to at most 100
    """
    parts = [part.strip() for part in text.split(",")]
    if not all(PERCENT.fullmatch(part) for part in parts):
        raise _refused("prize percentages", text)
    percentages = tuple(int(part) for part in parts)
    verify_percentages(percentages, text)
    return percentages


def percentages_text(percentages: Sequence[int]) -> str:
    """Percentages written back as they are typed.

    >>> percentages_text(read_percentages("50, 30,20"))
    '50,30,20'
    """
    return ",".join(str(percent) for percent in percentages)


def verify_percentages(percentages: Sequence[int], text: object = None) -> None:
    """Refuse percentages a prize split cannot pay: each from 1 to 100, 1 to
    ``MAX_PRIZES`` of them, adding up to at most 100 (``text``: as typed, to quote)."""
    if not (
        1 <= len(percentages) <= MAX_PRIZES
        and all(1 <= percent <= 100 for percent in percentages)
        and sum(percentages) <= 100
    ):
        quoted = percentages_text(percentages) if text is None else text
        raise _refused("prize percentages", quoted)


def _refused(field: str, value: object, expected: str = PERCENTAGES_EXPECTED) -> GameError:
    if field == "prize percentages":
        return GameError("prize_percentages", value=value)
    return GameError("league_choice", field=field, value=value, expected=expected)


def read_fee(text: str) -> int:
    """An entry fee as a person types it, in cents: a whole amount or one with one or
    two decimals after a point or a comma, at most 100,000 (``MAX_FEE_CENTS``);
    ``prize_fee`` otherwise.

    >>> read_fee("5"), read_fee("2.5"), read_fee(" 2,50 "), read_fee("0")
    (500, 250, 250, 0)
    """
    found = FEE.fullmatch(text.strip())
    if found is None:
        raise GameError("prize_fee", value=text)
    whole, cents = found.group(1), (found.group(2) or "").ljust(2, "0")
    fee = int(whole) * 100 + int(cents)
    if fee > MAX_FEE_CENTS:
        raise GameError("prize_fee", value=text)
    return fee


class Entered(Protocol):
    """An entrant as the fee counts it: its fixed team's players (none: one player)."""

    @property
    def players(self) -> tuple[str, ...]: ...


def heads_paying(entrants: Iterable[Entered]) -> int:
    """The heads that paid a night's fee: every player entered (a withdrawal paid too),
    a fixed team's two (the pot is the fee times these).

    >>> from .events import EXAMPLE, from_document
    >>> heads_paying(from_document(EXAMPLE).entrants)
    5
    """
    return sum(len(entrant.players) or 1 for entrant in entrants)


def paid_share(pot: int, percentages: Sequence[int], places: int) -> int:
    """The cents a split pays when the standings fill ``places`` places: the pot's share
    for the places filled (a place nobody holds pays nothing), rounded down to the cent.

    >>> paid_share(1001, [50, 30, 20], 5), paid_share(1001, [50, 30, 20], 2)
    (1001, 800)
    """
    return pot * sum(percentages[:places]) // 100


def prize_split(
    fee_cents: int, entrants: int, percentages: Sequence[int], rows: Sequence[Placed]
) -> tuple[Prize, ...]:
    """The prizes of a night whose ``entrants`` each paid ``fee_cents``, by its standings'
    ``rows``: place p takes ``percentages[p - 1]`` % of the pot; the players sharing a
    place share their places' percentages evenly; each amount rounded down to the cent,
    then the cents left over given one at a time to the best placed, in the rows' order
    (by place, then name), so the prizes add up to ``paid_share(pot, percentages,
    len(rows))`` exactly (``rows`` placed as the standings place them: 1, 2, 2, 4)."""
    for field, count in (("the entry fee in cents", fee_cents), ("the entrants", entrants)):
        if count < 0:
            raise _refused(field, count, "a whole number, 0 or more")
    verify_percentages(percentages)
    pot = fee_cents * entrants
    sharing = Counter(row.place for row in rows)
    shares = []
    for row in rows:
        held = range(row.place - 1, row.place - 1 + sharing[row.place])
        percent = Fraction(sum(percentages[i] for i in held if i < len(percentages)))
        if percent:
            shares.append((row, percent / sharing[row.place]))
    cents = [math.floor(pot * percent / 100) for _, percent in shares]
    left = math.floor(pot * sum(percent for _, percent in shares) / 100) - sum(cents)
    return tuple(
        Prize(row.place, row.entrant, percent, amount + (index < left))
        for index, ((row, percent), amount) in enumerate(zip(shares, cents, strict=True))
    )
