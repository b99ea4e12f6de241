"""Find the files in a folder tree whose text mentions a client's name (case-insensitively or exactly)."""

from __future__ import annotations

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
    ignore_case: bool | None = None


class Params(Prepared):
    folder: str
    report: str
    term: str
    ignore_case: bool


@register_workflow
class FindMentions(FolderWorkflow[Params]):
    spec = WorkflowSpec(
        name="files.find_mentions", apps=["files"], params=Params, skill_params=Options,
        phrasings=[
            "Legal asked for every document that mentions {{ term }}. Search all the files in {{ folder }}/ and its "
            "subfolders{% if ignore_case %} (any capitalisation counts){% else %} for exactly \"{{ term }}\" as "
            "written, capital first{% endif %} and list the matching ones in {{ report }}, one path per line relative "
            "to {{ folder }}/, sorted. Don't change any files.",
            "Which of my notes in {{ folder }}/ talk about {{ term }}? Put the paths (relative, sorted) in "
            "{{ report }}.{% if ignore_case %} Upper or lower case doesn't matter.{% else %} Case-sensitive match "
            "only, please.{% endif %}",
            "grep -rl{% if ignore_case %}i{% endif %} \"{{ term }}\" {{ folder }}/ -> {{ report }} (paths relative to "
            "{{ folder }}/, sorted); folder read-only.",
        ],
        criteria=["Exactly the files containing the term are listed, sorted.", "The folder is unchanged."],
        files=[FileSlot(param="folder", type="tree", role="input", description="A Documents folder of notes"),
               FileSlot(param="report", type="txt", description="The files mentioning the client")],
        checks=[CheckTemplate(func="tree.files_containing", bind={"folder": "folder", "term": "term",
                                                                   "ignore_case": "ignore_case"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        tree = make_documents_tree(ctx.rng, ctx.faker)
        ignore_case = opts.ignore_case if opts.ignore_case is not None else ctx.rng.random() < 0.6
        params = Params(folder=tree.root, report=f"{tree.term.lower()}_mentions.txt", term=tree.term,
                        ignore_case=ignore_case)
        return params.with_files(folder=pack_tree(tree.files))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os
            root, term, fold = {lit(params.folder)}, {lit(params.term)}, {params.ignore_case!r}
            hits = []
            for folder, _, names in os.walk(root):
                for name in names:
                    path = os.path.join(folder, name)
                    text = open(path, encoding="utf-8", errors="replace").read()
                    if (term.casefold() in text.casefold()) if fold else (term in text):
                        hits.append(os.path.relpath(path, root))
            open({lit(params.report)}, "w").write("".join(p + "\\n" for p in sorted(hits)))
            print(sorted(hits))
        """
        return solution(script_step(script, f"I read every file under {params.folder}/ and keep those containing "
                                    f"{params.term!r}{' in any case' if params.ignore_case else ''}.",
                                    f"Find mentions of {params.term}"))
