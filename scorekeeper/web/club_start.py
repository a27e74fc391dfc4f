"""A new club by its own people (issue 33, item 3; docs/hosting.md): ``/clubs/new``,
where a deployment allows it (``SELF_SERVICE_CLUBS``, off unless told; else 404).

Someone logged in makes a club they own; someone without an account makes the club
and their account, the club's owner, at once, and is logged in. Either way they land on
the club's first page, at its ``/c/<slug>/`` address. Nothing is written for a refusal:
the club, the account and the membership are one transaction
(``accounts.clubs.start_club``).
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_user
from werkzeug.wrappers import Response as BaseResponse
from wtforms import StringField
from wtforms.validators import InputRequired, Length

from scorekeeper.accounts.clubs import ClubError, start_club
from scorekeeper.accounts.users import AccountError
from scorekeeper.i18n.refusals import translated
from scorekeeper.store.models import User
from scorekeeper.web.auth import SetupForm
from scorekeeper.web.clubs import club_home
from scorekeeper.web.forms import EngineForm

bp = Blueprint("club_start", __name__)

# a refusal's field in the service -> the form's (the club's name is ``club_name`` here,
# the owner's ``name``, as on the first owner's page)
CLUB_FIELDS = {"name": "club_name", "slug": "slug"}


class NewClubForm(EngineForm):
    club_name = StringField(_l("The club's name"), validators=[InputRequired(), Length(max=200)])
    slug = StringField(_l("Its address"), validators=[InputRequired(), Length(max=200)])


class NewClubAndOwnerForm(NewClubForm, SetupForm):
    """The club and its owner's new account (someone not logged in)."""


@bp.route("/clubs/new", methods=["GET", "POST"])
def new() -> str | tuple[str, int] | BaseResponse:
    if not current_app.config.get("SELF_SERVICE_CLUBS"):
        abort(404)
    someone = current_user if isinstance(current_user._get_current_object(), User) else None
    form = NewClubForm() if someone else NewClubAndOwnerForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("auth/new_club.html", form=form, someone=someone), status
    slug = form.slug.data.strip().lower()
    name, password = ("", "") if someone else (form.name.data, form.password.data)
    try:
        club, owner = start_club(slug, form.club_name.data, someone, name, password)
    except ClubError as exc:
        form.add_error(CLUB_FIELDS.get(exc.field or ""), translated(exc))
    except AccountError as exc:
        form.add_error(exc.field, translated(exc))
    else:
        if someone is None:
            login_user(owner, remember=True)
        flash(_("Welcome to %(club)s: you own it.", club=club.name), "ok")
        return redirect(club_home(club.slug))
    return render_template("auth/new_club.html", form=form, someone=someone), 400
