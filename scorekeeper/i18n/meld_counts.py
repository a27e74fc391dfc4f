"""A number of melds in words ("2 common marriages"), in the plural form each
language's rules ask for (Babel's, from the catalog's ``Plural-Forms``: Polish says
1 małżeństwo, 2 małżeństwa, 5 małżeństw), and those forms read back in a claim.

Each meld's count is one ``ngettext`` pair, English singular and plural; the catalogs
hold every language's forms. The arounds and the roundhouse are counted as times
("2× aces around"): their names are plural already.

>>> counted_pair("marriage")
('%(num)s common marriage', '%(num)s common marriages')
>>> counted_pair("kings_around")
('%(num)s× kings around', '%(num)s× kings around')
"""

from __future__ import annotations

from flask_babel import get_translations, gettext, ngettext

from scorekeeper.engine.claims import claim_key
from scorekeeper.engine.names import MELD_NAMES, display_name

ROUNDHOUSE = "roundhouse"  # a claim's word for a marriage in each suit and kings and queens around
COUNTED = (*MELD_NAMES, ROUNDHOUSE)
# counts that take each plural form in the languages of the app (Polish: one 1, few
# 2-4 and 22-24, many 5-21 and 25...): a claim reads every form
SAMPLE_COUNTS = (1, 2, 5, 22)
# English plurals other than the name with an "s"
_PLURALS = {"dix": "dixes", "run_extra_king": "runs + extra king",
            "run_extra_queen": "runs + extra queen",
            "run_royal_marriage": "runs + royal marriage"}  # fmt: skip


def counted_pair(meld: str) -> tuple[str, str]:
    """The English message ids of ``meld`` counted: singular and plural."""
    name = display_name(meld)
    if meld == ROUNDHOUSE or meld.endswith("_around"):
        return f"%(num)s× {name}", f"%(num)s× {name}"
    return f"%(num)s {name}", f"%(num)s {_PLURALS.get(meld, name + 's')}"


def counted_meld(meld: str, count: int) -> str:
    """``count`` times ``meld`` (an engine name: ``marriage``) in the page's language:
    ``2 common marriages``; in Polish ``2 małżeństwa pospolite``, ``5 małżeństw
    pospolitych`` (tests/web/test_meld_counts.py)."""
    return str(ngettext(*counted_pair(meld), count))


def counted_aliases() -> dict[str, str]:
    """Each plural form of each meld's name in the page's language, as the claim reader
    compares it (``claim_key``), to the meld: "2 małżeństwa pospolite" is read."""
    aliases = {}
    for meld in COUNTED:
        for count in SAMPLE_COUNTS:
            form = get_translations().ungettext(*counted_pair(meld), count)
            words = (form % {"num": ""}).strip(" ×")
            aliases[claim_key(words)] = meld
    return aliases


def claim_example() -> str:
    """A claim as melds, for the meld checker's hint: ``run, 2 common marriages, pinochle``."""
    return ", ".join((gettext("run"), counted_meld("marriage", 2), gettext("pinochle")))
