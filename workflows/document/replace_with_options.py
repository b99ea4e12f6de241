"""Find & Replace with its two options set as asked: whole words only or any match, matching
case or not - the settings that decide whether 'team' also changes 'teams' and 'Team'."""

from __future__ import annotations

import re

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import PreparedWorkflow
from workflows._replace import OPTIONS, ReplaceOptions, ReplaceParams, option_score
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

SWAPS = [("team", "group"), ("customer", "client"), ("cost", "expense"), ("staff", "personnel"), ("report", "review"),
         ("project", "programme"), ("process", "procedure"), ("supplier", "vendor"), ("target", "goal"),
         ("budget", "allowance"), ("survey", "poll"), ("complaint", "grievance"), ("ticket", "case")]

Params, Options = ReplaceParams, ReplaceOptions


@register_workflow
class ReplaceWithOptions(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.replace_with_options", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f'In {{{{ input }}}}, replace "{{{{ old }}}}" with "{{{{ new }}}}" everywhere in the text ({OPTIONS}). '
            "Nothing else changes. " + SAVE["formal"],
            f'We now say "{{{{ new }}}}" instead of "{{{{ old }}}}". Can you run a replace-all on {{{{ input }}}} - '
            f"{OPTIONS}? " + SAVE["chatty"],
            f'{{{{ input }}}}: replace "{{{{ old }}}}" -> "{{{{ new }}}}" ({OPTIONS}). ' + SAVE["terse"],
        ],
        criteria=["Exactly the occurrences the two options select are replaced.", "Nothing else changed."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report or memo"),
               FileSlot(param="output", type="docx", description="The document after the replacement")],
        checks=[CheckTemplate(func="document.replaced_by_rule", bind={"old": "old", "new": "new",
                                                                       "whole_word": "whole_word", "match_case": "match_case"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        whole = getattr(ctx.options, "whole_word", None)
        case = getattr(ctx.options, "match_case", None)
        whole = ctx.rng.random() < 0.5 if whole is None else whole
        case = ctx.rng.random() < 0.5 if case is None else case
        best: tuple[int, object, list[tuple[str, str]]] = (0, None, [])
        for _ in range(12):  # a document where the options matter (both, ideally)
            doc = make_document(ctx.rng, ctx.faker, kind=ctx.rng.choice(["report", "memo"]))
            texts = [doc.title, *(p.text for p in doc.opening)] + [t for s in doc.sections for t in
                                                                  [s.heading, *(p.text for p in s.paragraphs)]]
            cells = " ".join(c for s in doc.sections if s.table for c in [*s.table.headers, *(c for row in s.table.rows for c in row)])
            scored = {(o, n): option_score("\n".join(texts), o, whole, case) for o, n in SWAPS
                      if not re.search(o, f"{cells} {doc.header} {doc.footer}", re.IGNORECASE)}
            top = max(scored.values(), default=0)
            if top > best[0]:
                best = (top, doc, [pair for pair, score in scored.items() if score == top])
            if top == 3:
                break
        if best[1] is None:
            raise WorkflowError("no document mentions any of the words to replace")
        doc, fits = best[1], best[2]  # type: ignore[assignment]
        old, new = ctx.rng.choice(fits)
        params = Params(**doc_paths(ctx, doc.file_stem, "reworded"), old=old, new=new, whole_word=whole, match_case=case)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        pattern = rf"(?<!\w){re.escape(params.old)}(?!\w)" if params.whole_word else re.escape(params.old)
        script = f"""
            import re, docx
            document = docx.Document({lit(params.input)})
            pattern = re.compile({lit(pattern)}, {0 if params.match_case else "re.IGNORECASE"})
            count = 0
            for p in document.paragraphs:
                if pattern.search(p.text):
                    for run in p.runs:
                        run.text, n = pattern.subn({lit(params.new)}, run.text)
                        count += n
                    if pattern.search(p.text):  # a match across runs: rewrite the paragraph's text
                        text = pattern.sub({lit(params.new)}, p.text)
                        for run in p.runs[1:]:
                            run.text = ""
                        p.runs[0].text = text
            print(count, "replacements")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I skim {params.input} for {params.old!r} in its different forms."),
                        script_step(script, "I replace run by run with a regular expression that encodes the two "
                                    "options, so formatting stays.", f"Replace {params.old} with {params.new}"),
                        outline_step(params.output, "I list the paragraphs again to check the wording."))
