"""The engine's speed figures: the command line's start, meld per second and replays
(``make bench``).

The start time of ``scorekeeper meld`` and ``scorekeeper score FILE`` is the wall
time of a fresh interpreter running the command (``python -m scorekeeper.cli``), the
median of ``START_RUNS`` runs taken in alternating rounds with ``python -c pass`` (the
interpreter alone), beside which it is also given as a ratio.

The rest is measured in this process on one core with ``time.perf_counter``: each
figure is the median of ``REPEATS`` runs over inputs made before the clock starts.
The one-off costs (a rule set's meld tables and its meld bound, built on first use)
are measured first, on their own, and printed as figures of their own.

    python -m benchmarks.engine
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from scorekeeper.engine.cards import Card
from scorekeeper.engine.game import Game
from scorekeeper.engine.gamefile import from_document, to_document
from scorekeeper.engine.meld import max_player_meld, meld_by_trump
from scorekeeper.engine.presets import PRESETS, RuleSet
from scorekeeper.engine.rules import with_options
from scorekeeper.engine.scoring import replay
from scorekeeper.engine.simulate import random_game

REPEATS = 5
START_RUNS = 11  # fresh interpreters per command, for the start times
SEED = 20261129
SINGLE_HANDS = 20_000
DOUBLE_HANDS = 10_000
GAMES = 1_000
GAME_HANDS = 40
CARD_GAMES = 200  # the replay with meld cards, scaled to GAMES

SINGLE_TARGET = 30_000  # hands per second, at least
DOUBLE_TARGET = 5_000  # hands per second, at least
REPLAY_TARGET = 1.0  # seconds for GAMES games, at most
START_TARGET = 0.3  # seconds for ``scorekeeper meld`` or ``score`` to start and answer, at most
ROOT = Path(__file__).resolve().parent.parent


# --- measuring -------------------------------------------------------------------------


def pin_to_one_core() -> str:
    """Run on one CPU where the OS allows it; say which."""
    if not hasattr(os, "sched_setaffinity"):
        return "one core not pinned (no sched_setaffinity here)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to CPU {core}"


def timed(action: Callable[[], object]) -> float:
    """Seconds one call of ``action`` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def median_seconds(action: Callable[[], object], repeats: int = REPEATS) -> float:
    """The median of ``repeats`` timings of ``action``."""
    return statistics.median(timed(action) for _ in range(repeats))


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def line(label: str, figure: str, target: str = "", met: bool | None = None) -> None:
    """One figure on its own line, with its target and whether it is met."""
    tail = f"   (target {target}: {verdict(met)})" if met is not None else ""
    print(f"{label:<56} {figure:>16}{tail}", flush=True)


# --- inputs ---------------------------------------------------------------------------


def random_hands(rules: RuleSet, size: int, count: int, rng: random.Random) -> list[list[Card]]:
    """``count`` hands of ``size`` cards, each drawn from a full deck."""
    deck = list(rules.meld_table.deck.full())
    return [rng.sample(deck, size) for _ in range(count)]


def long_games(count: int, hands: int, rng: random.Random) -> list[Game]:
    """Partnership games of exactly ``hands`` hands (a target no game reaches)."""
    rules = with_options(PRESETS["partnership"], {"target": 100_000})
    return [random_game(rules, rng, hands) for _ in range(count)]


def without_cards(game: Game) -> Game:
    """The game as most tables record it: scores only, no meld cards."""
    return game.with_hands([dataclasses.replace(hand, meld_cards=()) for hand in game.hands])


# --- the figures ----------------------------------------------------------------------


def start_times(game_file: str) -> None:
    """The wall time of ``python -c pass`` and of each command in a fresh interpreter:
    medians of ``START_RUNS`` rounds, each round running every command once."""
    command = [sys.executable, "-m", "scorekeeper.cli"]
    runs = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "scorekeeper meld CARDS --trump H": [
            *command,
            *("meld", "AH 10H KH KH QH QH JH", "--trump", "H"),
        ],
        "scorekeeper meld CARDS --rule ... --json": [
            *command,
            *("meld", "AH 10H KH KH QH QH JH", "--rule", "run_extras=off", "--json"),
        ],
        "scorekeeper score FILE (40 hands)": [*command, "score", game_file],
        "scorekeeper score FILE --json": [*command, "score", game_file, "--json"],
    }
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seconds: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(START_RUNS):
        for label, argv in runs.items():
            started = time.perf_counter()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
            seconds[label].append(time.perf_counter() - started)
    base = statistics.median(seconds["python -c pass"])
    line("start: python -c pass", f"{base * 1000:.0f} ms")
    for label in list(runs)[1:]:
        median = statistics.median(seconds[label])
        figure = f"{median * 1000:.0f} ms ({median / base:.1f}x)"
        line(f"start: {label}", figure, f"< {START_TARGET:g} s", median < START_TARGET)


def start_game_file(folder: str, rng: random.Random) -> str:
    """A 40-hand partnership game with meld cards in some hands, as a file."""
    game = long_games(1, GAME_HANDS, rng)[0]
    path = Path(folder) / "game.json"
    path.write_text(json.dumps(to_document(game)), encoding="utf-8")
    return str(path)


def one_off_builds() -> None:
    """The first use of each preset: its meld tables, then its meld bound."""
    built: dict[tuple[object, ...], str] = {}
    for name, rules in PRESETS.items():
        key = (rules.meld_table, rules.doubles, rules.run_extras)
        seconds = timed(partial(meld_by_trump, (), rules))
        shared = f" (= {built[key]})" if key in built else ""
        built.setdefault(key, name)
        line(f"one-off meld tables, {name}{shared}", f"{seconds * 1000:.1f} ms")
    bounds: dict[tuple[object, ...], str] = {}
    for name, rules in PRESETS.items():
        bound_key = (rules.meld_table, rules.doubles, rules.run_extras, rules.hand_size)
        seconds = timed(partial(max_player_meld, rules))
        shared = f" (= {bounds[bound_key]})" if bound_key in bounds else ""
        bounds.setdefault(bound_key, name)
        line(f"one-off meld bound, {name}{shared}", f"{seconds * 1000:.1f} ms")


def meld_rate(label: str, rules: RuleSet, hands: Sequence[Sequence[Card]], target: int) -> None:
    """Hands per second through ``meld_by_trump`` (all four trumps)."""

    def run() -> None:
        for cards in hands:
            meld_by_trump(cards, rules)

    run()  # warm-up
    rate = len(hands) / median_seconds(run)
    line(label, f"{rate:,.0f} hands/s", f">= {target:,}", rate >= target)


def replay_time(
    label: str, games: Sequence[Game], scale: float = 1.0, target: float | None = None
) -> None:
    """Seconds to replay ``games`` (times ``scale``); the issue's target only where it applies."""

    def run() -> None:
        for game in games:
            replay(game)

    run()
    seconds = median_seconds(run) * scale
    if target is None:
        line(label, f"{seconds:.3f} s")
    else:
        line(label, f"{seconds:.3f} s", f"< {target:g} s", seconds < target)


def load_replay_time(label: str, documents: Sequence[dict[str, Any]]) -> None:
    """Seconds to load the documents and replay them (no target: the file is read once)."""

    def run() -> None:
        for document in documents:
            replay(from_document(document))

    run()
    line(label, f"{median_seconds(run):.3f} s")


def main() -> None:
    started = time.perf_counter()
    print(
        f"engine benchmark: Python {sys.version.split()[0]}, {pin_to_one_core()}, "
        f"median of {REPEATS} runs"
    )
    one_off_builds()  # first: the game file below builds the partnership tables
    with tempfile.TemporaryDirectory() as folder:
        start_times(start_game_file(folder, random.Random(SEED)))

    rng = random.Random(SEED)
    single = random_hands(PRESETS["partnership"], 12, SINGLE_HANDS, rng)
    double = random_hands(PRESETS["double-deck"], 20, DOUBLE_HANDS, rng)
    meld_rate(
        "meld_by_trump, 12-card hands (partnership)", PRESETS["partnership"], single, SINGLE_TARGET
    )
    meld_rate(
        "meld_by_trump, 20-card hands (double-deck)", PRESETS["double-deck"], double, DOUBLE_TARGET
    )

    generating = time.perf_counter()
    games = long_games(GAMES, GAME_HANDS, rng)
    plain = [without_cards(game) for game in games]
    documents = [to_document(game) for game in plain]
    print(
        f"(made {GAMES} games of {GAME_HANDS} hands in {time.perf_counter() - generating:.1f} s,"
        " untimed)"
    )
    replay_time(
        f"replay of {GAMES} {GAME_HANDS}-hand games, scores only", plain, target=REPLAY_TARGET
    )
    load_replay_time(f"from_document + replay of {GAMES} games, scores only", documents)
    shown = sum(bool(hand.meld_cards) for game in games[:CARD_GAMES] for hand in game.hands)
    share = shown / (CARD_GAMES * GAME_HANDS)
    replay_time(
        f"replay per {GAMES} games, meld cards in {share:.0%} of hands",
        games[:CARD_GAMES],
        GAMES / CARD_GAMES,
    )
    print(f"(whole benchmark: {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
