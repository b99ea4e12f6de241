"""Insert a bullet slide after a named slide of a deck, saving a new version of the deck."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import make_deck, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, WorkflowContext, WorkflowSpec, register_workflow


class Params(Prepared):
    input: str
    output: str
    title: str
    bullets: list[str]
    after_title: str


@register_workflow
class AddSlide(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.add_slide", apps=["presentation"], params=Params,
        phrasings=[
            'Add a new slide to {{ input }} right after the slide "{{ after_title }}". Use a title-and-content '
            'layout, title it "{{ title }}" and give it these bullet points, in this order: '
            '{% for b in bullets %}"{{ b }}"{% if not loop.last %}, {% endif %}{% endfor %}. Keep every other slide '
            "as it is and save the deck as {{ output }}.",
            'I need one more slide in {{ input }}: "{{ title }}", placed directly after "{{ after_title }}", with the '
            'bullets {% for b in bullets %}"{{ b }}"{% if not loop.last %}; {% endif %}{% endfor %}. '
            "Save the updated presentation as {{ output }}.",
            '{{ input }}: insert slide "{{ title }}" after "{{ after_title }}"; bullets: '
            '{% for b in bullets %}"{{ b }}"{% if not loop.last %}, {% endif %}{% endfor %}. Output: {{ output }}.',
        ],
        criteria=["The new slide sits directly after the named slide, with the requested title.",
                  "Its bullets are exactly the requested ones, in order.", "All other slides are unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The deck with the new slide")],
        checks=[CheckTemplate(func="slides.slide_inserted",
                              bind={"title": "title", "bullets": "bullets", "after_title": "after_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        deck = make_deck(ctx.rng, ctx.faker)
        titles = [s.title for s in deck.slides]
        extra = corpus("decks")["extra_slides"]
        title = ctx.rng.choice([t for t in sorted(extra) if t not in titles])
        params = Params(input=f"decks/{deck.file_stem}.pptx", output=f"decks/{deck.file_stem}_v2.pptx", title=title,
                        bullets=extra[title], after_title=ctx.rng.choice(titles[2:-1]))
        return params.with_files(input=write_pptx(deck))


    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import pptx
            deck = pptx.Presentation({lit(params.input)})
            slides = list(deck.slides)
            after = next(i for i, s in enumerate(slides) if s.shapes.title is not None
                         and s.shapes.title.text_frame.text.strip() == {lit(params.after_title)})
            layout = next(l for l in deck.slide_layouts if l.name == "Title and Content")
            slide = deck.slides.add_slide(layout)
            slide.shapes.title.text = {lit(params.title)}
            body = slide.placeholders[1].text_frame
            for i, text in enumerate({lit(params.bullets)}):
                paragraph = body.paragraphs[0] if i == 0 else body.add_paragraph()
                paragraph.text = text
            order = deck.slides._sldIdLst
            new = order[-1]
            order.remove(new)
            order.insert(after + 1, new)
            deck.save({lit(params.output)})
            print([s.shapes.title.text_frame.text for s in deck.slides])
        """
        return solution(script_step(script, f"I'll add a Title and Content slide with python-pptx, fill the title "
                                    f"and bullets, move it to just after {params.after_title!r} in the slide list, "
                                    f"and save as {params.output}.", f"Insert the {params.title} slide"))
