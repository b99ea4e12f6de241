"""Flatten a nested folder: bring every file (or every file of one type) up to the top, or copy them
all into one new folder, naming them so no two collide, and remove the emptied folders or keep them."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.tree_layout import Flattened, flat_names
from forge.models import ReferenceSolution
from preparers.files import jpeg, make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import nest, without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

# names that turn up in several folders of a real home folder, each with its own content
CLASHING = ["notes.txt", "scan.pdf", "IMG_0001.jpg", "photo.jpg", "budget.xlsx", "letter.docx", "todo.txt"]
TARGETS = {".jpg": ["All_photos", "photos_flat", "every_photo"], None: ["All_files", "flat", "everything"]}


class Options(SkillParams):
    naming: Literal["prefix", "on_clash"] | None = None
    mode: Literal["move_keep_folders", "move_remove_folders", "copy"] | None = None
    one_type: bool | None = None


class Params(Prepared):
    folder: str
    naming: Literal["prefix", "on_clash"]
    mode: Literal["move", "copy"]
    target: str | None
    only_ext: str | None
    remove_empty: bool


def _clashes(rng: random.Random, files: dict[str, bytes]) -> dict[str, bytes]:
    """Two or three names each saved in two or three folders with different content, as happens."""
    folders = sorted({p.rsplit("/", 1)[0] for p in files if "/" in p})
    planted = dict(files)
    for name in ["IMG_0001.jpg", *rng.sample([n for n in CLASHING if n != "IMG_0001.jpg"], rng.randint(1, 2))]:
        for folder in rng.sample(folders, rng.randint(2, 3)):
            data = jpeg(rng, rng.randint(4000, 20000)) if name.endswith(".jpg") else rng.randbytes(rng.randint(300, 4000))
            planted[f"{folder}/{name}"] = data
    return planted


@register_workflow
class FlattenTree(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.flatten_tree", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "{% if mode == 'copy' %}Copy every {% if only_ext %}{{ only_ext }} file{% else %}file{% endif %} in "
            "{{ folder }}/, at any depth, into one new folder {{ folder }}/{{ target }}/ (no subfolders in it) and "
            "leave the originals where they are.{% else %}Flatten {{ folder }}/: move every {% if only_ext %}"
            "{{ only_ext }} file{% else %}file{% endif %} from its subfolders up to the top of {{ folder }}/."
            "{% endif %} {% if naming == 'prefix' %}Put each file's folder path in front of its name, folders "
            "joined by underscores (Pictures/Camera/a.jpg becomes Pictures_Camera_a.jpg); files already at the top "
            "keep their names.{% else %}Keep the file names, except where two or more files share a name: those "
            "from subfolders get their folder path in front, joined by underscores (Pictures/Camera/a.jpg becomes "
            "Pictures_Camera_a.jpg); a file already at the top keeps its name.{% endif %}{% if mode == 'move' %}"
            "{% if remove_empty %} Then delete the folders that are left with no files.{% else %} Leave the "
            "folders themselves in place, even when empty.{% endif %}{% endif %}{% if only_ext %} Other files stay "
            "where they are.{% endif %}",
            "{{ folder }} has files buried in folders inside folders and I'd like {% if only_ext %}the "
            "{{ only_ext }} ones{% else %}them{% endif %} all in one place: {% if mode == 'copy' %}copies in a new "
            "{{ target }} folder inside it, nothing nested, originals untouched{% else %}moved up to the top level"
            "{% endif %}. {% if naming == 'prefix' %}So I can still tell where each came from, name every one "
            "that comes out of a subfolder folder_subfolder_filename (underscores between the parts).{% else %}"
            "Names can stay as they are, but some names repeat in different folders; for those, add the folder "
            "path in front with underscores (Camera/x.jpg -> Camera_x.jpg), except the one at the top already."
            "{% endif %}{% if mode == 'move' %}{% if remove_empty %} Empty folders afterwards can go.{% else %} "
            "Don't delete any folders, though.{% endif %}{% endif %}",
            "{{ folder }}/: {% if mode == 'copy' %}copy all {% if only_ext %}*{{ only_ext }} {% endif %}files "
            "(recursive) flat into {{ target }}/, originals stay{% else %}flatten {% if only_ext %}*{{ only_ext }} "
            "{% endif %}to top level (move){% endif %}; {% if naming == 'prefix' %}rename with path prefix "
            "a/b/x -> a_b_x{% else %}path prefix a/b/x -> a_b_x only on name clashes; top-level names kept"
            "{% endif %}{% if mode == 'move' %}; {% if remove_empty %}rm empty dirs after{% else %}keep the dirs"
            "{% endif %}{% endif %}.",
        ],
        criteria=["Every file asked for is at one level, under the name the rule gives, unchanged.",
                  "Moved or copied as asked; folders removed or kept as asked; nothing else changed."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A deeply nested home folder")],
        checks=[CheckTemplate(func="tree.flattened", bind={
            "naming": "naming", "mode": "mode", "target": "target", "only_ext": "only_ext",
            "remove_empty": "remove_empty"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        mode = opts.mode or ctx.rng.choice(["move_keep_folders", "move_remove_folders", "copy"])
        one_type = opts.one_type if opts.one_type is not None else ctx.rng.random() < 0.4
        only_ext = ".jpg" if one_type else None
        while True:
            files = _clashes(ctx.rng, nest(ctx.rng, without_copies(make_tree(ctx.rng, ctx.faker))))
            params = Params(folder=ctx.rng.choice(["OldLaptop", "Backup_2023", "Shared", "Phone_dump"]),
                            naming=opts.naming or ctx.rng.choice(["prefix", "on_clash"]),
                            mode="copy" if mode == "copy" else "move",
                            target=ctx.rng.choice(TARGETS[only_ext]) if mode == "copy" else None,
                            only_ext=only_ext, remove_empty=mode == "move_remove_folders")
            rule = Flattened(folder=params.folder, **params.model_dump(exclude={"folder"}))
            names = flat_names(sorted(files), rule)
            others = {p for p in files if p not in names}
            if len(set(names.values())) == len(names) and not others & set(names.values()):
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import collections, os, shutil
            root = {lit(params.folder)}
            only = {lit(params.only_ext)}
            found = []
            for folder, dirs, names in os.walk(root):
                for name in names:
                    rel = os.path.relpath(os.path.join(folder, name), root)
                    if not only or os.path.splitext(name)[1].lower() == only:
                        found.append(rel)
            counts = collections.Counter(os.path.basename(p) for p in found)
            target = os.path.join(root, {lit(params.target)}) if {lit(params.target)} else root
            os.makedirs(target, exist_ok=True)
            for rel in sorted(found):
                nested = os.sep in rel
                prefixed = nested and ({lit(params.naming)} == "prefix" or counts[os.path.basename(rel)] > 1)
                new = rel.replace(os.sep, "_") if prefixed else os.path.basename(rel)
                src, dst = os.path.join(root, rel), os.path.join(target, new)
                if {lit(params.mode)} == "copy":
                    shutil.copy2(src, dst)
                elif src != dst:
                    shutil.move(src, dst)
                print(rel, "->", os.path.relpath(dst, root))
            if {params.remove_empty!r}:
                for folder, dirs, names in os.walk(root, topdown=False):
                    if folder != root and not os.listdir(folder):
                        os.rmdir(folder)
        """
        return solution(
            shell_step(f"find {params.folder} -type f | sort", f"First I see how deep {params.folder}/ goes and "
                       "which names repeat.", "List the tree"),
            script_step(script, f"I {params.mode} each file to one level, naming it by the rule "
                        f"({params.naming.replace('_', ' ')}) so nothing collides.", "Flatten the files"),
            shell_step(f"find {params.folder} | sort", "Then I check the result.", "Check the tree"))
