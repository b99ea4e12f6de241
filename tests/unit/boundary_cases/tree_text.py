"""Boundary cases of the text conversion check (`forge.checks.tree_text`): line endings made LF or
CRLF (the last file too; mixed files; no double CR), Windows-1252 re-encoded as UTF-8 (the euro
sign, not Latin-1) and byte-order marks removed only when asked, final line breaks added when
asked, only the named types touched (binaries and other text types byte for byte)."""

from __future__ import annotations

from preparers.filetypes.tree import pack_tree
from tests.unit.boundary_cases import Case

BOM = b"\xef\xbb\xbf"
GIVEN = {"a.txt": b"one\r\ntwo\n", "sub/b.csv": "name\r\nJosé,€5\r\n".encode("cp1252"), "sub/c.md": BOM + b"# t\nx",
         "z.txt": b"last\r\nline", "keep.log": b"log\r\n", "pic.jpg": b"\xff\xd8\r\n\xff"}
LF = {**GIVEN, "a.txt": b"one\ntwo\n", "sub/b.csv": "name\nJosé,€5\n".encode("cp1252"), "z.txt": b"last\nline"}
UTF8 = {**LF, "sub/b.csv": "name\nJosé,€5\n".encode(), "sub/c.md": b"# t\nx"}
FINAL = {**LF, "sub/c.md": BOM + b"# t\nx\n", "z.txt": b"last\nline\n"}
CRLF = {**GIVEN, "a.txt": b"one\r\ntwo\r\n", "sub/c.md": BOM + b"# t\r\nx"}
TYPES = {"extensions": [".txt", ".csv", ".md"]}


def text(label: str, options: dict, left: dict[str, bytes], passes: bool, says: str = "",
         given: dict[str, bytes] = GIVEN) -> Case:
    return Case(label, None, {"folder": "Share", **TYPES, "endings": "lf", **options}, passes, says,
                files={f"Share/{p}": d for p, d in left.items()}, originals={"Share": pack_tree(given)})


CASES = {"tree.text_normalised": [
    text("LF, encodings kept", {}, LF, True),
    text("LF: the last file still CRLF", {}, {**LF, "z.txt": b"last\r\nline"}, False,
         "Share/z.txt still has CRLF line endings"),
    text("LF: a binary file converted too", {}, {**LF, "pic.jpg": b"\xff\xd8\n\xff"}, False,
         "Share/pic.jpg is not a file to convert, but it was changed"),
    text("LF: a .log converted too", {}, {**LF, "keep.log": b"log\n"}, False,
         "Share/keep.log is not a file to convert"),
    text("LF, encodings kept: re-encoded anyway", {}, {**LF, "sub/b.csv": "name\nJosé,€5\n".encode()}, False,
         "Share/sub/b.csv differs from the original beyond the conversion"),
    text("LF, encodings kept: the BOM removed anyway", {}, {**LF, "sub/c.md": b"# t\nx"}, False,
         "Share/sub/c.md differs from the original"),
    text("UTF-8 without BOM", {"to_utf8": True}, UTF8, True),
    text("UTF-8: the BOM kept", {"to_utf8": True}, {**UTF8, "sub/c.md": BOM + b"# t\nx"}, False,
         "Share/sub/c.md still starts with a byte-order mark"),
    text("UTF-8: the Windows-1252 file left", {"to_utf8": True}, {**UTF8, "sub/b.csv": LF["sub/b.csv"]}, False,
         "Share/sub/b.csv is not valid UTF-8"),
    text("UTF-8: decoded as Latin-1 (the euro sign lost)", {"to_utf8": True},
         {**UTF8, "sub/b.csv": "name\nJosé,€5\n".encode("cp1252").decode("latin-1").encode()}, False,
         "Share/sub/b.csv differs from the original beyond the conversion"),
    text("final line breaks added", {"final_newline": True}, FINAL, True),
    text("final line breaks: the last file without", {"final_newline": True}, {**FINAL, "z.txt": b"last\nline"},
         False, "Share/z.txt does not end with a line break"),
    text("final line breaks not asked: added", {}, {**LF, "z.txt": b"last\nline\n"}, False, "Share/z.txt differs"),
    text("CRLF", {"endings": "crlf"}, CRLF, True),
    text("CRLF: a mixed file's LF line left", {"endings": "crlf"}, {**CRLF, "a.txt": GIVEN["a.txt"]}, False,
         "Share/a.txt has lines ending in LF only"),
    text("CRLF: converted twice (CR CR LF)", {"endings": "crlf"}, {**CRLF, "z.txt": b"last\r\r\nline"}, False,
         "Share/z.txt differs from the original beyond the conversion"),
    text("one type: only the csv", {"extensions": [".csv"]}, {**GIVEN, "sub/b.csv": LF["sub/b.csv"]}, True),
    text("one type: a .txt converted too", {"extensions": [".CSV"]}, LF, False, "Share/a.txt is not a file to convert"),
    text("a converted file renamed", {}, {**{k: v for k, v in LF.items() if k != "z.txt"}, "z_unix.txt": LF["z.txt"]},
         False, "Share/z.txt is missing"),
    text("a stray file added", {}, {**LF, "notes.bak": b"x"}, False, "Share/notes.bak should not be there"),
    text("nothing to convert", {}, LF, False, "the task is empty", given=LF),
]}
