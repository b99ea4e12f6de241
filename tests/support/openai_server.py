"""A real HTTP server on 127.0.0.1 speaking OpenAI chat completions, scripted per test.

The only test double Forge allows, at the one outside boundary that cannot run here (a model API).
Each request takes the next scripted response (a reply with content, reasoning, tool calls and
usage; an HTTP error; or a function of the request). Every request is recorded, headers included,
so tests can count them and see what was sent.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Response:
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


Responder = Response | Callable[[dict[str, Any]], Response]


def reply(content: str | None = None, *, tool_calls: list[tuple[str, str]] | None = None, reasoning: str | None = None,
          prompt_tokens: int = 100, completion_tokens: int = 20, cached_tokens: int = 0, model: str = "fake-model",
          finish_reason: str | None = None) -> Response:
    """A chat.completion; `tool_calls` are (name, raw JSON arguments text) pairs."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if reasoning is not None:
        message["reasoning_content"] = reasoning
    if tool_calls:
        message["tool_calls"] = [{"id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": a}}
                                 for i, (n, a) in enumerate(tool_calls)]
    usage: dict[str, Any] = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                             "total_tokens": prompt_tokens + completion_tokens}
    if cached_tokens:
        usage["prompt_tokens_details"] = {"cached_tokens": cached_tokens}
    return Response(200, {
        "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model, "usage": usage,
        "choices": [{"index": 0, "message": message,
                     "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop")}],
    })


def error(status: int, message: str = "scripted error", *, retry_after_ms: int | None = 1) -> Response:
    headers = {"retry-after-ms": str(retry_after_ms)} if retry_after_ms is not None else {}
    return Response(status, {"error": {"message": message, "type": "fake", "code": status}}, headers)


def tool(name: str, **arguments: Any) -> tuple[str, str]:
    return name, json.dumps(arguments)


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


class FakeOpenAI:
    """Start with `with FakeOpenAI() as server:`; `server.base_url` ends in /v1."""

    def __init__(self, script: list[Responder] | None = None, default: Responder | None = None) -> None:
        self.script: list[Responder] = list(script or [])
        self.default = default
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def add(self, *responders: Responder) -> None:
        with self._lock:
            self.script.extend(responders)

    def chat_requests(self) -> list[dict[str, Any]]:
        return [r.body for r in self.requests if r.path.endswith("/chat/completions")]

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _next(self, body: dict[str, Any]) -> Response:
        with self._lock:
            responder = self.script.pop(0) if self.script else self.default
        if responder is None:
            return error(500, "the test's script is exhausted", retry_after_ms=None)
        return responder(body) if callable(responder) else responder

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                body = json.loads(raw or b"{}")
                with owner._lock:
                    owner.requests.append(Recorded(self.path, dict(self.headers.items()), body))
                if not self.path.endswith("/chat/completions"):
                    response = error(404, f"no route {self.path}", retry_after_ms=None)
                else:
                    response = owner._next(body)
                data = json.dumps(response.body).encode()
                try:
                    self.send_response(response.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for key, value in response.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

        return Handler
