"""The account's own API under ``/api/account``: its sessions, a new password, the export of your
data and the deletion of your account (``docs/web.md``)."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, StrictStr

from sparrow.i18n.markers import N_
from sparrow.store import SessionRecord, Store
from sparrow.web.accounts import Accounts, not_signed_in
from sparrow.web.session import clear_session_cookie, client_of, current_session

__all__ = ["router", "device_name"]

router = APIRouter(prefix="/api/account", tags=["account"])
Session = Annotated[SessionRecord, Depends(current_session)]

_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_name(user_agent: str) -> str:
    """A browser's User-Agent as a person names the device: "Firefox on Linux"."""
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), "")
    if browser and system:
        return f"{browser} on {system}"
    if browser or system:
        return browser or system
    shown = re.sub(r"[^\x20-\x7e]", "", user_agent)[:60].strip()
    return shown or "Unknown device"


def _accounts(request: Request) -> Accounts:
    return request.app.state.accounts


def _store(request: Request) -> Store:
    return request.app.state.store


@router.get("/sessions")
def sessions(request: Request, session: Session) -> list[dict[str, Any]]:
    """Your account's sessions, the last seen first: the device, when it signed in and was last seen
    (to the hour), and whether it is this one."""
    if session.user_id is None:
        raise not_signed_in()
    return [
        {
            "device": device_name(other.user_agent),
            "created_at": other.created_at,
            "seen_at": other.seen_at,
            "current": other.id == session.id,
        }
        for other in _store(request).sessions_of(session.user_id)
    ]


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    current_password: StrictStr
    new_password: StrictStr


@router.post("/password")
async def change_password(request: Request, session: Session, body: PasswordChange) -> dict[str, Any]:
    """A new password (the current one required, a common one refused): every other session of the
    account is signed out."""
    accounts = _accounts(request)
    ended = await accounts.change_password(session, body.current_password, body.new_password, client_of(request))
    return {"signed_out": ended}


@router.get("/export")
def export(request: Request, session: Session) -> Response:
    """Everything kept about you as one JSON download: the account, its sessions, your games with
    every hand's log, your wins and your score sheets."""
    data = _accounts(request).export(session)
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", str(data["account"]["username"]))
    text = json.dumps({"format": "sparrow-account-export", "version": 1} | data, ensure_ascii=False, indent=1)
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="sparrow-{name}.json"', "Cache-Control": "no-store"},
    )


class Deletion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: StrictStr


@router.delete("", status_code=204)
async def delete_account(request: Request, session: Session, body: Deletion) -> Response:
    """Delete your account (your password required): the account, its sessions, wins and score
    sheets are removed; your games stay without an owner, so nobody can open them."""
    await _accounts(request).delete(session, body.password, client_of(request))
    answer = Response(status_code=204)
    clear_session_cookie(request, answer)
    return answer


# The account page and the account API's refusals (issue 32), for the catalogue (docs/i18n.md).
ACCOUNT_TEXTS = (
    N_("Your account"),
    N_("Where you are signed in"),
    N_("Device"),
    N_("Last seen"),
    N_("this one"),
    N_("Sign out everywhere"),
    N_("Change password"),
    N_("Current password"),
    N_("New password"),
    N_("Every other device is signed out."),
    N_("Your password is changed."),
    N_("Your data"),
    N_(
        "Everything Sparrow keeps about you (your account, your games with every hand, your score sheets) in one JSON file."
    ),
    N_("Export my data"),
    N_("Delete my account"),
    N_(
        "Your account, its sessions, its score sheets and its place on the leaderboard are deleted; your games are kept without your name. This cannot be undone."
    ),
    N_("You are not signed in: sign in to manage your account."),
    N_("{which} you typed is not your password."),
    N_("The new password is the same as the current one: choose another."),
    N_("{which} needs at least {count} characters."),
    N_("{which} has more than {count} characters."),
    N_("{which} is one of the most common passwords, which are guessed first: choose another."),
    N_("A username has {rule}."),
    N_("The password"),
    N_("The new password"),
    N_("The current password"),
    N_("Too many failed sign-ins from this address for this username: try again in {left} seconds."),
    N_("Too many failed sign-ins from this address: try again in {left} seconds."),
    N_("Too many failed sign-ins for this username: try again in {left} seconds."),
    # Sign-up, sign-in and new passwords under attack (the throttle, the hashing gate, common passwords).
    N_("Too many failed sign-ins from this device: try again in {left} seconds."),
    N_("Too many sign-ups from this address: try again in {left} seconds."),
    N_("The server is busy checking other passwords: try again in a moment."),
    N_("this is one of the most common passwords, which are guessed first; choose another."),
)
