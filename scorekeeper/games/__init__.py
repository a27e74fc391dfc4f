"""Games, hands, players, seasons, the games list, import and export: the one place
that maps stored rows to engine values and back, and commits. May import the engine,
``store`` and ``i18n``; not another service area."""
