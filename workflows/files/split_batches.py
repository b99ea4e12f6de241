"""Split a flat folder into numbered batch folders of N files each (for an upload limit, a shared
drive, a printer queue), in a stated order, moving or copying the files, all of them or the photos."""

from __future__ import annotations

from typing import Literal

from forge.checks.tree_layout import SplitIntoBatches, batch_order
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree, tree_view
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.files._clutter import without_copies
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Order = Literal["name", "date", "largest"]
ORDER_TEXT = {"name": "in alphabetical order of their names (ignoring upper/lower case)",
              "date": "in the order they were taken, by the date and time in their names, oldest first",
              "largest": "by size, largest first (equal sizes in name order)"}
PREFIXES = ["batch_", "part_", "upload_", "set_", "Batch "]


class Options(SkillParams):
    order: Order | None = None
    photos_only: bool | None = None
    mode: Literal["move", "copy"] | None = None


class Params(Prepared):
    folder: str
    size: int
    prefix: str
    order: Order
    order_text: str
    only_ext: str | None
    mode: Literal["move", "copy"]


@register_workflow
class SplitBatches(FolderWorkflow[Params]):
    states_values = ("size",)  # the batch size is the request's own number
    spec = WorkflowSpec(
        name="files.split_batches", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Split the {% if only_ext %}photos ({{ only_ext }} files){% else %}files{% endif %} in {{ folder }}/ "
            "into batches of {{ size }}: {% if mode == 'copy' %}copy{% else %}move{% endif %} them into new folders "
            "inside it named with the prefix '{{ prefix }}' and a two-digit number ('{{ prefix }}01', "
            "'{{ prefix }}02' and so on), taking them {{ order_text }}; the last batch gets whatever is left. Keep "
            "the file names.{% if mode == 'copy' %} The originals stay where they are.{% endif %}{% if only_ext %} "
            "Leave the other files alone.{% endif %}",
            "The upload form only takes {{ size }} files at a time, so could you break {{ folder }} up for me? "
            "{% if only_ext %}Just the {{ only_ext }} photos. {% endif %}Go through them {{ order_text }} and "
            "{% if mode == 'copy' %}put copies{% else %}move them{% endif %} in groups of {{ size }} into folders "
            "'{{ prefix }}01', '{{ prefix }}02', ... (the prefix '{{ prefix }}', then a two-digit number) inside "
            "{{ folder }}, the remainder in the last one.{% if mode == 'copy' %} Don't move the originals.{% endif %}",
            "{{ folder }}/: {{ mode }} {% if only_ext %}*{{ only_ext }}{% else %}all files{% endif %} into folders "
            "named prefix '{{ prefix }}' + NN (01, 02, ...), {{ size }} files each, {{ order_text }}; last one "
            "partial; names unchanged.",
        ],
        criteria=["The files fill the batch folders in the stated order, N per folder, the rest in the last.",
                  "Moved or copied as asked, names and contents kept; nothing else changed."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A flat folder of many files")],
        checks=[CheckTemplate(func="tree.split_into_batches", bind={
            "size": "size", "prefix": "prefix", "order": "order", "only_ext": "only_ext", "mode": "mode"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        photos_only = opts.photos_only if opts.photos_only is not None else ctx.rng.random() < 0.5
        order: Order = opts.order or ctx.rng.choice(["name", "date", "largest"] if photos_only else ["name", "largest"])
        if order == "date" and not photos_only:
            raise WorkflowError(f"skill {ctx.skill.id!r}: a date order needs photos_only (other names carry no time)")
        while True:
            files = without_copies(make_tree(ctx.rng, ctx.faker, photos=ctx.rng.randint(14, 26)))
            params = Params(folder=ctx.rng.choice(["Camera_roll", "Scans", "Export", "To_upload"]),
                            size=ctx.rng.choice([4, 5, 6, 8]), prefix=ctx.rng.choice(PREFIXES), order=order,
                            order_text=ORDER_TEXT[order], only_ext=".jpg" if photos_only else None,
                            mode=opts.mode or ctx.rng.choice(["move", "copy"]))
            rule = SplitIntoBatches(folder=params.folder, **params.model_dump(exclude={"folder", "order_text"}))
            count = len(batch_order(tree_view(files, params.folder).files(), rule))
            if count > 2 * params.size and count % params.size:  # three batches or more, the last one partial
                return params.with_files(folder=pack_tree(files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re, shutil
            root = {lit(params.folder)}
            only = {lit(params.only_ext)}
            names = [n for n in os.listdir(root) if os.path.isfile(os.path.join(root, n))
                     and (not only or os.path.splitext(n)[1].lower() == only)]
            order = {lit(params.order)}
            if order == "name":
                names.sort(key=lambda n: (n.lower(), n))
            elif order == "largest":
                names.sort(key=lambda n: (-os.path.getsize(os.path.join(root, n)), n.lower(), n))
            else:
                moment = lambda n: "".join(re.search(r"(20\\d{{6}})_(\\d{{6}})", n).groups())
                names.sort(key=lambda n: (moment(n), n.lower(), n))
            for i, name in enumerate(names):
                batch = os.path.join(root, {lit(params.prefix)} + f"{{i // {params.size} + 1:02d}}")
                os.makedirs(batch, exist_ok=True)
                {"shutil.copy2" if params.mode == "copy" else "shutil.move"}(os.path.join(root, name), batch)
                print(name, "->", os.path.basename(batch))
        """
        return solution(
            shell_step(f"ls -laS {params.folder}", f"First I see what {params.folder}/ holds and how big.",
                       "List the folder"),
            script_step(script, f"I order the files ({params.order}) and {params.mode} them {params.size} at a "
                        "time into numbered batch folders, the last taking the rest.", "Split into batches"),
            shell_step(f"find {params.folder} -mindepth 1 -type d | sort | while read d; do echo \"$d $(ls \"$d\" | "
                       "wc -l)\"; done", "Then I count the files in each batch.", "Check the batches"))
