"""Rewrite a list from one layout to another, as people move lists between a spreadsheet column,
an e-mail and a markdown page: one item per line, one comma-separated line, `- ` bullets or a
numbered `1.` list; same items, same order, same spelling."""

from __future__ import annotations

import random

from faker import Faker

from forge.checks.text_list_format import ListFormat, written
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

WHAT = {"guests": ("wedding guests", "name"), "cities": ("cities on the tour", "city"),
        "emails": ("people to invite", "email"), "products": ("products in the promotion", "catch_phrase")}
LAYOUT = {"lines": "one item per line (nothing else on the line)",
          "comma": "a single line with the items separated by a comma and a space",
          "bullets": "a markdown bullet list, one `- item` line per item",
          "numbered": "a numbered list, `1. item`, `2. item` and so on, counting up from 1"}
FROM = {"lines": "one per line", "comma": "as a comma-separated list", "bullets": "as markdown bullets",
        "numbered": "as a numbered list"}
_TO = "".join(f"{{% if target == {k!r} %}}{v}{{% endif %}}" for k, v in LAYOUT.items())
_FROM = "".join(f"{{% if source == {k!r} %}}{v}{{% endif %}}" for k, v in FROM.items())
EXTENSION = {"lines": "txt", "comma": "txt", "bullets": "md", "numbered": "md"}


class Options(SkillParams):
    source: ListFormat | None = None
    target: ListFormat | None = None


class Params(Prepared):
    input: str
    output: str
    what: str
    source: ListFormat
    target: ListFormat


def list_input(rng: random.Random, faker: Faker, kind: str, layout: ListFormat) -> bytes:
    """A list of `kind` written in `layout`, with the stray spaces and blank lines of a paste."""
    maker = getattr(faker, WHAT[kind][1])
    items = list(dict.fromkeys(str(maker()).replace(",", "") for _ in range(rng.randint(8, 16))))
    lines = written(items, layout)
    if layout == "comma":  # pasted from an e-mail: wrapped after some commas
        parts = lines[0].split(", ")
        cut = rng.randrange(2, len(parts) - 1)
        lines = [", ".join(parts[:cut]) + ",", ", ".join(parts[cut:])]
    lines = [line + rng.choice(["", "", " "]) for line in lines]
    if layout != "comma":
        lines.insert(rng.randrange(1, len(lines)), "")
    return ("\n".join(lines) + "\n").encode("utf-8")


@register_workflow
class ListConvert(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.list_convert", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} lists the {{ what }} " + _FROM + ". Write the same list to {{ output }} as " + _TO + ". Keep "
            "every item, in the same order and spelled exactly the same (trim stray spaces).",
            "I need the {{ what }} from {{ input }} in another shape for the next step: could you save them in "
            "{{ output }} as " + _TO + "? Same items, same order, nothing added or dropped.",
            "{{ input }} (" + _FROM + ") -> {{ output }}: " + _TO + "; same items and order.",
        ],
        criteria=["Every item, in order and spelled as in the input.", "Written exactly in the layout asked."],
        files=[FileSlot(param="input", type="txt", role="input", description="A list of items",
                        types_by={"source": {k: v for k, v in EXTENSION.items() if v != "txt"}}),
               FileSlot(param="output", type="txt", description="The list in its new layout",
                        types_by={"target": {k: v for k, v in EXTENSION.items() if v != "txt"}})],
        checks=[CheckTemplate(func="text.list_reformatted", bind={"source": "source", "target": "target"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        layouts = sorted(LAYOUT)
        source: ListFormat = opts.source or ctx.rng.choice([x for x in layouts if x != opts.target])
        target: ListFormat = opts.target or ctx.rng.choice([x for x in layouts if x != source])
        kind = ctx.rng.choice(sorted(WHAT))
        folder = ctx.rng.choice(["", "lists/", "notes/"])
        params = Params(input=f"{folder}{kind}.{EXTENSION[source]}", what=WHAT[kind][0], source=source, target=target,
                        output=f"{folder}{kind}_{target}.{EXTENSION[target]}")
        return params.with_files(input=list_input(ctx.rng, ctx.faker, kind, source))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            text = open({lit(params.input)}, encoding="utf-8").read()
            source, target = {lit(params.source)}, {lit(params.target)}
            if source == "comma":
                items = [i.strip() for i in text.replace("\\n", " ").split(",") if i.strip()]
            else:
                items = [re.sub(r"^([-*+]|\\d+[.)])\\s+", "", l.strip()) if source != "lines" else l.strip()
                         for l in text.splitlines() if l.strip()]
            if target == "comma":
                out = [", ".join(items)]
            elif target == "bullets":
                out = ["- " + i for i in items]
            elif target == "numbered":
                out = [f"{{n}}. {{i}}" for n, i in enumerate(items, 1)]
            else:
                out = items
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print(len(items), "items")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I look at how {params.input} lists its items.", f"Show {params.input}"),
                        script_step(script, f"I split out the items and write them as {params.target}.",
                                    f"Rewrite the list as {params.target}"))
