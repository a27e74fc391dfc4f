"""``scorekeeper create-club``, ``create-user --club`` and ``add-member`` (issue 33): a
club made from the terminal, its first owner, and a user of one club joining another
with a role of its own there."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.accounts.clubs import club_by_slug
from scorekeeper.accounts.users import user_named
from scorekeeper.extensions import db
from scorekeeper.store.tenancy import in_club
from tests.cli import test_app_cli
from tests.cli.test_app_cli import Run

pytestmark = pytest.mark.database
run = test_app_cli.run  # the fixture: the command line in-process, on a fresh instance

PASSWORD = "a long enough password\n"


def roles_of(name: str) -> dict[str, str | None]:
    """The user's role in each club, by slug."""
    app = create_app()
    with app.app_context():
        roles = {}
        for slug in ("club", "north"):
            club = club_by_slug(slug)
            if club is None:
                continue
            with in_club(club.id):
                db.session.remove()  # (a user's membership is read in the club it is loaded in)
                user = user_named(name)
                assert user is not None
                roles[slug] = user.role
        db.engine.dispose()
    return roles


def test_a_club_its_owner_and_a_member_from_another_club(
    run: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = run("create-club", "north", "--name", "North Side Pinochle")
    assert made.status == 0 and made.out == "North Side Pinochle: its pages are at /c/north/\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD))
    owner = run("create-user", "Nell", "--role", "owner", "--club", "north", "--password-stdin")
    assert owner.status == 0, owner.err
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD))
    assert run("create-user", "Olga", "--role", "owner", "--password-stdin").status == 0
    joined = run("add-member", "Olga", "--club", "north", "--role", "viewer")
    assert joined.status == 0 and joined.out == "Olga is a viewer of /c/north/ now\n"
    assert roles_of("Nell") == {"club": None, "north": "owner"}
    assert roles_of("Olga") == {"club": "owner", "north": "viewer"}


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["create-club", "North", "--name", "N"], "lower-case letters, digits and hyphens"),
        (["create-club", "north-", "--name", "N"], "a letter or a digit at each end"),
        (["create-club", "n", "--name", "N"], "2 to 40"),
        (["create-club", "club", "--name", "Again"], "already a club at 'club'"),
        (["create-club", "south", "--name", " "], "a club's name cannot be empty"),
        (["add-member", "Nobody", "--club", "club", "--role", "viewer"], "no user 'Nobody'"),
        (["add-member", "Olga", "--club", "club", "--role", "viewer"], "already a member"),
        (["add-member", "Olga", "--club", "south", "--role", "viewer"], "no club 'south'"),
        (["add-member", "Olga", "--club", "club", "--role", "boss"], "role is one of"),
        (["add-member", "Olga", "--club", "North", "--role", "viewer"], "no club 'North'"),
        (["create-token", "Olga", "--club", "south"], "no club 'south'"),
    ],
)
def test_refused_with_a_sentence_and_nothing_written(
    run: Run,
    monkeypatch: pytest.MonkeyPatch,
    instance: Path,
    argv: list[str],
    sentence: str,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD))
    assert run("create-user", "Olga", "--role", "owner", "--password-stdin").status == 0
    refused = run(*argv)
    assert refused.status == 2 and sentence in refused.err, refused.err
    assert roles_of("Olga") == {"club": "owner"}  # no club made, no role given


def test_create_user_in_no_such_club(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD))
    refused = run("create-user", "Nell", "--role", "owner", "--club", "south", "--password-stdin")
    assert refused.status == 2 and "there is no club 'south'" in refused.err


def test_a_token_made_for_a_club_works_in_that_club_only(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run("create-club", "north", "--name", "North Side Pinochle").status == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD))
    assert (
        run("create-user", "Nell", "--role", "owner", "--club", "north", "--password-stdin").status
        == 0
    )
    refused = run("create-token", "Nell")  # the default club: Nell is none of its users
    assert refused.status == 2 and "'Nell' is no user of the club 'club'" in refused.err
    made = run("create-token", "Nell", "--club", "north")
    assert made.status == 0, made.err
    bearer = {"Authorization": f"Bearer {made.out.strip()}"}
    app = create_app()
    client = app.test_client()
    assert client.get("/api/v1/games", headers=bearer).status_code == 200  # the token's club
    assert client.get("/c/north/api/v1/games", headers=bearer).status_code == 200
    assert client.get("/c/club/api/v1/games", headers=bearer).status_code == 401  # another's
    with app.app_context():
        db.engine.dispose()


def test_an_instance_of_two_clubs_is_not_backed_up_as_one(run: Run, instance: Path) -> None:
    """A backup holds one club's rows, without the club: an instance of two would come
    back as one club. Refused with the way to do it, and no file written."""
    assert run("create-club", "north", "--name", "North Side Pinochle").status == 0
    refused = run("backup", "-o", str(instance.parent / "both.json"))
    assert refused.status == 2 and "this instance holds 2 clubs" in refused.err
    assert not (instance.parent / "both.json").exists()
