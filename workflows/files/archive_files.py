"""Pack chosen files of a folder tree into an archive saved in the folder: zip, tar.gz or tar; all files,
one type, the large ones or one year's; with their folder paths or flat; keeping or removing them."""

from __future__ import annotations

from typing import Literal

from forge.checks.tree_rules import name_date
from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import nest, spread_years, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Format = Literal["zip", "tar.gz", "tar"]
Select = Literal["all", "extension", "larger_than", "year"]


class Options(SkillParams):
    format: Format | None = None
    select: Select | None = None
    flat: bool | None = None
    remove_originals: bool | None = None


class Params(Prepared):
    folder: str
    archive: str
    format: Format
    select: Select
    ext: str | None = None
    min_bytes: int | None = None
    min_kb: int | None = None
    year: int | None = None
    flat: bool
    remove_originals: bool


@register_workflow
class ArchiveFiles(FolderWorkflow[Params]):
    states_values = ("year", "min_bytes", "min_kb")  # the choice of files the request gives
    spec = WorkflowSpec(
        name="files.archive_files", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Make a {{ format }} archive {{ folder }}/{{ archive }} of {% if select == 'all' %}every file in "
            "{{ folder }}/ (all subfolders){% elif select == 'extension' %}every {{ ext }} file in {{ folder }}/ and its "
            "subfolders{% elif select == 'larger_than' %}every file in {{ folder }}/ (any depth) larger than "
            "{{ min_kb }} KB ({{ min_bytes }} bytes){% else %}every file in {{ folder }}/ (any depth) whose name has a "
            "{{ year }} date in it (like IMG_{{ year }}0312_083000.jpg or report_{{ year }}_03.pdf){% endif %}. "
            "{% if flat %}Store them by file name only, without folders.{% else %}Store each under its path "
            "relative to {{ folder }}/.{% endif %} {% if remove_originals %}Once they are archived, delete the "
            "originals.{% else %}Leave the originals where they are.{% endif %}",
            "I'm short on space. Could you {% if remove_originals %}move{% else %}pack{% endif %} "
            "{% if select == 'all' %}everything in {{ folder }}{% elif select == 'extension' %}all the {{ ext }} files "
            "in {{ folder }}{% elif select == 'larger_than' %}the files over {{ min_bytes }} bytes in {{ folder }}"
            "{% else %}the {{ year }} files in {{ folder }} (the ones with a {{ year }} date in the name){% endif %} "
            "into {{ archive }} ({{ format }}, saved at the top of {{ folder }})? "
            "{% if flat %}No folder structure inside, just the files.{% else %}Keep their subfolder paths inside the "
            "archive.{% endif %}{% if remove_originals %} The originals can go once they're in it.{% else %} Keep "
            "the originals too.{% endif %}",
            "{{ folder }}/{{ archive }} ({{ format }}) <- {% if select == 'all' %}all files{% elif select == "
            "'extension' %}*{{ ext }}{% elif select == 'larger_than' %}files > {{ min_bytes }} B{% else %}files dated "
            "{{ year }} (by name){% endif %}, recursive, {% if flat %}flat (names only){% else %}paths relative to "
            "{{ folder }}/{% endif %}; {% if remove_originals %}delete originals{% else %}keep originals{% endif %}.",
        ],
        criteria=["The archive holds exactly the chosen files, with their contents.",
                  "Originals kept or removed as asked; nothing else changed."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A folder of photos and documents")],
        checks=[CheckTemplate(func="tree.archived", bind={
            "archive": "archive", "format": "format", "select": "select", "ext": "ext", "min_bytes": "min_bytes",
            "year": "year", "flat": "flat", "remove_originals": "remove_originals"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        files = nest(ctx.rng, spread_years(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker))))
        select: Select = opts.select or ctx.rng.choice(["all", "extension", "larger_than", "year"])  # type: ignore[assignment]
        fmt: Format = opts.format or ctx.rng.choice(["zip", "tar.gz", "tar"])  # type: ignore[assignment]
        extra: dict[str, object] = {}
        if select == "extension":
            extra["ext"] = ctx.rng.choice(sorted({p[p.rfind("."):].lower() for p in files if "." in p.rsplit("/", 1)[-1]}))
        elif select == "larger_than":
            sizes = sorted(len(d) for d in files.values())
            kb = max(1, sizes[len(sizes) // 2] // 1000)
            extra.update(min_kb=kb, min_bytes=kb * 1000)
        elif select == "year":
            extra["year"] = ctx.rng.choice(sorted({d[0] for p in files if (d := name_date(p.rsplit("/", 1)[-1]))}))
        flat = opts.flat if opts.flat is not None else ctx.rng.random() < 0.4
        if flat:  # bare names must not collide
            names = [p.rsplit("/", 1)[-1] for p in files]
            if len(set(names)) != len(names):
                files = {p.rsplit("/", 1)[-1]: d for p, d in files.items()}
        label = {"all": "everything", "extension": f"{str(extra.get('ext', '')).lstrip('.')}_files",
                 "larger_than": "large_files", "year": f"files_{extra.get('year', '')}"}[select]
        params = Params(folder=ctx.rng.choice(["Documents", "Archive_me", "OldPhone", "Projects"]),
                        archive=f"{ctx.rng.choice(['backup', 'archive', 'bundle'])}_{label}.{fmt}", format=fmt,
                        select=select, flat=flat, remove_originals=opts.remove_originals if opts.remove_originals
                        is not None else ctx.rng.random() < 0.4, **extra)  # type: ignore[arg-type]
        return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, tarfile, zipfile
            root, archive = {lit(params.folder)}, {lit(params.archive)}
            date = re.compile(r"(?<!\\d)(20\\d\\d)[-_]?(0[1-9]|1[0-2])(?:[-_]?(0[1-9]|[12]\\d|3[01]))?(?!\\d)")
            def chosen(rel, name, size):
                select = {lit(params.select)}
                if select == "extension":
                    return os.path.splitext(name)[1].lower() == {lit(params.ext)}
                if select == "larger_than":
                    return size > {lit(params.min_bytes)}
                if select == "year":
                    found = date.search(name)
                    return bool(found) and int(found[1]) == {lit(params.year)}
                return True
            picked = []
            for folder, _, names in os.walk(root):
                for name in sorted(names):
                    path = os.path.join(folder, name)
                    rel = os.path.relpath(path, root)
                    if rel != archive and chosen(rel, name, os.path.getsize(path)):
                        picked.append((path, name if {params.flat!r} else rel))
            target = os.path.join(root, archive)
            if {lit(params.format)} == "zip":
                with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, strict_timestamps=False) as z:
                    for path, member in picked:
                        z.write(path, member)
            else:
                with tarfile.open(target, "w:gz" if {lit(params.format)} == "tar.gz" else "w") as t:
                    for path, member in picked:
                        t.add(path, member)
            if {params.remove_originals!r}:
                for path, _ in picked:
                    os.remove(path)
            print(len(picked), "files in", target)
        """
        listing = {"zip": "python3 -m zipfile -l", "tar.gz": "tar -tzf", "tar": "tar -tf"}[params.format]
        return solution(
            shell_step(f"find {params.folder} -type f | sort", f"First I see what {params.folder}/ holds.", "List"),
            script_step(script, f"I pick the files ({params.select.replace('_', ' ')}), write them into "
                        f"{params.archive} with Python's archive modules"
                        f"{' and delete the originals' if params.remove_originals else ''}.", "Make the archive"),
            shell_step(f"{listing} {params.folder}/{params.archive}", "Then I list the archive to check it.",
                       "Check the archive"))
