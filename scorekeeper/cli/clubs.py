"""The accounts' and the clubs' commands: ``create-user``, ``create-token``,
``create-club SLUG --name NAME`` and ``add-member NAME --club SLUG --role ROLE`` (the
clubs of a hosted instance: docs/hosting.md); each account command works in the club
``--club`` names, the default club without it. Flask and the database are imported
when a command runs, as in ``cli.app_commands``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from scorekeeper.cli.output import BAD_INPUT, OK, say, say_error

# the default club's slug (``accounts.clubs.DEFAULT_SLUG``, named here so as not to import
# the database with it)
DEFAULT_SLUG = "club"


class NoSuchClubError(LookupError):
    """A ``--club`` that names no club."""


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    user = commands.add_parser(
        "create-user",
        help="add someone who may log in (the first owner, on a fresh instance)",
        description="Add a user with a role: owner (manages users, deletes games), "
        "scorekeeper (starts games, records hands) or viewer (reads). The password is "
        "asked twice on the terminal, or read from standard input.",
    )
    user.add_argument("name", help="the name to log in with")
    user.add_argument("--role", required=True, help="owner, scorekeeper or viewer")
    add_club_option(user)
    user.add_argument(
        "--password-stdin", action="store_true", help="read the password from standard input"
    )
    user.set_defaults(run=run_create_user)

    token = commands.add_parser(
        "create-token",
        help="make an API token for a user and print it",
        description="Make a token a program sends as 'Authorization: Bearer TOKEN' to use "
        "the JSON API (/api/v1) with the user's role. It is printed once: only its hash "
        "is kept. Revoke it on the user's account page.",
    )
    token.add_argument("name", help="the user the token acts for")
    token.add_argument(
        "--label", default="command line", help="what will use it (shown on the account page)"
    )
    add_club_option(token)
    token.set_defaults(run=run_create_token)

    club = commands.add_parser(
        "create-club",
        help="add a club to this instance (its pages at /c/SLUG/)",
        description="Add an empty club. Its pages live at /c/SLUG/; give it an owner "
        "with 'create-user NAME --role owner --club SLUG'.",
    )
    club.add_argument("slug", help="its address: 2 to 40 lower-case letters, digits, hyphens")
    club.add_argument("--name", required=True, help="the club's name, as its pages show it")
    club.set_defaults(run=run_create_club)

    member = commands.add_parser(
        "add-member",
        help="give an existing user a role in a club",
        description="Make a user (of any club) a member of another club, with a role there: "
        "owner, scorekeeper or viewer. The same name and password log in to both.",
    )
    member.add_argument("name", help="the user's name")
    member.add_argument("--club", required=True, help="the club's slug")
    member.add_argument("--role", required=True, help="owner, scorekeeper or viewer")
    member.set_defaults(run=run_add_member)


def add_club_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--club", default=DEFAULT_SLUG, help=f"the club's slug ({DEFAULT_SLUG}: the default club)"
    )


@contextmanager
def in_club_named(slug: str) -> Iterator[None]:
    """The block works in the club ``slug`` (inside an app context); NoSuchClubError."""
    from scorekeeper.accounts.clubs import club_by_slug
    from scorekeeper.store.tenancy import in_club

    club = club_by_slug(slug)
    if club is None:
        raise NoSuchClubError(f"there is no club {slug!r}; 'create-club' makes one")
    with in_club(club.id):
        yield


def run_create_user(args: argparse.Namespace) -> int:
    """``scorekeeper create-user``: 0 once the user exists, 2 when refused."""
    import getpass

    from scorekeeper.accounts.users import AccountError, create_user
    from scorekeeper.cli.serve import upgraded_app

    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass("Password: ")
        if getpass.getpass("The password again: ") != password:
            say_error("the passwords differ; nothing was changed")
            return BAD_INPUT
    with upgraded_app().app_context():
        try:
            with in_club_named(args.club):
                user = create_user(args.name, password, args.role)
        except (AccountError, NoSuchClubError) as exc:
            say_error(f"{exc}")
            return BAD_INPUT
        say(f"{user.name} ({args.role}) can log in now")
    return OK


def run_create_token(args: argparse.Namespace) -> int:
    """``scorekeeper create-token``: the token on standard output, or 2 when refused."""
    from scorekeeper.accounts.links import create_api_token
    from scorekeeper.accounts.users import AccountError, user_named
    from scorekeeper.cli.serve import upgraded_app

    with upgraded_app().app_context():
        try:
            with in_club_named(args.club):
                user = user_named(args.name)
                if user is None:
                    say_error(f"there is no user called {args.name!r}; nothing was made")
                    return BAD_INPUT
                if user.role is None:  # (a token is a club's: its user must be of the club)
                    say_error(f"{args.name!r} is no user of the club {args.club!r}")
                    return BAD_INPUT
                _row, token = create_api_token(user, args.label)
        except (AccountError, NoSuchClubError) as exc:
            say_error(f"{exc}")
            return BAD_INPUT
    print(token)
    return OK


def run_create_club(args: argparse.Namespace) -> int:
    """``scorekeeper create-club``: 0 once the club exists, 2 when refused."""
    from scorekeeper.accounts.clubs import ClubError, create_club
    from scorekeeper.cli.serve import upgraded_app

    with upgraded_app().app_context():
        try:
            club = create_club(args.slug, args.name)
        except ClubError as exc:
            say_error(f"{exc}")
            return BAD_INPUT
        say(f"{club.name}: its pages are at /c/{club.slug}/")
    return OK


def run_add_member(args: argparse.Namespace) -> int:
    """``scorekeeper add-member``: 0 once the user is a member, 2 when refused."""
    from scorekeeper.accounts.users import AccountError, add_member, user_named
    from scorekeeper.cli.serve import upgraded_app

    with upgraded_app().app_context():
        try:
            with in_club_named(args.club):
                user = user_named(args.name)
                if user is None:
                    say_error(f"there is no user {args.name!r}")
                    return BAD_INPUT
                add_member(user, args.role)
        except (AccountError, NoSuchClubError) as exc:
            say_error(f"{exc}")
            return BAD_INPUT
        say(f"{user.name} is a {args.role} of /c/{args.club}/ now")
    return OK
