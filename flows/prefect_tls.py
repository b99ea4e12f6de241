"""In the flow's worker processes, Prefect's API clients share one verified TLS context per CA file.

Prefect 3.9 builds two new API clients for every task run a worker runs (`hydrated_context`, then
the task engine), and each client a new `ssl.SSLContext` loaded from certifi's CA bundle: ~15 ms
of CPU apiece, two fifths of a worker's own cost between two task runs (py-spy, 100 tasks on 2
cores). A TLS context keeps no per-connection state and is meant to be shared; the one shared here
is exactly what each client would have built, for the same CA file. A context built any other way
(Prefect's insecure mode, which turns verification off on the context it gets) is still new each
time, so nothing it changes reaches a verified one.

Private: Prefect's client module calls `ssl.create_default_context` through its own `ssl` name,
which is pointed here (pyproject pins prefect to 3.9.x; tests/integration/test_worker_pool.py
checks that a worker's clients share their context, and tests/unit/test_prefect_tls.py what is shared).
"""

from __future__ import annotations

import functools
import ssl
from typing import Any


@functools.lru_cache(maxsize=8)
def _verified(cafile: str) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=cafile)


class _SharedVerifiedContexts:
    """The `ssl` module as Prefect's client module sees it, but for verified contexts by CA file."""

    def __getattr__(self, name: str) -> Any:
        return getattr(ssl, name)

    @staticmethod
    def create_default_context(purpose: ssl.Purpose = ssl.Purpose.SERVER_AUTH, *, cafile: str | None = None,
                               capath: str | None = None, cadata: str | bytes | None = None) -> ssl.SSLContext:
        if cafile is not None and capath is None and cadata is None and purpose is ssl.Purpose.SERVER_AUTH:
            return _verified(cafile)
        return ssl.create_default_context(purpose, cafile=cafile, capath=capath, cadata=cadata)


def share_verified_contexts() -> None:
    """Point Prefect's client module at the shared contexts (once per process; idempotent)."""
    from prefect.client import orchestration

    if orchestration.ssl is ssl:
        orchestration.ssl = _SharedVerifiedContexts()  # type: ignore[assignment]
