"""The JSON API as a Starlette application: ``/v1/check``, ``/v1/answer``, ``/v1/read``,
``/v1/references``, ``/v1/health``.

Each handler bounds its request (deadline, admission, body size, entry counts) and then calls the
service exactly as the CLI does, so the report is byte for byte the CLI's (``created`` aside).
Problems of single sources or citations stay in their entries of a 200 report; only a request
refused as a whole gets an error status.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from quote_tui import api as door
from quote_tui._version import __version__
from quote_tui.api import BatchInputError, ErrorCode, QuoteTuiError
from quote_tui.server.admission import Admission
from quote_tui.server.body import parse_json_object, read_body
from quote_tui.server.config import ServerConfig, is_loopback
from quote_tui.server.errors import ApiCode, ApiError, ApiRecovery
from quote_tui.server.guard import Guard
from quote_tui.server.openapi import openapi_document

JSON = "application/json"


def _json(data: Any, status: int = 200) -> Response:
    return Response(door.render(data), status_code=status, media_type=JSON)


def _error_response(
    error: QuoteTuiError, status: int, headers: dict[str, str] | None = None
) -> Response:
    return Response(
        door.render(error.to_dict()), status_code=status, media_type=JSON, headers=headers or None
    )


class Api:
    """The handlers, bound to one server's settings and admission state."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.limits = config.limits
        self.admission = Admission(
            self.limits.max_concurrent, self.limits.max_waiting, deadline=self.limits.deadline
        )

    @asynccontextmanager
    async def _deadline(self) -> AsyncIterator[None]:
        """The deadline over the whole request: body, waiting and the check."""
        deadline = asyncio.timeout(self.limits.deadline)
        try:
            async with deadline:
                yield
        except TimeoutError:
            if not deadline.expired():  # a timeout of something inside, not this request's
                raise
            raise ApiError(
                f"the request took longer than the {self.limits.deadline:g} s deadline",
                status=504,
                code=ApiCode.DEADLINE_EXCEEDED,
                recovery=ApiRecovery.SPLIT_REQUEST,
                details={"deadline_seconds": self.limits.deadline},
            ) from None

    @asynccontextmanager
    async def _admitted(self) -> AsyncIterator[None]:
        """A ticket, then a running slot. Taken once the body is in and valid, so a client
        that sends its body slowly holds a connection (bounded on its own) but no ticket."""
        async with self.admission.ticket(), self.admission.slot():
            yield

    def _settings_of(self, data: dict[str, Any]) -> door.Settings:
        """The server's settings with a request's own ``render`` and ``open_copies``, taken out
        of ``data``: every route that reads sources takes both, checked the same way."""
        settings = door.with_render(self.config.settings, data.pop("render", None))
        return door.with_open_copies(settings, data.pop("open_copies", None))

    async def _object(self, request: Request) -> dict[str, Any]:
        return parse_json_object(await read_body(request, self.limits.max_body_bytes))

    async def check(self, request: Request) -> Response:
        async with self._deadline():
            data = await self._object(request)
            self._check_counts(data)
            settings = self._settings_of(data)
            batch = door.parse_batch(data, base_dir=self.config.root)
            async with self._admitted():
                report = await door.check_batch(batch, settings=settings)
        return _json(report)

    async def answer(self, request: Request) -> Response:
        async with self._deadline():
            data = await self._object(request)
            settings = self._settings_of(data)
            documents = data.get("documents")
            if not isinstance(documents, list):
                raise BatchInputError(
                    "give 'answer' and 'documents' (a list, in document_index order)",
                    code=ErrorCode.BAD_BATCH,
                    recovery=ApiRecovery.FIX_INPUT,
                )
            self._check_counts({"sources": documents})
            batch, warnings = door.answer_input(
                data.get("answer"), documents, base_dir=self.config.root
            )
            self._check_counts({"sources": batch.sources, "citations": batch.citations})
            async with self._admitted():
                report = await door.check_batch(batch, settings=settings)
        if warnings:
            report["warnings"] = list(warnings)
        return _json(report)

    def _check_counts(self, data: dict[str, Any]) -> None:
        for key, limit, code in (
            ("sources", self.limits.max_sources, ApiCode.TOO_MANY_SOURCES),
            ("citations", self.limits.max_citations, ApiCode.TOO_MANY_CITATIONS),
        ):
            items = data.get(key)
            if isinstance(items, list | tuple):
                _at_most(len(items), key, limit, code, f"max_{key}")

    async def references(self, request: Request) -> Response:
        async with self._deadline():
            data = await self._object(request)
            entries = door.parse_references(bibtex=data.get("bibtex"), csl=data.get("csl"))
            limit = self.limits.max_citations
            _at_most(len(entries), "references", limit, ApiCode.TOO_MANY_CITATIONS, "max_citations")
            options = _references_options(data)
            async with self._admitted():
                report = await door.check_references(
                    entries, settings=self.config.settings, **options
                )
        if data.get("fail_on_change") is True:
            report["failed_on_change"] = door.changed_for_worse(report)
        return _json(report)

    async def read(self, request: Request) -> Response:
        async with self._deadline():
            data = await self._object(request)
            settings = self._settings_of(data)
            wanted = _read_args(data)
            async with self._admitted():
                read = await door.read_source(
                    **wanted, settings=settings, base_dir=self.config.root
                )
        return _json(read)

    async def health(self, request: Request) -> Response:
        admission = self.admission
        return _json(
            {
                "status": "ok",
                "tool": {"name": "quote_tui", "version": __version__},
                "running": admission.running,
                "waiting": admission.waiting,
                "limits": self.limits.to_dict(),
                "local_files": self.config.root is not None,
            }
        )

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi_document(self.limits))


def _references_options(data: dict[str, Any]) -> dict[str, Any]:
    """The references request's options, checked before anything is asked: ``registries``
    (names, or ``"all"``), ``baseline`` (an earlier report), ``fail_on_change`` (needs it),
    ``reviews`` (a review file's content) and ``date`` (``YYYY-MM-DD``)."""

    def bad(message: str) -> door.BatchInputError:
        return door.BatchInputError(
            message, code=door.ErrorCode.BAD_OPTION, recovery=door.Recovery.FIX_INPUT
        )

    for name in ("baseline", "reviews"):
        if data.get(name) is not None and not isinstance(data[name], dict):
            raise bad(f"{name} is a JSON object: an earlier references report, or a review file")
    if data.get("date") is not None and not isinstance(data["date"], str):
        raise bad("date is a string, YYYY-MM-DD")
    if not isinstance(data.get("fail_on_change", False), bool):
        raise bad("fail_on_change is true or false")
    if data.get("fail_on_change") and data.get("baseline") is None:
        raise bad("fail_on_change needs a baseline (an earlier references report)")
    registries = data.get("registries")
    if registries is not None and not (
        isinstance(registries, str)
        or (isinstance(registries, list) and all(isinstance(r, str) for r in registries))
    ):
        raise bad('registries is a list of registry names, or "all"')
    return {
        "registries": door.registry_names(registries) if registries is not None else None,
        "baseline": data.get("baseline"),
        "reviews": data.get("reviews"),
        "date": data.get("date"),
    }


def _read_args(data: dict[str, Any]) -> dict[str, Any]:
    """``{"ref": ...}`` or ``{"text": ..., "title"?, "truncated"?}`` as ``read_source``'s
    arguments."""
    ref, text, title = data.get("ref"), data.get("text"), data.get("title")
    if (ref is None) == (text is None):
        raise BatchInputError(
            "give exactly one of 'ref' (a URL, doi:, pmid: or a path under the root) and 'text'",
            code=ErrorCode.BAD_BATCH,
            recovery=ApiRecovery.FIX_INPUT,
        )
    for name, value in (("ref", ref), ("text", text), ("title", title)):
        if value is not None and not isinstance(value, str):
            raise BatchInputError(
                f"'{name}' must be a string",
                code=ErrorCode.BAD_BATCH,
                recovery=ApiRecovery.FIX_INPUT,
            )
    return {"ref": ref, "text": text, "title": title, "truncated": bool(data.get("truncated"))}


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return _error_response(exc, exc.status, exc.headers)


async def _input_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, QuoteTuiError)
    return _error_response(exc, 422)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = {404: ApiCode.NOT_FOUND, 405: ApiCode.METHOD_NOT_ALLOWED}.get(exc.status_code)
    error = QuoteTuiError(
        str(exc.detail),
        code=code or f"http_{exc.status_code}",
        recovery=ApiRecovery.CHECK_URL,
    )
    return _error_response(error, exc.status_code, dict(exc.headers or {}))


async def _unexpected(request: Request, exc: Exception) -> Response:
    error = QuoteTuiError(
        "the server failed on this request",
        code=ApiCode.INTERNAL_ERROR,
        recovery=ApiRecovery.RETRY_LATER,
    )
    return _error_response(error, 500)


Handler = Callable[[Request, Exception], Awaitable[Response]]


def build_app(config: ServerConfig) -> Guard:
    """The API as an ASGI application, behind the key and Host/Origin guard.

    Args:
        config: limits, service settings (already confined) and the key, if any.

    Returns:
        An ASGI application for uvicorn.
    """
    handlers_of = Api(config)
    handlers: dict[Any, Handler] = {
        ApiError: _api_error,
        QuoteTuiError: _input_error,
        HTTPException: _http_error,
        Exception: _unexpected,
    }
    app = Starlette(
        routes=[
            Route("/v1/check", handlers_of.check, methods=["POST"]),
            Route("/v1/answer", handlers_of.answer, methods=["POST"]),
            Route("/v1/read", handlers_of.read, methods=["POST"]),
            Route("/v1/references", handlers_of.references, methods=["POST"]),
            Route("/v1/health", handlers_of.health, methods=["GET"]),
            Route("/openapi.json", handlers_of.openapi, methods=["GET"]),
        ],
        exception_handlers=handlers,
    )
    guard = Guard(app, api_key=config.api_key, loopback=is_loopback(config.host))
    guard.connection_limits = config.limits.connections
    return guard


def _at_most(count: int, noun: str, limit: int, code: ApiCode, limit_name: str) -> None:
    """Refuse a request that carries more of something than the server's limit allows."""
    if count > limit:
        raise ApiError(
            f"{count} {noun} in one request; at most {limit} are accepted",
            status=422,
            code=code,
            recovery=ApiRecovery.SPLIT_REQUEST,
            details={limit_name: limit},
        )
