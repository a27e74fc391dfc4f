"""Recording, correcting and deleting hands (being filled in)."""

from __future__ import annotations

from flask import Blueprint, abort

bp = Blueprint("hands", __name__)


@bp.route("/games/<int:game_id>/hands/new", methods=["GET", "POST"])
def new(game_id: int) -> str:
    abort(404)


@bp.route("/games/<int:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: int, number: int) -> str:
    abort(404)


@bp.route("/games/<int:game_id>/hands/<int:number>/delete", methods=["POST"])
def delete(game_id: int, number: int) -> str:
    abort(404)


@bp.route("/games/<int:game_id>/undo", methods=["POST"])
def undo(game_id: int) -> str:
    abort(404)
