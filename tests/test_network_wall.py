"""The wall every test stands behind (tests/conftest.py): nothing leaves the machine."""

from __future__ import annotations

import socket

import pytest


def test_a_public_name_is_not_looked_up() -> None:
    with pytest.raises(socket.gaierror, match="no public name"):
        socket.getaddrinfo("api.openalex.org", 443)


def test_an_address_off_loopback_is_not_dialled() -> None:
    with socket.socket() as s, pytest.raises(OSError, match="off loopback"):
        s.connect(("192.0.2.1", 80))  # TEST-NET-1: would hang or leave the machine
    with socket.socket() as s:
        assert s.connect_ex(("192.0.2.1", 80)) == 101


def test_loopback_and_written_addresses_still_work() -> None:
    assert socket.getaddrinfo("0.0.0.0", 0)  # a server binding every interface
    with socket.create_server(("127.0.0.1", 0)) as server:
        socket.create_connection(server.getsockname(), timeout=2).close()
