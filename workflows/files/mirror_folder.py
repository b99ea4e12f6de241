"""Bring a stale copy of a folder (on a USB stick, a backup drive) up to date from its source: copy
what the copy lacks, replace what differs or only add what is new, keep, delete or move aside the
copy's files the source no longer has, with temporary files copied or left out."""

from __future__ import annotations

from typing import Literal

from forge.checks.tree_rules import TEMP_PATTERNS
from forge.models import ReferenceSolution
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._sync import PROJECTS, project, stale_copy, with_junk
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Update = Literal["new_and_changed", "new_only"]
Extras = Literal["keep", "delete", "move"]
DRIVES = ["USB_stick", "Backup_drive", "NAS_share", "External_HDD"]


class Options(SkillParams):
    update: Update | None = None
    extras: Extras | None = None
    skip_temp: bool | None = None


class Params(Prepared):
    folder: str
    source: str
    copy_path: str
    update: Update
    extras: Extras
    aside: str | None
    skip_temp: bool


@register_workflow
class MirrorFolder(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.mirror_folder", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{{ folder }}/{{ copy_path }}/ is an old copy of {{ folder }}/{{ source }}/. Bring the copy up to date "
            "from the source: copy every file the copy does not have yet (same relative path){% if update == "
            "'new_and_changed' %} and replace every file whose content differs from the source's{% else %}; where "
            "the copy already has a file of that path, leave the copy's version alone, even if it differs{% endif %}. "
            "{% if extras == 'delete' %}Delete the copy's files that the source does not have, so the copy matches "
            "it.{% elif extras == 'move' %}Move the copy's files that the source does not have into "
            "{{ folder }}/{{ aside }}/, keeping their paths inside the copy.{% else %}Keep the files that exist only "
            "in the copy.{% endif %}{% if skip_temp %} Temporary and system files (*.tmp, *~, ~$*, .DS_Store, "
            "Thumbs.db, *.part, *.crdownload) are not part of the copy: do not copy them{% if extras != 'keep' %}, "
            "and treat any in the copy as files the source does not have{% endif %}.{% endif %} Do not change the "
            "source.",
            "My {{ source }} folder is in {{ folder }}, and I keep a copy of it at {{ folder }}/{{ copy_path }}, but "
            "I haven't updated it in weeks. Could you sync it? {% if update == 'new_and_changed' %}Anything new or "
            "changed in {{ source }} should end up in the copy.{% else %}Just add the files that are new; don't "
            "overwrite anything the copy already has.{% endif %} {% if extras == 'delete' %}Stuff I've deleted from "
            "{{ source }} can go from the copy too.{% elif extras == 'move' %}Don't delete what I've removed from "
            "{{ source }}; put those files from the copy in {{ folder }}/{{ aside }}/ (same subfolders) so I can "
            "check them.{% else %}Don't delete anything from the copy, though.{% endif %}{% if skip_temp %} And "
            "leave the junk out (temp files, ~ backups, ~$ lock files, .DS_Store, Thumbs.db, partial downloads)"
            "{% if extras != 'keep' %}; the copy shouldn't have any{% endif %}.{% endif %}",
            "{{ folder }}/: one-way sync {{ source }}/ -> {{ copy_path }}/ ({% if update == 'new_and_changed' %}copy "
            "new + overwrite changed{% else %}copy missing only, never overwrite{% endif %}; {% if extras == "
            "'delete' %}delete extraneous files in the destination{% elif extras == 'move' %}move extraneous files "
            "to {{ aside }}/ keeping paths{% else %}no deletes{% endif %}{% if skip_temp %}; exclude *.tmp *~ ~$* "
            ".DS_Store Thumbs.db *.part *.crdownload{% endif %}). Source read-only.",
        ],
        criteria=["The copy holds the source's files as asked (new ones added, changed ones replaced or left).",
                  "The copy's own extra files are kept, deleted or moved aside as asked; the source is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="in_place",
                        description="A folder holding a project and an out-of-date copy of it")],
        checks=[CheckTemplate(func="tree.mirrored", bind={
            "source": "source", "copy_path": "copy_path", "update": "update", "extras": "extras", "aside": "aside",
            "skip_temp": "skip_temp"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        source, drive = rng.choice(PROJECTS), rng.choice(DRIVES)
        extras = opts.extras or rng.choice(["keep", "delete", "move"])
        params = Params(folder=rng.choice(["Home", "Work", "Documents"]), source=source,
                        copy_path=f"{drive}/{source}", update=opts.update or rng.choice(["new_and_changed", "new_only"]),
                        extras=extras, skip_temp=opts.skip_temp if opts.skip_temp is not None else rng.random() < 0.5,
                        aside=rng.choice([f"{drive}/{source}_removed", "Removed_from_copy"]) if extras == "move"
                        else None)
        files = project(rng, ctx.faker)
        copy = stale_copy(rng, files, ctx.faker)
        tree = {f"{source}/{p}": d for p, d in with_junk(rng, files).items()}
        tree |= {f"{params.copy_path}/{p}": d for p, d in copy.items()}
        return params.with_files(folder=pack_tree(tree))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import filecmp, fnmatch, os, shutil
            root = {lit(params.folder)}
            src, dst = os.path.join(root, {lit(params.source)}), os.path.join(root, {lit(params.copy_path)})
            temp, skip_temp = {lit(list(TEMP_PATTERNS))}, {params.skip_temp!r}
            update, extras, aside = {lit(params.update)}, {lit(params.extras)}, {lit(params.aside)}
            def files(top):
                for folder, dirs, names in os.walk(top):
                    for name in names:
                        if not (skip_temp and any(fnmatch.fnmatchcase(name, t) for t in temp)):
                            yield os.path.relpath(os.path.join(folder, name), top)
            wanted = set(files(src))
            for rel in sorted(wanted):
                target = os.path.join(dst, rel)
                if os.path.exists(target) and (update == "new_only"
                                               or filecmp.cmp(os.path.join(src, rel), target, shallow=False)):
                    continue
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(os.path.join(src, rel), target)
                print("copied", rel)
            if extras != "keep":
                for folder, dirs, names in os.walk(dst):
                    for name in names:
                        rel = os.path.relpath(os.path.join(folder, name), dst)
                        if rel in wanted:
                            continue
                        if extras == "move":
                            os.makedirs(os.path.dirname(os.path.join(root, aside, rel)), exist_ok=True)
                            shutil.move(os.path.join(dst, rel), os.path.join(root, aside, rel))
                        else:
                            os.remove(os.path.join(dst, rel))
                        print(extras, rel)
        """
        return solution(
            shell_step(f"diff -rq {params.folder}/{params.source} {params.folder}/{params.copy_path} || true",
                       "First I compare the source with its copy to see what differs.", "Compare the folders"),
            script_step(script, "I copy what the copy lacks" + (" or has in another version" if
                        params.update == "new_and_changed" else "") + " and deal with the copy's extra files as "
                        "asked.", "Update the copy"),
            shell_step(f"diff -rq {params.folder}/{params.source} {params.folder}/{params.copy_path} || true",
                       "Then I compare them again.", "Check the copy"))
