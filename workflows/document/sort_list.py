"""Sort a list inside a report, as Writer's Tools > Sort does on selected paragraphs: the suppliers
consulted A to Z, the attendees by surname, the offices by the figure each line gives. The
list may be bulleted, numbered or plain lines, after an introduction line or not."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.document_lists import SortKey, item_key
from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.document import Paragraph, Run, Section, make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Style = Literal["List Bullet", "List Number", "Normal"]
HEADINGS = {"text": ["Suppliers consulted", "Partner organisations", "Agencies on the framework"],
            "surname": ["Attendees", "Distribution list", "Contributors"],
            "number": ["Visitors by office", "Open tickets by site", "Headcount by office"]}
INTROS = {"text": "The following suppliers were consulted:", "surname": "The following people are included:",
          "number": "The latest figures per office:"}
UNITS = {"Visitors by office": "visitors", "Open tickets by site": "open tickets", "Headcount by office": "staff"}
HOW = {("text", False): "alphabetically, A to Z", ("text", True): "in reverse alphabetical order, Z to A",
       ("surname", False): "by surname (the last name, not the first), A to Z",
       ("surname", True): "by surname (the last name, not the first), Z to A",
       ("number", False): "by the figure each line gives, smallest first",
       ("number", True): "by the figure each line gives, largest first"}
KEY_CODE = {"text": "fold(text).casefold()",
            "surname": "re.split(r',| - |\\(', fold(text))[0].split()[-1].casefold()",
            "number": "float(re.findall(r'\\d[\\d,]*(?:\\.\\d+)?', text)[-1].replace(',', ''))"}


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    heading: str
    key: SortKey
    descending: bool
    how: str
    style: Style


class Options(SkillParams):
    key: SortKey | None = None
    descending: bool | None = None
    in_place: bool | None = None


def list_items(key: SortKey, heading: str, rng: random.Random, faker: Faker) -> list[str]:
    """Five to nine distinct items of the kind the heading lists, none sharing a sort key."""
    n = rng.randint(5, 9)
    if key == "text":
        names = {faker.company() for _ in range(3 * n)}
        return rng.sample(sorted(names), n)
    if key == "surname":
        people: dict[str, str] = {}
        while len(people) < n:
            first, last = faker.first_name(), faker.last_name()
            people.setdefault(last, f"{first} {last}, {rng.choice(corpus('business')['departments'])}")
        return list(people.values())
    cities = rng.sample(sorted({faker.city() for _ in range(3 * n)}), n)
    figures = rng.sample([*range(3, 30), *range(40, 400, 7), *range(1000, 2600, 45)], n)
    return [f"{city} office - {value:,} {UNITS[heading]}" for city, value in zip(cities, figures, strict=True)]


@register_workflow
class SortList(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.sort_list", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            'In {{ input }}, sort the list under the heading "{{ heading }}" {{ how }}. Only the order of its lines '
            "changes: keep each line word for word and in the list's format, and leave the rest of the document "
            "alone. " + SAVE["formal"],
            'The "{{ heading }}" list in {{ input }} is in no particular order - could you sort it {{ how }}? '
            "Same lines, just reordered. " + SAVE["chatty"],
            '{{ input }}: list under "{{ heading }}" sorted {{ how }}; nothing else changes. ' + SAVE["terse"],
            'People scanning {{ input }} can\'t find anything in the "{{ heading }}" list. Put its lines in order '
            "{{ how }}, without rewording any of them. " + SAVE["formal"],
        ],
        criteria=["The list holds the same lines, in the order asked, the last one included.",
                  "The lines keep the list's format; every other paragraph and the tables are unchanged."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report with an unsorted list"),
               FileSlot(param="output", type="docx", description="The report with the list sorted")],
        checks=[CheckTemplate(func="document.list_sorted", bind={"heading": "heading", "key": "key",
                                                                  "descending": "descending"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        key: SortKey = getattr(ctx.options, "key", None) or ctx.rng.choice(["text", "surname", "number"])
        descending = getattr(ctx.options, "descending", None)
        descending = ctx.rng.choice([False, True]) if descending is None else descending
        style: Style = ctx.rng.choice(["List Bullet", "List Number", "Normal"])
        heading = ctx.rng.choice(HEADINGS[key])
        items = list_items(key, heading, ctx.rng, ctx.faker)
        while key == "surname" and sorted(items) == sorted(items, key=lambda t: item_key(t, key)):  # type: ignore
            items = list_items(key, heading, ctx.rng, ctx.faker)  # by first name would pass too
        while sorted(items, key=lambda t: item_key(t, key)) in (items, items[::-1]):  # type: ignore
            ctx.rng.shuffle(items)
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        body = [Paragraph(runs=[Run(text=INTROS[key])])] if style != "Normal" else []
        body += [Paragraph(runs=[Run(text=item)], style=style) for item in items]
        sections = list(doc.sections)
        sections.insert(ctx.rng.randint(1, len(sections)), Section(heading=heading, paragraphs=body))
        params = Params(**doc_paths(ctx, doc.file_stem, "sorted"), heading=heading, key=key, descending=descending,
                        how=HOW[key, descending], style=style)
        return params.with_files(input=write_docx(doc.model_copy(update={"sections": sections})))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            import docx
            def fold(text):
                return " ".join(text.split())
            def key(text):
                return {KEY_CODE[params.key]}
            document = docx.Document({lit(params.input)})
            paragraphs = document.paragraphs
            start = next(i for i, p in enumerate(paragraphs) if p.style.name.startswith("Heading")
                         and fold(p.text) == {lit(params.heading)})
            section = []
            for p in paragraphs[start + 1:]:
                if p.style.name.startswith("Heading"):
                    break
                if p.text.strip():
                    section.append(p)
            items = [p for p in section if p.style.name == section[-1].style.name]
            anchor = items[0]._element.getprevious()
            for p in sorted(items, key=lambda p: key(p.text), reverse={params.descending}):
                anchor.addnext(p._element)
                anchor = p._element
            print([p.text for p in items])
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to find the "
                                     f"{params.heading!r} list."),
                        script_step(script, f"With python-docx I sort the list's paragraphs {params.how} and move "
                                    "them into that order, each paragraph whole.", "Sort the list"),
                        outline_step(params.output, "I list the paragraphs again to see the new order."))
