"""Number the lines of a code listing for a review or a handout (as `cat -n` does, `N | ` as code
viewers show, or `N: `), or strip the numbers from a snippet copied out of a PDF or a web page
(starting wherever the copy started), keeping the code's indentation exactly."""

from __future__ import annotations

import random
from typing import Literal

from faker import Faker

from forge.checks.text_numbering import STYLES, Style, numbered
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

SHOWN = {"tab": "as `cat -n` prints them: the number right-aligned in a six-character column, then a tab",
         "pipe": "as code viewers show them: the number right-aligned to the widest number, then \" | \"",
         "colon": "as a plain prefix: the number, a colon and one space"}
LISTINGS = {
    "python": ['def {name}(orders, status=""):', '    """Total amount per customer."""', '    totals = {{}}',
               '    for order in orders:', '        if status and order["status"] != status:', '            continue',
               '', '        key = order["{field}"]', '        totals[key] = totals.get(key, 0) + order["amount"]',
               '    return totals'],
    "sql": ["SELECT c.{field},", "       SUM(o.amount) AS total", "FROM orders o", "    JOIN customers c",
            "        ON c.id = o.customer_id", "WHERE o.status = 'paid'", "", "GROUP BY c.{field}",
            "ORDER BY total DESC;"],
    "shell": ["#!/usr/bin/env bash", "set -euo pipefail", "", "for f in {folder}/*.csv; do",
              '    echo "importing $f"', '    {name} import "$f" \\', "        --table {field}", "done"],
    "yaml": ["services:", "  {name}:", "    image: registry.local/{name}:latest", "    ports:",
             '      - "8080:80"', "    environment:", "      LOG_LEVEL: info", "      REGION: {folder}", "",
             "  cache:", "    image: redis:7"],
}
_ASK = ("{% if operation == 'add' %}Number every line of the listing {{ input }}, blank lines too, counting from 1, "
        "{{ shown }}. The code itself stays exactly as it is.{% else %}{{ input }} is a code snippet copied together "
        "with its line numbers ({{ shown }}). Remove the numbers and their separator so only the code is left, every "
        "line kept with its indentation exactly.{% endif %}")


def make_listing(rng: random.Random, faker: Faker) -> tuple[str, list[str]]:
    """(language, lines): one or two code blocks of a language, names drawn."""
    language = rng.choice(sorted(LISTINGS))
    fill = {"name": faker.user_name().replace(".", "_"), "field": rng.choice(["name", "region", "email", "city"]),
            "folder": rng.choice(["exports", "incoming", "eu-west", "data"])}
    lines = [line.format(**fill) for line in LISTINGS[language]]
    if rng.random() < 0.5:  # a longer listing: another block of the same kind
        fill["name"] = faker.user_name().replace(".", "_")
        lines += ["", *[line.format(**fill) for line in LISTINGS[language]]]
    return language, lines


class Options(SkillParams):
    operation: Literal["add", "remove"] | None = None
    style: Style | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Literal["add", "remove"]
    style: Style
    shown: str


@register_workflow
class LineNumbers(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.line_numbers", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            _ASK + " " + SAVE["formal"],
            "For the code review I need {{ input }} sorted out: " + _ASK + " " + SAVE["chatty"],
            _ASK + " " + SAVE["terse"],
        ],
        criteria=["Every line numbered as asked, or every number and separator removed.",
                  "The code, indentation included, unchanged."],
        files=[FileSlot(param="input", type="txt", role="input", description="A code listing"),
               FileSlot(param="output", type="txt", description="The listing with its numbers added or removed")],
        checks=[CheckTemplate(func="text.line_numbers", bind={"operation": "operation", "style": "style"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation = opts.operation or rng.choice(["add", "remove"])
        style: Style = opts.style or rng.choice(["tab", "pipe", "colon"])
        language, lines = make_listing(rng, ctx.faker)
        if operation == "remove":  # copied from the middle of a longer file
            start = rng.choice([1, rng.randint(2, 60), rng.randint(88, 130)])
            lines = numbered([""] * (start - 1) + lines, style)[start - 1:]
        stem = {"add": f"{language}_listing", "remove": f"{language}_snippet"}[operation]
        params = Params(**edit_paths(ctx, stem, "txt", "clean" if operation == "remove" else "numbered",
                                     ["", "review/", "handout/"]), operation=operation, style=style,
                        shown=SHOWN[style])
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        fmt, pattern = STYLES[params.style]
        script = f"""
            import re
            lines = open({lit(params.input)}, encoding="utf-8").read().rstrip("\\n").split("\\n")
            if {lit(params.operation)} == "add":
                w = len(str(len(lines)))
                out = [{lit(fmt)}.format(n=n, w=w, line=line).rstrip() for n, line in enumerate(lines, start=1)]
            else:
                out = [re.match({lit(pattern.pattern)}, line.rstrip()).group(2) or "" for line in lines]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out[:6]))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I look at {params.input} to see how its lines are laid out.",
                                    f"Show {params.input}"),
                        script_step(script, "I rewrite every line with its number added (or its number and "
                                    "separator removed), leaving the code itself untouched.", f"Write {params.output}"))
