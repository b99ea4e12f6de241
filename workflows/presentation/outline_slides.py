"""Insert the new slides a colleague drafted in a Markdown outline into an existing deck: before
the closing slide or after a named slide, in the outline's order, sub-points indented in the
outline becoming sub-bullets; the agenda brought up to date with the new titles, or left."""

from __future__ import annotations

import textwrap
from typing import Literal

from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.presentation import Bullet, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._body import topics
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.presentation._draw import pick
from workflows.presentation._place import find_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Place = Literal["before_closing", "after_named"]
WHERE = ("{% if before %}just before the closing slide \"{{ anchor_title }}\"{% else %}right after the slide "
         "\"{{ anchor_title }}\"{% endif %}")
FORMAT = ("each '# ' line is a slide title and the '- ' lines under it are its bullets{% if nested %}; a '- ' line "
          "indented by two spaces is a sub-bullet of the one above{% endif %}")
AGENDA = ("{% if update_agenda %}Add the new titles to the Agenda slide too, at the same place in its list"
          "{% else %}Leave the Agenda slide as it is{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    outline: str
    anchor_title: str
    before: bool
    nested: bool
    update_agenda: bool


class Options(SkillParams):
    place: Place | None = None
    nested: bool | None = None
    update_agenda: bool | None = None
    in_place: bool | None = None


def _outline(ctx: WorkflowContext, taken: set[str], nested: bool) -> str:
    """1-3 drafted slides as Markdown (with sub-points under some bullets when nested)."""
    drafts = corpus("decks")["extra_slides"]
    titles = ctx.rng.sample([t for t in sorted(drafts) if t not in taken], ctx.rng.randint(1, 3))
    lines: list[str] = []
    for n, title in enumerate(titles):
        bullets: list[Bullet] = []
        for k, text in enumerate(drafts[title]):
            bullets.append(Bullet(text=text))
            if nested and (ctx.rng.random() < 0.4 or (n, k) == (len(titles) - 1, len(drafts[title]) - 1)):
                bullets += [b.model_copy(update={"level": 1}) for b in more_bullets(ctx.rng, ctx.faker, 1)]
        lines += [f"# {title}", "", *(f"{'  ' * b.level}- {b.text}" for b in bullets), ""]
    return "\n".join(lines)


@register_workflow
class OutlineSlides(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.outline_slides", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"A colleague drafted new slides for {{{{ input }}}} in {{{{ outline }}}}: {FORMAT}. Insert them into "
            f"the deck {WHERE}, in the outline's order, as title-and-content slides. {AGENDA}. The other slides "
            "stay as they are. " + SAVE["formal"],
            f"Could you drop the slides from {{{{ outline }}}} into {{{{ input }}}}? In that file {FORMAT}. They go "
            f"{WHERE}, in the same order. {AGENDA}, please. " + SAVE["chatty"],
            f"{{{{ outline }}}} -> new slides in {{{{ input }}}} {WHERE}, in order ({FORMAT}). {AGENDA}. "
            + SAVE["terse"],
        ],
        criteria=["One slide per outline heading with its bullets (and sub-bullets), in order, where asked.",
                  "The agenda lists the new titles if asked; every other slide is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="The deck to extend"),
               FileSlot(param="outline", type="md", role="input", description="The drafted slides as an outline"),
               FileSlot(param="output", type="pptx", description="The deck with the new slides")],
        checks=[CheckTemplate(func="slides.outline_inserted", paths={"input_file": "input", "outline": "outline"},
                              bind={"anchor_title": "anchor_title", "before": "before",
                                    "update_agenda": "update_agenda"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        place = getattr(ctx.options, "place", None) or ctx.rng.choice(["before_closing", "after_named"])
        nested, update = pick(ctx, "nested"), pick(ctx, "update_agenda")
        deck = make_deck(ctx.rng, ctx.faker)
        text = _outline(ctx, {s.title for s in deck.slides}, nested)
        before = place == "before_closing"
        anchor = deck.slides[-1].title if before else deck.slides[ctx.rng.choice(topics(deck))].title
        base = deck_paths(ctx, deck.file_stem, "extended")
        folder = str(base["input"]).rpartition("/")[0]
        params = Params(**base, outline=f"{folder + '/' if folder else ''}new_slides.md", anchor_title=anchor,
                        before=before, nested=nested, update_agenda=update)
        return params.with_files(input=write_pptx(deck), outline=text.encode())

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(f"""
            import re
            import pptx
            drafts = []
            for line in open({lit(params.outline)}, encoding="utf-8").read().splitlines():
                if line.startswith("# "):
                    drafts.append((line[2:].strip(), []))
                elif (m := re.match(r"^( *)[-*] +(.+)$", line)) and drafts:
                    drafts[-1][1].append((m.group(2).strip(), len(m.group(1)) // 2))
            deck = pptx.Presentation({lit(params.input)})
            {find_code(params.anchor_title, "anchor")}
            at = anchor + {0 if params.before else 1}
            order = deck.slides._sldIdLst
            for k, (title, bullets) in enumerate(drafts):
                slide = deck.slides.add_slide(deck.slide_layouts[1])
                slide.shapes.title.text = title
                frame = slide.placeholders[1].text_frame
                for i, (text, level) in enumerate(bullets):
                    paragraph = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
                    paragraph.text, paragraph.level = text, level
                entry = order[-1]; order.remove(entry); order.insert(at + k, entry)
            if {lit(params.update_agenda)}:
                agenda = next(s for s in deck.slides if s.shapes.title is not None
                              and s.shapes.title.text_frame.text.strip() == "Agenda")
                frame = agenda.placeholders[1].text_frame
                items = [p.text for p in frame.paragraphs if p.text.strip()]
                name = {lit(params.anchor_title)}
                spot = items.index(name) + {0 if params.before else 1} if name in items else len(items)
                items[spot:spot] = [title for title, _ in drafts]
                frame.text = items[0]
                for item in items[1:]:
                    frame.add_paragraph().text = item
            print([s.shapes.title.text_frame.text for s in deck.slides])
            {save_code(params.output)}
        """)
        return solution(list_step(params.input, f"I list the slides of {params.input} to find where the new ones go."),
                        script_step(script, f"I read {params.outline} and add one slide per heading with python-pptx, "
                                    "moving each into place.", "Insert the drafted slides"),
                        list_step(params.output, "I list the slides again to check the new ones and the agenda."))
