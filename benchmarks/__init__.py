"""Speed figures for the engine (``make bench``)."""
