"""Put a report's headings in one letter case with Writer's Format > Text menu: UPPERCASE,
Capitalize Every Word or Sentence case; every heading, or only the chapter (Heading 1) ones. The
draft's headings come in mixed cases, as when several authors wrote them."""

from __future__ import annotations

from typing import Literal

from forge.checks.document_case import Case, recased
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SHOWN = {"upper": "UPPERCASE (every letter a capital)",
         "capitalize": "Capitalize Every Word (each word starts with a capital, the rest of it lower case)",
         "sentence": "Sentence case (only the first letter a capital, everything else lower case)"}
MESS = {"upper": ("capitalize", "lower"), "capitalize": ("upper", "lower"), "sentence": ("upper", "capitalize")}
SCOPE = ("{% if levels == 1 %}the chapter headings (Heading 1 only; leave the Heading 2 sub-headings as they "
         "are){% else %}every heading, sub-headings included{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    case: Case
    shown: str
    levels: Literal[1] | None


class Options(SkillParams):
    case: Case | None = None
    top_only: bool | None = None
    in_place: bool | None = None


@register_workflow
class RecaseHeadings(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.recase_headings", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"The headings in {{{{ input }}}} use a mix of letter cases. Put {SCOPE} in {{{{ shown }}}}. Do not "
            "change the title line, the body text or any wording. " + SAVE["formal"],
            f"Several people wrote {{{{ input }}}} and the headings are all over the place - some in capitals, "
            f"some not. Could you make {SCOPE} {{{{ shown }}}}? Same words, nothing else touched. " + SAVE["chatty"],
            f"{{{{ input }}}}: {SCOPE} -> {{{{ shown }}}}. " + SAVE["terse"],
        ],
        criteria=["Every heading in scope reads its words in the case asked, letter for letter.",
                  "The title, other headings, the body and the tables are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with messy headings"),
               FileSlot(param="output", type="docx", description="The report, headings in one case")],
        checks=[CheckTemplate(func="document.headings_recased", bind={"case": "case", "levels": "levels"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        case = getattr(ctx.options, "case", None) or ctx.rng.choice(list(SHOWN))
        top = getattr(ctx.options, "top_only", None)
        top = ctx.rng.random() < 0.5 if top is None else top
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        subs = set(ctx.rng.sample(range(1, len(doc.sections)), max(1, len(doc.sections) // 3)))
        for _ in range(10):  # until a heading in scope is not in the case asked already
            sections = []
            for i, section in enumerate(doc.sections):
                mess = ctx.rng.choice(MESS[case])
                heading = section.heading.lower() if mess == "lower" else recased(section.heading, mess)
                sections.append(section.model_copy(update={"heading": heading, "level": 2 if i in subs else 1}))
            if any(recased(s.heading, case) != s.heading for s in sections if s.level == 1 or not top):
                break
        else:
            raise WorkflowError(f"no heading left to put in {case} case")
        doc = doc.model_copy(update={"sections": sections})
        params = Params(**doc_paths(ctx, doc.file_stem, "headings"), case=case, shown=SHOWN[case],
                        levels=1 if top else None)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            case, levels = {lit(params.case)}, {lit(params.levels or 9)}
            def recase(text):
                text = " ".join(text.split())
                if case == "upper":
                    return text.upper()
                if case == "capitalize":
                    return re.sub(r"[^\\W\\d_]+", lambda m: m.group()[:1].upper() + m.group()[1:].lower(), text)
                return text[:1].upper() + text[1:].lower()
            document = docx.Document({lit(params.input)})
            for p in document.paragraphs:
                name = p.style.name
                if name.startswith("Heading ") and name.split()[-1].isdigit() and int(name.split()[-1]) <= levels:
                    new = recase(p.text)
                    p.runs[0].text = new
                    for run in p.runs[1:]:
                        run.text = ""
                    print(name, "|", new)
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s headings and their levels."),
                        script_step(script, "With python-docx I rewrite each heading in scope in the case asked.",
                                    "Recase the headings"),
                        outline_step(params.output, "I list the paragraphs again to check the headings."))
