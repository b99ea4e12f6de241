"""The relationships of an OOXML package's parts (xlsx, docx, pptx), read from the zip itself.

A part names the parts it uses by relationship id in its `_rels/<name>.rels` member; checks that
read one part (a sheet's view settings) and mutators that change one (a paragraph, a slide) follow
them without a library opening the whole package.
"""

from __future__ import annotations

import posixpath
import zipfile
from typing import NamedTuple
from xml.etree import ElementTree

_PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


class Relationship(NamedTuple):
    type: str  # the relationship type's URI (…/relationships/worksheet)
    part: str  # the member it points to, resolved against the source part's folder
    external: bool  # TargetMode="External": a URL, not a member


def relationships(package: zipfile.ZipFile, source: str) -> dict[str, Relationship]:
    """Relationship id -> Relationship of the part `source` ("" for the package's own); KeyError when
    the part has no relationships member."""
    folder, name = posixpath.split(source)
    found = {}
    for rel in ElementTree.fromstring(package.read(posixpath.join(folder, "_rels", name + ".rels"))).iter(
            f"{_PKG_REL}Relationship"):
        target = rel.attrib["Target"]
        part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        found[rel.attrib["Id"]] = Relationship(rel.attrib["Type"], part, rel.get("TargetMode") == "External")
    return found


def related(found: dict[str, Relationship], kind: str) -> str:
    """The member that an internal relationship of `found` whose type ends in /`kind` points to
    ("officeDocument", "styles", "notesSlide"); KeyError without one."""
    for rel in found.values():
        if not rel.external and rel.type.rpartition("/")[2] == kind:
            return rel.part
    raise KeyError(f"no {kind} relationship")
