"""Each player's record (issue 32, item 5; club/records.py): their nights with the night's
place and club points, their lifetime club points and milestones, and their place in
each competition. For the club's members at ``/players/<id>/record`` (linked from the
player's stats page); for the results' readers at ``/results/player?name=…`` (a player of
at least one club night, by their name as the results show it: the address says nothing
the results do not), as the club's results setting says (web/results.py)."""

from __future__ import annotations

from flask import abort, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from scorekeeper.club.events import player_events
from scorekeeper.club.records import player_record
from scorekeeper.games.players import get_player, player_by_name
from scorekeeper.web.results import bp, readable

NAME_LIMIT = 200  # characters of a name read from the address (the engine's rule: 60)


@bp.route("/players/<int:player_id>/record")
def player_record_page(player_id: int) -> str:
    player = get_player(player_id)
    if player is None:
        abort(404)
    return render_template("results/record.html", record=player_record(player), public=False)


@bp.route("/results/player")
def public_player_record() -> str | BaseResponse:
    settings = readable()
    if isinstance(settings, BaseResponse):
        return settings
    name = request.args.get("name", "")[:NAME_LIMIT]
    player = player_by_name(name)
    if player is None or not player_events(player.id):  # only a player of the club's nights
        abort(404)
    record = player_record(player, final_only=settings.hide_standings)
    return render_template("results/record.html", record=record, public=True)
