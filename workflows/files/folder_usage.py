"""Report how much space each subfolder of a folder takes (files and bytes, at any depth) as a CSV."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.files import make_documents_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)


class Options(SkillParams):
    order: Literal["folder", "largest_first"] | None = None


class Params(Prepared):
    folder: str
    report: str
    columns: list[str]
    order: Literal["folder", "largest_first"]


@register_workflow
class FolderUsage(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.folder_usage", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Like `du` but as a spreadsheet: for each subfolder directly inside {{ folder }}/, count the files under "
            "it (at any depth) and add up their sizes in bytes. Write {{ report }} with the columns "
            "{{ columns | join(', ') }}, {% if order == 'folder' %}sorted by folder name{% else %}biggest first (ties "
            "by name){% endif %}. Don't change the folder.",
            "Which part of {{ folder }}/ is the biggest? Please make {{ report }} listing each top-level subfolder "
            "with its number of files and total bytes (everything beneath it counts), header "
            "{{ columns | join(',') }}, {% if order == 'folder' %}in name order{% else %}largest first{% endif %}.",
            "{{ folder }}/ per-subfolder usage -> {{ report }} ({{ columns | join(', ') }}; recursive; "
            "{% if order == 'folder' %}by name{% else %}by bytes desc{% endif %}). Read-only.",
        ],
        criteria=["One row per top-level subfolder with the right counts.", "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A Documents folder"),
               FileSlot(param="report", type="csv", description="Usage per subfolder")],
        checks=[CheckTemplate(func="tree.folder_usage", bind={"folder": "folder", "columns": "columns",
                                                               "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        tree = make_documents_tree(ctx.rng, ctx.faker)
        columns = ctx.rng.choice([["Folder", "Files", "Bytes"], ["folder", "file_count", "total_bytes"],
                                  ["Subfolder", "Count", "Size (bytes)"]])
        params = Params(folder=tree.root, report=f"{tree.root.lower()}_folders.csv", columns=columns,
                        order=opts.order or ctx.rng.choice(["folder", "largest_first"]))
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os
            root, usage = {lit(params.folder)}, {{}}
            for top in sorted(os.listdir(root)):
                if os.path.isdir(os.path.join(root, top)):
                    sizes = [os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(os.path.join(root, top))
                             for n in names]
                    usage[top] = (len(sizes), sum(sizes))
            order = sorted(usage) if {lit(params.order)} == "folder" else sorted(usage, key=lambda f: (-usage[f][1], f))
            with open({lit(params.report)}, "w", newline="") as out:
                csv.writer(out).writerows([{lit(params.columns)}, *([f, *usage[f]] for f in order)])
            print(usage)
        """
        return solution(script_step(script, f"I walk each subfolder of {params.folder}/, count its files and bytes "
                                    f"and write {params.report}.", f"Summarise {params.folder}/ by subfolder"))
