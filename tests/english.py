"""English words left on a page meant for French, Polish or Dutch readers.

A page's visible text (and its titles, labels and placeholders) is split into words,
and each is looked up in a list of common English words of the app and the game.
Words a language shares with English, or keeps from it as the rulebooks do (the
glossary's "run", "set", "meld", "team", "down"), are allowed for that language;
so are the names the tests give players and sides.
"""

from __future__ import annotations

import html
import re


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# common English words of the pages, the forms and the game
ENGLISH = words(
    """
    the and of to with for from this that your you are is was were be been not no yes
    new game games hand hands record recorded save saved delete deleted undo edit cancel
    back next print download sheet sheets score scores scoreboard total totals points
    meld melds counters trump bid bids bidder bidders dealer deals deal set made thrown
    throw pass passed out win wins won winner draw side sides player players seat seats
    partner partners partnership partnerships rules house rule target chips chip check
    season seasons all time rating ratings stats standings head name password login
    logout account users user role owner viewer scorekeeper language change share link
    revoke make import export file blank paper hands marriage marriages royal common
    aces kings queens jacks around double run hearts spades diamonds clubs ace ten king
    queen jack nine when never always both higher special singles extra first last day
    days everyone anyone nobody every each more less than at most least cannot must
    again only also some any none other others there here what which who how
    """
)
# what each language keeps from English (its glossary words, and words spelt alike)
KEPT = {
    "fr": words("pinochle dix double royal total totals points change score scores stats"),
    "pl": words("pinochle dix meld run set to ten link partner"),
    "nl": words("pinochle dix run team down hand in is of set was total totals rating ratings")
    | words("partner partners link account download extra"),
}
# the players and sides the tests name
NAMES = words("ann bea cal dan us them winter")
CODES = re.compile(r"\b(?:pinochle-game/\d+|JSON|CSV|PDF|API|a4|letter)\b")


def visible_text(page: str) -> str:
    """The words a reader sees: the text between tags, and titles, labels, placeholders
    and button values (not scripts, styles, addresses or form values)."""
    page = re.sub(r"(?is)<(script|style|svg)\b.*?</\1>", " ", page)
    page = re.sub(r"(?is)<datalist\b.*?</datalist>", " ", page)
    shown = re.findall(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"', page)
    text = re.sub(r"(?s)<[^>]*>", " ", page)
    return html.unescape(" ".join([text, *shown]))


def english_words(page: str, language: str) -> list[str]:
    """The English words left in ``page`` (HTML) for ``language``, each once."""
    # an address shown (a share link's, a table code's) is no words: its random token
    # once read "be" (a share link ".../s/x9-be_3...")
    text = CODES.sub(" ", re.sub(r"https?://\S+", " ", visible_text(page)))
    allowed = KEPT.get(language, frozenset()) | NAMES
    found: dict[str, None] = {}
    for word in re.findall(r"[A-Za-z]+", text):
        lower = word.lower()
        if lower in ENGLISH and lower not in allowed:
            found[lower] = None
    return list(found)
