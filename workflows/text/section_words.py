"""Count the words of a markdown report per section, as an editor or a grant office asks against
section limits: every level-2 section (sub-sections counted in) or every heading on its own; all,
all with a total, or only the sections over a stated limit; as `Section: N` lines or a table."""

from __future__ import annotations

from forge.checks.text_word_counts import Mode, Scope, word_counts
from forge.models import ReferenceSolution
from preparers.filetypes.text import read_text
from preparers.text import make_report_text
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

_WHAT = ("{% if scope == 'sections' %}each level-2 (##) section, its sub-sections counted in{% else %}each heading "
         "below the title, counting only the text directly under it (up to the next heading){% endif %}")
_LIST = ("{% if mode == 'over' %}List only the sections with more than {{ limit }} words{% elif mode == 'total' %}"
         "List every one of them, then a last row named Total with the sum{% else %}List every one of them{% endif %}"
         ", in document order, {% if table %}as a markdown table with the columns Section and Words{% else %}one "
         "`Heading: N` line each{% endif %}, and nothing else.")
_RULE = "Count words as `wc -w` does (anything between spaces); heading lines themselves don't count."


class Options(SkillParams):
    scope: Scope | None = None
    mode: Mode | None = None
    table: bool | None = None


class Params(Prepared):
    input: str
    output: str
    scope: Scope
    mode: Mode
    limit: int | None
    table: bool


@register_workflow
class SectionWords(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.section_words", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Write to {{ output }} the word count of " + _WHAT + " in {{ input }}. " + _LIST + " " + _RULE,
            "The editor wants to see how long each part of {{ input }} is before it goes out. Could you count the "
            "words of " + _WHAT + "? " + _LIST + " Save it as {{ output }}. " + _RULE,
            "{{ input }} -> {{ output }}: the word count of " + _WHAT + ". " + _LIST + " " + _RULE,
        ],
        criteria=["Exactly the sections asked, in document order, each with its word count.",
                  "A Total row or the limit applied as asked; the layout asked."],
        files=[FileSlot(param="input", type="md", role="input", description="A markdown report"),
               FileSlot(param="output", type="md", description="The word counts")],
        checks=[CheckTemplate(func="text.section_words", bind={"scope": "scope", "mode": "mode", "limit": "limit",
                                                               "as_table": "table"})],
    )
    states_values = ("limit",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        scope: Scope = opts.scope or rng.choice(["sections", "headings"])
        mode: Mode = opts.mode or rng.choice(["all", "total", "over"])
        table = opts.table if opts.table is not None else rng.random() < 0.5
        gaps: list[int] = []
        while True:  # with a limit, a report whose section counts leave room for one between them
            report = make_report_text(rng, ctx.faker)
            lines = report.text.splitlines()
            heads = [k for k, line in enumerate(lines) if line.startswith("## ")]
            for k in rng.sample(heads[1:], min(2, len(heads) - 1)):  # two sections become sub-sections
                lines[k] = "#" + lines[k]
            text = "\n".join(lines) + "\n"
            counts = sorted({n for _, n in word_counts(read_text(text.encode(), "r.md", "md"), scope)})
            gaps = [k for k in range(1, len(counts)) if counts[k] - counts[k - 1] >= 2]
            if mode != "over" or gaps:
                break
        limit = None
        if mode == "over":  # between two counts, on none, so some sections are over and some not
            k = rng.choice(gaps)
            span = range(counts[k - 1] + 1, counts[k])
            limit = rng.choice([v for v in span if v % 10 == 0] or list(span))
        folder = rng.choice(["", "reports/", "drafts/"])
        stem = report.file_name.rsplit(".", 1)[0]
        params = Params(input=f"{folder}{stem}.md", output=f"{folder}{stem}_word_counts.md",
                        scope=scope, mode=mode, limit=limit, table=table)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            SCOPE, MODE, LIMIT, TABLE = {lit(params.scope)}, {lit(params.mode)}, {lit(params.limit)}, {params.table}
            rows, fenced = [], False
            for line in open({lit(params.input)}, encoding="utf-8").read().splitlines():
                if line.lstrip().startswith(("```", "~~~")):
                    fenced = not fenced
                    continue
                m = None if fenced else re.match(r"^ {{0,3}}(#{{1,6}})\\s+(.*?)\\s*#*\\s*$", line)
                if m and m.group(2):
                    if len(m.group(1)) == 2 or (SCOPE == "headings" and len(m.group(1)) > 2):
                        rows.append([m.group(2).strip(), 0])
                    continue
                if rows and not fenced:
                    rows[-1][1] += len(line.split())
            if MODE == "over":
                rows = [r for r in rows if r[1] > LIMIT]
            if MODE == "total":
                rows.append(["Total", sum(r[1] for r in rows)])
            if TABLE:
                out = ["| Section | Words |", "|---|---:|"] + [f"| {{name}} | {{n}} |" for name, n in rows]
            else:
                out = [f"{{name}}: {{n}}" for name, n in rows]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its headings and their levels.",
                                    f"Show {params.input}"),
                        script_step(script, "I walk the lines, starting a count at each heading of the scope and "
                                    "adding each line's words (split on spaces) to it, then write the rows asked.",
                                    f"Write {params.output}"))
