"""Logging in, the first owner, the user list, and who may open which page.

Access is decided in one place, ``check_access``, before every request:

- a fresh instance (no users yet) sends every page to ``/setup``, which makes
  the owner (there is no default password anywhere);
- the public pages (``PUBLIC``: logging in, shared scoreboards, static files)
  are open to anyone;
- every other page needs someone logged in, with the role its view asks for
  (``requires``), or by default ``viewer`` to read (GET) and ``scorekeeper`` to
  change anything (any other method).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_user, logout_user
from werkzeug.wrappers import Response as BaseResponse
from wtforms import BooleanField, PasswordField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import EqualTo, InputRequired, Length

from scorekeeper.accounts import users as account_users
from scorekeeper.accounts.links import api_tokens, create_api_token, revoke_api_token
from scorekeeper.accounts.logins import log_in
from scorekeeper.accounts.users import (
    ROLES,
    AccountError,
    ThrottledError,
    all_users,
    create_first_owner,
    create_user,
    end_logins,
    get_user,
    has_users,
    may,
    user_by_session_token,
)
from scorekeeper.extensions import login_manager
from scorekeeper.i18n.refusals import engine_message, translated
from scorekeeper.store.models import User
from scorekeeper.web import table_pass
from scorekeeper.web.api_access import check_api_access, is_api_request
from scorekeeper.web.clubs import names_a_missing_object
from scorekeeper.web.forms import EngineForm
from scorekeeper.web.hand_keys import refused, wants_json

bp = Blueprint("auth", __name__)

View = TypeVar("View", bound=Callable[..., Any])

# open to anyone: logging in, the first owner, shared scoreboards, static files, the
# API's description, the health check
PUBLIC = {
    "static",
    "health",
    "language",
    "auth.login",
    "auth.setup",
    "club_start.new",  # where the deployment allows it (else 404): a club and its owner
    "share.view",
    "share.changed",
    "api.openapi",
    "offline.manifest",  # fetched by the browser without cookies
    "offline.service_worker",
    "offline.needs_connection",
    "tables.scan",  # a table's code: its own check (web/table_codes.py)
    "tables.choose",
    # the club's results: their own check, by the club's setting (web/results.py)
    "results.index",
    "results.night",
    "results.night_stamp_of",
    "results.competition",
    "results.public_night_page",
    "results.public_competition_export",
    "results.public_player_record",
}


# open to anyone logged in, a member of this club or not: the clubs they belong to, and
# logging out
ANY_CLUB = {"clubs.index", "auth.logout"}


def requires(role: str) -> Callable[[View], View]:
    """Mark a view as needing ``role`` (for every method it answers)."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")

    def mark(view: View) -> View:
        view.required_role = role  # type: ignore[attr-defined]
        return view

    return mark


def required_role(endpoint: str | None, method: str) -> str | None:
    """The role a request needs: None for a public page."""
    if endpoint is None or endpoint in PUBLIC:
        return None
    view = current_app.view_functions.get(endpoint)
    role = getattr(view, "required_role", None)
    if role is not None:
        return str(role)
    return "viewer" if method in ("GET", "HEAD") else "scorekeeper"


def current_role() -> str | None:
    """The logged-in user's role (everyone is an owner when logins are switched off)."""
    if current_app.config.get("LOGIN_DISABLED"):
        return "owner"
    role: str | None = current_user.role if current_user.is_authenticated else None
    return role


def can(role: str) -> bool:
    """Whether the current user may do what ``role`` may (for templates); at the table
    a phone's table code opens, it may record (web/table_pass.py)."""
    if may(current_role(), role):
        return True
    return role in ("viewer", "scorekeeper") and table_pass.at_own_table()


def _has_users() -> bool:
    """Whether the club has an account yet. Once it has, it always will (the last owner
    cannot be removed: ``accounts.users.delete_user``), so a yes is kept by the app and
    not asked of the database again on every page."""
    if current_app.extensions.get("has_users"):
        return True
    if has_users():
        current_app.extensions["has_users"] = True
        return True
    return False


def check_access() -> BaseResponse | None:
    """Before every request: send to ``/setup``, to ``/login``, or refuse with 403
    (the API answers for itself: a bearer token, and 401 or 403 as JSON)."""
    if is_api_request():
        return check_api_access(required_role(request.endpoint, request.method))
    if current_app.config.get("LOGIN_DISABLED"):
        return None
    endpoint = request.endpoint
    if endpoint in ("static", "health", "language"):  # before the owner exists too
        return None
    if not _has_users():
        if endpoint == "auth.setup":
            return None
        return redirect(url_for("auth.setup"))
    needed = required_role(endpoint, request.method)
    if needed is None:
        return None
    if current_user.is_authenticated and (may(current_user.role, needed) or endpoint in ANY_CLUB):
        return None
    if table_pass.opens(endpoint, request.view_args):  # a table's code: that table only
        return None
    gone = None if current_user.is_authenticated else table_pass.expired()
    if gone is not None:  # a table's code no longer open: why, not a login the phone has not
        sentence = engine_message(gone)
        if wants_json():  # the offline queue's post: the sentence it shows, as JSON
            return refused(400, gone.code, [sentence], None)
        page = render_template("events/table.html", at=None, refused=sentence)
        return make_response(page, 400)
    if not current_user.is_authenticated:
        return to_login()
    if current_user.role is None or names_a_missing_object(request.view_args):
        abort(404)  # no member of this club, or none of its objects: as if never given
    abort(403)


def to_login() -> BaseResponse:
    """The login page, and back to this page after it (with the club's ``/c/<slug>``)."""
    here = request.script_root + request.full_path
    return redirect(url_for("auth.login", next=local_path(here)))


def home() -> str:
    """Where a logged-in user starts: this club's games, or the clubs they belong to
    when this is not one of them."""
    return url_for("games.index" if current_role() else "clubs.index")


def local_path(path: str | None) -> str | None:
    """``path`` when it stays on this site, else None (no open redirect after login):
    a path from the root, no scheme or host, no backslash, no control character
    (a browser drops a tab, which would turn ``/<tab>/evil`` into ``//evil``)."""
    if not path or any(ord(c) < 32 or c in "\x7f\\" for c in path):
        return None
    parts = urlsplit(path)
    if parts.scheme or parts.netloc or not path.startswith("/") or path[1:2] == "/":
        return None
    return path.rstrip("?")


@login_manager.user_loader
def _load_user(session_token: str) -> User | None:
    return user_by_session_token(session_token)


def register_access(app: Flask) -> None:
    login_manager.init_app(app)
    app.before_request(check_access)
    app.context_processor(lambda: {"can": can, "current_role": current_role})


# --- logging in and out ----------------------------------------------------------------------


class LoginForm(EngineForm):
    name = StringField(_l("Name"), validators=[InputRequired(), Length(max=60)])
    password = PasswordField(_l("Password"), validators=[InputRequired(), Length(max=200)])
    remember = BooleanField(_l("Stay logged in on this phone"), default=True)


@bp.route("/login", methods=["GET", "POST"])
def login() -> str | tuple[str, int] | BaseResponse:
    if current_user.is_authenticated:
        return redirect(home())
    form = LoginForm()
    if request.method == "POST":
        if not form.validate():
            return render_template("auth/login.html", form=form), 400
        try:
            user = log_in(form.name.data, form.password.data, request.remote_addr or "")
        except ThrottledError as exc:
            form.form_errors.append(translated(exc))
            page = render_template("auth/login.html", form=form)
            return page, 429, {"Retry-After": str(exc.retry_after)}  # type: ignore[return-value]
        except AccountError as exc:
            form.form_errors.append(translated(exc))
            return render_template("auth/login.html", form=form), 400
        login_user(user, remember=bool(form.remember.data))
        return redirect(local_path(request.args.get("next")) or home())
    return render_template("auth/login.html", form=form)


@bp.route("/logout", methods=["POST"])
@requires("viewer")
def logout() -> BaseResponse:
    user = current_user._get_current_object()
    logout_user()
    if isinstance(user, User):
        end_logins(user)  # a copied cookie opens nothing now, on no phone
    flash(_("Logged out (on every phone)."), "ok")
    return redirect(url_for("auth.login"))


# --- the first owner -------------------------------------------------------------------------


class SetupForm(EngineForm):
    name = StringField(_l("Your name"), validators=[InputRequired()])
    password = PasswordField(_l("Password"), validators=[InputRequired(), Length(max=200)])
    confirm = PasswordField(
        _l("The password again"),
        validators=[InputRequired(), EqualTo("password", message=_l("The passwords differ."))],
    )


@bp.route("/setup", methods=["GET", "POST"])
def setup() -> str | tuple[str, int] | BaseResponse:
    if has_users():
        return redirect(url_for("auth.login"))
    form = SetupForm()
    if request.method == "POST":
        if form.validate():
            try:
                owner = create_first_owner(form.name.data, form.password.data)
            except AccountError as exc:
                form.add_error(exc.field, translated(exc))
            else:
                login_user(owner, remember=True)
                flash(_("Welcome, %(name)s: you own this scorekeeper.", name=owner.name), "ok")
                return redirect(url_for("games.index"))
        return render_template("auth/setup.html", form=form), 400
    return render_template("auth/setup.html", form=form)


# --- users (the owner's) -----------------------------------------------------------------


ROLE_LABELS = {"viewer": _l("viewer"), "scorekeeper": _l("scorekeeper"), "owner": _l("owner")}


class UserForm(EngineForm):
    name = StringField(_l("Name"), validators=[InputRequired()])
    password = PasswordField(_l("Password"), validators=[InputRequired(), Length(max=200)])
    role = SelectField(
        _l("Role"),
        choices=[SelectChoice(value, label) for value, label in ROLE_LABELS.items()],
        default="scorekeeper",
    )


@bp.route("/users", methods=["GET", "POST"])
@requires("owner")
def users() -> str | tuple[str, int] | BaseResponse:
    form = UserForm()
    if request.method == "POST":
        user = form.made(lambda: create_user(form.name.data, form.password.data, form.role.data))
        if user is not None:
            flash(_("%(name)s can log in now.", name=user.name), "ok")
            return redirect(url_for("auth.users"))
        return _users_page(form), 400
    return _users_page(form)


def _users_page(form: UserForm) -> str:
    return render_template("auth/users.html", form=form, users=all_users(), roles=ROLE_LABELS)


def _user_or_404(user_id: int) -> User:
    user = get_user(user_id)
    if user is None:
        abort(404)
    return user


@bp.route("/users/<int:user_id>/role", methods=["POST"])
@requires("owner")
def change_role(user_id: int) -> BaseResponse:
    user = _user_or_404(user_id)
    try:
        account_users.change_role(user, request.form.get("role", ""))
    except AccountError as exc:
        abort(400, translated(exc))
    flash(_("%(name)s is now %(role)s.", name=user.name, role=ROLE_LABELS[user.role]), "ok")
    return redirect(url_for("auth.users"))


@bp.route("/users/<int:user_id>/delete", methods=["POST"])
@requires("owner")
def delete_user(user_id: int) -> BaseResponse:
    user = _user_or_404(user_id)
    try:
        account_users.delete_user(user)
    except AccountError as exc:
        abort(400, translated(exc))
    flash(_("%(name)s was removed.", name=user.name), "ok")
    return redirect(url_for("auth.users"))


# --- the account page: API tokens --------------------------------------------------------------


class TokenForm(EngineForm):
    label = StringField(_l("What will use it"), validators=[InputRequired()])


def _account_user() -> User:
    """The logged-in user (with logins switched off there is no account: 404)."""
    user = current_user._get_current_object()
    if not isinstance(user, User):
        abort(404)
    return user


@bp.route("/account", methods=["GET", "POST"])
@requires("viewer")
def account() -> str | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """Who you are, and your API tokens: make one (shown once) or revoke one."""
    user = _account_user()
    form = TokenForm()
    if request.method != "POST":
        return _account_page(user, form)
    if form.validate():
        try:
            row, token = create_api_token(user, form.label.data)
        except AccountError as exc:
            form.add_error(exc.field, translated(exc))
        else:
            page = _account_page(user, TokenForm(formdata=None), made=(row.label, token))
            return page, 201, {"Cache-Control": "no-store"}  # the token, shown once
    return _account_page(user, form), 400


def _account_page(user: User, form: TokenForm, made: tuple[str, str] | None = None) -> str:
    return render_template(
        "auth/account.html",
        user=user,
        form=form,
        tokens=api_tokens(user),
        made=made,
        roles=ROLE_LABELS,
        api=url_for("api.openapi"),
    )


@bp.route("/account/tokens/<int:token_id>/revoke", methods=["POST"])
@requires("viewer")
def revoke_token(token_id: int) -> BaseResponse:
    if not revoke_api_token(_account_user(), token_id):
        abort(404)
    flash(_("The token was revoked: programs using it are refused from now on."), "ok")
    return redirect(url_for("auth.account"))
