"""Who is asking: seat tokens (random secrets, stored only as SHA-256 hashes), the table's host,
and the refusals that follow (docs/server-api.md, "Errors": 401, 403, 409 closed)."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from .store import TableRow


class ApiError(Exception):
    """An HTTP error with a JSON body (see docs/server-api.md)."""

    def __init__(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None):
        self.status = status
        self.body = body
        self.headers = headers
        super().__init__(f"{status} {body}")


#: Seconds a client is asked to wait when the database cannot write (a full disk, a read-only file).
STORAGE_RETRY_AFTER = 30


def storage_unavailable() -> ApiError:
    """503: the database cannot save (or answer) right now; nothing was changed."""
    return ApiError(503, {"error": "unavailable", "retry_after": STORAGE_RETRY_AFTER,
                          "detail": "the server cannot save anything right now (its storage is full or "
                                    "read-only); nothing was changed, so try again in a minute"},
                    headers={"Retry-After": str(STORAGE_RETRY_AFTER)})


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class Who:
    """Who is asking: a seat (or ``None``), and whether the token is the host's."""

    seat: int | None
    host: bool = False
    token: bool = False
    #: the seat this token held before the host handed it to a bot (the token now only watches)
    replaced: int | None = None


def refuse_if_closed(row: TableRow) -> None:
    """A closed table takes no actions, chat or seat changes: 409 ``{error:"closed"}``."""
    if row.status == "closed":
        raise ApiError(409, {"error": "closed", "detail": "the host closed this table: nothing more can be played here"})


def authorize(row: TableRow, token: str | None) -> Who:
    """Map a token to a seat of ``row``. No token: a spectator. Unknown token: :class:`ApiError` 401."""
    if not token:
        return Who(None)
    h = hash_token(token)
    host = hmac.compare_digest(h, row.host_token_hash)
    for s in row.seats:
        if s.token_hash and hmac.compare_digest(h, s.token_hash):
            if s.kind == "bot":  # the host handed this seat to a bot: the old token only watches
                return Who(None, host=host, token=True, replaced=s.seat)
            return Who(s.seat, host=host, token=True)
    if host:
        return Who(None, host=True, token=True)
    raise ApiError(401, {"error": "unauthorized", "detail": "this token belongs to no seat at this table"})


def authorize_host(row: TableRow, token: str | None, doing: str) -> Who:
    """Who ``token`` is at ``row``, who must be its host (to do ``doing``). Raises
    :class:`ApiError` 401 without a token or with an unknown one, 403 for a non-host."""
    if not token:
        raise ApiError(401, {"error": "unauthorized", "detail": "the host token is required"})
    who = authorize(row, token)
    if not who.host:
        raise ApiError(403, {"error": "forbidden", "detail": f"only the table's host may {doing}"})
    return who


def playing_seat(row: TableRow, token: str, no_seat: str) -> Any:
    """The holder of ``token`` at the open table ``row``, who must play a seat still its own.
    Raises :class:`ApiError` 403 (``no_seat`` as the message for a token without a seat; the
    seat handed to a bot), 404/409 as :func:`authorize` and :func:`refuse_if_closed` do."""
    who = authorize(row, token)
    if who.replaced is not None:
        raise ApiError(403, {"error": "forbidden", "detail": f"your seat (seat {who.replaced + 1}) is now played by a bot"})
    if who.seat is None:
        raise ApiError(403, {"error": "forbidden", "detail": no_seat})
    refuse_if_closed(row)
    return who
