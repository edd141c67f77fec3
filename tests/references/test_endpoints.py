"""Registry base URLs the user configures (settings, ``QUOTE_TUI_*_URL``): a mirror on loopback is
asked as the user's own, and nothing else on loopback is let through because of it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest

from quote_tui import api
from quote_tui.engine.errors import BatchInputError, ErrorCode, FetchError
from quote_tui.sources.net.guard import GuardTransport
from quote_tui.sources.net.settings import RemoteSettings, configured_endpoints
from tests.cli_docs import run_cli
from tests.net_fixtures import LoopbackServer
from tests.references.registry_fixtures import BIB, EXPECTED, serve_registries


def test_the_environment_points_refs_at_a_mirror_on_loopback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    with LoopbackServer() as server:
        serve_registries(server)
        monkeypatch.setenv("QUOTE_TUI_CROSSREF_URL", server.url("/crossref"))  # no slash: added
        monkeypatch.setenv("QUOTE_TUI_EUTILS_URL", server.url("/eutils/"))
        # a DOI Crossref does not know is asked at DataCite, which holds none of these
        monkeypatch.setenv("QUOTE_TUI_DATACITE_URL", server.url("/datacite/"))
        store = tmp_path / "store.sqlite3"
        run = run_cli(["refs", str(bib), "--store", str(store), "--email", "a@example.org"])
        assert server.total_hits > 0
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert {r["key"]: r["status"] for r in report["references"]} == EXPECTED
    assert not report.get("unreached")


def test_a_bad_base_url_is_a_typed_error_naming_the_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bib = tmp_path / "paper.bib"
    bib.write_text(BIB, encoding="utf-8")
    monkeypatch.setenv("QUOTE_TUI_CROSSREF_URL", "file:///etc/crossref")
    run = run_cli(["refs", str(bib), "--offline", "--store", str(tmp_path / "s.sqlite3")])
    assert run.code == 2, run.err
    assert "bad_option" in run.err and "QUOTE_TUI_CROSSREF_URL" in run.err
    assert "Traceback" not in run.err


@pytest.mark.parametrize(
    "url",
    ["ftp://mirror.example.org/", "https://", "https://u:p@mirror.example.org/", "http://h:99999/"],
)
def test_base_urls_that_cannot_be_used_are_refused(url: str) -> None:
    with pytest.raises(BatchInputError) as err:
        api.network_settings(registries={"crossref_api": url})
    assert err.value.code == ErrorCode.BAD_OPTION


def test_an_unknown_registry_is_refused() -> None:
    with pytest.raises(BatchInputError) as err:
        api.network_settings(registries={"scopus": "https://mirror.example.org/"})
    assert err.value.code == ErrorCode.BAD_OPTION


def test_only_what_the_user_chose_is_trusted() -> None:
    assert configured_endpoints(RemoteSettings()) == ()
    chosen = api.network_settings(registries={"crossref_api": "http://127.0.0.1:8080/cr"})
    assert configured_endpoints(chosen) == ("http://127.0.0.1:8080/cr/",)


def _checked(trusted: str, url: str) -> str:
    guard = GuardTransport(httpx.MockTransport(lambda r: httpx.Response(200)), trusted=[trusted])
    return asyncio.run(guard.checked_address(httpx.URL(url)))


def test_a_trusted_base_lets_through_only_what_is_under_it() -> None:
    base = "http://127.0.0.1:8080/crossref/"
    assert _checked(base, "http://127.0.0.1:8080/crossref/works/10.1/x") == "127.0.0.1"
    for outside in (
        "http://127.0.0.1:8080/admin",  # another path on the same host
        "http://127.0.0.1:8081/crossref/works",  # another port
        "https://127.0.0.1:8080/crossref/works",  # another scheme
        "http://127.0.0.2:8080/crossref/works",  # another host
        "http://127.0.0.1:8080/crossref/../admin",  # climbing out of the base
    ):
        with pytest.raises(FetchError) as err:
            _checked(base, outside)
        assert err.value.code == ErrorCode.BLOCKED_ADDRESS, outside
