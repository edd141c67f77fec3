"""Request bodies read under a byte limit, whether or not the client announced their length."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from quote_tui.server.errors import ApiCode, ApiError, ApiRecovery


def too_large(limit: int) -> ApiError:
    return ApiError(
        f"the request body is larger than {limit} bytes",
        status=413,
        code=ApiCode.BODY_TOO_LARGE,
        recovery=ApiRecovery.SPLIT_REQUEST,
        details={"max_body_bytes": limit},
    )


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused with 413 as soon as it is known to exceed ``limit`` bytes.

    A declared Content-Length over the limit is refused before any byte is read; a chunked body
    is counted as it arrives and dropped at the first byte past the limit, so no client can make
    the server hold more than ``limit`` bytes of one request.
    """
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large(limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json_object(body: bytes) -> dict[str, Any]:
    """Decode a JSON object; anything else is a 400 ``bad_json``.

    Any content type is accepted, so ``curl -d @batch.json`` (sent as a form) works as it is.
    """
    try:
        data = json.loads(body.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise _bad_json("the request body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise _bad_json(
            f"the request body is not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except (ValueError, RecursionError):  # an integer too long to convert, nesting too deep
        raise _bad_json("the request body is JSON this server will not decode") from None
    if not isinstance(data, dict):
        raise _bad_json("the request body must be a JSON object")
    return data


def _bad_json(message: str) -> ApiError:
    return ApiError(message, status=400, code=ApiCode.BAD_JSON, recovery=ApiRecovery.FIX_INPUT)
