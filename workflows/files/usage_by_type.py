"""Summarise a folder's disk usage per file extension (count and bytes) into a CSV."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.files import make_tree
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
    order: Literal["extension", "largest_first"] | None = None


class Params(Prepared):
    folder: str
    report: str
    columns: list[str]
    order: Literal["extension", "largest_first"]


@register_workflow
class UsageByType(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.usage_by_type", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "What is taking up the space in {{ folder }}/? Make {{ report }}, a CSV with the columns "
            "{{ columns | join(', ') }}: one row per file extension (the part after the last dot, lower-case, with "
            "the dot, like .pdf), the number of files with it and their total size in bytes. {% if order == "
            "'extension' %}Sort by extension.{% else %}Biggest total first (ties by extension).{% endif %} Leave the "
            "folder alone.",
            "Quick disk-usage breakdown please: for {{ folder }}/, count files and add up bytes per extension (.jpg, "
            ".zip...; last suffix only, lower-cased) into {{ report }} with header {{ columns | join(',') }}, "
            "{% if order == 'extension' %}alphabetical by extension{% else %}largest total first{% endif %}.",
            "{{ folder }}/ usage per extension -> {{ report }} ({{ columns | join(', ') }}; {% if order == 'extension' "
            "%}by extension{% else %}by bytes desc{% endif %}). Read-only.",
        ],
        criteria=["One row per extension with the right count and bytes, in the order asked.", "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A Downloads folder"),
               FileSlot(param="report", type="csv", description="Usage per extension")],
        checks=[CheckTemplate(func="tree.extension_usage", bind={"folder": "folder", "columns": "columns",
                                                                 "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        tree = make_tree(ctx.rng, ctx.faker)
        columns = ctx.rng.choice([["Extension", "Files", "Bytes"], ["Type", "Count", "Total Bytes"],
                                  ["extension", "file_count", "size_bytes"]])
        params = Params(folder=tree.root, report=f"{tree.root.lower()}_usage.csv", columns=columns,
                        order=opts.order or ctx.rng.choice(["extension", "largest_first"]))
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os
            usage = {{}}
            for folder, _, names in os.walk({lit(params.folder)}):
                for name in names:
                    ext = os.path.splitext(name)[1].lower() or "(none)"
                    count, size = usage.get(ext, (0, 0))
                    usage[ext] = (count + 1, size + os.path.getsize(os.path.join(folder, name)))
            order = sorted(usage) if {lit(params.order)} == "extension" else sorted(usage, key=lambda e: (-usage[e][1], e))
            with open({lit(params.report)}, "w", newline="") as out:
                writer = csv.writer(out)
                writer.writerow({lit(params.columns)})
                writer.writerows([e, *usage[e]] for e in order)
            print(usage)
        """
        return solution(script_step(script, f"I walk {params.folder}/, add up files and bytes per extension and "
                                    f"write {params.report}.", f"Summarise {params.folder}/ by type"))
