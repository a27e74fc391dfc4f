"""The table of the engine's refusals: each stable code with its English sentence
(``MESSAGES``), and the reasons a file or a seating is refused (``REASONS``). Data
only; ``errors`` makes the refusals from it, and the catalogs translate each sentence
(``i18n.catalog``, "scorekeeper/engine/messages.py:<code>")."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # cards
    "card_unknown": ("unknown card {card!r}: expected a rank (A 10 K Q J 9) and a suit (H S D C)"),
    "card_not_in_deck": "unknown card {card!r}: the {deck} deck has no {rank}s",
    "card_copies": "{card} appears {count} times, but the {deck} deck has {copies}",
    "hand_too_large": "{count} cards is more than a player can hold in {ruleset} ({limit})",
    "suit_unknown": "unknown trump {suit!r}: expected a suit (H S D C)",
    # rule sets and options
    "ruleset_unknown": "unknown rule set {ruleset!r}: expected one of {expected}",
    "option_unknown": "unknown house-rule option {option!r}: expected one of {expected}",
    "option_value": "house-rule option {option!r} cannot be {value!r}: expected {expected}",
    "option_not_meld": "house-rule option {option!r} does not change meld: meld takes {expected}",
    "option_needs_bidding": (
        "house-rule option {option!r} does not apply to {ruleset}: it has no bidding"
    ),
    "option_needs_run_extras": (
        "house-rule option {option!r} does not apply to {ruleset}: its meld table has no run extras"
    ),
    "option_needs_chips": (
        "house-rule option {option!r} does not apply to {ruleset}: it has no chips"
    ),
    "option_needs_auction": (
        "house-rule option {option!r} does not apply to {ruleset}: only auction pinochle "
        "pays each hand in chips by the bid"
    ),
    "option_needs_points": (
        "house-rule option {option!r} does not apply to {ruleset}: it pays each hand in chips, "
        "with no meld, no counters and no target"
    ),
    "option_preset_rule": (
        "house-rule option {option!r} does not apply to {ruleset}: its own rules settle it"
    ),
    # claims
    "claim_unknown_meld": "unknown meld {name!r} in the claim: expected one of {expected}",
    "claim_empty": "the claim is empty: give a number or a list of melds",
    "claim_needs_trump": "a claim is checked for one trump: give the trump",
    "claim_valid": "the cards make {total}, as claimed",
    "claim_under": "the cards make {total}: {more} more than claimed",
    "claim_under_missed": "the cards make {total}: {more} more than claimed (missed: {missed})",
    "claim_under_better": "the cards make {total}: {more} more than claimed, as {missed}",
    "claim_over": "the cards make at most {total}, not {claimed}",
    "claim_run_marriage": (
        "{card} is already in the {meld}, so it cannot also form a royal marriage: "
        "the cards make {total}, not {claimed}"
    ),
    "claim_not_in_rules": "{meld} does not score in {ruleset}",
    "claim_card_missing": "the {meld} needs {card}, which is not among the cards",
    "claim_card_short": "the {meld} needs {card} {count} times, more than the cards hold",
    "claim_card_repeated": (
        "the cards hold {card} {held} time(s), too few for each {meld} claimed ({count} needed)"
    ),
    "claim_number": "a claim is a number of points or a list of melds, not {claim!r}",
    "claim_count": "a claim of {count} times the same meld is more than any hand can hold",
    "claim_card_used": "{card} is already in the {other}, so it cannot also form a {meld}",
    "claim_no_marriage": "no K and Q of a suit other than trump {trump} are left for a marriage",
    # the game document
    "game_format": "not a pinochle-game/1 document: {reason}",
    "game_field": "{where}: {reason}",
    "sides_count": "{ruleset} is played by {expected} sides, not {got}",
    "side_players": "a side of {ruleset} seats {expected}, but side {side!r} lists {got}",
    "player_repeated": "player {player!r} appears more than once",
    # a name (engine/people.py): {whose} is whose name it is ("a player's name")
    "name_empty": "{whose} cannot be empty",
    "name_invisible": "{whose} {name!r} has no visible letter, digit or sign",
    "name_too_long": "{whose} {name!r} is {length} characters long: at most {limit}",
    "name_control": (
        "{whose} {name!r} holds the control character {char}: "
        "a name is letters, digits, spaces, marks and signs"
    ),
    "name_direction": (
        "{whose} {name!r} holds {char}, which turns the direction of text: a name cannot hold it"
    ),
    "name_surrogate": (
        "{whose} holds a lone surrogate ({char}), which is no character: send names as UTF-8 text"
    ),
    # a director's free text (engine/reasons.py)
    "reason_control": (
        "{where} {reason!r} holds the control character {char}: "
        "a reason is letters, digits, spaces, marks and signs"
    ),
    "reason_direction": (
        "{where} {reason!r} holds {char}, which turns the direction of text: "
        "a reason cannot hold it"
    ),
    "reason_surrogate": (
        "{where} holds a lone surrogate ({char}), which is no character: send text as UTF-8"
    ),
    "reason_too_long": "{where} is {got} characters long: a reason has at most {limit}",
    "seating_players": "the seating must list each player once: {reason}",
    "seating_partners": "partners sit opposite: {first} and {second} are partners side by side",
    "dealer_unknown": "the first dealer {dealer!r} is not in this game",
    "game_too_long": "a game has at most {limit} scored hands, not {got}",
    "game_too_many_hands": "a game holds at most {limit} hands of every kind, not {got}",
    "game_too_many_redeals": (
        "a game has at most {limit} passed-out or misdealt hands, not {got}: this deal is played"
    ),
    # the event document (engine/club/events.py, docs/event-format.md)
    "event_format": "not a pinochle-event/1 document: {reason}",
    "event_choice": "{field} cannot be {value!r}: expected {expected}",
    "event_ruleset": (
        "an event is played at tables of four, North-South against East-West: {ruleset} is not"
    ),
    "event_too_few": "a {kind} event needs at least {needed} entrants for one table, not {got}",
    "event_entered_twice": "{name!r} is entered more than once",
    "event_look_alike": (
        "{name!r} and {other!r} differ only in case, accents, spaces or look-alike letters: "
        "one person is entered once (give two people names that tell them apart)"
    ),
    "event_look_alike_known": (
        "{name!r} looks like the club's player {known!r} (they differ only in case, accents, "
        "spaces or look-alike letters): enter {known!r}, or a name that tells them apart"
    ),
    "event_team_players": "a team is 2 players, but team {team!r} lists {got}",
    "event_rounds": "an event has from 1 to {limit} rounds, not {got}",
    "event_too_many": "a night takes at most {limit} entrants, not {got}",
    "event_too_many_adjustments": "a night has at most {limit} adjustments, not {got}",
    "event_numbered": "{where}: numbered {got}, but the next is {expected}",
    "event_unknown_name": "{where}: {name!r} is not an entrant of this event",
    "event_seats_count": "round {round}, table {table}: {expected} seats, not {got}",
    "event_seated_twice": (
        "round {round}: {name!r} is seated at table {first} and at table {second}"
    ),
    "event_bye_seated": "round {round}: {name!r} has a bye but is seated at table {table}",
    "event_seating": (
        "round {round}, table {table}: the seats are {seats}, but the game seats {seating} "
        "(North-South is the game's first side)"
    ),
    "event_game_rules": (
        "round {round}, table {table}: the game is played under {got}, "
        "not under the event's rules ({expected})"
    ),
    "event_game": "round {round}, table {table}: {problem}",
    "event_key": (
        "a night's key is 1 to 16 letters, digits, '-' or '_' (as the app writes it), not {value!r}"
    ),
    # a competition across nights (engine/club/league.py, docs/league-format.md)
    "league_choice": "{field} cannot be {value!r}: expected {expected}",
    "league_place_points": (
        "place points are given with 'places' and only there: at most 200 numbers, none "
        "below 0, first place's first (10,8,6,5,4,3,2,1)"
    ),
    "league_count": "{field} is a whole number from {least} to 1000, not {got}",
    "league_night_twice": "the night {key!r} is given twice: each night counts once",
    # a night's prizes (engine/club/prizes.py)
    "prize_percentages": (
        "prize percentages cannot be {value!r}: expected whole numbers from 1 to 100 "
        "separated by commas, first place's first (50,30,20): at most 20 of them, adding "
        "up to at most 100"
    ),
    "prize_fee": "the entry fee is an amount such as 5 or 2.50, not {value!r}",
    "prize_fee_cents": (
        "prizes: entry_fee_cents is a whole number of cents from 0 to 10000000, not {value!r}"
    ),
    "competition_nights": (
        "a competition counts every night of a season, or the nights chosen: choose a "
        "season or at least one night"
    ),
    "event_adjustment_round": (
        "adjustment {number}: round {round} is not a round of this event (1 to {rounds})"
    ),
    "event_adjustment_reason": "adjustment {number}: give its reason (late arrival, penalty)",
    "event_adjustment_points": (
        "adjustment {number}: {points} points is more than an adjustment may be "
        "(at most {limit} either way)"
    ),
    "event_time_limit": "a round's time limit is from {least} to {most} minutes, not {got}",
    "event_round_unseated": "round {round} is not seated yet: seat it first",
    "event_round_closed": "round {round} is closed: nothing more is recorded at its tables",
    "event_round_closed_unseated": "round {round} is closed but not seated: seat it first",
    "event_time_called_twice": "time is called on round {round} already",
    "event_table_confirmed": (
        "table {table}'s totals are confirmed by {name}; only the director can correct "
        "them, with a reason"
    ),
    "event_correction_reason": (
        "give the reason for the correction: table {table}'s totals are confirmed or its "
        "round is closed, and the game's history keeps why they changed"
    ),
    "event_table_playing": (
        "table {table} is still playing: its totals are confirmed once its game is over"
    ),
    "event_confirmed_twice": "table {table}'s totals are confirmed by {name} already",
    "event_not_seated_here": "{name!r} is not seated at table {table}: {seated}",
    "event_confirm_own_side": (
        "{name!r} is on the side that kept score: table {table}'s totals are confirmed by "
        "the other side ({others}), or by the director"
    ),
    "event_confirm_director": (
        "both sides kept score at table {table} on their phones: the director confirms its totals"
    ),
    "event_round_unconfirmed": (
        "round {round}: table {tables} has no confirmation of its totals: close the round "
        "anyway, or wait for the players"
    ),
    "event_not_a_table": "this game is not played at a club night's table",
    "event_round_unfinished": (
        "round {round}: table {tables} is still playing: wait for it, or end the round "
        "with the reason"
    ),
    "event_teams_fixed": "a fixed-teams night keeps its teams: none joins or leaves",
    "event_no_round_left": "every round is seated: nobody joins or leaves now",
    "event_withdrawn_twice": "{name!r} has withdrawn already",
    "event_not_withdrawn": "{name!r} has not withdrawn: there is nothing to undo",
    "event_withdrawal_kept": (
        "round {round} is seated without {name!r}: a withdrawal is undone before the round "
        "it starts from is seated"
    ),
    "event_entrant_played": (
        "{name!r} is seated or has a bye in round {round}: an entrant who has played "
        "withdraws, and is not removed"
    ),
    "event_entrant_adjusted": (
        "{name!r} has an adjustment: an entrant with points of the night withdraws, and is "
        "not removed"
    ),
    "event_withdrawn_seated": "round {round}: {name!r} has withdrawn and plays no more",
    "event_round_seated": "round {round} is seated already",
    "event_round_before_open": (
        "round {round} is seated once round {before} is closed: close round {before} first"
    ),
    "event_draw_seated": "a round is seated already: the seats are drawn before the first",
    "table_code_unknown": (
        "this is not a table code of a club night here, or its round was seated again "
        "since: ask the director for the table's card"
    ),
    "table_code_expired": (
        "this table code was for round {round} of {event!r}, which is closed: it has expired"
    ),
    "table_code_expired_night": "this table code was for {event!r} of {date}: it has expired",
    "event_round_played": (
        "round {round} is being played (a hand is recorded at one of its tables): "
        "its seating stays as it is"
    ),
    # a hand
    "hand_after_end": "hand {hand}: the game already ended after hand {ended}",
    "hand_recorded_meanwhile": (
        "hand {hand} was recorded on another phone; check it and enter yours again"
    ),
    "hand_same_as_before": (
        "hand {hand} has the bidder, bid, trump and meld of hand {before}: the same hand "
        "twice? It is recorded once it is confirmed as a new hand"
    ),
    "game_changed_meanwhile": (
        "the game changed on another phone since this page was opened; check it and try again"
    ),
    "change_ends_game": (
        "hand {hand}: with this change the game would end after hand {ended}, "
        "before hands already played (up to hand {last})"
    ),
    "bidder_unknown": "hand {hand}: the bidder {bidder!r} is not in this game",
    "bid_below_minimum": "hand {hand}: the bid {bid} is below the minimum of {minimum}",
    "bid_too_large": "hand {hand}: the bid {bid} is more than a side can make ({maximum})",
    "bid_off_step": (
        "hand {hand}: the bid {bid} is not on the bid steps: "
        "the nearest bids are {lower} and {higher}"
    ),
    "trump_not_suit": "hand {hand}: trump {trump!r} is not a suit (H S D C)",
    "trump_missing": "hand {hand}: tap the trump: every hand has one, a thrown-in hand too",
    "trump_without_marriage": (
        "hand {hand}: {bidder} holds no marriage in {trump}, and {ruleset} "
        "allows trump only in a suit where the bidder holds one"
    ),
    "no_marriage_has_marriage": (
        "hand {hand}: recorded as no marriage, but {bidder}'s cards hold K and Q of {trump}"
    ),
    "no_marriage_needed": (
        "hand {hand}: {bidder} holds no marriage in {trump}: record the hand as no marriage"
    ),
    "counters_negative": "hand {hand}: counters cannot be negative (got {got})",
    "counters_off_unit": (
        "hand {hand}: {got} is not a multiple of {unit}: counters are counted in steps of {unit}"
    ),
    "counters_over_total": "hand {hand}: {sides} took {got} counters, but a hand has {total}",
    "counters_missing": (
        "hand {hand}: type the counters a side took ({sides}): "
        "leave one side empty and it gets the rest of {total}"
    ),
    "counters_sum": "hand {hand}: counters {counters} = {got}, but a hand has {expected}",
    "number_not_whole": "hand {hand}: {typed!r} is not a whole number (the digits 0 to 9)",
    "meld_negative": "hand {hand}: meld cannot be negative ({side} {got})",
    "meld_missing_throw_in": (
        "hand {hand}: type the meld of {side}, the bidders: they may throw in only when "
        "the bid is more than their meld and the {total} counters of a hand"
    ),
    "meld_missing_to_play": (
        "hand {hand}: type the meld of {side}, the bidders: they play the hand only with "
        "{minimum} meld or more"
    ),
    "meld_off_unit": "hand {hand}: meld {got} of {side} is not a multiple of {unit}",
    "meld_too_large": (
        "hand {hand}: {side} declare {got} meld, but a side can make at most {limit} "
        "({per_player} per player)"
    ),
    "meld_cards_disagree": "hand {hand}: {side} declare {got} meld, but their cards make {made}",
    "meld_cards_player": "hand {hand}: {player!r} showed meld cards but is not in this game",
    "meld_cards_bad": "hand {hand}: {player}'s meld cards: {problem}",
    "meld_cards_trump": "hand {hand}: meld cards are counted for a trump: give the hand's trump",
    "meld_cards_copies": (
        "hand {hand}: {card} was shown {count} times in all, but the deck has {copies}"
    ),
    "meld_chips_negative": "hand {hand}: meld chips cannot be negative ({side} {got})",
    "meld_chips_too_large": (
        "hand {hand}: {side} declare {got} meld chips, but a side is paid at most {limit}"
    ),
    "meld_chips_disagree": (
        "hand {hand}: {side} declare {got} meld chips, but their cards make {made}"
    ),
    "took_trick_contradiction": (
        "hand {hand}: {side} took {counters} counters, so they won a trick; took_trick says not"
    ),
    "hand_missing": "hand {hand}: {field} is missing",
    "hand_values_count": "hand {hand}: {field} has {got} values, but the game has {expected} sides",
    "hand_not_applicable": "hand {hand}: {field} does not apply to {ruleset}",
    "hand_conflict": "hand {hand}: a hand cannot be both {first} and {second}",
    "passed_out_fields": "hand {hand}: a passed-out hand records nothing else (got {fields})",
    "counters_not_played": "hand {hand}: a {kind} hand is not played, so it has no counters",
    "took_trick_not_applicable": (
        "hand {hand}: took_trick is recorded only with the house rule save_meld: any_trick"
    ),
    "all_tricks_side": "hand {hand}: all_tricks must be a side number from 0 to {last}",
    "all_tricks_counters": (
        "hand {hand}: {side} took every trick, so all {total} counters, not {got}"
    ),
    "throw_in_never": "hand {hand}: the house rules allow no throw-in",
    "throw_in_not_allowed": (
        "hand {hand}: the bidders cannot throw in: with {meld} meld, a bid of {bid} "
        "can still be made with the {total} counters of a hand"
    ),
    "passed_out_not_allowed": (
        "hand {hand}: a hand cannot be passed out: when all pass, the dealer takes it at {minimum}"
    ),
    "passed_out_no_bidding": "hand {hand}: {ruleset} has no bidding, so no hand is passed out",
    "conceded_made": (
        "hand {hand}: a bidder who conceded did not play, so the bid was neither made "
        "nor lost in play: record the concession or the result, not both"
    ),
    "made_missing": (
        "hand {hand}: say whether the bidder made the bid or went bete, "
        "or record that the bidder conceded before play"
    ),
    "auction_trump_missing": (
        "hand {hand}: give the trump the bidder named (H S D C), "
        "or record that the bidder conceded before play"
    ),
    "no_marriage_not_applicable": (
        "hand {hand}: no_marriage applies only where the bidder must hold a marriage in trump"
    ),
    # a hand under the house rules of rules.md §7
    "misdeal_drops_typed": (
        "hand {hand}: a misdeal is dealt again and records nothing else: what was typed "
        "for this hand is dropped. Save again to drop it, or untick Misdeal"
    ),
    "passed_out_drops_typed": (
        "hand {hand}: a passed-out hand records nothing else: what was typed for this hand "
        "is dropped. Save again to drop it, or untick Passed out"
    ),
    "misdeal_fields": (
        "hand {hand}: a misdealt hand is dealt again and records nothing else (got {fields})"
    ),
    "renege_side": "hand {hand}: renege must be a side number from 0 to {last}",
    "renege_counters": (
        "hand {hand}: a renege stops the hand and the other side takes every counter, "
        "so the hand records no counters"
    ),
    "moon_not_applicable": (
        "hand {hand}: moon is recorded only with the house rule shoot_the_moon"
    ),
    "short_of_meld_played": (
        "hand {hand}: with {meld} meld the bidders are under the {minimum} they need to "
        "play, so the hand is not played and records no {field}"
    ),
    # notices: not refusals, shown beside the result
    "meld_under_minimum": (
        "meld under {minimum} does not count: a side that declares less scores no meld that hand"
    ),
    "meld_cards_under": (
        "hand {hand}: {side} declare {got} meld, but their cards make {made} ({missed} missed)"
    ),
    "meld_dropped": (
        "hand {hand}: the meld {got} of {side} does not count: meld counts from {minimum}"
    ),
}


# the reasons a game file or a seating is refused ("{reason}" in game_format, game_field
# and seating_players): each a sentence of its own, so each reads in another language too
REASONS: dict[str, str] = {
    "expected_object": "expected an object",
    "expected_list": "expected a list",
    "expected_string": "expected a string",
    "expected_integer": "expected a whole number, not {value!r}",
    "expected_boolean": "expected true or false, not {value!r}",
    "expected_date": "expected a date like 2026-11-29, not {value!r}",
    "night_date_range": "expected a day from {first} to {last}, not {value!r}",
    "unknown_field": "unknown field {field!r}",
    "unreadable": "cannot read {path!r}: {error}",
    "too_large": "{path!r} is more than {limit} bytes, more than a game file may be",
    "event_too_large": "{path!r} is more than {limit} bytes, more than an event file may be",
    "not_utf8": "{path!r} is not UTF-8 text",
    "not_json": "not JSON (line {line}, column {column})",
    "not_a_game": "not JSON that a game file can hold",
    "wrong_format": "format must be {expected!r}, not {found!r}",
    "players_missing": "missing {players}",
    "players_unseated": "not in a side: {players}",
    "players_repeated": "seated twice: {players}",
}
