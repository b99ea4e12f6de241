"""Pull one kind of file out of several archives without unpacking the rest: the invoice PDFs out of a
supplier portal's monthly exports, the photos out of a phone backup's zip parts, the pages out of a
scanner's daily batches. Zips only, or zips and .tar.gz mixed; archives made on a Mac or not (their
__MACOSX/ and ._ copies left out); into one folder by file name (names unique), with each name
prefixed by its archive's, or in a subfolder per archive (the names repeat from archive to archive);
the archives deleted or kept. An archive in a subfolder and a loose file of the same kind at the
top are not part of it."""

from __future__ import annotations

import random
from collections.abc import Callable

from faker import Faker

from forge.checks.tree_extract import Naming
from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files.unpack_archive import archive_bytes, archive_junk
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# an export: its name, its members; `repeat` makes the file names repeat from one export to the next
Export = Callable[[random.Random, Faker, int, bool], tuple[str, dict[str, bytes]]]


def _invoices(rng: random.Random, faker: Faker, n: int, repeat: bool) -> tuple[str, dict[str, bytes]]:
    month = f"2024-{n + 1:02d}"
    number = "INV-{k:03d}" if repeat else f"INV-24{n + 1:02d}{{k:02d}}"  # numbering restarts each month, or not
    files = {f"invoices/{number.format(k=k)}.pdf": _filler(rng, rng.randrange(3_000, 20_000), ".pdf")
             for k in range(1, rng.randint(3, 5))}
    files["summary.csv"] = f"invoice,amount\n{number.format(k=1)},{rng.randrange(90, 900)}.00\n".encode()
    files["README.txt"] = f"Export for {faker.company()}, {month}\n".encode()
    return f"invoices_{month}", files


def _photos(rng: random.Random, faker: Faker, n: int, repeat: bool) -> tuple[str, dict[str, bytes]]:
    start = 1 if repeat else 1 + n * 40
    album = rng.choice(["Camera", "Trip", "Family", "Screenshots"])
    files = {}
    for k in range(start, start + rng.randint(3, 5)):
        files[f"Takeout/Photos/{album}/IMG_{k:04d}.jpg"] = jpeg(rng, rng.randrange(1_500, 9_000))
        files[f"Takeout/Photos/{album}/IMG_{k:04d}.jpg.json"] = b'{"photoTakenTime": "' + str(k).encode() + b'"}\n'
    files["Takeout/archive_browser.html"] = b"<html><body>Takeout</body></html>\n"
    return f"takeout-{n + 1:03d}", files


def _scans(rng: random.Random, faker: Faker, n: int, repeat: bool) -> tuple[str, dict[str, bytes]]:
    day = f"2024-05-{n * 2 + rng.randint(1, 2):02d}"
    stem = "page" if repeat else f"batch{day[-2:]}_page"
    files = {f"{stem}_{k:03d}.pdf": _filler(rng, rng.randrange(2_000, 9_000), ".pdf")
             for k in range(1, rng.randint(3, 5))}
    files["batch.xml"] = f"<batch day='{day}' pages='{len(files)}'/>\n".encode()
    return f"scans_{day}", files


SCENES: dict[str, tuple[Export, str, str, list[str], str]] = {
    # scene: (export maker, extension, what they are, target folders, a loose file of that kind at the top)
    "invoices": (_invoices, ".pdf", "the invoices", ["All_invoices", "Invoices_2024"], "price_list.pdf"),
    "photos": (_photos, ".jpg", "the photos", ["Photos_only", "All_photos"], "profile.jpg"),
    "scans": (_scans, ".pdf", "the scanned pages", ["All_pages", "Scanned"], "cover_letter.pdf"),
}
FOLDERS = {"invoices": "Portal_exports", "photos": "Phone_backup", "scans": "Scanner"}


class Options(SkillParams):
    mac_junk: bool | None = None
    tarballs: bool | None = None
    naming: Naming | None = None
    remove_archives: bool | None = None


class Params(Prepared):
    folder: str
    what: str
    ext: str
    target: str
    tarballs: bool
    naming: Naming
    remove_archives: bool
    skip_junk: bool


@register_workflow
class ExtractMatching(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.extract_matching", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "The archives at the top of {{ folder }}/ ({% if tarballs %}.zip and .tar.gz files{% else %}.zip "
            "files{% endif %}) hold {{ what }} among other things. Extract only the {{ ext }} files from every one "
            "of them into {{ folder }}/{{ target }}/{% if naming == 'flat' %}, each by its file name alone (drop "
            "the folders inside the archive){% elif naming == 'prefixed' %}, each named <archive name>_<file name> "
            "(the archive's name without .zip or .tar.gz; the folders inside the archive dropped), since the names "
            "repeat from one archive to the next{% else %}, in a subfolder per archive named like the archive "
            "without .zip or .tar.gz, each file by its name alone (the folders inside the archive dropped){% endif %}. "
            "Nothing else from the archives{% if skip_junk %} (they were made on a Mac: leave out everything under "
            "__MACOSX/ and the ._ copies, even where they end in {{ ext }}){% endif %}. "
            "{% if remove_archives %}Delete the archives afterwards.{% else %}Keep the archives.{% endif %} Leave "
            "everything else as it is, including any archive in a subfolder.",
            "I only need {{ what }} (the {{ ext }} files) out of the {% if tarballs %}zip and tar.gz{% else %}zip"
            "{% endif %} files in "
            "{{ folder }}, not the rest. Could you pull them all into one folder, {{ target }}, inside "
            "{{ folder }}? {% if naming == 'flat' %}Just the files, without the folders they sit in inside the "
            "archives.{% elif naming == 'prefixed' %}The names repeat between archives, so put the archive's name "
            "(without the extension) and an underscore in front of each.{% else %}The names repeat between "
            "archives, so give each archive its own subfolder in there, named after the archive without the "
            "extension; just the files, not the folders inside the archives.{% endif %}{% if skip_junk %} They "
            "were zipped on a Mac, so skip the __MACOSX stuff and the ._ files.{% endif %} "
            "{% if remove_archives %}The archives can go afterwards.{% else %}Keep the archives.{% endif %} "
            "Only the ones at the top of {{ folder }}, and don't touch anything else.",
            "{{ folder }}/: from each top-level {% if tarballs %}*.zip and *.tar.gz{% else %}*.zip{% endif %}, "
            "extract only *{{ ext }} into {{ folder }}/{{ target }}/{% if naming == 'flat' %}<file name>"
            "{% elif naming == 'prefixed' %}<archive>_<file name>{% else %}<archive>/<file name>{% endif %} (no "
            "inner folders; <archive> = its name minus .zip/.tar.gz{% if skip_junk %}; skip __MACOSX/ and ._*"
            "{% endif %}); "
            "{% if remove_archives %}rm the archives after{% else %}keep the archives{% endif %}; nothing else "
            "changes.",
        ],
        criteria=["Every file of the asked type from every top-level archive is in the target folder, named as "
                  "asked; nothing else is extracted.",
                  "The archives are deleted or kept as asked; other files are untouched."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of archives")],
        checks=[CheckTemplate(func="tree.extracted_matching", bind={
            "ext": "ext", "target": "target", "naming": "naming", "remove_archives": "remove_archives",
            "skip_junk": "skip_junk"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        scene = rng.choice(sorted(SCENES))
        make, ext, what, targets, loose = SCENES[scene]
        tarballs = opts.tarballs if opts.tarballs is not None else rng.random() < 0.5
        naming = opts.naming or rng.choice(["flat", "prefixed", "per_archive"])
        junk = opts.mac_junk if opts.mac_junk is not None else rng.random() < 0.5
        params = Params(folder=FOLDERS[scene], what=what, ext=ext, target=rng.choice(targets), tarballs=tarballs,
                        naming=naming, skip_junk=junk,
                        remove_archives=(opts.remove_archives if opts.remove_archives is not None
                                         else rng.random() < 0.5))
        count = rng.randint(3, 4)
        formats = ["zip"] * count
        if tarballs:  # at least one of each
            formats = ["zip", "tar.gz", *rng.choices(["zip", "tar.gz"], k=count - 2)]
            rng.shuffle(formats)
        files: dict[str, bytes] = {loose: _filler(rng, rng.randrange(2_000, 9_000), ext),
                                   "notes.txt": f"Exports from {ctx.faker.company()}\n".encode()}
        for n, fmt in enumerate(formats):
            name, members = make(rng, ctx.faker, n, naming != "flat")
            if junk:  # made on a Mac: ._ copies of the wanted files among others
                wanted = {m: d for m, d in members.items() if m.endswith(ext)}
                members |= archive_junk(rng, wanted, fmt)  # type: ignore[arg-type]
            files[f"{name}.{fmt}"] = archive_bytes(members, fmt)  # type: ignore[arg-type]
        name, members = make(rng, ctx.faker, count + 1, naming != "flat")
        files[f"to_sort_later/{name}.zip"] = archive_bytes(members, "zip")
        return params.with_files(folder=pack_tree(dict(sorted(files.items()))))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, shutil, tarfile, zipfile
            root, ext, naming = {lit(params.folder)}, {lit(params.ext)}, {lit(params.naming)}
            target = os.path.join(root, {lit(params.target)})
            for archive in sorted(os.listdir(root)):
                path = os.path.join(root, archive)
                fmt = "zip" if archive.endswith(".zip") else "tar.gz" if archive.endswith(".tar.gz") else None
                if fmt is None or not os.path.isfile(path):
                    continue
                stem = archive[: -len(fmt) - 1]
                if fmt == "zip":
                    with zipfile.ZipFile(path) as z:
                        members = {{m: z.read(m) for m in z.namelist() if not m.endswith("/")}}
                else:
                    with tarfile.open(path) as t:
                        members = {{m.name: t.extractfile(m).read() for m in t.getmembers() if m.isfile()}}
                for member, data in members.items():
                    parts = member.split("/")
                    junk = "__MACOSX" in parts or parts[-1].startswith("._")
                    if not member.lower().endswith(ext) or ({params.skip_junk!r} and junk):
                        continue
                    name = os.path.basename(member)
                    out = {{"flat": name, "prefixed": stem + "_" + name,
                           "per_archive": os.path.join(stem, name)}}[naming]
                    os.makedirs(os.path.dirname(os.path.join(target, out)), exist_ok=True)
                    with open(os.path.join(target, out), "wb") as f:
                        f.write(data)
                    print(archive, member, "->", out)
                if {params.remove_archives!r}:
                    os.remove(path)
        """
        return solution(
            shell_step(f"ls -la {params.folder}; for a in {params.folder}/*.zip; do unzip -l \"$a\"; done",
                       "First I look at the archives and what they hold.", "List the archives"),
            script_step(script, f"I extract only the {params.ext} files from each archive at the top, named as "
                        "asked.", "Extract the files"),
            shell_step(f"ls -R {params.folder}", "Then I check the result.", "Check the folder"))
