"""Insert a new headed section (heading + paragraph) before a named section of a report, in place."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow

NEW_HEADINGS = ["Lessons Learned", "Budget Impact", "Stakeholder Feedback", "Open Questions", "Dependencies"]


class Params(Prepared):
    document: str
    heading: str
    level: int
    paragraphs: list[str]
    before_heading: str


@register_workflow
class AddSection(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.add_section", apps=["document"], params=Params,
        phrasings=[
            'In {{ document }}, add a new section called "{{ heading }}" as a level {{ level }} heading, placed '
            'directly before the "{{ before_heading }}" section. Under the new heading put this paragraph: '
            '"{{ paragraphs[0] }}" Leave the rest of the report untouched and save the file in place.',
            'Please edit {{ document }}: just above the heading "{{ before_heading }}", insert a Heading '
            '{{ level }} titled "{{ heading }}" followed by one paragraph reading "{{ paragraphs[0] }}" '
            "Nothing else should change; overwrite the same file.",
            '{{ document }}: new section "{{ heading }}" (heading level {{ level }}) before "{{ before_heading }}", '
            'body text: "{{ paragraphs[0] }}" Save over the original.',
        ],
        criteria=["The new heading has the requested text and heading level, right before the named section.",
                  "The paragraph under it reads exactly as given.", "No other paragraph, heading or table changed."],
        files=[FileSlot(param="document", type="docx", role="in_place", description="A report with headed sections")],
        checks=[CheckTemplate(func="document.section_inserted",
                              bind={"heading": "heading", "level": "level", "paragraphs": "paragraphs",
                                    "before_heading": "before_heading"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        heading = ctx.rng.choice([h for h in NEW_HEADINGS if h not in doc.headings])
        template = ctx.rng.choice(corpus("business")["recommendation_templates"])
        subject = ctx.rng.choice(["the handover process", "supplier onboarding", "the monthly review", "budget sign-off"])
        text = template.format(subject=subject, dept=ctx.rng.choice(corpus("business")["departments"]),
                               city=ctx.faker.city())
        params = Params(document=f"{doc.file_stem}.docx", heading=heading, level=1, paragraphs=[text],
                        before_heading=ctx.rng.choice(doc.headings[1:]))
        return params.with_files(document=write_docx(doc))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx
            path = {lit(params.document)}
            document = docx.Document(path)
            anchor = next(p for p in document.paragraphs
                          if p.style.name.startswith("Heading") and p.text.strip() == {lit(params.before_heading)})
            anchor.insert_paragraph_before({lit(params.heading)}, style="Heading {params.level}")
            for text in {lit(params.paragraphs)}:
                anchor.insert_paragraph_before(text, style="Normal")
            document.save(path)
            print([p.text for p in document.paragraphs if p.style.name.startswith("Heading")])
        """
        return solution(script_step(script, f"I'll open {params.document} with python-docx, find the "
                                    f"{params.before_heading!r} heading and insert the new heading and its paragraph "
                                    "just before it, then save over the file and list the headings to confirm.",
                                    f"Insert the {params.heading} section before {params.before_heading}"))
