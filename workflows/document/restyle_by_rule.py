"""Restyle paragraphs by a rule, as an editor does before a report goes out: every 'Note:' (or
'Warning:', 'Tip:') paragraph, or every customer quotation in double quotes, given the Quote
style so it stands apart, or set wholly in italics. Near misses (a sentence that mentions a note,
a quotation inside a sentence) stay as they are."""

from __future__ import annotations

import random
from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import DocumentContent, Paragraph, Run, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Rule = Literal["prefix", "quoted"]
Change = Literal["style", "italic"]
LABELS = {"Note:": ["Note: the figures for {m} are provisional until the audit closes.",
                    "Note: {n} joined the team during the quarter and is not in the headcount."],
          "Warning:": ["Warning: the supplier contract for {m} lapses unless it is renewed.",
                       "Warning: {n}'s team is running without cover during the holidays."],
          "Tip:": ["Tip: the shared calendar shows every deadline for {m}.",
                   "Tip: ask {n} for the template before drafting the next update."]}
MISSES = ["As {n} asked, please take a note: the review moves to {m}.",
          "{n} called the rollout \"a big step\" in the {m} meeting."]
QUOTES = ["\u201cThe new process saved us a week of work.\u201d", "\u201cSupport answered within the hour every time.\u201d",
          "\u201cWe would like the reports earlier in {m}.\u201d", "\u201cOnboarding was clearer than last year.\u201d"]
WHO = ("{% if rule == 'prefix' %}every paragraph that starts with \u201c{{ prefix }}\u201d{% else %}every paragraph "
       "that is a quotation in double quotes (the customer comments){% endif %}")
HOW = "{% if style %}the paragraph style \u201c{{ style }}\u201d{% else %}italics, the whole paragraph{% endif %}"


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    rule: Rule
    prefix: str | None
    style: str | None


class Options(SkillParams):
    rule: Rule | None = None
    change: Change | None = None
    in_place: bool | None = None


def seeded_paragraphs(doc: DocumentContent, rule: Rule, prefix: str, rng: random.Random, name: str,
                      month: str) -> DocumentContent:
    """The report with two to four paragraphs the rule picks (the last after the final paragraph)
    and one near miss of the same kind, each inserted among the body paragraphs."""
    pool = LABELS[prefix] if rule == "prefix" else QUOTES
    texts = [t.format(n=name, m=month) for t in rng.sample(pool, min(len(pool), rng.randint(2, 4)))]
    miss = MISSES[0 if rule == "prefix" else 1].format(n=name, m=month)
    sections = [s.model_copy(update={"paragraphs": list(s.paragraphs)}) for s in doc.sections]
    *early, last = texts
    for text in [*early, miss]:
        body = sections[rng.randrange(len(sections))].paragraphs
        body.insert(rng.randint(0, len(body)), Paragraph(runs=[Run(text=text)]))
    sections[-1].paragraphs.append(Paragraph(runs=[Run(text=last)]))
    return doc.model_copy(update={"sections": sections})


@register_workflow
class RestyleByRule(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.restyle_by_rule", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ input }}, give " + WHO + " " + HOW + ". Don't change any words, and leave every other "
            "paragraph's formatting alone. " + SAVE["formal"],
            "The {% if rule == 'prefix' %}\u201c{{ prefix }}\u201d paragraphs{% else %}customer quotes{% endif %} "
            "in {{ input }} get lost in the text. Could you put them in " + HOW + "? Only those paragraphs - "
            "mentions in the middle of a sentence don't count. " + SAVE["chatty"],
            "{{ input }}: " + WHO + " -> {% if style %}style \u201c{{ style }}\u201d{% else %}all italic{% endif %}"
            "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["Every paragraph the rule picks is restyled as asked, the last one included.",
                  "Near misses and every other paragraph keep their words and formatting."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with notes or quotations"),
               FileSlot(param="output", type="docx", description="The report with those paragraphs restyled")],
        checks=[CheckTemplate(func="document.paragraphs_restyled", bind={"rule": "rule", "prefix": "prefix",
                                                                          "style": "style"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule: Rule = getattr(ctx.options, "rule", None) or ctx.rng.choice(["prefix", "quoted"])
        change: Change = getattr(ctx.options, "change", None) or ctx.rng.choice(["style", "italic"])
        prefix = ctx.rng.choice(sorted(LABELS))
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        doc = seeded_paragraphs(doc, rule, prefix, ctx.rng, ctx.faker.first_name(), f"{doc.date:%B}")
        style = ctx.rng.choice(["Quote", "Intense Quote"]) if change == "style" else None
        params = Params(**doc_paths(ctx, doc.file_stem, "styled"), rule=rule,
                        prefix=prefix if rule == "prefix" else None, style=style)
        return params.with_files(input=write_docx(doc))

    def reference(self, params: Params) -> ReferenceSolution:
        match = (f"p.text.lstrip().startswith({lit(params.prefix)})" if params.rule == "prefix" else
                 "re.match(r'^\\s*[\"\\u201c].*[\"\\u201d]\\s*$', p.text, re.S) and not p.style.name.startswith('Heading')")
        script = f"""
            import re
            import docx
            document = docx.Document({lit(params.input)})
            done = 0
            for p in document.paragraphs:
                if {match}:
                    if {lit(params.style)} is not None:
                        p.style = document.styles[{lit(params.style)}]
                    else:
                        for run in p.runs:
                            run.italic = True
                    done += 1
            print(done, "paragraphs restyled")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find the ones the rule "
                                     "picks."),
                        script_step(script, "With python-docx I restyle exactly the paragraphs the rule picks.",
                                    "Restyle the paragraphs"),
                        outline_step(params.output, "I list the paragraphs again to check their styles."))
