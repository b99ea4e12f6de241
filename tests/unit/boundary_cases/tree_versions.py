"""Boundary cases of the versions check (`forge.checks.tree_versions`): the latest version of each
document kept (v10 after v9, not in text order; dates), a document being its folder, name and
extension (an export in another format, the same name in another folder, a _v2 not at the end are
documents or files of their own), the older ones deleted or moved aside under their paths (the
last group too), or the latest ones copied under their plain names with the originals kept."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"budget_v9.xlsx": b"b9", "budget_v10.xlsx": b"b10", "budget_v2.pdf": b"bp", "hr/cv_v1.docx": b"c1",
         "hr/cv_v3.docx": b"c3", "hr/budget_v11.xlsx": b"h11", "notes_v2_comments.docx": b"n",
         "z/plan_v1.pptx": b"p1", "z/plan_v2.pptx": b"p2"}
OLDER = ("budget_v9.xlsx", "hr/cv_v1.docx", "z/plan_v1.pptx")
LATEST = {k: v for k, v in GIVEN.items() if k not in OLDER}
ASIDE = {**LATEST, **{f"Old/{p}": GIVEN[p] for p in OLDER}}
CURRENT = {**GIVEN, "Cur/budget.xlsx": b"b10", "Cur/budget.pdf": b"bp", "Cur/hr/cv.docx": b"c3",
           "Cur/hr/budget.xlsx": b"h11", "Cur/z/plan.pptx": b"p2"}
DATED = {"min_2024-05-02.docx": b"m1", "min_2024-11-15.docx": b"m2", "min_2024-09-30.docx": b"m0", "notes.txt": b"t"}


def _without(files: dict[str, bytes], *paths: str) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k not in paths}


def versions(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
             given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Work", "scheme": "number", "action": "delete", **options}, passes, says,
                files={f"Work/{p}": d for p, d in left.items()}, originals={"Work": pack_tree(given)})


AS = {"action": "aside", "into": "Old"}
CUR = {"action": "current", "into": "Cur"}
CASES = {"tree.latest_versions": [
    versions("older versions deleted", {}, LATEST, True),
    versions("v9 kept over v10 (text order)", {}, {**_without(LATEST, "budget_v10.xlsx"), "budget_v9.xlsx": b"b9"},
             False, "Work/budget_v10.xlsx is missing"),
    versions("the last document's old version left", {}, {**LATEST, "z/plan_v1.pptx": b"p1"}, False,
             "Work/z/plan_v1.pptx should not be there"),
    versions("the export in another format deleted", {}, _without(LATEST, "budget_v2.pdf"), False,
             "Work/budget_v2.pdf is missing"),
    versions("the same name in another folder taken as one document", {}, _without(LATEST, "budget_v10.xlsx"), False,
             "Work/budget_v10.xlsx is missing"),
    versions("a _v2 not at the end taken as a version", {}, _without(LATEST, "notes_v2_comments.docx"), False,
             "Work/notes_v2_comments.docx is missing"),
    versions("older versions moved aside", AS, ASIDE, True),
    versions("moved aside flat", AS, {**_without(ASIDE, "Old/hr/cv_v1.docx"), "Old/cv_v1.docx": b"c1"}, False,
             "Work/Old/hr/cv_v1.docx is missing; the content is at Work/Old/cv_v1.docx"),
    versions("aside: deleted instead", AS, LATEST, False, "Work/Old/budget_v9.xlsx is missing"),
    versions("latest copied under plain names", CUR, CURRENT, True),
    versions("latest copied, version left in the name", CUR,
             {**_without(CURRENT, "Cur/budget.xlsx"), "Cur/budget_v10.xlsx": b"b10"}, False,
             "Work/Cur/budget.xlsx is missing; the content is at Work/Cur/budget_v10.xlsx"),
    versions("latest moved, not copied", CUR, _without(CURRENT, "budget_v10.xlsx"), False,
             "Work/budget_v10.xlsx is missing"),
    versions("the last document copied from its older version", CUR, {**CURRENT, "Cur/z/plan.pptx": b"p1"}, False,
             "Work/Cur/z/plan.pptx does not hold"),
    versions("current: older versions deleted too", CUR, {**_without(CURRENT, *OLDER)}, False,
             "Work/budget_v9.xlsx is missing"),
    versions("dates: the latest kept", {"scheme": "date"}, {"min_2024-11-15.docx": b"m2", "notes.txt": b"t"}, True,
             given=DATED),
    versions("dates: the first-listed kept", {"scheme": "date"}, {"min_2024-05-02.docx": b"m1", "notes.txt": b"t"},
             False, "Work/min_2024-11-15.docx is missing", given=DATED),
    versions("a stray file added", {}, {**LATEST, "untitled.txt": b""}, False, "Work/untitled.txt should not be there"),
    versions("no older version anywhere", {}, LATEST, False, "the task is empty", given=LATEST),
]}
