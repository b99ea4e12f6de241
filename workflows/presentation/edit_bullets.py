"""One edit to one slide's bullet list: a new point added at the top, after a named point or at the
bottom; a point deleted, moved to the top or the bottom, or reworded; the points sorted A-Z (on a
slide without sub-points). The other points keep their
order and indent, and every other slide stays as it was."""

from __future__ import annotations

from typing import Literal

from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.presentation import make_deck, write_pptx
from preparers.fake import month_name
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import SAVE, deck_paths, list_step, save_code
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

Edit = Literal["insert_first", "insert_after", "append", "remove", "move_first", "move_last", "replace", "sort"]
DO = {
    "insert_first": "add the point \"{{ item }}\" as the first bullet",
    "insert_after": "add the point \"{{ item }}\" directly after the bullet \"{{ anchor }}\"",
    "append": "add the point \"{{ item }}\" as the last bullet",
    "remove": "delete the bullet \"{{ item }}\"",
    "move_first": "move the bullet \"{{ item }}\" to the top of the list",
    "move_last": "move the bullet \"{{ item }}\" to the bottom of the list",
    "replace": "reword the bullet \"{{ item }}\" to read \"{{ anchor }}\"",
    "sort": "put the bullets in alphabetical order (A to Z, ignoring case)",
}
WHAT = "".join(f"{{% {'if' if i == 0 else 'elif'} edit == '{k}' %}}{v}" for i, (k, v) in enumerate(DO.items()))
WHAT += "{% endif %}"
NEW_POINTS = ["Decision needed from the steering group by {month}", "Owner: {name}, with weekly check-ins",
              "Risk: supplier lead times in {city}", "Next step: pilot with two teams in {month}",
              "Budget impact reviewed with {name}", "Customer feedback from {city} to follow"]


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    slide_title: str
    edit: Edit
    item: str
    anchor: str


class Options(SkillParams):
    edit: Edit | None = None
    in_place: bool | None = None


def _movable(bullets: list) -> list[int]:  # type: ignore[type-arg]
    """Indexes of top-level bullets without sub-points (moving one never strands an indented line)."""
    return [i for i, b in enumerate(bullets) if b.level == 0 and (i + 1 == len(bullets) or bullets[i + 1].level == 0)]


@register_workflow
class EditBullets(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="presentation.edit_bullets", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"On the slide \"{{{{ slide_title }}}}\" of {{{{ input }}}}, {WHAT}. The other bullets keep their "
            "order and indent; the other slides and all speaker notes stay as they are. " + SAVE["formal"],
            f"Quick fix in {{{{ input }}}} before the review: on \"{{{{ slide_title }}}}\", please {WHAT}. Leave "
            "everything else alone. " + SAVE["chatty"],
            f"{{{{ input }}}}, slide \"{{{{ slide_title }}}}\": {WHAT}. " + SAVE["terse"],
        ],
        criteria=["The slide's bullets read as before with exactly that one change.",
                  "Every other slide, title and note is unchanged."],
        files=[FileSlot(param="input", type="pptx", role="input", description="A presentation deck"),
               FileSlot(param="output", type="pptx", description="The edited deck")],
        checks=[CheckTemplate(func="slides.bullets_edited",
                              bind={"slide_title": "slide_title", "edit": "edit", "item": "item", "anchor": "anchor"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        edit = getattr(ctx.options, "edit", None) or ctx.rng.choice(list(DO))
        for _ in range(40):
            deck = make_deck(ctx.rng, ctx.faker)
            slide = ctx.rng.choice(deck.slides[2:-1])
            bullets, ok = list(slide.bullets), _movable(list(slide.bullets))
            if edit == "move_first":
                ok = [i for i in ok if i > 0]
            elif edit == "move_last" or edit == "insert_after":
                ok = [i for i in ok if i < len(bullets) - 1]
            if edit == "sort":
                texts = [b.text for b in bullets]
                ok = [0] if all(b.level == 0 for b in bullets) and texts != sorted(texts, key=str.casefold) else []
            if ok and len(bullets) >= 3:
                break
        else:
            raise WorkflowError(f"no slide to {edit} a bullet on")
        picked = bullets[ctx.rng.choice(ok)].text
        new = ctx.rng.choice(NEW_POINTS).format(month=month_name(ctx.faker), name=ctx.faker.name(),
                                                city=ctx.faker.city())
        inserting = edit.startswith("insert") or edit == "append"
        item = "" if edit == "sort" else new if inserting else picked
        anchor = picked if edit == "insert_after" else new if edit == "replace" else ""
        params = Params(**deck_paths(ctx, deck.file_stem, "edited"), slide_title=slide.title, edit=edit,
                        item=item, anchor=anchor)
        return params.with_files(input=write_pptx(deck))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import copy, pptx
            from pptx.text.text import _Paragraph
            deck = pptx.Presentation({lit(params.input)})
            slide = next(s for s in deck.slides if s.shapes.title is not None
                         and ' '.join(s.shapes.title.text_frame.text.split()) == {lit(params.slide_title)})
            frame = next(s for s in slide.shapes if s.has_text_frame and s != slide.shapes.title).text_frame
            paras = list(frame.paragraphs)
            find = lambda text: next(p for p in paras if ' '.join(p.text.split()) == text)
            edit, item, anchor = {lit(params.edit)}, {lit(params.item)}, {lit(params.anchor)}
            if edit in ("insert_first", "insert_after", "append"):
                new = copy.deepcopy(paras[0]._p)
                point = _Paragraph(new, frame)
                point.text, point.level = item, 0
                if edit == "insert_first":
                    paras[0]._p.addprevious(new)
                else:
                    (find(anchor) if edit == "insert_after" else paras[-1])._p.addnext(new)
            elif edit == "sort":
                for p in sorted(paras, key=lambda p: p.text.casefold()):
                    frame._txBody.append(p._p)
            elif edit == "replace":
                find(item).text = anchor
            else:
                target = find(item)._p
                target.getparent().remove(target)
                if edit == "move_first":
                    paras[0 if paras[0]._p is not target else 1]._p.addprevious(target)
                elif edit == "move_last":
                    paras[-1 if paras[-1]._p is not target else -2]._p.addnext(target)
            print([p.text for p in frame.paragraphs])
            {save_code(params.output)}
        """
        return solution(list_step(params.input, f"I list the slides of {params.input} to find the slide."),
                        script_step(script, "I edit the bullet paragraphs of the slide's body placeholder, "
                                    "keeping the others' order and indent.", "Edit the bullets"),
                        list_step(params.output, "I list the slides again to see the new bullet list."))
