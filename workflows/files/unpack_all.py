"""Unpack every archive at the top of a Downloads folder (zips only, or zips and tarballs mixed),
each into a folder named after it; macOS/Windows junk left out or not; the archives deleted
afterwards or kept."""

from __future__ import annotations

from forge.checks.tree_unpack import JUNK_NAMES
from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import without_copies
from workflows.files.unpack_archive import archive_bytes, archive_contents, archive_junk
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    tarballs: bool | None = None
    skip_junk: bool | None = None
    remove_archives: bool | None = None


class Params(Prepared):
    folder: str
    tarballs: bool
    skip_junk: bool
    remove_archives: bool


@register_workflow
class UnpackAll(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.unpack_all", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Unpack every archive at the top of {{ folder }}/ ({% if tarballs %}the .zip and the .tar.gz files"
            "{% else %}the .zip files{% endif %}) into a folder of its own next to it, named like the archive "
            "without its extension (photos.zip into {{ folder }}/photos/), keeping the paths inside each archive. "
            "{% if skip_junk %}Leave out the macOS and Windows junk (anything under __MACOSX/, ._ files, .DS_Store, "
            "Thumbs.db, desktop.ini). {% endif %}{% if remove_archives %}Delete each archive once it is unpacked."
            "{% else %}Keep the archives.{% endif %} Nothing else should change.",
            "{{ folder }} is full of {% if tarballs %}zips and tarballs{% else %}zip files{% endif %} I never opened. "
            "Could you extract each one into its own folder, named after the archive (minus the {% if tarballs %}"
            ".zip/.tar.gz{% else %}.zip{% endif %}), right there in {{ folder }}?{% if skip_junk %} Skip the "
            "__MACOSX, ._ files, .DS_Store, Thumbs.db and desktop.ini clutter.{% endif %} {% if remove_archives %}"
            "Then delete the archives.{% else %}Don't delete the archives.{% endif %}",
            "{{ folder }}/*.zip{% if tarballs %} *.tar.gz{% endif %} (top level): extract each to {{ folder }}/<name "
            "without extension>/{% if skip_junk %}, excluding __MACOSX/ ._* .DS_Store Thumbs.db desktop.ini{% endif %}"
            "; {% if remove_archives %}rm the archives after{% else %}keep the archives{% endif %}.",
        ],
        criteria=["Each archive's entries (junk aside when asked) are in a folder named after it, with their paths.",
                  "The archives are deleted or kept as asked; nothing else changes."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A Downloads folder of archives")],
        checks=[CheckTemplate(func="tree.all_unpacked", bind={"skip_junk": "skip_junk",
                                                               "remove_archives": "remove_archives"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        tarballs = opts.tarballs if opts.tarballs is not None else rng.random() < 0.5
        tree = {p: d for p, d in without_copies(make_tree(rng, ctx.faker)).items()
                if not p.lower().endswith((".zip", ".tar.gz"))}  # the preparer's filler archives are not archives
        formats = ["zip", "tar.gz", *rng.choices(["zip", "tar.gz"], k=rng.randint(0, 2))] if tarballs else \
            ["zip"] * rng.randint(2, 3)
        for fmt in formats:
            stem, _, files = archive_contents(rng, ctx.faker)
            while any(p.startswith(stem) for p in tree):
                stem += "_2"
            tree[f"{stem}.{fmt}"] = archive_bytes(files | archive_junk(rng, files, fmt), fmt)  # type: ignore[arg-type]
        params = Params(folder=rng.choice(["Downloads", "Inbox", "Desktop"]), tarballs=tarballs,
                        skip_junk=opts.skip_junk if opts.skip_junk is not None else rng.random() < 0.5,
                        remove_archives=(opts.remove_archives if opts.remove_archives is not None
                                         else rng.random() < 0.5))
        return params.with_files(folder=pack_tree(tree))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, tarfile, zipfile
            root, skip_junk = {lit(params.folder)}, {params.skip_junk!r}
            def junk(name):
                parts = name.split("/")
                return "__MACOSX" in parts or parts[-1].startswith("._") or parts[-1] in {lit(list(JUNK_NAMES))}
            for archive in sorted(os.listdir(root)):
                path = os.path.join(root, archive)
                if archive.lower().endswith(".zip"):
                    with zipfile.ZipFile(path) as z:
                        members = [(i.filename, z.read(i)) for i in z.infolist() if not i.is_dir()]
                    target = archive[:-4]
                elif archive.lower().endswith(".tar.gz"):
                    with tarfile.open(path, "r:gz") as t:
                        members = [(m.name, t.extractfile(m).read()) for m in t.getmembers() if m.isfile()]
                    target = archive[:-7]
                else:
                    continue
                for name, data in members:
                    if skip_junk and junk(name):
                        continue
                    out = os.path.join(root, target, name)
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                    with open(out, "wb") as f:
                        f.write(data)
                print(archive, "->", target, len(members), "entries")
                if {params.remove_archives!r}:
                    os.remove(path)
        """
        return solution(
            shell_step(f"ls {params.folder}", f"First I see which archives are in {params.folder}/.",
                       "List the folder"),
            script_step(script, "I extract each archive into a folder named after it.", "Unpack the archives"),
            shell_step(f"ls {params.folder}", "Then I check the folders.", "Check the folder"))
