"""A whole instance out and back in: the backup document, and the restore that checks
every row (as the engine and the accounts would) before it writes any. May import every
service area below it (games, accounts), ``store``, ``i18n`` and the engine."""
