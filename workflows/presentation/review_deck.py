"""Review a deck against one house rule before it goes out and list the slides that break it for its
owner (the pass a reviewer, a comms team or an accessibility check makes): too many bullet points,
a bullet too long, no speaker notes, no title, a title too long, a title another slide also has,
text too small, a picture without alternative text, text in a font other than the house font, or
text in a loose text box; as 'Slide N: Title' lines in a text file or as a CSV. The deck is not
changed: fixing is the owner's job."""

from __future__ import annotations

import io
import random
import textwrap
from typing import Literal

from faker import Faker

from forge.checks.slides_review import Rule
from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers._ooxml import normalize_package
from preparers.filetypes.image import photo_jpeg
from preparers.presentation import Bullet, DeckContent, make_deck, more_bullets, write_pptx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.presentation._deck import list_step
from workflows.presentation._findings import FORMAT, TITLE_CODE, write_found_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Form = Literal["txt", "csv"]
RULES: dict[str, str] = {
    "many_bullets": "more than {{ limit }} bullet points (sub-bullets count as bullet points too)",
    "long_bullets": "a bullet point longer than {{ limit }} words",
    "no_notes": "no speaker notes",
    "no_title": "no title (an empty title placeholder, or none at all)",
    "long_title": "a title longer than {{ limit }} words",
    "duplicate_title": "the same title as another slide (list every slide that shares it, the first one too)",
    "small_text": "any text smaller than {{ limit }} pt (titles included)",
    "missing_alt": "a picture without alternative text (none at all, or only a file name such as IMG_1234.jpg)",
    "off_font": "any text set in a font other than the house font, {{ font }} (titles included)",
    "text_boxes": "text in a loose text box outside the slide's placeholders (it would be missing from the outline "
                  "view)",
    "empty_placeholder": "a text placeholder left empty - a content or subtitle placeholder showing 'Click to add "
                         "text' (an empty title placeholder does not count here)",
    "deep_bullets": "bullets nested more than two levels deep (any sub-sub-bullet, a third level or deeper)",
}
RULE = "".join(("{% if" if k == 0 else "{% elif") + f" rule == '{rule}' %}}{text}"
               for k, (rule, text) in enumerate(RULES.items())) + "{% endif %}"
FONTS = ["Calibri", "Arial", "Segoe UI", "Verdana", "Helvetica"]
STRAYS = ["Times New Roman", "Comic Sans MS", "Courier New", "Georgia", "Trebuchet MS"]
LIMITS = {"many_bullets": [4, 5, 6], "small_text": [12, 14, 16]}
NAMES = ["review", "review_findings", "deck_check", "qa_findings", "slides_to_fix"]
BOXES = ["Draft - figures to be confirmed", "Source: {dept} team", "Ask {person} for the details",
         "Internal only", "Updated {month}"]
SUFFIXES = ["and what it means for the {dept} team", "- where we stand and what comes next",
            "across every region and product line", "in the first half and the outlook for {month}"]
FINDINGS = """
    import pptx
    from collections import Counter
    from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER
    deck = pptx.Presentation({input})
    rule, limit, font = {rule}, {limit}, {font}
""" + TITLE_CODE + """
    def words(text):
        return sum(1 for w in text.split() if any(c.isalnum() for c in w))
    def bullets(slide):
        return [line for sh in slide.placeholders
                if sh.placeholder_format.type in (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT)
                for line in sh.text_frame.text.split("\\n") if line.strip()]
    def runs(slide):
        return [r for sh in slide.shapes if sh.has_text_frame for p in sh.text_frame.paragraphs
                for r in p.runs if r.text.strip()]
    def missing(alt):
        import re
        return not alt.strip() or re.match(r"^[\\w\\- ]+\\.(jpe?g|png|gif|bmp|tiff?|webp)$", alt.strip(), re.I)
    seen = Counter(title_of(s).casefold() for s in deck.slides if title_of(s))
    def breaks(slide):
        if rule == "many_bullets":
            return len(bullets(slide)) > limit
        if rule == "long_bullets":
            return any(words(b) > limit for b in bullets(slide))
        if rule == "no_notes":
            return not (slide.has_notes_slide and slide.notes_slide.notes_text_frame.text.strip())
        if rule == "no_title":
            return not title_of(slide)
        if rule == "long_title":
            return words(title_of(slide)) > limit
        if rule == "duplicate_title":
            return bool(title_of(slide)) and seen[title_of(slide).casefold()] > 1
        if rule == "small_text":
            return any(r.font.size is not None and r.font.size.pt < limit for r in runs(slide))
        if rule == "missing_alt":
            return any(sh.shape_type == MSO_SHAPE_TYPE.PICTURE
                       and missing(sh._element.xpath("./*[1]/p:cNvPr")[0].get("descr", "")) for sh in slide.shapes)
        if rule == "off_font":
            return any(r.font.name is not None and r.font.name.casefold() != font.casefold() for r in runs(slide))
        if rule == "empty_placeholder":
            kinds = (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT, PP_PLACEHOLDER.SUBTITLE)
            return any(sh.has_text_frame and not sh.text_frame.text.strip() and sh.placeholder_format.type in kinds
                       for sh in slide.placeholders)
        if rule == "deep_bullets":
            return any(p.level >= 2 and p.text.strip() for sh in slide.placeholders
                       if sh.placeholder_format.type in (PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT)
                       for p in sh.text_frame.paragraphs)
        return any(not sh.is_placeholder and sh.has_text_frame and sh.text_frame.text.strip()
                   for sh in slide.shapes)
    found = [[n, title_of(s)] for n, s in enumerate(deck.slides, start=1) if breaks(s)]
"""


class Params(Prepared):
    input: str
    output: str
    form: Form
    rule: Rule
    limit: int | None = None
    font: str | None = None


class Options(SkillParams):
    rule: Rule | None = None
    form: Form | None = None


def _fill(rng: random.Random, faker: Faker, text: str) -> str:
    return text.format(dept=rng.choice(corpus("business")["departments"]), person=faker.first_name(),
                       month=rng.choice(["March", "June", "September", "December"]))


def _counts(texts: list[str]) -> list[tuple[int, int]]:
    """Each text's words as the check counts them and as a plain split does (a dash counted)."""
    return [(sum(1 for w in t.split() if any(c.isalnum() for c in w)), len(t.split())) for t in texts]


def _safe_limits(groups: list[list[str]], low: int, high: int) -> list[int]:
    """Limits in low..high that some group's text exceeds and some group's does not, with no text whose
    two counts fall on both sides of the limit (however a reader counts a dash, the answer holds)."""
    found = []
    for limit in range(low, high + 1):
        counts = [_counts(g) for g in groups]
        if any(a > limit >= b or b > limit >= a for c in counts for a, b in c):
            continue
        over = [any(a > limit for a, _ in c) for c in counts]
        if any(over) and not all(over):
            found.append(limit)
    return found


def _topics(deck: DeckContent) -> list[int]:
    return list(range(2, len(deck.slides) - 1))


def _retouch(deck: DeckContent, changes: dict[int, dict[str, object]]) -> DeckContent:
    slides = [s.model_copy(update=changes.get(k, {})) for k, s in enumerate(deck.slides)]
    return deck.model_copy(update={"slides": slides})


def _runs_styled(deck: DeckContent, style: object, pictures: dict[int, tuple[bytes, str]] | None = None) -> bytes:
    """The deck as pptx, `style(slide index, kind, paragraph index, run)` applied to every run (kind
    title|body) and a picture with its alternative text on each slide index in `pictures`."""
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation(io.BytesIO(write_pptx(deck)))
    for at, slide in enumerate(prs.slides):
        for shape in slide.shapes:
            if not shape.has_text_frame:
                continue
            kind = "title" if shape == slide.shapes.title else "body"
            for k, paragraph in enumerate(shape.text_frame.paragraphs):
                for run in paragraph.runs:
                    style(at, kind, k, run)  # type: ignore[operator]
        if pictures and at in pictures:
            jpeg, alt = pictures[at]
            picture = slide.shapes.add_picture(io.BytesIO(jpeg), Inches(6.6), Inches(4.6), width=Inches(3))
            picture._element.xpath("./*[1]/p:cNvPr")[0].set("descr", alt)
    buf = io.BytesIO()
    prs.save(buf)
    return normalize_package(buf.getvalue(), doc_time=f"{deck.date.isoformat()}T09:00:00Z")


def draw_deck(rng: random.Random, faker: Faker, rule: str) -> tuple[bytes, int, str, str]:
    """A deck with slides that break `rule` and slides that do not: (pptx, limit, house font, stem)."""
    for _ in range(40):
        deck = make_deck(rng, faker)
        topics = _topics(deck)
        planted = rng.sample(topics, rng.randint(1, 2))
        limit, font = 0, ""
        if rule == "many_bullets":
            limit = rng.choice(LIMITS[rule])
            changes: dict[int, dict[str, object]] = {}
            for k in topics:
                have = deck.slides[k].bullets
                size = limit + rng.randint(1, 3) if k in planted else rng.randint(2, limit)
                extra = [b for b in more_bullets(rng, faker, max(0, size - len(have)) + 2) if b not in have]
                changes[k] = {"bullets": [*have, *extra][:size]}
            return write_pptx(_retouch(deck, changes)), limit, font, deck.file_stem
        if rule == "long_bullets":
            deck = _retouch(deck, {k: {"bullets": [*deck.slides[k].bullets, *more_bullets(rng, faker, 1)]}
                                   for k in planted})
            groups = [[b.text for b in s.bullets] for s in deck.slides if s.bullets]
            limits = _safe_limits(groups, 7, 14)
            if not limits:
                continue
            return write_pptx(deck), rng.choice(limits), font, deck.file_stem
        if rule == "no_notes":
            changes = {k: {"notes": ""} for k in planted}
            if rng.random() < 0.5:
                changes[len(deck.slides) - 1] = {"notes": "Thank everyone and open the floor for questions."}
            return write_pptx(_retouch(deck, changes)), limit, font, deck.file_stem
        if rule == "no_title":
            return write_pptx(_retouch(deck, {k: {"title": ""} for k in planted})), limit, font, deck.file_stem
        if rule == "long_title":
            deck = _retouch(deck, {k: {"title": f"{deck.slides[k].title} {_fill(rng, faker, rng.choice(SUFFIXES))}"}
                                   for k in planted})
            limits = _safe_limits([[s.title] for s in deck.slides], 3, 9)
            if not limits:
                continue
            return write_pptx(deck), rng.choice(limits), font, deck.file_stem
        if rule == "duplicate_title":
            first, second = sorted(rng.sample(topics, 2))
            changes = {second: {"title": deck.slides[first].title}}
            rest = [k for k in topics if k not in (first, second)]
            if rest and rng.random() < 0.4:
                changes[rng.choice(rest)] = {"title": deck.slides[first].title}
            return write_pptx(_retouch(deck, changes)), limit, font, deck.file_stem
        if rule == "small_text":
            limit = rng.choice(LIMITS[rule])
            small = {k: rng.randrange(len(deck.slides[k].bullets)) for k in planted}
            edge = rng.choice([k for k in range(len(deck.slides)) if k not in planted])

            def size(at: int, kind: str, para: int, run: object) -> None:
                from pptx.util import Pt
                if kind == "title":
                    pt = rng.choice([28, 32, 36, 40])
                elif small.get(at) == para:
                    pt = rng.choice([limit - 3, limit - 2, limit - 1])
                else:
                    pt = limit if at == edge and para == 0 else rng.choice([18, 20, 24, 28])
                run.font.size = Pt(pt)  # type: ignore[attr-defined]

            return _runs_styled(deck, size), limit, font, deck.file_stem
        if rule == "missing_alt":
            shown = rng.sample(topics, min(len(topics), rng.randint(3, 4)))
            bare = set(rng.sample(shown, rng.randint(1, len(shown) - 1)))
            alts = {k: rng.choice(["", f"IMG_{rng.randint(1000, 9999)}.jpg", f"DSC{rng.randint(100, 999)}.JPG"])
                    if k in bare else f"Photo for {deck.slides[k].title.lower()}: {faker.catch_phrase().lower()}"
                    for k in shown}
            pictures = {k: (photo_jpeg(rng, (480, 320)), alt) for k, alt in alts.items()}
            return _runs_styled(deck, lambda *a: None, pictures), limit, font, deck.file_stem
        if rule == "off_font":
            font = rng.choice(FONTS)
            stray = rng.choice(STRAYS)
            odd = {k: rng.randrange(len(deck.slides[k].bullets)) for k in planted}

            def face(at: int, kind: str, para: int, run: object) -> None:
                run.font.name = stray if kind == "body" and odd.get(at) == para else font  # type: ignore[attr-defined]

            return _runs_styled(deck, face), limit, font, deck.file_stem
        if rule == "empty_placeholder":
            changes = {k: {"bullets": [], "notes": " ".join(b.text for b in deck.slides[k].bullets)} for k in planted}
            if rng.random() < 0.5:
                changes[0] = {"subtitle": ""}
            return write_pptx(_retouch(deck, changes)), limit, font, deck.file_stem
        if rule == "deep_bullets":
            changes = {}
            for k in planted:
                have = list(deck.slides[k].bullets)
                at = rng.randint(1, len(have))
                extra = more_bullets(rng, faker, 2)
                deeper = [Bullet(text=extra[0].text, level=1), Bullet(text=extra[1].text, level=2)]
                changes[k] = {"bullets": [*have[:at], *deeper[0 if have[at - 1].level == 0 else 1:], *have[at:]]}
            return write_pptx(_retouch(deck, changes)), limit, font, deck.file_stem
        boxes = {k: {"boxes": [_fill(rng, faker, rng.choice(BOXES))]} for k in planted}
        return write_pptx(_retouch(deck, boxes)), limit, font, deck.file_stem
    raise RuntimeError(f"no deck to review for {rule} in 40 draws")


@register_workflow
class ReviewDeck(PreparedWorkflow[Params]):
    states_values = ("limit",)
    spec = WorkflowSpec(
        name="presentation.review_deck", apps=["presentation"], params=Params, skill_params=Options,
        phrasings=[
            f"Before {{{{ input }}}} goes out, review it against the house rule and list every slide that has "
            f"{RULE}. Write the list to {{{{ output }}}} as {FORMAT}, in deck order, each slide once. Do not change "
            "the deck itself.",
            f"Could you go through {{{{ input }}}} and tell me which slides have {RULE}? Put them in "
            f"{{{{ output }}}} - {FORMAT}, in the order they appear. I'll fix them myself, so please leave the deck "
            "alone.",
            f"{{{{ input }}}}: find the slides with {RULE}. List them in {{{{ output }}}} ({FORMAT}), deck order. "
            "Deck unchanged.",
        ],
        criteria=["Every slide that breaks the rule is listed, by its number and title, in deck order.",
                  "No slide that keeps the rule is listed; the file has the form asked for."],
        files=[FileSlot(param="input", type="pptx", role="input", description="The deck to review"),
               FileSlot(param="output", type="txt", types_by={"form": {"csv": "csv"}},
                        description="The slides that break the rule")],
        checks=[CheckTemplate(func="slides.review_findings", paths={"input_file": "input"},
                              bind={"rule": "rule", "limit": "limit", "font": "font"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        rule: Rule = getattr(ctx.options, "rule", None) or ctx.rng.choice(list(RULES))
        form: Form = getattr(ctx.options, "form", None) or ctx.rng.choice(["txt", "csv"])
        data, limit, font, stem = draw_deck(ctx.rng, ctx.faker, rule)
        folder = ctx.rng.choice(["", "slides/", "decks/", "review/"])
        params = Params(input=f"{folder}{stem}.pptx", output=f"{folder}{ctx.rng.choice(NAMES)}.{form}", form=form,
                        rule=rule, limit=limit or None, font=font or None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = textwrap.dedent(FINDINGS.format(input=lit(params.input), rule=lit(params.rule),
                                                 limit=lit(params.limit or 0), font=lit(params.font or "")))
        return solution(list_step(params.input, f"I list the slides of {params.input} to see what is on them."),
                        script_step(script + write_found_code(params.output),
                                    "I go through every slide with python-pptx, test it against the rule and write "
                                    "the ones that break it.", "List the slides that break the rule"),
                        script_step(f"print(open({lit(params.output)}, encoding='utf-8').read())",
                                    "I read the list back.", "Check the list"))
