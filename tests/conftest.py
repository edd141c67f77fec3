"""Shared fixtures: where the shared corpus lies, and a skip when it does not; and a wall
between the tests and the public network."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests.net_fixtures import LoopbackServer

# No time limit per example: a loaded machine (CI runs the mutation checks beside the tests)
# made a quick example pass its 200 ms and then, run again, not, which Hypothesis reports as
# a flaky test. Tests that are about speed bound their own time.
settings.register_profile("quote_tui", deadline=None)
settings.load_profile("quote_tui")

PROJECT_ROOT = Path(__file__).resolve().parents[1]
CORPUS_DIR = (PROJECT_ROOT.parent / "shared" / "corpus").resolve()
CORPUS_MISSING = "needs ../shared/corpus beside the project (absent in a stand-alone clone)"

_LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
_getaddrinfo = socket.getaddrinfo
_connect = socket.socket.connect
_connect_ex = socket.socket.connect_ex


def _loopback(host: object) -> bool:
    name = host.decode() if isinstance(host, bytes) else str(host)
    if name.lower().rstrip(".") in _LOOPBACK_NAMES:
        return True
    try:
        address = ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        return False
    # 0.0.0.0 and :: dial this machine
    return address.is_loopback or address.is_unspecified


def _literal(host: object) -> bool:
    name = host.decode() if isinstance(host, bytes) else str(host)
    try:
        ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        return name == ""
    return True


def _no_public_name(host: Any, *args: Any, **kwargs: Any) -> Any:
    # an address written out (a server's 0.0.0.0, a guard test's 10.0.0.1) needs no look-up;
    # dialling it is what the connect wall below decides
    if host is None or _loopback(host) or _literal(host):
        return _getaddrinfo(host, *args, **kwargs)
    raise socket.gaierror(socket.EAI_NONAME, f"tests look up no public name ({host!r})")


def _refused(address: Any) -> OSError | None:
    if isinstance(address, tuple) and not _loopback(address[0]):
        return OSError(101, f"tests reach no address off loopback ({address[0]})")
    return None


def _loopback_connect(self: socket.socket, address: Any) -> None:
    if (error := _refused(address)) is not None:
        raise error
    _connect(self, address)


def _loopback_connect_ex(self: socket.socket, address: Any) -> int:
    if _refused(address) is not None:
        return 101
    return _connect_ex(self, address)


@pytest.fixture(autouse=True)
def _loopback_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test's sockets stay on this machine: a name other than localhost is not looked
    up and an address off loopback is not dialled, so a registry or page a test forgot to
    point at its loopback server fails the test's expectations here instead of reaching the
    public network (CI has one). Subprocesses are not covered; their tests name their servers
    through the environment."""
    monkeypatch.setattr(socket, "getaddrinfo", _no_public_name)
    monkeypatch.setattr(socket.socket, "connect", _loopback_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", _loopback_connect_ex)
    yield


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The read-only corpus of real documents; tests using it skip where it is absent."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    return CORPUS_DIR


@pytest.fixture
def registry() -> Iterator[LoopbackServer]:
    """A loopback server standing for a registry (OpenAlex, Crossref, ...)."""
    with LoopbackServer() as srv:
        yield srv


@pytest.fixture
def web() -> Iterator[LoopbackServer]:
    """A loopback server standing for the open web (publishers, repositories)."""
    with LoopbackServer() as srv:
        yield srv
