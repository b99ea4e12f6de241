"""Boundary cases of the project-structure check (`forge.checks.tree_scaffold`): every folder and file of
the structure in each project asked for, down to the last folder; listed files empty, an existing one
kept as it was; the `.keep` marker in exactly the folders left empty; the structure read as paths,
Windows paths, an indented outline, a Markdown list or `tree -F` output; nothing else added or
changed. (A case cannot hold an empty folder, so the structures without a marker list a file in each.)"""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"Old/01_Brief/a.pdf": b"a", "Old/README.txt": b"hello", "list.xlsx": b"x"}
PATHS = b"# Standard folders\n01_Brief/\n./02_Contracts/Signed/\nREADME.txt\n"
FILLED = b"01_Brief/\n01_Brief/brief.txt\n02_Contracts/Signed/\n02_Contracts/Signed/index.txt\nREADME.txt\n"
WINDOWS = FILLED.replace(b"/", b"\\")
INDENTED = b"01_Brief/\n  brief.txt\n02_Contracts/\n  Signed/\n    index.txt\nREADME.txt\n"
MARKDOWN = (b"# Project template\n\n- 01_Brief/\n    - brief.txt\n- 02_Contracts/\n    - Signed/\n"
            b"        - index.txt\n- README.txt\n")
TREE = "\n".join([".", "├── 01_Brief/", "│   └── brief.txt", "├── 02_Contracts/", "│   └── Signed/",
                  "│       └── index.txt", "└── README.txt", "", "3 directories, 3 files", ""]).encode()
NEW = {"New/01_Brief/brief.txt": b"", "New/02_Contracts/Signed/index.txt": b"", "New/README.txt": b""}
KEPT = {"New/01_Brief/.keep": b"", "New/02_Contracts/Signed/.keep": b"", "New/README.txt": b""}
OLD_DONE = {"Old/01_Brief/brief.txt": b"", "Old/02_Contracts/Signed/index.txt": b""}


def setup(label: str, options: dict, added: dict[str, bytes], passes: bool, says: str = "",
          structure: bytes = FILLED, given: dict[str, bytes] = GIVEN) -> Case:
    name = "structure.md" if options.get("source") == "markdown" else "structure.txt"
    return Case(label, None, {"folder": "Out", "structure": name, "source": "paths", "new": ["New"], **options},
                passes, says, files={name: structure, **{f"Out/{p}": d for p, d in {**given, **added}.items()}},
                originals={"Out": pack_tree(GIVEN), name: structure})


def _drop(tree: dict[str, bytes], path: str) -> dict[str, bytes]:
    return {k: v for k, v in tree.items() if k != path}


CASES = {"tree.scaffolded": [
    setup("a new project from relative paths", {}, NEW, True),
    setup("the last folder's file missing", {}, _drop(NEW, "New/README.txt"), False, "Out/New/README.txt is missing"),
    setup("the deepest folder missing", {}, {**_drop(NEW, "New/02_Contracts/Signed/index.txt"),
                                              "New/02_Contracts/index.txt": b""}, False,
          "the folder Out/New/02_Contracts/Signed/ is missing"),
    setup("a listed file made as a folder", {}, {**_drop(NEW, "New/README.txt"), "New/README.txt/.keep": b""}, False,
          "the folder Out/New/README.txt/ should not be there"),
    setup("a listed file not empty", {}, {**NEW, "New/README.txt": b"x"}, False,
          "Out/New/README.txt does not hold the content it should"),
    setup("a second project nobody asked for", {}, {**NEW, "Other/README.txt": b""}, False,
          "the folder Out/Other/ should not be there"),
    setup("two new projects", {"new": ["New", "Next"]},
          {**NEW, **{k.replace("New", "Next"): v for k, v in NEW.items()}}, True),
    setup("two asked, the second not made", {"new": ["New", "Next"]}, NEW, False, "the folder Out/Next/ is missing"),
    setup("the loose file gone", {}, _drop({**GIVEN, **NEW}, "list.xlsx"), False, "Out/list.xlsx is missing",
          given={}),
    setup("Windows paths", {"source": "windows"}, NEW, True, structure=WINDOWS),
    setup("Windows paths taken as names with backslashes", {"source": "windows"},
          {"New/01_Brief\\brief.txt": b"", "New/02_Contracts\\Signed\\index.txt": b"", "New/README.txt": b""}, False,
          "the folder Out/New/01_Brief/ is missing", structure=WINDOWS),
    setup("an indented outline", {"source": "indented"}, NEW, True, structure=INDENTED),
    setup("an outline flattened (Signed at the top)", {"source": "indented"},
          {**_drop(NEW, "New/02_Contracts/Signed/index.txt"), "New/Signed/index.txt": b"",
           "New/02_Contracts/x.txt": b""}, False, "the folder Out/New/02_Contracts/Signed/ is missing",
          structure=INDENTED),
    setup("a nested Markdown list", {"source": "markdown"}, NEW, True, structure=MARKDOWN),
    setup("tree -F output", {"source": "tree"}, NEW, True, structure=TREE),
    setup("tree -F output, its summary line made a file", {"source": "tree"},
          {**NEW, "New/3 directories, 3 files": b""}, False, "Out/New/3 directories, 3 files should not be there",
          structure=TREE),
    setup("empty folders marked", {"marker": ".keep"}, KEPT, True, structure=PATHS),
    setup("a marker where a subfolder is", {"marker": ".keep"}, {**KEPT, "New/02_Contracts/.keep": b""}, False,
          "Out/New/02_Contracts/.keep should not be there", structure=PATHS),
    setup("the last empty folder without its marker", {"marker": ".keep"},
          {**_drop(KEPT, "New/02_Contracts/Signed/.keep"), "New/02_Contracts/Signed/x": b""}, False,
          "Out/New/02_Contracts/Signed/.keep is missing", structure=PATHS),
    setup("the existing project completed, its files kept", {"new": [], "complete_existing": True}, OLD_DONE, True),
    setup("the existing project's README emptied", {"new": [], "complete_existing": True},
          {**OLD_DONE, "Old/README.txt": b""}, False, "Out/Old/README.txt does not hold the content it should"),
    setup("the existing project left as it was", {"new": [], "complete_existing": True}, {}, False,
          "the folder Out/Old/02_Contracts/ is missing"),
]}
