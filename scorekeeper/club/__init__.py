"""Club nights: events, their rounds, tables and standings, stored and read back. May
import ``games`` (each table's game is an ordinary stored game, made through it), the
engine, ``store`` and ``i18n``; not ``accounts`` nor anything above."""
