"""``open_copies`` per request in the HTTP API: a value other than true or false is refused
with a typed error before anything is read."""

from __future__ import annotations

import httpx

from quote_tui.server.run import BackgroundServer


def test_an_open_copies_that_is_no_boolean_is_refused(default_server: BackgroundServer) -> None:
    for path, body in (
        ("/v1/read", {"text": "words", "open_copies": "no"}),
        ("/v1/check", {"citations": [], "open_copies": 1}),
    ):
        answer = httpx.post(default_server.url(path), json=body)
        assert (answer.status_code, answer.json()["code"]) == (422, "bad_option")
