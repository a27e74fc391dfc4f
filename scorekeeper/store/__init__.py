"""What is stored: the SQLAlchemy models (facts), the derived outcome tables the
statistics read, locks across workers, idempotency keys, and the instance's private
files. May import the engine and ``scorekeeper.extensions``; nothing above."""
