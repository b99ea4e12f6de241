"""Boundary cases of the numbered-gaps check (`forge.checks.tree_gaps`): the missing names of every
series listed with its padding (a missing first number, the last series too), by series then
number; or each series renumbered from 1 in its old order with its padding, in place or as copies;
files outside any series left alone."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"scan_002.pdf": b"s2", "scan_003.pdf": b"s3", "scan_006.pdf": b"s6", "r-01.png": b"r1", "r-03.png": b"r3",
         "README.txt": b"x"}
MISSING = b"r-02.png\nscan_001.pdf\nscan_004.pdf\nscan_005.pdf\n"
RENUMBERED = {"scan_001.pdf": b"s2", "scan_002.pdf": b"s3", "scan_003.pdf": b"s6", "r-01.png": b"r1",
              "r-02.png": b"r3", "README.txt": b"x"}


def gaps(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Scans", "action": "report", "report": "gaps.txt", **options}, passes, says,
                files={f"Scans/{p}": d for p, d in left.items()}, originals={"Scans": pack_tree(given)})


RENUMBER, COPIES = {"action": "renumber", "report": None}, {"action": "renumber", "report": None, "target": "New"}
CASES = {"tree.sequence_gaps": [
    gaps("missing names listed", {}, {**GIVEN, "gaps.txt": MISSING}, True),
    gaps("the missing first number left out", {}, {**GIVEN, "gaps.txt": MISSING.replace(b"scan_001.pdf\n", b"")},
         False, "Scans/gaps.txt lists ['r-02.png', 'scan_004.pdf', 'scan_005.pdf']"),
    gaps("the last series' last gap left out", {}, {**GIVEN, "gaps.txt": MISSING.replace(b"scan_005.pdf\n", b"")},
         False, "expected the missing names"),
    gaps("names without the padding", {}, {**GIVEN, "gaps.txt": b"r-2.png\nscan_1.pdf\nscan_4.pdf\nscan_5.pdf\n"},
         False, "Scans/gaps.txt lists ['r-2.png'"),
    gaps("series out of order", {}, {**GIVEN, "gaps.txt": b"scan_001.pdf\nscan_004.pdf\nscan_005.pdf\nr-02.png\n"},
         False, "Scans/gaps.txt lists ['scan_001.pdf'"),
    gaps("report not written", {}, GIVEN, False, "Scans/gaps.txt does not exist"),
    gaps("reported and renumbered too", {}, {**RENUMBERED, "gaps.txt": MISSING}, False,
         "Scans/r-03.png is missing; the content is at Scans/r-02.png"),
    gaps("renumbered in place", RENUMBER, RENUMBERED, True),
    gaps("renumbered out of order", RENUMBER, {**RENUMBERED, "scan_001.pdf": b"s3", "scan_002.pdf": b"s2"}, False,
         "Scans/scan_001.pdf does not hold the content"),
    gaps("one series left as it was", RENUMBER, {**{k: v for k, v in RENUMBERED.items() if not k.startswith("r-")},
                                                 "r-01.png": b"r1", "r-03.png": b"r3"}, False,
         "Scans/r-02.png is missing; the content is at Scans/r-03.png"),
    gaps("padding dropped", RENUMBER, {**{k: v for k, v in RENUMBERED.items() if not k.startswith("scan")},
                                       "scan_1.pdf": b"s2", "scan_2.pdf": b"s3", "scan_3.pdf": b"s6"}, False,
         "Scans/scan_001.pdf is missing; the content is at Scans/scan_1.pdf"),
    gaps("a file outside any series renumbered", RENUMBER, {**{k: v for k, v in RENUMBERED.items() if k != "README.txt"},
                                                            "README_1.txt": b"x"}, False,
         "Scans/README.txt is missing"),
    gaps("renumbered copies", COPIES, {**GIVEN, **{f"New/{k}": v for k, v in RENUMBERED.items() if k != "README.txt"}},
         True),
    gaps("copies asked, renamed in place", COPIES, RENUMBERED, False, "Scans/New/r-01.png is missing"),
    gaps("no gaps", {}, {**GIVEN, "gaps.txt": b""}, False, "the task is empty",
         given={"scan_001.pdf": b"s", "scan_002.pdf": b"t"}),
]}
