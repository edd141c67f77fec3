"""The loopback servers of ``tests/server`` serve the hostile-client tests too."""

from tests.server.conftest import root, start_server

__all__ = ["root", "start_server"]
