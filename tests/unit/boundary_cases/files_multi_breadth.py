"""Boundary cases of the rule-based folder checks (`forge.checks.tree_rules`): files sorted into folders
by extension, name date or size band (moved or copied, one type only, undated files), renamed by a
naming rule, junk cleaned out, chosen files packed into zip/tar archives. Each check rebuilds the
whole folder from the archive the task gave, so the last file handled wrong, a file left behind, a
byte changed or a stray file all fail, and the rule's edges (a size exactly on a bound, a name
without a date, a date-ordered numbering) decide placement."""

from __future__ import annotations

import io
import tarfile
import zipfile

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

GIVEN = {"IMG_20240312_143022.jpg": b"p1", "DSC_20231201_090000.jpg": b"p2", "report_2023_07.pdf": b"r",
         "notes.txt": b"n" * 10, "setup.EXE": b"x" * 20}


def _case(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
          given: dict[str, bytes] | None = None, folder: str = "Downloads") -> Case:
    return Case(label, None, {"folder": folder, **options}, passes, says,
                files={f"{folder}/{p}": d for p, d in left.items()}, originals={folder: pack_tree(given or GIVEN)})


def sort(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, options, left, passes, says)


BY_YEAR = {"2024/IMG_20240312_143022.jpg": b"p1", "2023/DSC_20231201_090000.jpg": b"p2",
           "2023/report_2023_07.pdf": b"r", "notes.txt": b"n" * 10, "setup.EXE": b"x" * 20}
BY_EXT = {"jpg/IMG_20240312_143022.jpg": b"p1", "jpg/DSC_20231201_090000.jpg": b"p2", "pdf/report_2023_07.pdf": b"r",
          "txt/notes.txt": b"n" * 10, "exe/setup.EXE": b"x" * 20}
BANDS = {"rule": "size_band", "bands": [10, 20], "band_names": ["small", "medium", "large"]}
BY_SIZE = {"small/IMG_20240312_143022.jpg": b"p1", "small/DSC_20231201_090000.jpg": b"p2",
           "small/report_2023_07.pdf": b"r", "medium/notes.txt": b"n" * 10, "large/setup.EXE": b"x" * 20}


def rename(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
           given: dict[str, bytes] | None = None) -> Case:
    return _case(label, options, left, passes, says, given)


MESSY = {"Trip - Notes.PDF": b"a", "Budget 2024.xlsx": b"b", "plain.txt": b"c"}
SNAKE = {"trip_notes.pdf": b"a", "budget_2024.xlsx": b"b", "plain.txt": b"c"}
NUMBERED_BY_DATE = {"trip_001.jpg": b"p2", "trip_002.jpg": b"p1", "report_2023_07.pdf": b"r", "notes.txt": b"n" * 10,
                    "setup.EXE": b"x" * 20}

JUNKY = {"keep.txt": b"k", "~$budget.xlsx": b"lock", "sub/.DS_Store": b"ds", "sub/empty.txt": b"",
         "sub/deep/photo.jpg": b"p", "draft.docx~": b"d"}


def clean(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, {"temp_files": False, "empty_files": False, "empty_dirs": False, **options},
                 left, passes, says, JUNKY, "Old")


def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def _tar(members: dict[str, bytes], mode: str = "w") -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as t:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return buf.getvalue()


NESTED = {"Pictures/IMG_20240312_143022.jpg": b"p1", "Pictures/DSC_20231201_090000.jpg": b"p2",
          "Docs/report_2023_07.pdf": b"r", "notes.txt": b"n" * 10}
JPGS = {"Pictures/IMG_20240312_143022.jpg": b"p1", "Pictures/DSC_20231201_090000.jpg": b"p2"}


def pack(label: str, options: dict, archive: bytes, passes: bool, says: str = "", *, removed: bool = False,
         extra: dict[str, bytes] | None = None) -> Case:
    name = {"zip": "a.zip", "tar.gz": "a.tar.gz", "tar": "a.tar"}[options.get("format", "zip")]
    left = {p: d for p, d in NESTED.items() if not (removed and p in JPGS)}
    opts = {"archive": name, "format": "zip", "select": "extension", "ext": ".jpg", **options}
    return _case(label, opts, {**left, name: archive, **(extra or {})}, passes, says, NESTED, "Docs2")


CASES = {
    "tree.sorted_by_rule": [
        sort("by year from the names; undated files stay", {"rule": "year"}, BY_YEAR, True),
        sort("the last dated file left at the top", {"rule": "year"},
             {**{p: d for p, d in BY_YEAR.items() if p != "2023/report_2023_07.pdf"}, "report_2023_07.pdf": b"r"},
             False, "2023/report_2023_07.pdf is missing; the content is at Downloads/report_2023_07.pdf"),
        sort("undated files must go to their folder when one is named", {"rule": "year", "undated": "undated"},
             BY_YEAR, False, "Downloads/undated/notes.txt is missing"),
        sort("year/month folders", {"rule": "year_month"},
             {"2024/03/IMG_20240312_143022.jpg": b"p1", "2023/12/DSC_20231201_090000.jpg": b"p2",
              "2023/07/report_2023_07.pdf": b"r", "notes.txt": b"n" * 10, "setup.EXE": b"x" * 20}, True),
        sort("one extension, lower case (setup.EXE goes to exe/)", {"rule": "extension"}, BY_EXT, True),
        sort("the extension folder keeps the name's case: wrong", {"rule": "extension"},
             {**{p: d for p, d in BY_EXT.items() if p != "exe/setup.EXE"}, "EXE/setup.EXE": b"x" * 20}, False,
             "Downloads/exe/setup.EXE is missing"),
        sort("a size exactly on a bound goes to the upper band", BANDS, BY_SIZE, True),
        sort("a size on the bound put in the lower band", BANDS,
             {**{p: d for p, d in BY_SIZE.items() if p != "medium/notes.txt"}, "small/notes.txt": b"n" * 10}, False,
             "medium/notes.txt is missing"),
        sort("copy mode keeps the originals", {"rule": "extension", "mode": "copy"}, {**GIVEN, **BY_EXT}, True),
        sort("copy mode: the last original moved instead", {"rule": "extension", "mode": "copy"},
             {**{p: d for p, d in GIVEN.items() if p != "setup.EXE"}, **BY_EXT}, False, "Downloads/setup.EXE is missing"),
        sort("only .jpg files sorted, the rest untouched", {"rule": "year", "only_ext": ".jpg"},
             {**BY_YEAR, "report_2023_07.pdf": b"r"} | {"2023/report_2023_07.pdf": b"r"}, False,
             "should not be there"),
        sort("a sorted file one byte different", {"rule": "year"}, {**BY_YEAR, "2024/IMG_20240312_143022.jpg": b"p1 "},
             False, "does not hold the content"),
    ],
    "tree.renamed_by_rule": [
        rename("photos named by their moment, others untouched", {"rule": "photo_moment", "only_ext": ".jpg"},
               {"2024-03-12_143022.jpg": b"p1", "2023-12-01_090000.jpg": b"p2", "report_2023_07.pdf": b"r",
                "notes.txt": b"n" * 10, "setup.EXE": b"x" * 20}, True),
        rename("the last photo keeps its camera name", {"rule": "photo_moment", "only_ext": ".jpg"},
               {"2024-03-12_143022.jpg": b"p1", "DSC_20231201_090000.jpg": b"p2", "report_2023_07.pdf": b"r",
                "notes.txt": b"n" * 10, "setup.EXE": b"x" * 20}, False, "2023-12-01_090000.jpg is missing"),
        rename("lower case, one underscore per run of spaces and hyphens", {"rule": "lower_snake"}, SNAKE, True,
               given=MESSY),
        rename("a run of space-hyphen-space made three underscores", {"rule": "lower_snake"},
               {**{p: d for p, d in SNAKE.items() if p != "trip_notes.pdf"}, "trip___notes.pdf": b"a"}, False,
               "trip_notes.pdf is missing", given=MESSY),
        rename("numbered in date order (the 2023 photo first)", {"rule": "numbered", "only_ext": ".jpg",
                                                                  "prefix": "trip", "order": "date"},
               NUMBERED_BY_DATE, True),
        rename("numbered in name order when date order was asked", {"rule": "numbered", "only_ext": ".jpg",
                                                                     "prefix": "trip", "order": "date"},
               {**NUMBERED_BY_DATE, "trip_001.jpg": b"p1", "trip_002.jpg": b"p2"}, False, "trip_001.jpg does not hold"),
    ],
    "tree.cleaned_up": [
        clean("temp and system files gone, the zero-byte file kept", {"temp_files": True},
              {"keep.txt": b"k", "sub/empty.txt": b"", "sub/deep/photo.jpg": b"p"}, True),
        clean("the last temp file (draft.docx~) left", {"temp_files": True},
              {"keep.txt": b"k", "sub/empty.txt": b"", "sub/deep/photo.jpg": b"p", "draft.docx~": b"d"}, False,
              "Old/draft.docx~ should not be there"),
        clean("zero-byte files only: the temp files stay", {"empty_files": True},
              {p: d for p, d in JUNKY.items() if p != "sub/empty.txt"}, True),
        clean("a file that was not junk deleted", {"empty_files": True},
              {p: d for p, d in JUNKY.items() if p not in ("sub/empty.txt", "keep.txt")}, False, "Old/keep.txt is missing"),
        clean("everything asked at once", {"temp_files": True, "empty_files": True, "empty_dirs": True},
              {"keep.txt": b"k", "sub/deep/photo.jpg": b"p"}, True),
    ],
    "tree.archived": [
        pack("the jpgs zipped under their paths, originals kept", {}, _zip(JPGS), True),
        pack("the last jpg missing from the zip", {}, _zip(dict(list(JPGS.items())[:1])), False,
             "has no member 'Pictures/DSC_20231201_090000.jpg'"),
        pack("a file that was not asked for in the zip", {}, _zip({**JPGS, "notes.txt": b"n" * 10}), False,
             "holds 'notes.txt', which was not asked for"),
        pack("flat: bare names", {"flat": True}, _zip({p.rsplit("/", 1)[1]: d for p, d in JPGS.items()}), True),
        pack("flat asked, paths kept", {"flat": True}, _zip(JPGS), False, "has no member 'DSC_20231201_090000.jpg'"),
        pack("originals removed as asked", {"remove_originals": True}, _zip(JPGS), True, removed=True),
        pack("originals asked removed, the last one kept", {"remove_originals": True}, _zip(JPGS), False,
             "should not be there", removed=True, extra={"Pictures/DSC_20231201_090000.jpg": b"p2"}),
        pack("a tar.gz of the files dated 2023 (by name)", {"format": "tar.gz", "select": "year", "year": 2023},
             _tar({"Pictures/DSC_20231201_090000.jpg": b"p2", "Docs/report_2023_07.pdf": b"r"}, "w:gz"), True),
        pack("a plain tar where tar.gz was asked", {"format": "tar.gz", "select": "year", "year": 2023},
             _tar({"Pictures/DSC_20231201_090000.jpg": b"p2", "Docs/report_2023_07.pdf": b"r"}), False,
             "is not gzip-compressed"),
        pack("files strictly over 2 bytes (a 2-byte file is not)", {"format": "tar", "select": "larger_than",
                                                                    "min_bytes": 2}, _tar({"notes.txt": b"n" * 10}), True),
        pack("a member one byte different", {}, _zip({**JPGS, "Pictures/IMG_20240312_143022.jpg": b"p1 "}), False,
             "differs from the file it was made of"),
        pack("bytes after the zip's end record", {}, _zip(JPGS) + b"\n", False, "not a whole zip archive"),
    ],
}
