"""Passwords that are easy to guess, and user names that pass for another's, are refused
with a sentence (accounts, the setup and users pages, the command line)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.accounts.passwords import password_problem
from scorekeeper.accounts.users import AccountError, all_users, create_user, has_users
from scorekeeper.cli import main
from tests.web.conftest import test_app

REFUSED = [
    ("        ", "spaces"),
    ("\t\t\t\t\t\t\t\t", "spaces"),
    ("12345678", "guessable"),
    ("87654321", "guessable"),
    ("aaaaaaaa", "guessable"),
    ("abcdefgh", "guessable"),
    ("qwertyuiop", "guessable"),
    ("password", "guessable"),
    ("Password1", "guessable"),
    ("p@ssw0rd", "guessable"),
    ("iloveyou", "guessable"),
    ("11111111111", "guessable"),
    ("2026-11-30", "guessable"),
    ("Olga", "length"),
    ("x" * 201, "length"),
    ("x" * 200, "guessable"),
    ("olga", "length"),
    ("olgaolga", "name"),
    ("OLGA2026!", "name"),
    ("  Olga  Olga  ", "name"),
    ("my name is olga", "name"),
    # the app's own name, and the words and example phrases a guesser tries first here
    # (issue 22, item 8)
    ("scorekeeper", "app"),
    ("ScoreKeeper2026!", "app"),
    ("my pinochle club 77", "app"),
    ("correcthorse", "guessable"),
    ("correct horse battery staple", "guessable"),
    ("Tr0ub4dor&3x", "guessable"),
    ("amber kettle drift", "guessable"),
]
ACCEPTED = [
    "a long enough password",
    "violet harbor 42 plum",
    ("violet harbor plum " * 10 + "and a last line")[:200],
    "zmq8-v7kp",
]


@pytest.mark.parametrize(("password", "problem"), REFUSED)
def test_an_easy_password_is_refused_and_why(password: str, problem: str) -> None:
    assert password_problem(password, "Olga") == problem


@pytest.mark.parametrize("password", ACCEPTED)
def test_a_good_password_passes(password: str) -> None:
    assert password_problem(password, "Olga") is None


@pytest.mark.parametrize(("password", "problem"), REFUSED)
def test_no_user_is_made_with_an_easy_password(app: Flask, password: str, problem: str) -> None:
    with app.app_context():
        with pytest.raises(AccountError) as refused:
            create_user("Olga", password, "owner")
        assert refused.value.field == "password"
        assert not has_users()


CONFUSABLE = [
    ("Olga", "\u041elga"),  # Cyrillic О
    ("Olga", "0lga"),  # a zero
    ("Ann", "\u0410nn"),  # Cyrillic А
    ("paypal", "\u0440\u0430\u0443\u0440\u0430l"),  # all Cyrillic but the l
    ("Pat", "\u03a1at"),  # Greek Ρ
    ("Iris", "lris"),
    ("marie", "rnarie"),
    ("Olga", "OLGA"),
    ("Olga", "\uff2flga"),  # fullwidth Ｏ
    ("Olga", "Olga\u200c"),  # a joiner at the end, dropped: the same name
    ("Olga", "Ol\u200cga"),  # a joiner between letters: kept, and shows nothing
]
DISTINCT = [("Olga", "Olya"), ("Anna", "Ana"), ("Ren\u00e9", "Rene"), ("Zo\u00eb", "Zoe")]


@pytest.mark.parametrize(("first", "second"), CONFUSABLE)
def test_a_name_that_looks_like_a_users_is_refused(app: Flask, first: str, second: str) -> None:
    with app.app_context():
        create_user(first, "a long enough password", "owner")
        with pytest.raises(AccountError) as refused:
            create_user(second, "a long enough password", "viewer")
        assert refused.value.field == "name"
        sentence = str(refused.value)  # a look-alike, or the very name once normalised
        assert "looks like the name of the user" in sentence or "already a user" in sentence
        assert len(all_users()) == 1


@pytest.mark.parametrize(("first", "second"), DISTINCT)
def test_names_that_only_resemble_each_other_are_both_users(
    app: Flask, first: str, second: str
) -> None:
    with app.app_context():
        create_user(first, "a long enough password", "owner")
        create_user(second, "a long enough password", "viewer")
        assert len(all_users()) == 2


@pytest.mark.database
def test_the_setup_page_refuses_an_easy_password(tmp_path: Path) -> None:
    app = test_app(tmp_path / "setup.db", LOGIN_DISABLED=False)
    form = {"name": "Olga", "password": "12345678", "confirm": "12345678"}
    answer = app.test_client().post("/setup", data=form)
    assert answer.status_code == 400
    assert "too easy to guess" in answer.get_data(as_text=True)
    with app.app_context():
        assert not has_users()


def test_the_users_page_refuses_a_look_alike_name(app: Flask) -> None:
    with app.app_context():
        create_user("Olga", "a long enough password", "owner")
    form = {"name": "\u041elga", "password": "a long enough password", "role": "viewer"}
    answer = app.test_client().post("/users", data=form)
    assert answer.status_code == 400
    assert "looks like the name of the user" in answer.get_data(as_text=True)


def test_create_user_refuses_an_easy_password(
    instance: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("olga1234\n"))
    assert main(["create-user", "Olga", "--role", "owner", "--password-stdin"]) == 2
    assert "cannot be the user's name" in capsys.readouterr().err
