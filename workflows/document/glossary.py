"""Build a glossary from the terms a report sets in bold where it defines them: a bulleted list of
the terms, or a Term | Definition table beside the sentence that defines each; alphabetical or in
the order they first appear; at the end of the report, or as a document of its own."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step
from workflows.document._glossary import with_terms
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["list", "table"]
Order = Literal["alphabetical", "appearance"]
FORM = ("{% if form == 'list' %}a bulleted list of the terms, one bullet per term written as in the text{% else %}"
        "a two-column table with the header row Term | Definition: each term, and beside it the sentence in which "
        "it is set in bold{% endif %}")
ORDER = "{% if order == 'alphabetical' %}in alphabetical order{% else %}in the order they first appear{% endif %}"
PLACE = ('{% if separate %}in a new document {{ output }} whose first line is the heading "{{ heading }}" '
         '(leave {{ input }} unchanged){% else %}at the end of the document, under a new Heading 1 "{{ heading }}"'
         "{% endif %}")
CLOSE = {register: "{% if separate %}{% else %}" + text + "{% endif %}" for register, text in SAVE.items()}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    separate: bool
    heading: str
    form: Form
    order: Order


class Options(SkillParams):
    form: Form | None = None
    order: Order | None = None
    separate: bool | None = None
    in_place: bool | None = None


@register_workflow
class Glossary(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.glossary", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"{{{{ input }}}} sets each defined term in bold where it is defined. Build a glossary of every bold "
            f"term (each once), {ORDER}, as {FORM}, {PLACE}. Change nothing else. " + CLOSE["formal"],
            f"Readers of {{{{ input }}}} keep asking what the bold terms mean. Could you pull every bold term "
            f"into a glossary {PLACE}? I'd like {FORM}, {ORDER}, each term only once. " + CLOSE["chatty"],
            f"{{{{ input }}}}: glossary of the bold terms, once each, {ORDER}; {FORM}; {PLACE}. " + CLOSE["terse"],
        ],
        criteria=["Every bold term of the body appears once in the glossary, in the order asked, in the form asked.",
                  "The glossary sits where asked, under its heading; the rest of the report is unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with terms in bold"),
               FileSlot(param="output", type="docx", description="The glossary (with the report or on its own)")],
        checks=[CheckTemplate(func="document.glossary_built", bind={"heading": "heading", "form": "form",
                                                                     "order": "order", "separate": "separate"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        form = getattr(ctx.options, "form", None) or ctx.rng.choice(["list", "table"])
        order = getattr(ctx.options, "order", None) or ctx.rng.choice(["alphabetical", "appearance"])
        separate = getattr(ctx.options, "separate", None)
        separate = ctx.rng.random() < 0.3 if separate is None else separate
        doc, _ = with_terms(make_document(ctx.rng, ctx.faker, kind="report"), ctx.rng)
        paths = doc_paths(ctx, doc.file_stem, "glossary")
        if separate:  # the glossary file beside the report, which stays as it is
            paths = {**paths, "in_place": False, "output": paths["input"].removesuffix(".docx") + "_glossary.docx"}
        params = Params(**paths, separate=separate, form=form, order=order,
                        heading=ctx.rng.choice(["Glossary", "Key terms", "Definitions"]))
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            import docx
            source = docx.Document({lit(params.input)})
            terms = {{}}
            for p in source.paragraphs:
                if p.style.name.startswith(("Heading", "Title")):
                    continue
                text, at, spans = p.text, 0, []
                for run in p.runs:
                    if run.bold and run.text:
                        if spans and spans[-1][1] == at:
                            spans[-1][1] = at + len(run.text)
                        else:
                            spans.append([at, at + len(run.text)])
                    at += len(run.text)
                for start, end in spans:
                    term = " ".join(text[start:end].split()).strip(" ,;:.")
                    cuts = [0] + [m.end() for m in re.finditer(r"(?<=[.!?])\\s+", text)] + [len(text)]
                    left = max(c for c in cuts if c <= start)
                    right = min(c for c in cuts if c > start)
                    terms.setdefault(term.casefold(), (term, " ".join(text[left:right].split())))
            found = list(terms.values())
            if {lit(params.order)} == "alphabetical":
                found.sort(key=lambda t: t[0].casefold())
            document = docx.Document() if {lit(params.separate)} else source
            document.add_heading({lit(params.heading)}, level=1)
            if {lit(params.form)} == "list":
                for term, _ in found:
                    document.add_paragraph(term, style="List Bullet")
            else:
                grid = document.add_table(rows=1, cols=2)
                grid.style = "Table Grid"
                grid.rows[0].cells[0].text, grid.rows[0].cells[1].text = "Term", "Definition"
                for term, sentence in found:
                    cells = grid.add_row().cells
                    cells[0].text, cells[1].text = term, sentence
            print(found)
            output = {lit(params.output)}
            os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
            document.save(output)
        """
        return solution(outline_step(params.input, f"I look over {params.input} to see how its terms are marked."),
                        script_step(script, "With python-docx I collect each bold stretch of the body once, with "
                                    "the sentence it stands in, and write the glossary.", "Build the glossary"),
                        outline_step(params.output, "I list the paragraphs of the result to check the glossary."))
