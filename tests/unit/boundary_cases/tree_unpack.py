"""Boundary cases of the unpack check (`forge.checks.tree_unpack`): an archive extracted into a
target folder (the last member too), its wrapping top folder dropped or its loose files kept
together, junk entries extracted or left out, the archive deleted or kept, zip or tar.gz."""

from __future__ import annotations

import gzip
import io
import zipfile

from preparers.filetypes._tar import pack_tar
from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

MEMBERS = {"proj/a.txt": b"a", "proj/sub/b.txt": b"b", "proj/z.txt": b"z", "proj/.DS_Store": b"d",
           "__MACOSX/proj/._a.txt": b"m"}


def _zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


ZIP = _zip(MEMBERS)
GIVEN = {"proj.zip": ZIP, "other.pdf": b"p"}
CLEAN = {"Project/a.txt": b"a", "Project/sub/b.txt": b"b", "Project/z.txt": b"z"}
JUNK = {"Project/.DS_Store": b"d", "Project/__MACOSX/proj/._a.txt": b"m"}
ALL = {**GIVEN, **CLEAN, **JUNK}
OPTS = {"archive": "proj.zip", "format": "zip", "target": "Project", "top": "proj"}
LOOSE = {"a.txt": b"a", "sub/b.txt": b"b", "._a.txt": b"m", "Thumbs.db": b"t"}
TGZ = {"pics.tar.gz": gzip.compress(pack_tar(LOOSE), mtime=0), "other.pdf": b"p"}
TGZ_OPTS = {"archive": "pics.tar.gz", "format": "tar.gz", "target": "pics", "skip_junk": True}


def _without(files: dict[str, bytes], *paths: str) -> dict[str, bytes]:
    return {k: v for k, v in files.items() if k not in paths}


def unpack(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
           given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Home", **options}, passes, says,
                files={f"Home/{p}": d for p, d in left.items()}, originals={"Home": pack_tree(given)})


CASES = {"tree.unpacked": [
    unpack("every entry, top folder dropped", OPTS, ALL, True),
    unpack("the top folder kept", OPTS, {**GIVEN, **{p.replace("Project/", "Project/proj/", 1): d for p, d in
                                                     {**CLEAN, "Project/.DS_Store": b"d"}.items()},
                                         "Project/__MACOSX/proj/._a.txt": b"m"}, False,
           "Home/Project/.DS_Store is missing; the content is at Home/Project/proj/.DS_Store"),
    unpack("the last member not extracted", OPTS, _without(ALL, "Project/z.txt"), False,
           "Home/Project/z.txt is missing"),
    unpack("a member's content changed", OPTS, {**ALL, "Project/sub/b.txt": b"B"}, False,
           "Home/Project/sub/b.txt does not hold"),
    unpack("every entry: the junk left out", OPTS, _without(ALL, *JUNK), False, "Project/.DS_Store is missing"),
    unpack("junk skipped", {**OPTS, "skip_junk": True}, {**GIVEN, **CLEAN}, True),
    unpack("junk skipped: .DS_Store extracted", {**OPTS, "skip_junk": True},
           {**GIVEN, **CLEAN, "Project/.DS_Store": b"d"}, False, "Home/Project/.DS_Store should not be there"),
    unpack("junk skipped: the fork extracted", {**OPTS, "skip_junk": True},
           {**GIVEN, **CLEAN, "Project/__MACOSX/proj/._a.txt": b"m"}, False, "__MACOSX/proj/._a.txt should not be"),
    unpack("archive removed", {**OPTS, "remove_archive": True}, _without(ALL, "proj.zip"), True),
    unpack("archive removed: still there", {**OPTS, "remove_archive": True}, ALL, False,
           "Home/proj.zip should not be there"),
    unpack("archive kept: deleted", OPTS, _without(ALL, "proj.zip"), False, "Home/proj.zip is missing"),
    unpack("another file touched", OPTS, _without(ALL, "other.pdf"), False, "Home/other.pdf is missing"),
    unpack("loose tar.gz into its folder, junk skipped", TGZ_OPTS,
           {**TGZ, "pics/a.txt": b"a", "pics/sub/b.txt": b"b"}, True, given=TGZ),
    unpack("loose tar.gz spilled into the folder", TGZ_OPTS, {**TGZ, "a.txt": b"a", "sub/b.txt": b"b"}, False,
           "Home/pics/a.txt is missing; the content is at Home/a.txt", given=TGZ),
    unpack("loose tar.gz: the last file missing", TGZ_OPTS, {**TGZ, "pics/a.txt": b"a"}, False,
           "Home/pics/sub/b.txt is missing", given=TGZ),
    unpack("a zip named as a tar.gz", {**OPTS, "format": "tar.gz"}, ALL, False, "is not gzip-compressed"),
    unpack("only junk to unpack", {**OPTS, "skip_junk": True}, GIVEN, False, "the task is empty",
           given={"proj.zip": _zip({"proj/.DS_Store": b"d"}), "other.pdf": b"p"}),
]}


SEVERAL = {"a.zip": _zip({"x.txt": b"x", "d/y.txt": b"y", "__MACOSX/._x.txt": b"m"}),
           "b.tar.gz": gzip.compress(pack_tar({"z.txt": b"z", ".DS_Store": b"d"}), mtime=0), "notes.txt": b"n",
           "sub/c.zip": _zip({"q.txt": b"q"})}
EACH = {**SEVERAL, "a/x.txt": b"x", "a/d/y.txt": b"y", "a/__MACOSX/._x.txt": b"m", "b/z.txt": b"z",
        "b/.DS_Store": b"d"}
CLEANED = _without(EACH, "a/__MACOSX/._x.txt", "b/.DS_Store")


def every(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
          given: dict[str, bytes] = SEVERAL) -> Case:
    return Case(label, None, {"folder": "Home", **options}, passes, says,
                files={f"Home/{p}": d for p, d in left.items()}, originals={"Home": pack_tree(given)})


CASES["tree.all_unpacked"] = [
    every("each archive into its own folder", {}, EACH, True),
    every("the tarball (the last archive) not unpacked", {}, _without(EACH, "b/z.txt", "b/.DS_Store"), False,
          "Home/b/.DS_Store is missing"),
    every("an archive in a subfolder unpacked too", {}, {**EACH, "sub/c/q.txt": b"q"}, False,
          "Home/sub/c/q.txt should not be there"),
    every("everything into the folder itself", {}, {**SEVERAL, "x.txt": b"x", "d/y.txt": b"y",
                                                    "__MACOSX/._x.txt": b"m", "z.txt": b"z", ".DS_Store": b"d"},
          False, "Home/a/__MACOSX/._x.txt is missing; the content is at Home/__MACOSX/._x.txt"),
    every("junk skipped", {"skip_junk": True}, CLEANED, True),
    every("junk skipped: the .DS_Store extracted", {"skip_junk": True}, {**CLEANED, "b/.DS_Store": b"d"}, False,
          "Home/b/.DS_Store should not be there"),
    every("archives removed", {"remove_archives": True}, _without(EACH, "a.zip", "b.tar.gz"), True),
    every("archives removed: one left", {"remove_archives": True}, _without(EACH, "a.zip"), False,
          "Home/b.tar.gz should not be there"),
    every("archives kept: one removed", {}, _without(EACH, "b.tar.gz"), False, "Home/b.tar.gz is missing"),
    every("no archive at the top", {}, {"notes.txt": b"n"}, False, "the task is empty", given={"notes.txt": b"n"}),
]
