"""What a password and a user's name must be, beyond the name rule (engine/people.py).

Passwords: 8 to 200 characters, not only white space, not the user's name nor holding
it (case-insensitive), nor the app's own name (``APP_NAMES``), and not easy to guess:
zxcvbn (Dropbox's estimator, the Python port on PyPI), told the app's words and the
example pass phrases too (``APP_WORDS``), must count at least ``MIN_GUESSES``
guesses, which refuses its lists of
the most common passwords (30,000 of them, with English words and names), repeats
(``aaaaaaaa``), sequences (``12345678``, ``abcdefgh``), keyboard rows (``qwertyui``),
dates and those with a character or two changed (``p@ssw0rd``).

Confusable names: a new user's name is refused when its UTS #39 skeleton (of the name
as written, or case-folded) is an existing user's (``Оlga`` with a Cyrillic О beside
``Olga``): ``engine.lookalike.skeletons``, the rule that also keeps one person to one
entrant of a club night.
"""

from __future__ import annotations

from zxcvbn import zxcvbn

MIN_PASSWORD = 8
MAX_PASSWORD = 200
MIN_GUESSES = 10**6  # zxcvbn's score 2: "somewhat guessable", with logins throttled
_ESTIMATED = 72  # zxcvbn reads this many characters (a longer password is not weaker)
_NAME_IN_PASSWORD = 3  # a name this long or longer may not appear in the password
# the app's own name: a password holding it is refused as a password holding the user's
# name is (its letters, whatever is between them: "Score-Keeper!")
APP_NAMES = ("scorekeeper", "pinochle")
# words a guesser tries first at this app, zxcvbn's "user inputs" beside the user's name:
# the game's, and the pass phrases every example shows (the app's own docs once did)
APP_WORDS = (
    *APP_NAMES,
    "score", "keeper", "meld", "trump", "marriage", "pinochle scorekeeper",
    "correct", "horse", "battery", "staple", "correcthorse", "correct horse battery staple",
    "correcthorsebatterystaple", "troubador", "amber", "kettle", "drift", "amber kettle drift",
)  # fmt: skip


def password_problem(password: str, name: str) -> str | None:
    """Why ``password`` will not do for the user ``name`` (a key of ``PROBLEMS``), or None.

    >>> password_problem("12345678", "Olga"), password_problem("olga-olga", "Olga")
    ('guessable', 'name')
    >>> password_problem("Score-Keeper 2026!", "Olga"), password_problem("correcthorse", "Olga")
    ('app', 'guessable')
    >>> password_problem("violet harbor 42 plum", "Olga") is None
    True
    """
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return "length"
    if not password.strip():
        return "spaces"
    folded, name_folded = password.casefold(), name.casefold()
    if name_folded and (
        folded.strip() == name_folded
        or (len(name_folded) >= _NAME_IN_PASSWORD and name_folded in folded)
    ):
        return "name"
    letters = "".join(char for char in folded if char.isalpha())
    if any(word in letters for word in APP_NAMES):
        return "app"
    estimate = zxcvbn(password[:_ESTIMATED], user_inputs=[name, *name.split(), *APP_WORDS])
    if float(estimate["guesses"]) < MIN_GUESSES:
        return "guessable"
    return None
