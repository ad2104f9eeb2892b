"""Who may do what: the access token, the host check, cross-site requests.

- ``AccessMiddleware`` (pure ASGI, so server-sent events stream through it):
  * with a token (any address but the loopback one), a request needs it: ``?token=…`` in the
    URL (then a redirect to the same URL without it, setting the cookie ``rvs_token``), or the
    cookie. Without it: 403, for the pages, the static files and entry alike.
  * without a token (127.0.0.1), the Host header must be a loopback name, so a web page that
    rebinds its own DNS name to 127.0.0.1 cannot read the pages.
  * every unsafe request (POST, PUT, PATCH, DELETE) whose ``Origin`` (or, without one,
    ``Referer``) is another site is refused (403).
  * a request body is at most ``MAX_BODY`` bytes (64 KiB): a longer one is answered 413,
    before it is read when its ``Content-Length`` says so, else as soon as it passes the mark.
  * an exception in a route is answered with a plain 500 page (no traceback, no path), with
    the same headers as every other answer; the traceback goes to the server's log.
- Every response but a static file's carries ``Cache-Control: no-store`` (unless it says its
  own): the pages show records, balances and the CSRF token, none to be kept by a browser
  or a proxy. A request refused for want of the token is answered, then its connection
  closed; one that has it marks its connection trusted (guard.py keeps those longest).
- Every response carries a Content-Security-Policy (scripts, styles, fetches and forms from
  this server only; no inline script; no framing), ``X-Content-Type-Options: nosniff`` and
  ``Referrer-Policy: same-origin``: a name that slipped through escaping still could not run.
- ``csrf_protected``: decorates an endpoint that changes anything; the request must carry
  this run's CSRF token (``ctx.csrf``) as the form field ``csrf`` or the header
  ``X-CSRF-Token``, else 403. Templates have it as ``{{ csrf }}`` (and in
  ``<meta name="csrf-token">`` for scripts).
"""
from __future__ import annotations

import functools
import hmac
import logging
from collections.abc import Awaitable, Callable
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from reversis_score.i18n import N_, _, fill
from reversis_score.serve.context import context_of
from reversis_score.serve.guard import trust
from reversis_score.serve.language import cookie_value, site_path
from reversis_score.serve.templating import render

LOG = logging.getLogger("reversis_score.serve")

COOKIE = "rvs_token"  # and the port: rvs_token_8000
MAX_BODY = 64 * 1024  # a tap is a few hundred bytes; the new-record form about one KiB
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
REFUSED = N_("403: this server needs its access token (open the address it printed, with ?token=…)")
POLICY = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
          "frame-ancestors 'none'; form-action 'self'")
HEADERS = [(b"content-security-policy", POLICY.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"same-origin"), (b"x-frame-options", b"DENY")]


def same(a: str | None, b: str) -> bool:
    """A constant-time comparison of a secret with what a request brought."""
    return a is not None and hmac.compare_digest(a.encode(), b.encode())


class AccessMiddleware:
    """The token, the host and the Origin checks in front of every route (see the module)."""

    def __init__(self, app: ASGIApp, token: str | None, hosts: frozenset[str] = frozenset()) -> None:
        # hosts: names a reverse proxy passes on, answered like the loopback ones (serve DB)
        self.app, self.token, self.hosts = app, token, LOOPBACK | {h.lower() for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        reply = send

        stored = not scope.get("path", "").startswith("/static/")

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *HEADERS]
                if stored and not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-store"))  # records, balances, tokens
                message = {**message, "headers": headers}
            await reply(message)
        send = guarded
        request = Request(scope)
        refusal = self._refusal(request)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        trust(scope)  # (the connection showed the token, or needs none)
        if self.token is not None and "token" in request.query_params:
            await self._keep_token(request, scope)(scope, receive, send)
            return
        await _answered(self.app, scope, receive, send)

    def _refusal(self, request: Request) -> Response | None:
        host = (request.url.hostname or "").lower()
        if self.token is None and host not in self.hosts:
            return PlainTextResponse(_("403: this server answers on the loopback address only"), 403)
        if self.token is not None and not (same(request.query_params.get("token"), self.token)
                                           or same(_cookie(request), self.token)):
            return PlainTextResponse(_(REFUSED), 403, headers={"Connection": "close"})  # answered, closed
        if request.method in UNSAFE and not same_origin(request):
            return PlainTextResponse(_("403: a form sent from another site is refused"), 403)
        if request.method in UNSAFE and _declared_length(request) > MAX_BODY:
            return PlainTextResponse(too_large(), 413, headers={"Connection": "close"})
        return None

    def _keep_token(self, request: Request, scope: Scope) -> Response:
        """The token from the URL goes into a cookie, and the URL loses it (history, Referer)."""
        query = urlencode([(k, v) for k, v in parse_qsl(request.url.query) if k != "token"])
        target = site_path(scope) + (f"?{query}" if query else "")
        response = RedirectResponse(target, status_code=303)
        assert self.token is not None
        response.set_cookie(cookie_name(scope), self.token, httponly=True, samesite="lax",
                            max_age=30 * 86400)
        return response


FAILED = N_("the server failed to answer this request (a bug: its log says more). "
            "Nothing was written by it; reload the page to try again.")


def too_large() -> str:
    """The answer to a request body past ``MAX_BODY``, in the request's language."""
    return fill(_("413: a request body is at most {size} KiB"), size=MAX_BODY // 1024)


class _TooLarge(Exception):
    """A request body that went past MAX_BODY while it was read."""


async def _answered(app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
    """Run the app with the body bounded; an exception becomes a 413 or a plain 500 page (with
    the security headers ``send`` adds), never a bare "Internal Server Error"."""
    started = False
    taken = 0

    async def bounded() -> Message:
        nonlocal taken
        message = await receive()
        if message["type"] == "http.request":
            taken += len(message.get("body", b""))
            if taken > MAX_BODY:
                raise _TooLarge
        return message

    async def sending(message: Message) -> None:
        nonlocal started
        started = started or message["type"] == "http.response.start"
        await send(message)

    try:
        await app(scope, bounded, sending)
    except ClientDisconnect:  # gone (or cut by guard.py, which logged its one line): no answer
        return
    except Exception as exc:  # noqa: BLE001  (every failure gets an answer; the log keeps it)
        if not isinstance(exc, _TooLarge):
            LOG.exception("serve: %s %s failed", scope.get("method"), scope.get("path"))
        if started:
            raise
        if isinstance(exc, _TooLarge):
            response: Response = PlainTextResponse(too_large(), 413, headers={"Connection": "close"})
        else:
            response = HTMLResponse(render("refused.html", code=500, message=_(FAILED)), 500)
        await response(scope, receive, sending)


def _declared_length(request: Request) -> int:
    raw = request.headers.get("content-length", "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 19 else 0


def cookie_name(scope: Scope) -> str:
    """``rvs_token_PORT``: the port this server listens on (browsers share cookies between ports)."""
    server = scope.get("server")
    port = server[1] if server and len(server) > 1 and server[1] else None
    return f"{COOKIE}_{port}" if port else COOKIE


def _cookie(request: Request) -> str | None:
    return cookie_value(request.headers.get("cookie"), cookie_name(request.scope))


def same_origin(request: Request) -> bool:
    """True unless the request says it comes from another site (Origin, else Referer)."""
    origin = request.headers.get("origin") or request.headers.get("referer")
    if origin is None:
        return True  # not a browser's cross-site form: curl, the tests; the CSRF token still guards
    if origin == "null":
        return False
    parts = urlsplit(origin)
    return parts.netloc.lower() == (request.headers.get("host") or "").lower()


Endpoint = Callable[[Request], Awaitable[Response]]


def csrf_protected(endpoint: Endpoint) -> Endpoint:
    """An endpoint that refuses (403) a request without this run's CSRF token."""
    @functools.wraps(endpoint)
    async def checked(request: Request) -> Response:
        if not await csrf_ok(request):
            return PlainTextResponse(_("403: the form is stale or forged (no CSRF token): reload the page"),
                                     403)
        return await endpoint(request)
    return checked


async def csrf_ok(request: Request) -> bool:
    """Whether the request carries the CSRF token (header ``X-CSRF-Token`` or field ``csrf``)."""
    expected = context_of(request).csrf
    if same(request.headers.get("x-csrf-token"), expected):
        return True
    kind = request.headers.get("content-type", "")
    if kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        form = await request.form()  # Starlette keeps it: the endpoint reads it again
        value = form.get("csrf")
        return isinstance(value, str) and same(value, expected)
    return False
