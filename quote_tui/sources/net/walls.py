"""Walls in front of a document: bot challenges, captchas, denials, cookie and login pages.

They come with HTTP 200 (or 403/503) and an HTML page instead of the document, so the fetcher
asks ``wall_reason`` about every HTML body before anything reads it as the source.
"""

from __future__ import annotations

import re

__all__ = ["wall_reason"]

_TAGS = re.compile(
    r"<(script|style|noscript|template)\b.*?</\1\s*>|<!--.*?-->|<[^>]*>", re.S | re.I
)
_TITLE = re.compile(r"<title[^>]*>(.*?)</title\s*>", re.S | re.I)
_PASSWORD_INPUT = re.compile(r"<input\b[^>]*type\s*=\s*[\"']?password", re.I)
# Markers of interstitials that come with HTTP 200 (or 403/503) instead of the document. Each is
# specific to a challenge page; none of them appears in the corpus's real articles.
_CHALLENGE_MARKERS = (
    "cf-browser-verification",
    "cf_chl_opt",
    "/cdn-cgi/challenge-platform/",
    "enable javascript and cookies to continue",
    "checking your browser before accessing",
    "checking if the site connection is secure",
    "verify you are human",
    "captcha-delivery.com",
    "px-captcha",
)
_CHALLENGE_TITLES = ("just a moment", "attention required", "security check", "ddos-guard")
_CAPTCHA_MARKERS = ("g-recaptcha", "h-captcha", "hcaptcha.com/", "are you a robot", "not a robot")
_DENIED_TITLES = ("access denied", "403 forbidden", "request rejected", "access to this page")
_COOKIE_WORDS = ("cookie", "consent")
_LOGIN_WORDS = ("sign in", "log in", "login", "sign-in", "log-in")
# Real articles are long; walls are short. Below this much visible text a page that asks for a
# password or consent is the wall, not an article that merely has a login box in its header.
_SHORT_PAGE = 2500


def wall_reason(body: bytes) -> str | None:
    """Why an HTML page is a wall in front of the document, or None when it is not one.

    Args:
        body: the page's bytes (only the first 512 KB are looked at).

    Returns:
        ``bot_challenge``, ``captcha``, ``access_denied``, ``cookie_wall``, ``login_page`` or None.
    """
    head = body[: 512 * 1024].decode("utf-8", "replace")
    lower = head.lower()
    title_match = _TITLE.search(head)
    title = " ".join(title_match.group(1).split()).lower() if title_match else ""
    visible = " ".join(_TAGS.sub(" ", head).split()).lower()
    short = len(visible) < _SHORT_PAGE
    if any(title.startswith(t) for t in _CHALLENGE_TITLES) or any(
        m in lower for m in _CHALLENGE_MARKERS
    ):
        return "bot_challenge"
    if short and any(m in lower for m in _CAPTCHA_MARKERS):
        return "captcha"
    if short and (any(title.startswith(t) for t in _DENIED_TITLES) or "access denied" in visible):
        return "access_denied"
    if short and _PASSWORD_INPUT.search(head):
        return "login_page"
    if short and any(w in title for w in _LOGIN_WORDS) and len(visible) < 600:
        return "login_page"
    if (
        short
        and any(w in visible for w in _COOKIE_WORDS)
        and (any(w in title for w in _COOKIE_WORDS) or "before you continue" in visible)
    ):
        return "cookie_wall"
    return None
