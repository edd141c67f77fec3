"""The Textual app: ``run_app`` is what ``quote-tui`` (no arguments), ``open`` and ``demo`` call."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

__all__ = ["default_data_dir", "make_app", "run_app"]


def default_data_dir() -> Path:
    """The per-user folder for the last workspace (platformdirs' user data dir)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("quote-tui", appauthor=False))


def make_app(
    path: Path | None = None,
    *,
    demo: bool = False,
    data_dir: Path | None = None,
    scan: dict[str, Any] | None = None,
    notice: str | None = None,
    info: str | None = None,
):
    """Build the app for a file (workspace, batch, report or manuscript), the demo, or neither.

    Args:
        path: what to open; None opens the last workspace (or an empty one).
        demo: open a fresh copy of the bundled demo workspace instead.
        data_dir: the per-user data folder (tests pass a temporary one).
        scan: how a manuscript is scanned: ``bib`` (bibliography files), ``pdfs``, ``zotero``,
            ``min_words``, ``max_quotes``, ``max_answer_citations``, as ``quote-tui open``
            takes them; ``allowed`` (``--allow-path``) adds folders files may be read from.
        notice: a warning to show once the app is up, when opening says nothing itself.
        info: information to show once the app is up (not a warning: nothing is wrong).

    Returns:
        A ``QuoteApp`` ready to ``run()`` or ``run_test()``.

    Raises:
        QuoteTuiError: the file cannot be opened (the CLI prints it and exits).
    """
    from dataclasses import replace

    from quote_tui.api import Settings
    from quote_tui.app.app import QuoteApp
    from quote_tui.app.prefs import default_config_dir
    from quote_tui.workspace import open_target

    data_dir = data_dir or default_data_dir()
    said = None
    if demo:
        from quote_tui.demo import PREVIOUS_DEMO, install_demo

        path = install_demo(data_dir)
        kept = path.with_name(PREVIOUS_DEMO)
        if kept.is_file():
            said = f"A fresh demo. Your last demo, with its edits, is kept: quote-tui open {kept}"
    scan = {k: v for k, v in (scan or {}).items() if v not in (None, (), [])}
    # --allow-path widens what may be read, not how the manuscript is scanned
    allowed = tuple(Path(p).expanduser().resolve() for p in scan.pop("allowed", ()))
    fingerprint = repr(sorted((k, str(v)) for k, v in scan.items())) if scan else ""

    def reopen(read_again: bool = False, bibliographies: tuple[str, ...] = ()) -> Any:
        # the bibliographies the user added with b since (the command line's are among them)
        read = {**scan, "bib": tuple(Path(b) for b in bibliographies)} if bibliographies else scan
        return open_target(
            path,
            data_dir=data_dir,
            read_manuscript=lambda p: _read_manuscript(p, **read),
            fingerprint=fingerprint,
            read_again=read_again,
        )

    opened = reopen()
    workspace = opened.workspace
    if scan.get("bib") and workspace.manuscript is not None:
        named = tuple(str(Path(b).resolve()) for b in scan["bib"])
        workspace = replace(workspace, bibliographies=named)
    return QuoteApp(
        workspace,
        opened.path,
        # the app's own defaults, with only the folders added
        settings=replace(Settings(), allowed=allowed) if allowed else None,
        notice=opened.notice or said or notice,
        info=info,
        reload=opened.reload,
        data_dir=data_dir,
        # A manuscript, batch or report opens checked, as the demo does; a workspace the user
        # saved opens as it was left.
        check_on_open=demo or workspace.origin is not None,
        config_dir=default_config_dir(),
        # ctrl+r reads the file again; the demo and a saved workspace have no file behind them
        reopen=partial(reopen, read_again=True) if workspace.origin and not demo else None,
    )


def run_app(
    path: Path | None = None,
    *,
    demo: bool = False,
    data_dir: Path | None = None,
    scan: dict[str, Any] | None = None,
    notice: str | None = None,
    info: str | None = None,
) -> int:
    """Run the app in the terminal until the user quits.

    Args:
        path: what to open (see ``make_app``).
        demo: open the bundled demo.
        data_dir: the per-user data folder (default: platformdirs' user data dir).
        scan: how a manuscript is scanned (see ``make_app``).
        notice: a warning to show once the app is up (see ``make_app``).
        info: information to show once the app is up (see ``make_app``).

    Returns:
        The exit code (0).

    Raises:
        QuoteTuiError: the file cannot be opened.
    """
    app = make_app(path, demo=demo, data_dir=data_dir, scan=scan, notice=notice, info=info)
    app.run()
    return app.return_code or 0


def _read_manuscript(path: Path, **scan: Any):
    """Scan a manuscript into a batch (its quotations, references and sources), with the other
    files it was read from (a LaTeX manuscript's ``\\input`` files), so an edit in one of them
    is seen as a change on the next opening."""
    from quote_tui.api import open_input
    from quote_tui.workspace import ManuscriptRead

    opened = open_input(path, **scan)
    main = path.resolve()
    read = getattr(opened.scan, "read", None)
    documents = getattr(read[0], "documents", ()) if read else ()
    # a document names its file relative to the manuscript's folder
    files = dict.fromkeys((main.parent / d.file).resolve() for d in documents)
    return ManuscriptRead(opened.whole(), tuple(f for f in files if f != main and f.is_file()))
