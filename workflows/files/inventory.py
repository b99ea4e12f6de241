"""Write a CSV inventory of a folder: every file's path and size, sorted by path."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    folder: str
    report: str
    path_column: str
    size_column: str


@register_workflow
class Inventory(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.inventory", apps=["files"], params=Params,
        phrasings=[
            "Make an inventory of {{ folder }}/: write {{ report }} with the header {{ path_column }},{{ size_column }} "
            "and one row per file (its path relative to {{ folder }}/ and its size in bytes), sorted by path in plain character (byte) order. "
            "Don't change the folder.",
            "For the backup plan I need {{ report }}: a CSV with columns \"{{ path_column }}\" and "
            "\"{{ size_column }}\" listing every file in {{ folder }}/ (relative path, size in bytes), ordered by "
            "path (byte order).",
            "{{ folder }}/ -> {{ report }} (CSV: {{ path_column }}, {{ size_column }} in bytes; one row per file; "
            "sorted by path, byte order).",
        ],
        criteria=["One row per file with its exact size in bytes, sorted by path, under the requested header."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A Downloads folder"),
               FileSlot(param="report", type="csv", description="The inventory")],
        checks=[CheckTemplate(func="tree.inventory_table",
                              bind={"folder": "folder", "path_column": "path_column", "size_column": "size_column"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        tree = make_tree(ctx.rng, ctx.faker)
        path_column, size_column = ctx.rng.choice([("path", "size_bytes"), ("file", "bytes"), ("name", "size")])
        params = Params(folder=tree.root, report=f"{tree.root.lower()}_inventory.csv", path_column=path_column,
                        size_column=size_column)
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, os
            root = {lit(params.folder)}
            rows = []
            for folder, _, names in os.walk(root):
                for name in names:
                    path = os.path.join(folder, name)
                    rows.append([os.path.relpath(path, root), os.path.getsize(path)])
            with open({lit(params.report)}, "w", newline="") as out:
                writer = csv.writer(out)
                writer.writerow([{lit(params.path_column)}, {lit(params.size_column)}])
                writer.writerows(sorted(rows))
            print(len(rows), "files")
        """
        return solution(script_step(script, f"I walk {params.folder}/ and write each file's relative path and size "
                                    f"to {params.report}, sorted by path.", f"Write {params.report}"))
