"""A night's prizes (issue 32, item 4: engine/club/prizes.py): the split's shared places
and leftover cents, with its property; percentages and fees read or refused with their
sentence; the event file's ``prizes`` read and written back."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.club.entrants import Entrant
from scorekeeper.engine.club.events import EXAMPLE, from_document, to_document
from scorekeeper.engine.club.prizes import (
    PERCENTAGES_EXPECTED,
    Prizes,
    heads_paying,
    paid_share,
    percentages_text,
    prize_split,
    read_fee,
    read_percentages,
)
from scorekeeper.engine.club.standings import Row
from scorekeeper.engine.errors import GameError
from tests.conftest import examples

F = Fraction


# --- the prize split ------------------------------------------------------------------


def rows(text: str) -> list[Row]:
    """Standings rows as "1 Ann, 2 Bea, 2 Cal": each place and entrant."""
    placed = [item.split() for item in text.split(",")]
    return [Row(int(place), name, 1, F(0), 0, 0, 0) for place, name in placed]


# fee, entrants, percentages, the standings -> each prize as (place, entrant, cents)
PRIZES: list[tuple[str, int, int, tuple[int, ...], str, list[tuple[int, str, int]]]] = [
    ("three places", 500, 10, (50, 30, 20), "1 Ann, 2 Bea, 3 Cal, 4 Dan, 5 Eve",
     [(1, "Ann", 2500), (2, "Bea", 1500), (3, "Cal", 1000)]),
    # 2nd shared: (30 + 20) / 2 = 25 % each
    ("2nd shared", 500, 10, (50, 30, 20), "1 Ann, 2 Bea, 2 Cal, 4 Dan",
     [(1, "Ann", 2500), (2, "Bea", 1250), (2, "Cal", 1250)]),
    # 999 cents: 499.5, 299.7, 199.8 rounded down leave 2 cents, to 1st and 2nd
    ("leftover cents", 333, 3, (50, 30, 20), "1 Ann, 2 Bea, 3 Cal",
     [(1, "Ann", 500), (2, "Bea", 300), (3, "Cal", 199)]),
    # three share 1st: 33.33... % each of 1000; the cent left over goes to the first listed
    ("1st shared by three", 250, 4, (50, 30, 20), "1 Ann, 1 Bea, 1 Cal, 4 Dan",
     [(1, "Ann", 334), (1, "Bea", 333), (1, "Cal", 333)]),
    # 3rd shared past the paid places: 20 % shared by two
    ("3rd shared past the list", 1000, 10, (50, 30, 20), "1 Ann, 2 Bea, 3 Cal, 3 Dan, 5 Eve",
     [(1, "Ann", 5000), (2, "Bea", 3000), (3, "Cal", 1000), (3, "Dan", 1000)]),
    # two in the standings: 3rd place's 20 % is not paid
    ("fewer entrants than prizes", 1000, 2, (50, 30, 20), "1 Ann, 2 Bea",
     [(1, "Ann", 1000), (2, "Bea", 600)]),
    # the house keeps 10 %; the prizes need not fall
    ("rising prizes, a house share", 100, 7, (20, 70), "1 Ann, 2 Bea, 3 Cal",
     [(1, "Ann", 140), (2, "Bea", 490)]),
    ("no fee", 0, 8, (100,), "1 Ann, 2 Bea", [(1, "Ann", 0)]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("fee", "entrants", "percentages", "placed", "expected"),
    [c[1:] for c in PRIZES],
    ids=[c[0] for c in PRIZES],
)
def test_the_prize_split(
    fee: int,
    entrants: int,
    percentages: tuple[int, ...],
    placed: str,
    expected: list[tuple[int, str, int]],
) -> None:
    standing = rows(placed)
    prizes = prize_split(fee, entrants, percentages, standing)
    assert [(prize.place, prize.entrant, prize.cents) for prize in prizes] == expected
    assert sum(prize.cents for prize in prizes) == paid_share(
        fee * entrants, percentages, len(standing)
    )


def test_a_prize_as_json() -> None:
    prize = prize_split(250, 4, (50, 30, 20), rows("1 Ann, 1 Bea, 1 Cal"))[0]
    assert prize.as_dict() == {"place": 1, "entrant": "Ann", "percent": 33.33, "cents": 334}


@st.composite
def percentages_drawn(draw: st.DrawFn) -> tuple[int, ...]:
    """1 to 20 whole percentages of 1 to 100 adding up to at most 100, in any order."""
    count = draw(st.integers(1, 20))
    total = draw(st.integers(count, 100))
    points = st.integers(1, max(total - 1, 1))
    cuts = sorted(draw(st.sets(points, min_size=count - 1, max_size=count - 1)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return tuple(draw(st.permutations(parts)))


@settings(max_examples=examples(200), deadline=None)
@given(
    fee=st.integers(0, 100_000),
    entrants=st.integers(0, 300),
    percentages=percentages_drawn(),
    groups=st.lists(st.integers(1, 4), max_size=25),  # how many share each place
)
def test_the_prizes_add_up_to_the_paid_share_exactly(
    fee: int, entrants: int, percentages: tuple[int, ...], groups: list[int]
) -> None:
    """The paid share is the pot's share for the places the standings fill (the sum of
    the first len(rows) percentages), rounded down to the cent: the prizes add up to it
    exactly, each is its exact share rounded down or one cent more, the cents more go to
    the best placed, and a place shared pays each alike, to the cent."""
    standing: list[Row] = []
    for size in groups:
        place = len(standing) + 1
        standing += [Row(place, f"P{len(standing) + i}", 1, F(0), 0, 0, 0) for i in range(size)]
    pot = fee * entrants
    prizes = prize_split(fee, entrants, percentages, standing)
    assert sum(prize.cents for prize in prizes) == paid_share(pot, percentages, len(standing))
    assert [prize.entrant for prize in prizes] == [
        row.entrant for row in standing if row.place <= len(percentages)
    ]
    more = [prize.cents - pot * prize.percent // 100 for prize in prizes]
    assert set(more) <= {0, 1} and more == sorted(more, reverse=True)
    for place in {prize.place for prize in prizes}:
        shared = [prize.cents for prize in prizes if prize.place == place]
        assert max(shared) - min(shared) <= 1


READ = [
    (" 50, 30,20", (50, 30, 20)),
    ("100", (100,)),
    ("10,20,30", (10, 20, 30)),  # rising is allowed
    (",".join(["5"] * 20), (5,) * 20),
]


@pytest.mark.parametrize(("text", "expected"), READ, ids=[c[0] for c in READ])
def test_percentages_read(text: str, expected: tuple[int, ...]) -> None:
    assert read_percentages(text) == expected
    assert read_percentages(percentages_text(expected)) == expected


REFUSED = [
    "", " ", "50,,20", "0", "101", "60,50", "-5", "1e2", "12.5", "٣٠", "50;30", "50 30",
    "0050", ",".join(["1"] * 21),
]  # fmt: skip


@pytest.mark.parametrize("text", REFUSED)
def test_percentages_refused_with_their_sentence(text: str) -> None:
    with pytest.raises(GameError) as refused:
        read_percentages(text)
    assert (
        str(refused.value)
        == f"prize percentages cannot be {text!r}: expected {PERCENTAGES_EXPECTED}"
    )


def test_the_sentence_says_what_is_expected() -> None:
    with pytest.raises(GameError) as refused:
        read_percentages("60,50")
    assert str(refused.value) == (
        "prize percentages cannot be '60,50': expected whole numbers from 1 to 100 separated "
        "by commas, first place's first (50,30,20): at most 20 of them, adding up to at most 100"
    )


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.integers(0, 150), max_size=25))
def test_percentages_are_read_back_exactly_when_valid(percentages: list[int]) -> None:
    valid = 1 <= len(percentages) <= 20 and min(percentages) >= 1 and sum(percentages) <= 100
    if valid:
        assert read_percentages(percentages_text(percentages)) == tuple(percentages)
    else:
        with pytest.raises(GameError):
            read_percentages(percentages_text(percentages))


@pytest.mark.parametrize(
    ("fee", "entrants", "percentages", "sentence"),
    [
        (-1, 4, (50,), "the entry fee in cents cannot be -1: expected a whole number, 0 or more"),
        (100, -4, (50,), "the entrants cannot be -4: expected a whole number, 0 or more"),
        (100, 4, (60, 50), f"prize percentages cannot be '60,50': expected {PERCENTAGES_EXPECTED}"),
    ],
    ids=["a negative fee", "negative entrants", "over 100 %"],
)
def test_a_split_refused(
    fee: int, entrants: int, percentages: tuple[int, ...], sentence: str
) -> None:
    with pytest.raises(GameError) as refused:
        prize_split(fee, entrants, percentages, rows("1 Ann"))
    assert str(refused.value) == sentence


FEES = [
    ("5", 500),
    ("2.5", 250),
    ("2,50", 250),
    (" 12.05 ", 1205),
    ("0", 0),
    ("100000", 10_000_000),
]
BAD_FEES = ["", "five", "2.505", "1,000", "-5", "100000.01", "٥"]


@pytest.mark.parametrize(("text", "cents"), FEES)
def test_a_fee_read_in_cents(text: str, cents: int) -> None:
    assert read_fee(text) == cents


@pytest.mark.parametrize("text", BAD_FEES)
def test_a_fee_refused_with_its_sentence(text: str) -> None:
    with pytest.raises(GameError) as refused:
        read_fee(text)
    assert str(refused.value) == f"the entry fee is an amount such as 5 or 2.50, not {text!r}"


# the file's prizes -> what is read (a sentence: refused so)
FILE_PRIZES = [
    (None, None),
    ({"entry_fee_cents": 500, "percentages": [50, 30, 20]}, Prizes(500, (50, 30, 20))),
    ({"entry_fee_cents": 0, "percentages": [100]}, Prizes(0, (100,))),
    ({"entry_fee_cents": -1, "percentages": [50]}, "not -1"),
    ({"entry_fee_cents": 500, "percentages": [60, 50]}, "cannot be '60,50'"),
    ({"entry_fee_cents": 500}, "percentages"),
    ({"entry_fee_cents": "5", "percentages": [50]}, "entry_fee_cents"),
    ({"entry_fee_cents": 500, "percentages": [50], "currency": "EUR"}, "currency"),
]


@pytest.mark.parametrize(("prizes", "read"), FILE_PRIZES)
def test_the_files_prizes(prizes: object, read: Prizes | str | None) -> None:
    document = {**EXAMPLE, "prizes": prizes}
    if isinstance(read, str):
        with pytest.raises(GameError, match=read):
            from_document(document)
        return
    event = from_document(document)
    assert event.prizes == read
    written = to_document(event)
    assert written.get("prizes") == prizes and from_document(written) == event


# --- who paid -------------------------------------------------------------------------

# the night's entrants ("Ann & Bea": a fixed team) -> the heads that paid the fee
HEADS = [
    ("singles", "Ann, Bea, Cal, Dan, Eve", 5),
    ("fixed teams: two heads each", "Ann & Bea, Cal & Dan, Eve & Fay", 6),
    ("nobody entered", "", 0),
]


@pytest.mark.parametrize(("case", "entered", "heads"), HEADS, ids=[c[0] for c in HEADS])
def test_the_heads_that_paid(case: str, entered: str, heads: int) -> None:
    entrants = [
        Entrant(name, tuple(name.split(" & ")) if "&" in name else ())
        for name in filter(None, entered.split(", "))
    ]
    assert heads_paying(entrants) == heads
