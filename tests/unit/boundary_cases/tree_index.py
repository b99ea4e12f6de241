"""Boundary cases of the folder-index check (`forge.checks.tree_index`): every folder and file in
the asked layout (indented, a linked Markdown list, a heading per folder), subfolders before files,
plain character order (capitals first), sizes in bytes only when asked, one type only when asked
(a folder without any left out), the last line too, blank lines and trailing spaces aside, and
the folder left unchanged."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"README.md": b"r" * 5, "budget.xlsx": b"b" * 7, "HR/leave.pdf": b"l" * 3, "HR/Forms/claim.docx": b"c" * 4,
         "Notes/a.md": b"a" * 2, "Notes/Z.md": b"z" * 9}
INDENTED = ["HR/", "  Forms/", "    claim.docx", "  leave.pdf", "Notes/", "  Z.md", "  a.md", "README.md",
            "budget.xlsx"]
LINKED = ["- HR/", "  - Forms/", "    - [claim.docx](Share/HR/Forms/claim.docx) (4 bytes)",
          "  - [leave.pdf](Share/HR/leave.pdf) (3 bytes)", "- Notes/", "  - [Z.md](Share/Notes/Z.md) (9 bytes)",
          "  - [a.md](Share/Notes/a.md) (2 bytes)", "- [README.md](Share/README.md) (5 bytes)",
          "- [budget.xlsx](Share/budget.xlsx) (7 bytes)"]
HEADINGS_MD = ["## Share", "- README.md", "", "## Share/Notes", "- Z.md", "- a.md"]


def index(label: str, options: dict, lines: list[str], passes: bool, says: str = "",
          folder: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Share", "file": "index.md", "style": "indented", **options}, passes, says,
                files={"index.md": ("\n".join(lines) + "\n").encode(), **{f"Share/{p}": d for p, d in folder.items()}},
                originals={"Share": pack_tree(GIVEN)})


LINK, HEAD = {"style": "linked", "sizes": True}, {"style": "headings", "ext": ".md"}
CASES = {"tree.index_written": [
    index("indented listing", {}, INDENTED, True),
    index("indented, trailing spaces and blank lines", {}, [f"{line}  " for line in INDENTED[:4]] + ["", *INDENTED[4:]],
          True),
    index("files before subfolders", {}, ["README.md", "budget.xlsx", *INDENTED[:7]], False,
          "line 1 of the index in index.md is 'README.md', expected 'HR/'"),
    index("case-insensitive order", {}, [*INDENTED[:5], "  a.md", "  Z.md", *INDENTED[7:]], False,
          "line 6 of the index in index.md is '  a.md', expected '  Z.md'"),
    index("the last file left out", {}, INDENTED[:-1], False, "ends after 8 lines, before 'budget.xlsx'"),
    index("a file listed twice", {}, [*INDENTED, "budget.xlsx"], False, "1 line(s) too many, from 'budget.xlsx'"),
    index("one level too deep", {}, [*INDENTED[:2], "      claim.docx", *INDENTED[3:]], False,
          "line 3 of the index in index.md is '      claim.docx', expected '    claim.docx'"),
    index("folders without the slash", {}, [line.rstrip("/") for line in INDENTED], False,
          "line 1 of the index in index.md is 'HR', expected 'HR/'"),
    index("sizes given though not asked", {}, [*INDENTED[:-1], "budget.xlsx (7 bytes)"], False,
          "line 9 of the index in index.md is 'budget.xlsx (7 bytes)'"),
    index("linked list with sizes", LINK, LINKED, True),
    index("linked: the last size wrong", LINK, [*LINKED[:-1], "- [budget.xlsx](Share/budget.xlsx) (8 bytes)"], False,
          "line 9 of the index"),
    index("linked: sizes left out", LINK, [line.split(" (")[0] for line in LINKED], False,
          "line 3 of the index in index.md is '    - [claim.docx](Share/HR/Forms/claim.docx)'"),
    index("linked: a link without the folder", LINK, [*LINKED[:7], "- [README.md](README.md) (5 bytes)", LINKED[8]],
          False, "line 8 of the index"),
    index("headings over the .md files", HEAD, HEADINGS_MD, True),
    index("headings: a folder without .md files listed", HEAD, [*HEADINGS_MD, "## Share/HR", "- leave.pdf"], False,
          "2 line(s) too many, from '## Share/HR'"),
    index("headings: the top folder last", HEAD, [*HEADINGS_MD[3:], *HEADINGS_MD[:2]], False,
          "line 1 of the index in index.md is '## Share/Notes', expected '## Share'"),
    index("headings: every type listed", HEAD, ["## Share", "- README.md", "- budget.xlsx", *HEADINGS_MD[3:]], False,
          "line 3 of the index in index.md is '- budget.xlsx', expected '## Share/Notes'"),
    index("the folder changed", {}, INDENTED, False, "the files in Share/ changed",
          folder={k: v for k, v in GIVEN.items() if k != "budget.xlsx"}),
]}
