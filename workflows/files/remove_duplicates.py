"""Delete duplicate copies in a folder, keeping one file per content, and log what was removed."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    folder: str
    report: str


@register_workflow
class RemoveDuplicates(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.remove_duplicates", apps=["files"], params=Params,
        phrasings=[
            "{{ folder }}/ has duplicate files (the same content saved twice). For every group of identical files "
            "keep only the one with the shortest file name (alphabetically first on a tie) and delete the others. "
            "Then write the names of the deleted files, one per line, to {{ report }}.",
            "Please clean up the duplicates in {{ folder }}/: wherever several files have exactly the same "
            "content, keep the one whose name is shortest and remove the rest; list what you removed (one name a "
            "line) in {{ report }}. Leave all other files alone.",
            "{{ folder }}/: dedupe by content (keep the shortest name per group), log deleted names to {{ report }}.",
        ],
        criteria=["Exactly one file of each identical group remains, the shortest-named one.",
                  "No other file was changed or removed.", "The report lists exactly the deleted files."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A Downloads folder with duplicates"),
               FileSlot(param="report", type="txt", description="The removed files")],
        checks=[CheckTemplate(func="tree.duplicates_removed", bind={"folder": "folder"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        tree = make_tree(ctx.rng, ctx.faker)
        return Params(folder=tree.root, report="removed_duplicates.txt").with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import hashlib, os
            root = {lit(params.folder)}
            groups = {{}}
            for name in sorted(os.listdir(root)):
                digest = hashlib.sha256(open(os.path.join(root, name), "rb").read()).hexdigest()
                groups.setdefault(digest, []).append(name)
            removed = []
            for names in groups.values():
                keep = min(names, key=lambda n: (len(n), n))
                for name in names:
                    if name != keep:
                        os.remove(os.path.join(root, name))
                        removed.append(name)
            open({lit(params.report)}, "w").write("".join(n + "\\n" for n in removed))
            print("removed", removed)
        """
        return solution(
            shell_step(f"ls -la {params.folder} && sha256sum {params.folder}/* | sort | uniq -w64 -D",
                       f"First I look for files in {params.folder}/ whose checksums repeat.", "Find duplicate files"),
            script_step(script, "I group the files by SHA-256, keep the shortest name of each group, delete the "
                        f"rest and log their names in {params.report}.", "Delete the duplicates"))
