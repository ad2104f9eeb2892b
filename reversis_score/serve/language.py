"""The language of each request: French or English, per request, never for the whole server.

- The reader's choice: the cookie ``rvs_lang`` (``fr`` or ``en``), set by the switch every page
  carries (``FR`` / ``EN``: a plain link to the same page with ``?lang=fr``, answered by a
  redirect to the page without it and the cookie: it works without script). The switch is
  ``SwitchMiddleware``, within the access check: nothing is answered before the token.
- Else the browser's ``Accept-Language``, its q-values honoured: the first of its languages
  we speak (``fr``, ``fr-FR``, ``fr-CA`` are French; ``en-GB`` English).
- Else English.

``LanguageMiddleware`` runs every request within ``i18n.speaking(lang)``: a context variable,
so that two requests answered at once (in the event loop or in worker threads, which copy
the context) each speak their own reader's language. ``here()`` is the path and query of
the page under way, its path made from the route (never the raw request path), so that the
switch leads back to the same page and never off the site.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from urllib.parse import parse_qsl, quote, urlencode

from starlette.datastructures import Headers
from starlette.responses import RedirectResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from reversis_score import i18n

COOKIE = "rvs_lang"
YEAR = 365 * 86400
_here: ContextVar[Scope | None] = ContextVar("reversis_score_page", default=None)


def from_accept_language(header: str | None) -> str | None:
    """The language of ours the browser prefers most, by its q-values; None when it names none.

    >>> from_accept_language("fr-CA,fr;q=0.9,en;q=0.8"), from_accept_language("de, en;q=0.5, fr;q=0.7")
    ('fr', 'fr')
    >>> from_accept_language("en-GB,fr;q=0.3"), from_accept_language("fr;q=0, *"), from_accept_language("")
    ('en', None, None)
    """
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        primary = tag.strip().split("-")[0].lower()
        if primary in i18n.LANGUAGES and q > 0:
            ranked.append((-q, order, primary))
    return min(ranked)[2] if ranked else None


def cookie_value(header: str | None, name: str) -> str | None:
    """The value of the cookie ``name`` in a Cookie header, read leniently: each ``name=value``
    pair on its own, so that another app's odd cookie for the same host (``theme=dark mode``,
    ``consent={"ads":false}``, ``n=été``) hides nothing beside it (``SimpleCookie`` drops the
    whole header at the first pair it cannot parse).

    >>> cookie_value('theme=dark mode; consent={"ads":false}; rvs_lang=fr; n=été', "rvs_lang")
    'fr'
    >>> cookie_value('a="quoted"', "a"), cookie_value("", "a"), cookie_value("b=1", "a")
    ('quoted', None, None)
    """
    for pair in (header or "").split(";"):
        key, sign, value = pair.partition("=")
        if sign and key.strip() == name:
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            return value
    return None


def cookie_language(headers: Headers) -> str | None:
    """The language the reader chose with the switch (the cookie), if any."""
    value = cookie_value(headers.get("cookie"), COOKIE)
    return value if value in i18n.LANGUAGES else None


def request_language(headers: Headers) -> str:
    """The cookie's language, else Accept-Language's, else English."""
    return cookie_language(headers) or from_accept_language(headers.get("accept-language")) or "en"


def here() -> tuple[str, str]:
    """The path and query string of the page under way (``/`` outside a request): its path
    made from the route that answers it, never the raw request path (see ``route_path``)."""
    scope = _here.get()
    if scope is None:
        return "/", ""
    path = scope["warm"] if "warm" in scope else route_path(scope)  # made ahead: its own path
    return path, scope.get("query_string", b"").decode("latin-1")


def route_path(scope: Scope) -> str:
    """The path of the route answering ``scope``, made again from its name and parameters
    (each quoted): a path of this site whatever the request said (``//evil.example/x``,
    ``/\\evil.example``); ``/`` when no route answers it (a 404 of an unknown path)."""
    route = scope.get("route")
    params = scope.get("path_params") or {}
    name = getattr(route, "name", None)
    if route is None or not name:
        return "/"
    try:
        path = str(route.url_path_for(name, **{k: quote(str(v), safe="") for k, v in params.items()}))
    except Exception:  # noqa: BLE001  (a route that cannot be made again: the season)
        return "/"
    return path if path.startswith("/") and not path.startswith(("//", "/\\")) else "/"


@contextmanager
def answering(path: str, query: str = "") -> Iterator[None]:
    """As if answering ``path?query``: a page made ahead of its first request (``serve DB``
    warms its pages) links its language switch back to itself."""
    token = _here.set({"type": "warm", "warm": path, "query_string": query.encode("latin-1")})
    try:
        yield
    finally:
        _here.reset(token)


def switch_link(lang: str) -> str:
    """The same page, with ``?lang=`` asking for ``lang`` (the switch's link)."""
    path, query = here()
    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"]
    return path + "?" + urlencode([*kept, ("lang", lang)])


def site_path(scope: Scope) -> str:
    """The request's path as a path of this site: however many slashes or backslashes it
    begins with (``//evil.example/x`` is a host to a browser), it begins with one slash."""
    raw = scope.get("raw_path") or scope.get("path", "/").encode()
    path = raw.decode("latin-1").split("?", 1)[0]
    return "/" + path.lstrip("/\\\t ")


class LanguageMiddleware:
    """Answers each request in its reader's language (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = request_language(Headers(scope=scope))
        token = _here.set(scope)

        async def said(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"content-language", lang.encode()),
                                                  (b"vary", b"Accept-Language, Cookie")]}
            await send(message)
        try:
            with i18n.speaking(lang):
                await self.app(scope, receive, said)
        finally:
            _here.reset(token)


class SwitchMiddleware:
    """The switch (``?lang=fr``): the cookie, and the same page again without ``lang`` in its
    URL. It stands within ``AccessMiddleware``: a request without the token is refused
    before anything is answered to it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = scope.get("query_string", b"").decode("latin-1") if scope["type"] == "http" else ""
        asked = dict(parse_qsl(query)).get("lang") if query else None
        if asked in i18n.LANGUAGES and scope.get("method") in ("GET", "HEAD"):
            kept = urlencode([(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"])
            response = RedirectResponse(site_path(scope) + (f"?{kept}" if kept else ""), status_code=303)
            response.set_cookie(COOKIE, asked, max_age=YEAR, samesite="lax", path="/")
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
