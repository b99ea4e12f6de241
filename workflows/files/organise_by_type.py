"""Organise a Downloads folder in place: move every file into a subfolder for its kind."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.files import make_tree
from preparers.filetypes.tree import pack_tree
from workflows._prepared import FolderWorkflow, Prepared
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

KINDS = [  # (names a person might give the subfolder, the extensions it takes)
    (["Images", "Photos", "Pictures"], [".jpg", ".jpeg", ".png"]),
    (["Documents", "Docs", "Papers"], [".pdf", ".docx", ".odt", ".txt"]),
    (["Spreadsheets", "Sheets", "Tables"], [".xlsx", ".csv"]),
    (["Archives", "Compressed"], [".zip", ".tar.gz"]),
]
OTHER = ["Other", "Misc", "Everything_else"]


class Params(Prepared):
    folder: str
    folders: list[str]
    extensions: list[list[str]]
    other: str


@register_workflow
class OrganiseByType(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.organise_by_type", apps=["files"], params=Params,
        phrasings=[
            ("{{ folder }}/ is a mess. Sort it by kind: move each file into a subfolder of {{ folder }}/ for its type: "
             "{% for f in folders %}{{ f }}/ for {{ extensions[loop.index0] | join(', ') }}; {% endfor %}and "
             "{{ other }}/ for anything else. Keep every file's name and content; leave nothing at the top level and "
             "add no other files."),
            ("Could you tidy up {{ folder }}/? Make the subfolders {% for f in folders %}{{ f }} "
             "({{ extensions[loop.index0] | join(', ') }}){% if not loop.last %}, {% endif %}{% endfor %} and "
             "{{ other }} (everything else) inside it, and move every file into the one for its extension. Move, "
             "don't copy, and don't rename anything."),
        ],
        criteria=["Every file is in the subfolder for its extension, under its own name, content unchanged.",
                  "Nothing is left at the top level, nothing copied, lost or added."],
        files=[FileSlot(param="folder", type="tree", role="in_place", description="A cluttered Downloads folder")],
        checks=[CheckTemplate(func="tree.organised_by_type",
                              bind={"folders": "folders", "extensions": "extensions", "other": "other"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        tree = make_tree(ctx.rng, ctx.faker)
        params = Params(folder=tree.root, folders=[ctx.rng.choice(names) for names, _ in KINDS],
                        extensions=[exts for _, exts in KINDS], other=ctx.rng.choice(OTHER))
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os
            root = {lit(params.folder)}
            kinds = list(zip({lit(params.folders)}, {lit(params.extensions)}))
            for name in sorted(os.listdir(root)):
                if not os.path.isfile(os.path.join(root, name)):
                    continue
                matches = [(len(e), folder) for folder, exts in kinds for e in exts if name.lower().endswith(e)]
                folder = max(matches)[1] if matches else {lit(params.other)}
                os.makedirs(os.path.join(root, folder), exist_ok=True)
                os.rename(os.path.join(root, name), os.path.join(root, folder, name))
            for folder in sorted(os.listdir(root)):
                print(folder, sorted(os.listdir(os.path.join(root, folder))))
        """
        return solution(
            shell_step(f"ls -la {params.folder}", f"First I look at what {params.folder}/ holds.", "List the folder"),
            script_step(script, "I move each file into the subfolder for its extension (the longest listed "
                        f"extension wins, so .tar.gz is an archive), and {params.other}/ for the rest.",
                        "Move the files into kind folders"))
