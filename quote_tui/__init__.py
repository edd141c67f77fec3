"""quote_tui: does the quoted text really stand in the cited source, and where?

The public surface is the front door, ``quote_tui.api``, re-exported here: ``check_text`` (pure,
blocking), ``check_quote``, ``check_batch``, ``stream_batch`` and ``read_source`` (async, read
sources by ref), ``render`` and ``exit_code`` for reports, ``Session`` for interactive use, and
the records they take and give.

The names load on first use, as in ``quote_tui.api``, so a command that needs only part of the
package (``quote-tui quote`` on a text file) does not pay for the rest.
"""

import typing as _typing

from quote_tui import _version
from quote_tui._lazy import lazy_names as _lazy_names
from quote_tui.api import __all__ as _api_all

if _typing.TYPE_CHECKING:
    from quote_tui.api import *  # noqa: F403 (the front door's names are the package's)

__version__ = _version.__version__
__all__ = sorted([*_api_all, "__version__"])


__getattr__, __dir__ = _lazy_names(__name__, {"quote_tui.api": _api_all}, globals())
