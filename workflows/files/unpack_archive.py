"""Unpack a downloaded archive (zip or tar.gz) into a tidy folder: a wrapping top folder dropped or
loose files kept together in a folder of their own, macOS/Windows junk left out or not, the
archive deleted afterwards or kept."""

from __future__ import annotations

import gzip
import io
import random
import shlex
import zipfile
from typing import Literal

from faker import Faker

from forge.checks.tree_unpack import JUNK_NAMES
from forge.models import ReferenceSolution
from preparers.files import _filler, jpeg, make_tree
from preparers.filetypes._tar import pack_tar
from preparers.filetypes.tree import pack_tree
from preparers.fake import month_name
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Format = Literal["zip", "tar.gz"]
PLACES = ["Lisbon", "Kyoto", "Oslo", "Prague", "Vancouver", "Edinburgh"]


class Options(SkillParams):
    format: Format | None = None
    wrapped: bool | None = None
    skip_junk: bool | None = None
    remove_archive: bool | None = None


class Params(Prepared):
    folder: str
    archive: str
    format: Format
    target: str
    top: str | None
    skip_junk: bool
    remove_archive: bool


def archive_contents(rng: random.Random, faker: Faker) -> tuple[str, str, dict[str, bytes]]:
    """(a name for the archive, a name for its folder, its files): a trip's photos, a site's code, scans."""
    kind = rng.choice(["photos", "site", "scans"])
    if kind == "photos":
        place, year = rng.choice(PLACES), rng.choice([2023, 2024])
        files = {f"{sub}IMG_{year}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}_{rng.randint(80000, 215959):06d}"
                 f".jpg": jpeg(rng, rng.randrange(1500, 12000)) for sub in rng.choices(["", "", "edited/"], k=6)}
        return f"{place}_{year}_photos", f"{place} trip {year}", files
    if kind == "site":
        word = faker.word()
        files = {"index.html": f"<html><body><h1>{faker.company()}</h1></body></html>\n".encode(),
                 "css/style.css": b"body { font-family: sans-serif; }\n", "js/app.js": b"console.log('ready');\n",
                 "README.md": f"# {word} site\n\n{faker.sentence()}\n".encode(),
                 "images/logo.png": _filler(rng, rng.randrange(600, 3000), ".png")}
        return f"{word}-site-main", f"{word}_website", files
    month = month_name(faker)
    files = {f"scan_{n:03d}.pdf": _filler(rng, rng.randrange(2000, 9000), ".pdf") for n in range(1, rng.randint(4, 7))}
    files["index.txt"] = "\n".join(f"scan_{n:03d}: {faker.sentence()}" for n in range(1, 4)).encode() + b"\n"
    return f"Scans_{month}", f"Scans {month}", files


def archive_junk(rng: random.Random, files: dict[str, bytes], fmt: Format) -> dict[str, bytes]:
    """What a Mac or a Windows box slips into an archive: resource forks and folder metadata."""
    junk = {rng.choice(["", *sorted({p.rsplit("/", 1)[0] + "/" for p in files if "/" in p})]) + rng.choice(JUNK_NAMES):
            rng.randbytes(rng.randint(30, 300))}
    for path in rng.sample(sorted(files), 2):
        head, _, name = path.rpartition("/")
        fork = f"{head}/._{name}" if head else f"._{name}"
        junk["__MACOSX/" + fork if fmt == "zip" else fork] = b"\x00\x05\x16\x07" + rng.randbytes(60)
    return junk


def archive_bytes(files: dict[str, bytes], fmt: Format) -> bytes:
    if fmt == "tar.gz":
        return gzip.compress(pack_tar(files), mtime=0)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(files):
            z.writestr(zipfile.ZipInfo(name, date_time=(2024, 5, 1, 12, 0, 0)), files[name])
    return out.getvalue()


@register_workflow
class UnpackArchive(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.unpack_archive", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Unpack {{ folder }}/{{ archive }} into the new folder {{ folder }}/{{ target }}/. {% if top %}Everything "
            "in the archive sits inside one top folder, {{ top }}/; put what is inside it straight into "
            "{{ target }}/ (without the extra {{ top }} level), keeping the subfolders below it.{% else %}The "
            "archive's files are not in a folder of their own, so put them all in {{ target }}/, keeping their "
            "paths inside the archive.{% endif %} {% if skip_junk %}Do not extract the macOS and Windows junk "
            "(anything under __MACOSX/, ._ files, .DS_Store, Thumbs.db, desktop.ini).{% else %}Extract every "
            "entry, whatever it is.{% endif %} {% if remove_archive %}Delete the archive afterwards.{% else %}Keep "
            "the archive where it is.{% endif %}",
            "I downloaded {{ archive }} into {{ folder }}. Could you unpack it into {{ folder }}/{{ target }}? "
            "{% if top %}It has a {{ top }} folder wrapping everything, which I don't want: the contents of that "
            "folder should be directly in {{ target }}.{% else %}Careful, it has no folder inside, the files are "
            "loose at its top, so they'd spill all over {{ folder }}; keep them together in {{ target }}."
            "{% endif %}{% if skip_junk %} Please skip the Mac/Windows clutter in it (__MACOSX, ._ files, "
            ".DS_Store, Thumbs.db, desktop.ini).{% endif %} {% if remove_archive %}Then get rid of the "
            "{{ format }} file.{% else %}Don't delete the {{ format }} file.{% endif %}",
            "{{ folder }}/{{ archive }} -> extract to {{ folder }}/{{ target }}/{% if top %} (strip top dir "
            "{{ top }}/){% endif %}{% if skip_junk %}, excluding __MACOSX/ ._* .DS_Store Thumbs.db desktop.ini"
            "{% endif %}; {% if remove_archive %}rm the archive after{% else %}keep the archive{% endif %}.",
        ],
        criteria=["Every entry asked for is a file in the target folder at its path in the archive (without the "
                  "wrapping folder when asked), with its content.",
                  "The archive is deleted or kept as asked; nothing else changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place",
                        description="A Downloads folder with an archive")],
        checks=[CheckTemplate(func="tree.unpacked", bind={
            "archive": "archive", "format": "format", "target": "target", "top": "top", "skip_junk": "skip_junk",
            "remove_archive": "remove_archive"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        fmt: Format = opts.format or rng.choice(["zip", "tar.gz"])
        wrapped = opts.wrapped if opts.wrapped is not None else rng.random() < 0.5
        stem, name, files = archive_contents(rng, ctx.faker)
        files |= archive_junk(rng, files, fmt)
        if wrapped:  # macOS keeps the wrapper's forks under __MACOSX/<wrapper>/
            files = {(f"__MACOSX/{stem}/{p[9:]}" if p.startswith("__MACOSX/") else f"{stem}/{p}"): d
                     for p, d in files.items()}
        tree = without_copies(make_tree(rng, ctx.faker))
        tree[f"{stem}.{fmt}"] = archive_bytes(files, fmt)
        params = Params(folder=rng.choice(["Downloads", "Inbox", "Desktop"]), archive=f"{stem}.{fmt}", format=fmt,
                        target=name if wrapped else stem, top=stem if wrapped else None,
                        skip_junk=opts.skip_junk if opts.skip_junk is not None else rng.random() < 0.5,
                        remove_archive=opts.remove_archive if opts.remove_archive is not None else rng.random() < 0.5)
        return params.with_files(folder=pack_tree(tree))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, tarfile, zipfile
            root, archive = {lit(params.folder)}, {lit(params.archive)}
            target, top, skip_junk = os.path.join(root, {lit(params.target)}), {lit(params.top)}, {params.skip_junk!r}
            def junk(name):
                parts = name.split("/")
                return "__MACOSX" in parts or parts[-1].startswith("._") or parts[-1] in {lit(list(JUNK_NAMES))}
            path = os.path.join(root, archive)
            if archive.endswith(".zip"):
                with zipfile.ZipFile(path) as z:
                    members = [(i.filename, z.read(i)) for i in z.infolist() if not i.is_dir()]
            else:
                with tarfile.open(path, "r:gz") as t:
                    members = [(m.name, t.extractfile(m).read()) for m in t.getmembers() if m.isfile()]
            for name, data in members:
                if skip_junk and junk(name):
                    continue
                if top and name.startswith(top + "/"):
                    name = name[len(top) + 1:]
                out = os.path.join(target, name)
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out, "wb") as f:
                    f.write(data)
                print("extracted", name)
            if {params.remove_archive!r}:
                os.remove(path)
        """
        listing = (f"python3 -m zipfile -l {params.folder}/{params.archive}" if params.format == "zip"
                   else f"tar -tzf {params.folder}/{params.archive}")
        return solution(
            shell_step(listing,
                       "First I list what the archive holds and how it is laid out.", "List the archive"),
            script_step(script, "I extract the entries asked for into the target folder"
                        + (f", dropping the {params.top}/ level." if params.top else "."), "Unpack the archive"),
            shell_step(f"find {shlex.quote(params.folder + '/' + params.target)} -type f | sort",
                       "Then I check what landed in the target folder.", "Check the result"))
