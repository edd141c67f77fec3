"""The HTTP front end: ``quote-tui serve`` (a JSON API) and ``quote-tui mcp --http``.

Both answer through the same service as the CLI, the stdio MCP server and the app, so a report
over HTTP is the report ``quote-tui check`` writes. Requests are treated as hostile: every one is
bounded in size, count, concurrency and time before it reaches the service, and each refusal is a
specific HTTP status with an error ``code`` and a ``recovery`` hint (see ``errors``).

Modules import Starlette and uvicorn only when a server is built, so the CLI's parser stays quick
(``options`` is the only module it loads for its help text).
"""
