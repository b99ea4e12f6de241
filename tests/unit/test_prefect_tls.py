"""Prefect's API clients in a worker share one verified TLS context per CA file, and only that."""

from __future__ import annotations

import ssl
from collections.abc import Iterator

import certifi
import pytest
from prefect.client import orchestration
from prefect.client.orchestration import SyncPrefectClient
from prefect.settings import (
    PREFECT_API_SSL_CERT_FILE,
    PREFECT_API_TLS_INSECURE_SKIP_VERIFY,
    temporary_settings,
)

from flows import prefect_tls

API = "http://127.0.0.1:9/api"  # never contacted: a client connects on its first request


def _context(client: SyncPrefectClient) -> ssl.SSLContext:
    return client._client._transport._pool._ssl_context  # type: ignore[attr-defined]


@pytest.fixture
def shared() -> Iterator[None]:
    assert orchestration.ssl is ssl  # Prefect's own, as a process starts
    prefect_tls.share_verified_contexts()
    prefect_tls.share_verified_contexts()  # twice: still one layer
    try:
        yield
    finally:
        orchestration.ssl = ssl  # type: ignore[assignment]


def test_without_sharing_each_client_loads_its_own_context() -> None:
    assert _context(SyncPrefectClient(API)) is not _context(SyncPrefectClient(API))


def test_clients_share_the_verified_context_of_their_ca_file(shared: None) -> None:
    first, second = _context(SyncPrefectClient(API)), _context(SyncPrefectClient(API))
    assert first is second
    assert first.verify_mode == ssl.CERT_REQUIRED and first.check_hostname
    cafile = PREFECT_API_SSL_CERT_FILE.value() or certifi.where()  # what the client would have loaded
    assert first.cert_store_stats() == ssl.create_default_context(cafile=cafile).cert_store_stats()


def test_insecure_mode_still_gets_a_new_context_and_verified_ones_stay_verified(shared: None) -> None:
    verified = _context(SyncPrefectClient(API))
    with temporary_settings(updates={PREFECT_API_TLS_INSECURE_SKIP_VERIFY: True}):
        loose, looser = _context(SyncPrefectClient(API)), _context(SyncPrefectClient(API))
    assert loose is not looser and loose is not verified
    assert loose.verify_mode == ssl.CERT_NONE
    assert _context(SyncPrefectClient(API)) is verified
    assert verified.verify_mode == ssl.CERT_REQUIRED and verified.check_hostname


def test_other_uses_of_ssl_are_untouched(shared: None) -> None:
    assert orchestration.ssl.CERT_NONE is ssl.CERT_NONE and orchestration.ssl.SSLContext is ssl.SSLContext
    assert ssl.create_default_context(cafile=certifi.where()) is not ssl.create_default_context(cafile=certifi.where())
