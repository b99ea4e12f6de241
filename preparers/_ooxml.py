"""Byte-deterministic OOXML packages (xlsx, docx, pptx).

Office libraries stamp the current time twice: in `docProps/core.xml` (`dcterms:created`,
`dcterms:modified`) and in every zip entry's header. A task's id is a content hash of its
files, so the same seed must give the same bytes: `normalize_package` rewrites both.

The output is stable for a given Python/zlib build; a different zlib may compress differently,
which changes bytes but never content.
"""

from __future__ import annotations

import io
import re
import zipfile

from forge.errors import PreparerError

FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip header can hold
FIXED_DOC_TIME = "2024-01-01T00:00:00Z"  # what core.xml claims for created/modified
CONTENT_TYPES = "[Content_Types].xml"  # by convention the first entry of a package
CORE_PROPS = "docProps/core.xml"

_CORE_DATE = re.compile(rb"(<dcterms:(created|modified)\b[^>]*>)[^<]*(</dcterms:\2>)")


def fix_core_dates(xml: bytes, when: str = FIXED_DOC_TIME) -> bytes:
    """Set `dcterms:created` and `dcterms:modified` in a core-properties part to `when`."""
    return _CORE_DATE.sub(lambda m: m.group(1) + when.encode() + m.group(3), xml)


def entry_order(names: list[str]) -> list[str]:
    """`[Content_Types].xml` first, then every other part by name: stable whatever wrote it."""
    return sorted(names, key=lambda n: (n != CONTENT_TYPES, n))


def normalize_package(data: bytes, *, doc_time: str = FIXED_DOC_TIME) -> bytes:
    """Rewrite an OOXML zip so equal content gives equal bytes.

    Every entry gets a fixed timestamp, fixed attributes and deflate compression, in a stable
    order; the core properties' dates are set to `doc_time`.
    """
    try:
        src = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise PreparerError(f"cannot normalise package: not a zip file ({exc})") from exc
    out = io.BytesIO()
    with src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for name in entry_order(src.namelist()):
            payload = src.read(name)
            if name == CORE_PROPS:
                payload = fix_core_dates(payload, doc_time)
            info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 0
            info.external_attr = 0
            dst.writestr(info, payload, compresslevel=6)
    return out.getvalue()
