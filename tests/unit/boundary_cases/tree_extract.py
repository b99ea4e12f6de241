"""Boundary cases of the extract-one-kind check (`forge.checks.tree_extract`): every member with the
extension (any case) from every top-level .zip and .tar.gz, down to the last archive, and nothing
else (not a .jpg.json sidecar, not an archive in a subfolder); by file name, prefixed with the
archive's name (without .zip/.tar.gz) or in a subfolder per archive; the inner folders dropped; the
archives deleted or kept as asked."""

from __future__ import annotations

import gzip

from preparers.filetypes._tar import pack_tar
from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case
from tests.unit.boundary_cases._trees import without, zip_bytes

JAN = zip_bytes({"inv/INV-001.pdf": b"j1", "inv/INV-002.PDF": b"j2", "summary.csv": b"s", "IMG.jpg.json": b"x"})
FEB = gzip.compress(pack_tar({"inv/INV-001.pdf": b"f1", "README.txt": b"r"}), mtime=0)
GIVEN = {"jan.zip": JAN, "feb.tar.gz": FEB, "price.pdf": b"p", "later/mar.zip": zip_bytes({"INV-009.pdf": b"m"})}
KEEP = {"jan.zip": JAN, "feb.tar.gz": FEB, "price.pdf": b"p", "later/mar.zip": GIVEN["later/mar.zip"]}
PREFIXED = {**KEEP, "All/jan_INV-001.pdf": b"j1", "All/jan_INV-002.PDF": b"j2", "All/feb_INV-001.pdf": b"f1"}
PER = {**KEEP, "All/jan/INV-001.pdf": b"j1", "All/jan/INV-002.PDF": b"j2", "All/feb/INV-001.pdf": b"f1"}
MAC = {"mac.zip": zip_bytes({"a/INV-7.pdf": b"7", "__MACOSX/a/._INV-7.pdf": b"m", "a/._INV-8.pdf": b"e",
                             "a/.DS_Store": b"d"})}
FLAT_GIVEN = {"jan.zip": JAN, "feb.tar.gz": gzip.compress(pack_tar({"inv/INV-101.pdf": b"f1"}), mtime=0)}
FLAT = {**FLAT_GIVEN, "All/INV-001.pdf": b"j1", "All/INV-002.PDF": b"j2", "All/INV-101.pdf": b"f1"}


def extract(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
            given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Ex", "ext": ".pdf", "target": "All", "naming": "prefixed", **options},
                passes, says, files={f"Ex/{p}": d for p, d in left.items()}, originals={"Ex": pack_tree(given)})


CASES = {"tree.extracted_matching": [
    extract("prefixed with the archive's name", {}, PREFIXED, True),
    extract("the tarball's member missing", {}, without(PREFIXED, "All/feb_INV-001.pdf"), False,
            "Ex/All/feb_INV-001.pdf is missing"),
    extract("the upper-case .PDF left in the archive", {}, without(PREFIXED, "All/jan_INV-002.PDF"), False,
            "Ex/All/jan_INV-002.PDF is missing"),
    extract("the prefix with the extension", {}, {**without(PREFIXED, "All/feb_INV-001.pdf"),
                                                  "All/feb.tar.gz_INV-001.pdf": b"f1"}, False,
            "Ex/All/feb_INV-001.pdf is missing; the content is at Ex/All/feb.tar.gz_INV-001.pdf"),
    extract("the inner folder kept", {}, {**without(PREFIXED, "All/jan_INV-001.pdf"),
                                          "All/inv/jan_INV-001.pdf": b"j1"}, False,
            "Ex/All/jan_INV-001.pdf is missing"),
    extract("the other files extracted too", {}, {**PREFIXED, "All/jan_summary.csv": b"s"}, False,
            "Ex/All/jan_summary.csv should not be there"),
    extract("the subfolder's archive extracted too", {}, {**PREFIXED, "All/mar_INV-009.pdf": b"m"}, False,
            "Ex/All/mar_INV-009.pdf should not be there"),
    extract("the loose PDF moved in", {}, {**without(PREFIXED, "price.pdf"), "All/price.pdf": b"p"}, False,
            "Ex/price.pdf is missing"),
    extract("a subfolder per archive", {"naming": "per_archive"}, PER, True),
    extract("per archive asked, prefixed given", {"naming": "per_archive"}, PREFIXED, False,
            "Ex/All/feb/INV-001.pdf is missing"),
    extract("by file name, names unique", {"naming": "flat"}, FLAT, True, given=FLAT_GIVEN),
    extract("by file name: the last one lost", {"naming": "flat"}, without(FLAT, "All/INV-101.pdf"), False,
            "Ex/All/INV-101.pdf is missing", given=FLAT_GIVEN),
    extract("archives deleted", {"remove_archives": True}, without(PREFIXED, "jan.zip", "feb.tar.gz"), True),
    extract("delete asked, one archive kept", {"remove_archives": True}, without(PREFIXED, "jan.zip"), False,
            "Ex/feb.tar.gz should not be there"),
    extract("keep asked, archives deleted", {}, without(PREFIXED, "jan.zip", "feb.tar.gz"), False,
            "Ex/feb.tar.gz is missing"),
    extract("Mac junk left out", {"skip_junk": True}, {**MAC, "All/mac_INV-7.pdf": b"7"}, True, given=MAC),
    extract("Mac junk: a ._ copy extracted too", {"skip_junk": True},
            {**MAC, "All/mac_INV-7.pdf": b"7", "All/mac_._INV-8.pdf": b"e"}, False,
            "Ex/All/mac_._INV-8.pdf should not be there", given=MAC),
    extract("no junk rule: the ._ copies are .pdf files too", {},
            {**MAC, "All/mac_INV-7.pdf": b"7"}, False, "Ex/All/mac_._INV-7.pdf is missing", given=MAC),
    extract("an extracted file's content changed", {}, {**PREFIXED, "All/jan_INV-001.pdf": b"??"}, False,
            "Ex/All/jan_INV-001.pdf does not hold the content"),
]}
