"""quote_tui: does the quoted text really stand in the cited source, and where?

The public surface is the front door, ``quote_tui.api``, re-exported here: ``check_text`` (pure,
blocking), ``check_quote``, ``check_batch``, ``stream_batch`` and ``read_source`` (async, read
sources by ref), ``render`` and ``exit_code`` for reports, ``Session`` for interactive use, and
the records they take and give.

The names load on first use, as in ``quote_tui.api``, so a command that needs only part of the
package (``quote-tui quote`` on a text file) does not pay for the rest.
"""

import typing as _typing

from quote_tui import _version, api
from quote_tui.api import __all__ as _api_all

if _typing.TYPE_CHECKING:
    from quote_tui.api import *  # noqa: F403 (the front door's names are the package's)

__version__ = _version.__version__
__all__ = sorted([*_api_all, "__version__"])


def __getattr__(name: str) -> _typing.Any:
    if name in _api_all:
        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
