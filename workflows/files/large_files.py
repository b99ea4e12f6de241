"""List the files of a folder over a size, largest first, into a text report."""

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
    order: Literal["largest_first", "by_name"] | None = None


class Params(Prepared):
    folder: str
    report: str
    min_kb: int
    min_bytes: int
    order: Literal["largest_first", "by_name"] = "largest_first"


@register_workflow
class LargeFiles(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.large_files", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "My {{ folder }} folder is filling up the disk. Write a list of every file in it larger than {{ min_kb }} "
            "KB ({{ min_bytes }} bytes) to {{ report }}: one path per line, relative to {{ folder }}/, "
            "{% if order == 'by_name' %}in name order{% else %}largest first (ties in name order){% endif %}. Don't "
            "move or delete anything.",
            "Which files in {{ folder }}/ are bigger than {{ min_bytes }} bytes? Put their paths (relative to the "
            "folder), {% if order == 'by_name' %}sorted by name{% else %}biggest first{% endif %}, one per line, in "
            "{{ report }}. Leave the folder as it is.",
            "{{ folder }}/: files over {{ min_bytes }} bytes -> {{ report }}, one relative path a line, "
            "{% if order == 'by_name' %}by name{% else %}by size descending (ties: by name){% endif %}. Read-only.",
        ],
        criteria=["Exactly the files over the size are listed, largest first.", "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A cluttered Downloads folder"),
               FileSlot(param="report", type="txt", description="The large files, largest first")],
        checks=[CheckTemplate(func="tree.large_files_listed", bind={"folder": "folder", "min_bytes": "min_bytes",
                                                                     "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        tree = make_tree(ctx.rng, ctx.faker)
        sizes = sorted(tree.sizes().values(), reverse=True)
        # a round bound strictly between two sizes, keeping a quarter to a half of the files
        gaps = [(b, a) for a, b in zip(sizes, sizes[1:], strict=False) if a // 10_000 > b // 10_000]
        lo, hi = ctx.rng.choice(gaps[len(gaps) // 4: max(len(gaps) // 2, len(gaps) // 4 + 1)])
        min_kb = lo // 1000 // 10 * 10 + 10
        while not lo < min_kb * 1000 < hi:
            min_kb -= 1
        opts: Options = ctx.options  # type: ignore[assignment]
        params = Params(folder=tree.root, report="large_files.txt", min_kb=min_kb, min_bytes=min_kb * 1000,
                        order=opts.order or ("by_name" if ctx.rng.random() < 0.3 else "largest_first"))
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os
            root = {lit(params.folder)}
            sizes = []
            for folder, _, names in os.walk(root):
                for name in names:
                    path = os.path.join(folder, name)
                    sizes.append((os.path.getsize(path), os.path.relpath(path, root)))
            by_name = {params.order == "by_name"!r}
            big = sorted((s for s in sizes if s[0] > {params.min_bytes}), key=lambda s: s[1] if by_name else (-s[0], s[1]))
            open({lit(params.report)}, "w").write("".join(p + "\\n" for _, p in big))
            print(big)
        """
        return solution(script_step(script, f"I walk {params.folder}/, keep files over {params.min_bytes} bytes and "
                                    f"write their paths, {params.order.replace('_', ' ')}, to {params.report}.",
                                    f"List files over {params.min_kb} KB"))
