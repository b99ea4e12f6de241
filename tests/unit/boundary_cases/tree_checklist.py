"""Boundary cases of the delivery-checklist check (`forge.checks.tree_checklist`): the entries no file
answers, as written and in the list's order, down to the last one; './' paths matched; bare names
matched in any case at any depth (only with loose); the unlisted files, sorted, only when asked; the
sections' headings and the CSV's item,status columns; the folder left as it was."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

FOLDER = {"logo/logo.png": b"l", "brand_guide.pdf": b"b", "notes.txt": b"n", "drafts/old.png": b"o"}
PATHS = b"# from Dana\n\n./logo/logo.png\nfonts/Inter.zip\nbrand_guide.pdf\nlogo/logo.svg\n"
NAMES = b"# from Dana\nLOGO.PNG\nInter.zip\nBrand_Guide.pdf\nlogo.svg\n"
SECTIONS = b"Missing:\nfonts/Inter.zip\nlogo/logo.svg\n"
WITH_EXTRAS = SECTIONS + b"\nNot on the list:\ndrafts/old.png\nnotes.txt\n"
CSV = (b"item,status\nfonts/Inter.zip,missing\nlogo/logo.svg,missing\ndrafts/old.png,not on the list\n"
       b"notes.txt,not on the list\n")


def report(label: str, options: dict, written: bytes | None, passes: bool, says: str = "",
           listing: bytes = PATHS, folder: dict[str, bytes] = FOLDER) -> Case:
    name = "report.csv" if options.get("format") == "csv" else "report.txt"
    files = {f"Out/{p}": d for p, d in folder.items()} | ({name: written} if written is not None else {})
    return Case(label, None, {"folder": "Out", "checklist": "list.txt", "file": name, "format": "sections",
                              **options}, passes, says, files=files,
                originals={"Out": pack_tree(FOLDER), "list.txt": listing})


CASES = {"tree.checklist_report": [
    report("the missing entries in the list's order", {}, SECTIONS, True),
    report("sorted instead of the list's order", {}, b"Missing:\nlogo/logo.svg\nfonts/Inter.zip\n", False,
           "line 2 of report.txt (blank lines aside) is ['logo/logo.svg'], expected ['fonts/Inter.zip']"),
    report("the last missing entry left out", {}, b"Missing:\nfonts/Inter.zip\n", False,
           "report.txt has 2 lines (blank lines aside), expected 3"),
    report("a './' entry reported missing", {}, SECTIONS + b"./logo/logo.png\n", False,
           "report.txt has 4 lines (blank lines aside), expected 3"),
    report("no heading", {}, b"fonts/Inter.zip\nlogo/logo.svg\n", False, "line 1 of report.txt"),
    report("with the unlisted files", {"extras": True}, WITH_EXTRAS, True),
    report("extras asked, the last one missing", {"extras": True}, WITH_EXTRAS.rsplit(b"notes", 1)[0], False,
           "report.txt has 5 lines (blank lines aside), expected 6"),
    report("extras not asked, given anyway", {}, WITH_EXTRAS, False, "report.txt has 6 lines (blank lines aside), "
           "expected 3"),
    report("bare names in any case", {"loose": True}, b"Missing:\nInter.zip\nlogo.svg\n", True, listing=NAMES),
    report("bare names: reported in another case", {"loose": True}, b"Missing:\ninter.zip\nlogo.svg\n", False,
           "line 2 of report.txt (blank lines aside) is ['inter.zip'], expected ['Inter.zip']", listing=NAMES),
    report("bare names matched exactly when not loose", {}, b"Missing:\nLOGO.PNG\nInter.zip\nBrand_Guide.pdf\n"
           b"logo.svg\n", True, listing=NAMES),
    report("a CSV of missing and unlisted", {"extras": True, "format": "csv"}, CSV, True),
    report("a CSV with other column names", {"extras": True, "format": "csv"}, CSV.replace(b"item", b"file", 1),
           False, "line 1 of report.csv (blank lines aside) is ['file', 'status']"),
    report("a CSV missing its last row", {"extras": True, "format": "csv"}, CSV.rsplit(b"notes", 1)[0], False,
           "report.csv has 4 lines (blank lines aside), expected 5"),
    report("the folder changed", {}, SECTIONS, False, "the files in Out/ changed",
           folder={**FOLDER, "fonts/Inter.zip": b"i"}),
]}
