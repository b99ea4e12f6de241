"""Shared fixtures: one real Prefect server per test session, never one per test."""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from forge.prefect_server import LocalServer, ServerInfo

os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")


def require(ok: bool, message: str) -> pytest.MarkDecorator:
    """Mark a test that needs a tool the README's set-up installs: it FAILS, saying how to get the
    tool, rather than being skipped (a skipped test would hide a missing install step)."""
    return pytest.mark.requirement_met if ok else pytest.mark.requirement_missing(message)


@pytest.fixture(autouse=True)
def _fail_on_missing_requirement(request: pytest.FixtureRequest) -> None:
    marker = request.node.get_closest_marker("requirement_missing")
    if marker is not None:
        pytest.fail(f"{marker.args[0]}; run `bash scripts/dev.sh test`, which installs it", pytrace=False)


@pytest.fixture(scope="session")
def libreoffice_profiles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One LibreOffice profile folder for the session's gate runs: each round-trip thread keeps one
    warm soffice across tests instead of starting one per test."""
    return tmp_path_factory.mktemp("libreoffice-profiles")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def prefect_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerInfo]:
    server = LocalServer(tmp_path_factory.mktemp("prefect-data"))
    info = server.start(port=free_port())
    try:
        yield info
    finally:
        server.stop()


@pytest.fixture()
def cli_env(prefect_server: ServerInfo, tmp_path: Path) -> dict[str, str]:
    """Environment for running `forge`/`prefect` commands against the session's server."""
    bin_dir = str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items() if not k.startswith("FORGE_")}
    env.update(
        PATH=f"{bin_dir}:{env.get('PATH', '')}",
        PREFECT_API_URL=prefect_server.url,
        PREFECT_SERVER_ANALYTICS_ENABLED="false",
        FORGE_DATA_DIR=str(tmp_path / "data"),
    )
    return env
