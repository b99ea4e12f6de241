"""Small committed corpora (data/corpora/*.json) that give preparers realistic words to draw from.

Faker supplies names, companies and cities; these files supply what Faker does not know: report
sections, memo bodies, price lists, log messages, file names. Loaded once per process.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from forge.errors import PreparerError

CORPORA_DIR = Path(__file__).resolve().parent.parent / "data" / "corpora"


@cache
def corpus(name: str) -> Any:
    """The parsed `data/corpora/<name>.json`; a missing or broken file names itself."""
    path = CORPORA_DIR / f"{name}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        known = ", ".join(sorted(p.stem for p in CORPORA_DIR.glob("*.json")))
        raise PreparerError(f"corpus {name!r} not found in {CORPORA_DIR}; known: {known}") from exc
    except json.JSONDecodeError as exc:
        raise PreparerError(f"corpus {path} is not valid JSON: {exc}") from exc
