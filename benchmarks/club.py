"""The club night's speed figures: a progressive movement computed live (``make bench-club``).

12 tables × 8 rounds (48 players) by the live search (``movement_search.search`` with a
seed, as a director's recompute between rounds would run it, never the shipped table):
the median of ``REPEATS`` runs, each with its own seed, on one core with
``time.perf_counter``, against the 2 s target; the figure each run reaches, against
the issue's (no partner repeats, no repeat meetings at 12 tables); and, as ratios,
the time from 3 tables and 4 rounds up, and the shipped schedule's load.

Then the standings of a night from its stored games (``benchmarks.club_standings``):
3, 12 and 24 tables × 8 rounds stored through the app in a fresh SQLite database,
``event_standings(get_event(id))`` in a new session each run, the median against its
1 s target at 12 tables, its growth from 3 to 24 tables against linear (8×), and the SQL
statements a call sends at each size (the same at every size); the event's page and
the display kept, answered 304 and made again after a change. Last, the largest night
allowed (200 entrants, 20 rounds) imported and its first round seated, with the time
each holds the write lock (``benchmarks.night_limits``).

    python -m benchmarks.club
"""

from __future__ import annotations

import statistics
import time

from benchmarks import club_standings, night_limits
from benchmarks.engine import line, pin_to_one_core
from scorekeeper.engine.club.movements import PROGRESSIVE, fixed_speed, progressive

REPEATS = 5
TARGET = 2.0  # seconds for 12 tables × 8 rounds, at most
SIZES = ((3, 4), (6, 8), (12, 4), (12, 8))  # (tables, rounds)


def run(tables: int, rounds: int) -> tuple[float, list[tuple[int, int, int]]]:
    """The median seconds of ``REPEATS`` live searches, and the figures they reach."""
    seconds, figures = [], []
    for seed in range(1, REPEATS + 1):
        started = time.perf_counter()
        night = progressive(4 * tables, rounds, seed)
        seconds.append(time.perf_counter() - started)
        even = night.evenness
        figures.append((even.partner_repeats, even.repeat_meetings, even.most_meetings))
    return statistics.median(seconds), figures


def main() -> None:
    print(f"club benchmark: {pin_to_one_core()}, {PROGRESSIVE} movements, {REPEATS} seeds each")
    medians = {}
    for tables, rounds in SIZES:
        median, figures = run(tables, rounds)
        medians[tables, rounds] = median
        worst = max(figures)
        reference = fixed_speed(tables, rounds).evenness
        line(
            f"{tables} tables x {rounds} rounds: live search, median",
            f"{median * 1000:.0f} ms",
        )
        line(
            f"  figure reached, worst of {REPEATS} (partners, repeats, most)",
            f"{worst[0]}, {worst[1]}, {worst[2]}",
        )
        line(
            "  the fixed-speed movement's (partners, repeats, most)",
            f"{reference.partner_repeats}, {reference.repeat_meetings}, {reference.most_meetings}",
        )
    big = medians[12, 8]
    line("12 tables x 8 rounds, median", f"{big:.2f} s", f"< {TARGET:g} s", big < TARGET)
    line("  growth from 3 tables x 4 rounds", f"{big / medians[3, 4]:.1f}x")
    started = time.perf_counter()
    progressive(48, 8)
    line(
        "12 tables x 8 rounds, the shipped schedule (first load)",
        f"{(time.perf_counter() - started) * 1000:.1f} ms",
    )
    club_standings.main()
    night_limits.main()


if __name__ == "__main__":
    main()
