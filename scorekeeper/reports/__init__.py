"""What is read out of the games: the PDF score sheets, their charts, season statistics
and the store of rendered sheets. May import ``games`` (seasons, stored games),
``store``, ``i18n`` and the engine; it writes no game."""
