"""Users and roles, logins and their throttle, passwords, share links and API tokens.
May import the engine (the name rule), ``store`` and ``i18n``; not another service area."""
