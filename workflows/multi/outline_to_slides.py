"""Turn a report's outline into a deck: a title slide, then one slide per section heading."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    report: str
    deck: str
    title: str
    level: int


@register_workflow
class OutlineToSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="multi.outline_to_slides", apps=["document", "presentation"], params=Params,
        phrasings=[
            "Build a slide deck {{ deck }} from the outline of {{ report }}: first a title slide with the title "
            '"{{ title }}", then one slide for each level {{ level }} heading of the report, in order, titled with '
            "the heading and with the first sentence of that section as its bullet. No other slides.",
            "I'm presenting {{ report }} tomorrow. Could you make {{ deck }}? Title slide \"{{ title }}\", then a "
            "slide per section (each Heading {{ level }}), same order, the heading as the slide title and the "
            "section's opening sentence as the bullet point.",
            '{{ report }} -> {{ deck }}: title slide "{{ title }}"; then one slide per heading of level {{ level }} '
            "(title = heading, one bullet = the section's first sentence).",
        ],
        criteria=["The deck opens with the requested title slide.",
                  "Then exactly one slide per section heading, in the report's order, titled with it.",
                  "Each section slide carries the section's first sentence."],
        files=[FileSlot(param="report", type="docx", role="input", description="A report with sections"),
               FileSlot(param="deck", type="pptx", description="The outline as slides")],
        checks=[CheckTemplate(func="slides.outline_of", bind={"title_slide": "title", "level": "level"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        report = make_document(ctx.rng, ctx.faker, kind="report")
        params = Params(report=f"{report.file_stem}.docx", deck=f"{report.file_stem}_slides.pptx",
                        title=report.title, level=1)
        return params.with_files(report=write_docx(report))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import docx, pptx
            document = docx.Document({lit(params.report)})
            sections, current = [], None
            for p in document.paragraphs:
                if p.style.name == "Heading {params.level}":
                    current = [p.text, ""]
                    sections.append(current)
                elif current is not None and not current[1] and p.text.strip():
                    current[1] = p.text.split(". ")[0].rstrip(".") + "."
            deck = pptx.Presentation()
            title = deck.slides.add_slide(deck.slide_layouts[0])
            title.shapes.title.text = {lit(params.title)}
            title.placeholders[1].text = "Summary of the report"
            for heading, sentence in sections:
                slide = deck.slides.add_slide(deck.slide_layouts[1])
                slide.shapes.title.text = heading
                slide.placeholders[1].text = sentence
            deck.save({lit(params.deck)})
            print([h for h, _ in sections])
        """
        return solution(script_step(script, f"I read the Heading {params.level} paragraphs of {params.report} with "
                                    "python-docx, take each section's first sentence, and build the deck with "
                                    f"python-pptx: a title slide, then one slide per section.",
                                    f"Build {params.deck} from the outline"))
