"""Normalise the text files of a folder tree shared between Windows and Linux: line endings made LF
or CRLF, for one type of file or every text type named; legacy Windows-1252 files and byte-order
marks made plain UTF-8 or left; a missing final line break added or not. Binary files, and text
files of other types, must come through byte for byte."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.tree_text import BOM
from forge.models import ReferenceSolution
from preparers.files import _filler
from preparers.filetypes.tree import pack_tree
from preparers.fake import moment_between
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Endings = Literal["lf", "crlf"]
TEXT_TYPES = [".txt", ".csv", ".md"]
PEOPLE = ["José Álvarez", "Zoë Brontë", "Jürgen Müller", "Renée Côté", "François Dubois", "Søren Ågård",
          "Łucja Nowak"]
CP1252_PEOPLE = [p for p in PEOPLE if not p.startswith("Ł")]  # Ł has no Windows-1252 byte


class Options(SkillParams):
    endings: Endings | None = None
    one_type: bool | None = None
    to_utf8: bool | None = None
    final_newline: bool | None = None


class Params(Prepared):
    folder: str
    extensions: list[str]
    ext_text: str
    endings: Endings
    to_utf8: bool
    final_newline: bool


def _text(rng: random.Random, faker: Faker, ext: str, people: list[str]) -> str:
    """A note, a CSV export or a README whose lines mention people with accented names."""
    if ext == ".csv":
        rows = [f"{rng.choice(people)},{faker.city()},{rng.randint(20, 900)}.{rng.randint(0, 99):02d}"
                for _ in range(rng.randint(3, 8))]
        return "\n".join(["name,city,amount", *rows])
    if ext == ".md":
        items = [f"- {faker.sentence()} ({rng.choice(people)})" for _ in range(rng.randint(2, 5))]
        return "\n".join([f"# {faker.catch_phrase()}", "", *items])
    return "\n".join([f"Call with {rng.choice(people)}: {faker.sentence()}" for _ in range(rng.randint(3, 7))])


def _folder(rng: random.Random, faker: Faker, scope: list[str], endings: Endings) -> dict[str, bytes]:
    """Text files in mixed shapes (either line ending, some Windows-1252, one with a BOM, some with no
    final line break), a log of another type, and binary files that happen to hold CR LF bytes."""
    files: dict[str, bytes] = {}
    for n, ext in enumerate([*TEXT_TYPES, *rng.choices(TEXT_TYPES, k=rng.randint(4, 7))]):
        folder = {".csv": "exports", ".md": "docs", ".txt": "notes"}[ext]
        legacy = rng.random() < 0.3
        text = _text(rng, faker, ext, CP1252_PEOPLE if legacy else PEOPLE)
        wrong = ext in scope and not any(p.endswith(ext) for p in files)  # each type in scope has work to do
        crlf = (endings == "lf") if wrong else rng.random() < 0.5
        text = text + ("\n" if rng.random() < 0.6 else "")
        data = text.replace("\n", "\r\n" if crlf else "\n").encode("cp1252" if legacy else "utf-8")
        if not legacy and rng.random() < 0.15:
            data = BOM + data
        files[f"{folder}/{faker.word()}_{n}{ext}"] = data
    stamps = [moment_between(faker, -365).isoformat(timespec="seconds") for _ in range(4)]
    files["logs/sync.log"] = "".join(f"{stamp} ok\r\n" for stamp in stamps).encode()
    for ext in rng.sample([".pdf", ".jpg", ".xlsx"], 2):
        blob = _filler(rng, rng.randrange(800, 4000), ext)
        files[f"{rng.choice(['docs', 'exports'])}/{faker.word()}{ext}"] = blob[:300] + b"\r\n\n\r\n" + blob[300:]
    return files


@register_workflow
class TextEndings(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.text_endings", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Convert the {{ ext_text }} files in {{ folder }}/ and its subfolders to {% if endings == 'lf' %}Unix "
            "(LF){% else %}Windows (CRLF){% endif %} line endings{% if to_utf8 %}, and make them plain UTF-8: a file "
            "that is not valid UTF-8 is in Windows-1252 and must be re-encoded, and a UTF-8 byte-order mark must be "
            "removed{% else %}; leave their encoding as it is (some are not UTF-8){% endif %}.{% if final_newline %} "
            "Every such file that does not end with a line break should get one.{% endif %} Leave every other file "
            "(other types, binaries) byte for byte as it is, and keep the names.",
            "The {{ ext_text }} files in {{ folder }} have been through Windows and Linux machines and are a mix. "
            "{% if endings == 'lf' %}Our Linux tools choke on the ^M characters: please give them all LF line "
            "endings.{% else %}The people opening them in old Notepad see everything on one line: please give them "
            "all CRLF line endings.{% endif %}{% if to_utf8 %} While you're at it, some were saved in Windows-1252 "
            "(the accented names come out garbled) and some have a BOM; make them all plain UTF-8 without a BOM."
            "{% else %} Don't touch the encodings, only the line endings.{% endif %}{% if final_newline %} Also make "
            "sure each one ends with a newline.{% endif %} Nothing else should change, subfolders included.",
            "{{ folder }}/ (recursive), {{ ext_text }} files only: line endings -> {% if endings == 'lf' %}LF{% else %}"
            "CRLF{% endif %}{% if to_utf8 %}; cp1252 -> UTF-8, strip BOM{% else %}; encoding unchanged{% endif %}"
            "{% if final_newline %}; add missing final newline{% endif %}. Other files untouched.",
        ],
        criteria=["Every file of the named types has the line endings (and encoding) asked for, its text unchanged.",
                  "Every other file is byte for byte as it was; no file is renamed, added or lost."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of mixed text files")],
        checks=[CheckTemplate(func="tree.text_normalised", bind={
            "extensions": "extensions", "endings": "endings", "to_utf8": "to_utf8", "final_newline": "final_newline"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        endings: Endings = opts.endings or rng.choice(["lf", "crlf"])
        one_type = opts.one_type if opts.one_type is not None else rng.random() < 0.5
        scope = [rng.choice(TEXT_TYPES)] if one_type else list(TEXT_TYPES)
        params = Params(folder=rng.choice(["Shared", "From_windows", "Team_exports", "Old_laptop"]), extensions=scope,
                        ext_text=", ".join(scope[:-1]) + (" and " if len(scope) > 1 else "") + scope[-1],
                        endings=endings, to_utf8=opts.to_utf8 if opts.to_utf8 is not None else rng.random() < 0.5,
                        final_newline=opts.final_newline if opts.final_newline is not None else rng.random() < 0.5)
        return params.with_files(folder=pack_tree(_folder(rng, ctx.faker, scope, endings)))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os
            root, exts = {lit(params.folder)}, {lit(params.extensions)}
            for folder, dirs, names in os.walk(root):
                for name in sorted(names):
                    if os.path.splitext(name)[1].lower() not in exts:
                        continue
                    path = os.path.join(folder, name)
                    data = open(path, "rb").read()
                    new = data
                    if {params.to_utf8!r}:
                        new = new.removeprefix(b"\\xef\\xbb\\xbf")
                        try:
                            new.decode("utf-8")
                        except UnicodeDecodeError:
                            new = new.decode("cp1252").encode("utf-8")
                    new = new.replace(b"\\r\\n", b"\\n")
                    if {params.final_newline!r} and new and not new.endswith(b"\\n"):
                        new += b"\\n"
                    if {lit(params.endings)} == "crlf":
                        new = new.replace(b"\\n", b"\\r\\n")
                    if new != data:
                        open(path, "wb").write(new)
                        print("converted", path)
        """
        return solution(
            shell_step(f"find {params.folder} -type f | sort; grep -rlI $'\\r' {params.folder} || true",
                       "First I list the files and see which text files have CR LF line endings.",
                       "Inspect the files"),
            script_step(script, "I convert only the files of the named types, reading and writing bytes so nothing "
                        "else changes.", "Convert the files"),
            shell_step(f"grep -rlI $'\\r' {params.folder} || true",
                       "Then I check which files still have CR LF line endings.", "Check the files"))
