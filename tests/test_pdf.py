"""Score sheets as PDF: read the text back and check it against the replay."""

from __future__ import annotations

import cProfile
import dataclasses
import io
import json
import pstats
import random
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorekeeper.cli import main
from scorekeeper.engine.game import Game
from scorekeeper.engine.gamefile import dumps, from_document
from scorekeeper.engine.presets import PRESETS
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import random_game
from scorekeeper.i18n.signs import MINUS
from scorekeeper.reports import pdf
from tests.conftest import CASES, case_files, load_case

# points per inch: A4 is 210 × 297 mm, Letter 8.5 × 11 in
SIZES = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}


def text_of(body: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(body)).pages]


def numbers(text: str) -> list[str]:
    """The figures of a sheet, as ``str`` writes them: its minus is U+2212."""
    return [found.replace(MINUS, "-") for found in re.findall(rf"{MINUS}?\d+", text)]


@pytest.fixture(scope="module")
def long_game() -> object:
    rules = with_options(PRESETS["partnership"], {"target": 100_000})
    return random_game(rules, random.Random(60), hands=60)


@pytest.mark.parametrize("path", case_files("games"), ids=lambda p: p.stem)
def test_every_hand_and_total_is_on_the_sheet(path: Path) -> None:
    game = from_document(load_case(path)["game"])
    result = replay(game)
    text = "\n".join(text_of(pdf.game_sheet_pdf(game)))
    found = numbers(text)
    for hand in result.hands:
        for value in (*hand.points, *hand.totals):
            assert str(value) in found, (hand.number, value)
    for side in game.sides:
        assert side.name in text
    if result.finished and result.winner != "draw":
        assert f"Winner: {game.sides[result.winner].name}" in text.replace("\n", " ")
    if result.chips:
        for value in result.chips:
            assert str(value) in found


def test_a_set_is_shown_as_minus_the_bid_and_marked() -> None:
    game = from_document(load_case(CASES / "games" / "edge-scoring.json")["game"])
    text = "\n".join(text_of(pdf.game_sheet_pdf(game)))
    assert f"{MINUS}260 set" in text
    assert f"{MINUS}350 set" in text
    assert "-260" not in text and "-440" not in text, "a minus is U+2212, never a hyphen"


def test_a_long_game_runs_over_pages_with_the_header_repeated(long_game: object) -> None:
    pages = text_of(pdf.game_sheet_pdf(long_game))  # type: ignore[arg-type]
    assert len(pages) >= 2
    for number, page in enumerate(pages, 1):
        assert f"page {number} of {len(pages)}" in page
        assert "Counters" in page and "Total" in page, f"no table header on page {number}"
    last_totals = replay(long_game).totals  # type: ignore[arg-type]
    assert all(str(total) in numbers("\n".join(pages)) for total in last_totals)


def render_work(game: Game) -> tuple[int, int]:
    """The Python calls WeasyPrint makes for the game's sheet (work, counted rather than
    timed: ``make bench-pdf`` has the seconds), and its pages."""
    html = pdf.game_sheet_html(game)
    profile = cProfile.Profile()
    profile.enable()
    body = pdf.html_to_pdf(html)
    profile.disable()
    return pstats.Stats(profile).total_calls, len(PdfReader(io.BytesIO(body)).pages)  # type: ignore[attr-defined]


def test_a_sheets_work_grows_in_step_with_its_hands() -> None:
    rules = dataclasses.replace(PRESETS["partnership"], target=10**9)
    game = random_game(rules, random.Random(120), hands=120)
    render_work(dataclasses.replace(game, hands=game.hands[:5]))  # fonts and styles loaded
    work = {n: render_work(dataclasses.replace(game, hands=game.hands[:n])) for n in (30, 60, 120)}
    calls = {n: found[0] for n, found in work.items()}
    # linear: twice the extra hands, twice the extra work (quadratic would be 3 times)
    assert (calls[120] - calls[60]) / (calls[60] - calls[30]) < 2.5, calls
    pages = {n: found[1] for n, found in work.items()}
    assert pages[120] <= 2 * pages[60] <= 4 * pages[30], pages  # rows fill the pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_paper_sizes(paper: str) -> None:
    game = from_document(load_case(case_files("games")[0])["game"])
    reader = PdfReader(io.BytesIO(pdf.game_sheet_pdf(game, paper)))
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(SIZES[paper][0], abs=1)
    assert float(box.height) == pytest.approx(SIZES[paper][1], abs=1)


def test_fonts_are_embedded() -> None:
    game = from_document(load_case(case_files("games")[0])["game"])
    reader = PdfReader(io.BytesIO(pdf.game_sheet_pdf(game)))
    fonts = []
    for page in reader.pages:
        resources = page["/Resources"]
        for font in resources["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            fonts.append((font["/BaseFont"], descriptor.get_object()))
    assert fonts
    for name, descriptor in fonts:
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), name


@pytest.mark.parametrize("name", list(PRESETS))
def test_blank_sheet_for_every_preset(name: str) -> None:
    rules = PRESETS[name]
    text = "\n".join(text_of(pdf.blank_sheet_pdf(name, hands=30)))
    assert str(rules.target) in text
    assert "Meld" in text
    assert "run" in text
    assert "30" in numbers(text)  # the last row's number


def test_the_print_view_is_the_same_template() -> None:
    game = from_document(load_case(case_files("games")[0])["game"])
    html = pdf.game_sheet_html(game)
    assert html.startswith("<!doctype html>")
    assert "<svg" in html and "@page" in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")


# --- scorekeeper sheet -------------------------------------------------------------


def test_sheet_command_writes_a_pdf(tmp_path: Path) -> None:
    game = from_document(load_case(case_files("games")[0])["game"])
    source = tmp_path / "game.json"
    source.write_text(dumps(game), encoding="utf-8")
    target = tmp_path / "out.pdf"
    assert main(["sheet", str(source), "-o", str(target), "--paper", "letter"]) == 0
    assert target.read_bytes().startswith(b"%PDF")


def test_sheet_command_blank(tmp_path: Path) -> None:
    target = tmp_path / "blank.pdf"
    assert main(["sheet", "--blank", "--ruleset", "check", "-o", str(target)]) == 0
    assert "100" in "\n".join(text_of(target.read_bytes()))


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Feuille de score de pinochle", "Donneur", "\u2212260 chute"]),
        ("nl", ["Deler", "\u2212350 down"]),
    ],
)
def test_sheet_command_prints_in_the_language_asked_for(
    tmp_path: Path, language: str, words: list[str]
) -> None:
    source, target = tmp_path / "game.json", tmp_path / "game.pdf"
    game = from_document(load_case(CASES / "games" / "edge-scoring.json")["game"])
    source.write_text(dumps(game), encoding="utf-8")
    assert main(["sheet", str(source), "-o", str(target), "--language", language]) == 0
    text = " ".join(" ".join(text_of(target.read_bytes())).split())
    assert all(word in text for word in words), text


@pytest.mark.parametrize("path", case_files("errors"), ids=lambda p: p.stem)
def test_sheet_command_refuses_a_bad_file(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(load_case(path)["game"]), encoding="utf-8")
    target = tmp_path / "out.pdf"
    assert main(["sheet", str(source), "-o", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"hand {load_case(path)['expect']['error_hand']}: ")
    assert not target.exists()


@pytest.mark.parametrize("hands", ["0", "61", "197"])
def test_sheet_command_refuses_a_blank_sheet_beyond_a_pad(
    hands: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "blank.pdf"
    assert main(["sheet", "--blank", "--hands", hands, "-o", str(target)]) == 2
    assert f"--hands must be from 1 to 60, not {hands}" in capsys.readouterr().err
    assert not target.exists()


def test_sheet_command_needs_a_file_or_blank(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet"]) == 2
    assert "give a game file" in capsys.readouterr().err


@pytest.mark.parametrize("hands", ["\u0663", "\uff15", "1e3", "-5", "9" * 5000])
def test_sheet_command_reads_hands_in_digits_only(
    hands: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "blank.pdf"
    assert main(["sheet", "--blank", "--hands", hands, "-o", str(target)]) == 2
    assert "a whole number in the digits 0 to 9" in capsys.readouterr().err
    assert not target.exists()


# --- check pinochle's sheets (issue 23, item 7) ----------------------------------------


def check_game() -> Game:
    path = next(path for path in case_files("games") if path.stem == "check-basic")
    return from_document(load_case(path)["game"])


def test_the_check_sheets_header_names_the_rules_once() -> None:
    for body in (pdf.game_sheet_pdf(check_game()), pdf.blank_sheet_pdf("check", hands=5)):
        text = " ".join(text_of(body)[0].split())
        assert "Rules Check pinochle: Partnership at one tenth to 100, with chips." in text
        assert "Check pinochle: Check pinochle" not in text


def test_the_chip_columns_carry_the_sides_names() -> None:
    lines = text_of(pdf.game_sheet_pdf(check_game()))[0].splitlines()
    assert "Meld Counters Points Total Meld Counters Points Total Us Them" in lines
    blank = text_of(pdf.blank_sheet_pdf("check", hands=5))[0].splitlines()
    assert "Meld Counters Points Total Meld Counters Points Total Side 1 Side 2" in blank


def test_the_blank_check_sheet_has_the_chip_table() -> None:
    lines = text_of(pdf.blank_sheet_pdf("check", hands=5))[0].splitlines()
    assert "Chips (Check pinochle)" in lines
    for line in ("run 2", "double run 4", "double pinochle 1", "roundhouse 5",
                 "made bid 20–24 2", "made bid 25–29 4", "made bid 30+ 7, then +3 per 5",
                 "set, or thrown in 2× the bid's, to the defenders", "all twelve tricks 5",
                 "winning the game 10 + 1 per started 10 of margin"):  # fmt: skip
        assert line in lines, line
    assert "a loser below zero" not in lines  # the seed scale pays nothing more for it


def test_the_chip_table_follows_the_scale() -> None:
    bicycle = with_options(PRESETS["check"], {"check_scale": "bicycle"})
    sheet = pdf.chip_values(bicycle)
    assert sheet is not None
    assert sheet.bids == [("20–24", 2), ("25–29", 4), ("30–34", 7), ("35+", 10)]
    assert ("double pinochle", 2) in sheet.meld
    assert pdf.chip_values(PRESETS["partnership"]) is None


@pytest.mark.parametrize("name", [name for name in PRESETS if name != "check"])
def test_only_the_check_sheet_has_a_chip_table(name: str) -> None:
    assert "Chips (" not in pdf.blank_sheet_html(name)


def test_the_chip_table_in_french() -> None:
    text = " ".join(text_of(pdf.blank_sheet_pdf("check", hands=5, language="fr"))[0].split())
    assert "Jetons (Pinochle à jetons)" in text
    assert "enchère réussie 30+ 7, puis +3 par 5" in text
    assert "Équipe 1 Équipe 2" in text
