"""Boundary cases of the folder-layout checks (`forge.checks.tree_layout`): a nested tree flattened
(names prefixed always or only on a clash; moved up or copied into one folder; emptied folders
removed or kept), a flat folder split into numbered batches (in name order ignoring case, by the
date and time in the names, largest first with ties by name; moved or copied), copies of the same
content cut to the one a rule keeps (newest or oldest by the date in the name, in any of its
spellings, or nearest the top; deleted or moved aside under their paths)."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case


def _case(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str, given: dict[str, bytes],
          folder: str = "Home") -> Case:
    return Case(label, None, {"folder": folder, **options}, passes, says,
                files={f"{folder}/{p}": d for p, d in left.items()}, originals={folder: pack_tree(given)})


NESTED = {"top.txt": b"t", "notes.txt": b"n0", "Pictures/IMG_0001.jpg": b"p1", "Pictures/Camera/IMG_0001.jpg": b"p2",
          "Pictures/Camera/DSC_1.jpg": b"p3", "Docs/notes.txt": b"n1", "Docs/plan.pdf": b"pl"}
ON_CLASH = {"top.txt": b"t", "notes.txt": b"n0", "Pictures_IMG_0001.jpg": b"p1", "Pictures_Camera_IMG_0001.jpg": b"p2",
            "DSC_1.jpg": b"p3", "Docs_notes.txt": b"n1", "plan.pdf": b"pl"}
PREFIX = {**{k: v for k, v in ON_CLASH.items() if k not in ("DSC_1.jpg", "plan.pdf")},
          "Pictures_Camera_DSC_1.jpg": b"p3", "Docs_plan.pdf": b"pl"}
UP_CLASH = {"naming": "on_clash", "remove_empty": True}
PHOTOS_COPY = {"naming": "on_clash", "mode": "copy", "target": "flat", "only_ext": ".jpg"}
COPIED = {**NESTED, "flat/Pictures_IMG_0001.jpg": b"p1", "flat/Pictures_Camera_IMG_0001.jpg": b"p2",
          "flat/DSC_1.jpg": b"p3"}
KEEPS_DIRS = {"a.jpg": b"a", "Pics/b.jpg": b"b", "Pics/keep.txt": b"k"}


def flat(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = NESTED) -> Case:
    return _case(label, options, left, passes, says, given)


SHOTS = {"IMG_20240103_100000.jpg": b"a" * 5, "IMG_20231201_090000.jpg": b"b" * 9, "dsc_20240102_080000.jpg": b"c" * 7,
         "PXL_20240101_120000.jpg": b"d" * 9, "IMG_20240105_110000.jpg": b"e", "readme.txt": b"r" * 3}


def batches(*groups: list[str], extra: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """`readme.txt` at the top, each group in batch_01, batch_02, ..."""
    left = {"readme.txt": SHOTS["readme.txt"], **(extra or {})}
    for n, names in enumerate(groups, start=1):
        left |= {f"batch_{n:02d}/{name}": SHOTS[name] for name in names}
    return left


BY_DATE = [["IMG_20231201_090000.jpg", "PXL_20240101_120000.jpg"], ["dsc_20240102_080000.jpg", "IMG_20240103_100000.jpg"],
           ["IMG_20240105_110000.jpg"]]
BY_NAME = [["dsc_20240102_080000.jpg", "IMG_20231201_090000.jpg"], ["IMG_20240103_100000.jpg", "IMG_20240105_110000.jpg"],
           ["PXL_20240101_120000.jpg"]]
BY_SIZE = [["IMG_20231201_090000.jpg", "PXL_20240101_120000.jpg"], ["dsc_20240102_080000.jpg", "IMG_20240103_100000.jpg"],
           ["IMG_20240105_110000.jpg"]]
SPLIT = {"size": 2, "prefix": "batch_", "only_ext": ".jpg"}


def split(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, {**SPLIT, **options}, left, passes, says, SHOTS, "Camera")


COPIES = {"bill_2024-03-01.pdf": b"X", "Docs/bill_2024-05-02.pdf": b"X", "Docs/old/bill_20231111.pdf": b"X",
          "photo.jpg": b"P", "Docs/letter_2024-01-31.docx": b"L", "Backup/2024/letter_2024_02_01.docx": b"L",
          "notes.txt": b"N"}
UNIQUE = {"photo.jpg": b"P", "notes.txt": b"N"}
NEWEST = {**UNIQUE, "Docs/bill_2024-05-02.pdf": b"X", "Backup/2024/letter_2024_02_01.docx": b"L"}
OLDEST = {**UNIQUE, "Docs/old/bill_20231111.pdf": b"X", "Docs/letter_2024-01-31.docx": b"L"}
SHALLOWEST = {**UNIQUE, "bill_2024-03-01.pdf": b"X", "Docs/letter_2024-01-31.docx": b"L"}


def dedupe(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "") -> Case:
    return _case(label, options, left, passes, says, COPIES, "Paperwork")


CASES = {
    "tree.flattened": [
        flat("moved up, clashing names prefixed, folders removed", UP_CLASH, ON_CLASH, True),
        flat("the last file (plan.pdf) left in its folder", UP_CLASH,
             {**{k: v for k, v in ON_CLASH.items() if k != "plan.pdf"}, "Docs/plan.pdf": b"pl"}, False,
             "Home/plan.pdf is missing; the content is at Home/Docs/plan.pdf"),
        flat("a name with no clash prefixed anyway", UP_CLASH,
             {**{k: v for k, v in ON_CLASH.items() if k != "DSC_1.jpg"}, "Pictures_Camera_DSC_1.jpg": b"p3"}, False,
             "Home/DSC_1.jpg is missing"),
        flat("the top-level file of a clash renamed too", UP_CLASH,
             {**{k: v for k, v in ON_CLASH.items() if k != "notes.txt"}, "_notes.txt": b"n0"}, False,
             "Home/notes.txt is missing"),
        flat("every moved name prefixed", {**UP_CLASH, "naming": "prefix"}, PREFIX, True),
        flat("prefix asked, only the clashes prefixed", {**UP_CLASH, "naming": "prefix"}, ON_CLASH, False,
             "Home/Docs_plan.pdf is missing"),
        flat("the photos copied into flat/, originals kept", PHOTOS_COPY, COPIED, True),
        flat("copy asked, the photos moved", PHOTOS_COPY,
             {k: v for k, v in COPIED.items() if not (k.startswith("Pictures/"))}, False,
             "Home/Pictures/Camera/DSC_1.jpg is missing"),
        flat("one copy byte-different", PHOTOS_COPY, {**COPIED, "flat/DSC_1.jpg": b"p3 "}, False,
             "Home/flat/DSC_1.jpg does not hold the content"),
        flat("folders kept (each still holds a file)", {"naming": "on_clash", "only_ext": ".jpg"},
             {"a.jpg": b"a", "b.jpg": b"b", "Pics/keep.txt": b"k"}, True, given=KEEPS_DIRS),
        flat("folders to be kept, an emptied one removed", {"naming": "on_clash", "only_ext": ".jpg"},
             {"top.txt": b"t", "notes.txt": b"n0", "Pictures_IMG_0001.jpg": b"p1", "Pictures_Camera_IMG_0001.jpg": b"p2",
              "DSC_1.jpg": b"p3", "Docs/notes.txt": b"n1", "Docs/plan.pdf": b"pl"}, False,
             "the folder Home/Pictures/ was removed"),
    ],
    "tree.split_into_batches": [
        split("by date and time, oldest first, the rest in batch_03", {"order": "date"}, batches(*BY_DATE), True),
        split("the last photo left at the top", {"order": "date"},
              batches(*BY_DATE[:2], extra={"IMG_20240105_110000.jpg": b"e"}), False, "batch_03/IMG_20240105_110000.jpg"),
        split("batches of three where two were asked", {"order": "date"},
              batches(BY_DATE[0] + BY_DATE[1][:1], BY_DATE[1][1:] + BY_DATE[2]), False),
        split("one-digit batch numbers", {"order": "date"},
              {"readme.txt": b"r" * 3, **{f"batch_{n}/{p}": SHOTS[p] for n, g in enumerate(BY_DATE, 1) for p in g}},
              False, "Camera/batch_01/IMG_20231201_090000.jpg is missing"),
        split("by name ignoring case (dsc_ first)", {"order": "name"}, batches(*BY_NAME), True),
        split("by name with capitals first (case-sensitive)", {"order": "name"},
              batches(["IMG_20231201_090000.jpg", "IMG_20240103_100000.jpg"],
                      ["IMG_20240105_110000.jpg", "PXL_20240101_120000.jpg"], ["dsc_20240102_080000.jpg"]), False),
        split("largest first, the equal sizes in name order", {"order": "largest"}, batches(*BY_SIZE), True),
        split("one a batch, the equal sizes (9 bytes) in name order", {"order": "largest", "size": 1},
              batches(*[[p] for group in BY_SIZE for p in group]), True),
        split("one a batch, the equal sizes the wrong way round", {"order": "largest", "size": 1},
              batches(*[[p] for group in [BY_SIZE[0][::-1], *BY_SIZE[1:]] for p in group]), False,
              "Camera/batch_01/IMG_20231201_090000.jpg is missing"),
        split("copied: the originals still at the top", {"order": "date", "mode": "copy"},
              {**SHOTS, **batches(*BY_DATE)}, True),
        split("copy asked, moved", {"order": "date", "mode": "copy"}, batches(*BY_DATE), False,
              "Camera/IMG_20231201_090000.jpg is missing"),
    ],
    "tree.deduplicated_by_rule": [
        dedupe("the newest copy of each set kept", {"keep": "newest"}, NEWEST, True),
        dedupe("the oldest letter kept where the newest was asked", {"keep": "newest"},
               {**NEWEST, "Docs/letter_2024-01-31.docx": b"L"} | {}, False, "should not be there"),
        dedupe("the oldest kept (dates spelt 20231111 and 2024-01-31)", {"keep": "oldest"}, OLDEST, True),
        dedupe("the copy nearest the top kept", {"keep": "shallowest"}, SHALLOWEST, True),
        dedupe("a unique file deleted with the copies", {"keep": "shallowest"},
               {k: v for k, v in SHALLOWEST.items() if k != "notes.txt"}, False, "Paperwork/notes.txt is missing"),
        dedupe("the other copies moved under their paths", {"keep": "newest", "action": "move", "dup_folder": "_dupes"},
               {**NEWEST, "_dupes/bill_2024-03-01.pdf": b"X", "_dupes/Docs/old/bill_20231111.pdf": b"X",
                "_dupes/Docs/letter_2024-01-31.docx": b"L"}, True),
        dedupe("the other copies moved by bare name", {"keep": "newest", "action": "move", "dup_folder": "_dupes"},
               {**NEWEST, "_dupes/bill_2024-03-01.pdf": b"X", "_dupes/bill_20231111.pdf": b"X",
                "_dupes/letter_2024-01-31.docx": b"L"}, False, "Paperwork/_dupes/Docs/letter_2024-01-31.docx is missing"),
    ],
}
