"""Imported once by the flow's worker fork server: every worker forks with the flow's module (whose
tasks it unpickles) imported and the plugins (apps, workflows, checks) loaded, instead of paying
for them on its first task.

The import makes about a million objects that live as long as the server and its workers, and
little garbage: the cyclic collector stays off meanwhile (0.4 s of a 3.9 s preload, measured), and
the result is frozen, so no worker's collection walks the preloaded heap (or touches its pages,
which the workers share with the server until written)."""

import gc

gc.disable()
try:
    import flows.generate  # noqa: F401
    from forge.plugins import ensure_loaded

    ensure_loaded()
finally:
    gc.enable()
gc.freeze()
