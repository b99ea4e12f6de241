"""Summarise a combined log of four services as a markdown table for an incident review: a row per
service, a column per level with its entry count, optionally Total column and row; services A to Z
or the noisiest in errors first. Tracebacks under ERROR entries are part of their entry, not
entries of their own."""

from __future__ import annotations

from forge.checks.text_log_pivot import Order
from forge.checks.text_log_split import ENTRY
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._mixed_log import LEVELS, mixed_log

_ASK = ("a markdown table with one row per service (the [tag] on each entry) and the columns Service, "
        "{{ levels | join(', ') }}{% if totals %} and Total{% endif %}, each cell the number of entries that "
        "service logged at that level{% if traces %} (a traceback's lines belong to the entry above them and are "
        "not entries){% endif %}{% if totals %}; the Total column adds up each row, and a last row named Total adds "
        "up each column{% endif %}. {% if order == 'errors' %}Put the services with the most ERROR entries first "
        "(ties in alphabetical order){% else %}List the services in alphabetical order{% endif %}.")


class Options(SkillParams):
    totals: bool | None = None
    order: Order | None = None
    traces: bool | None = None


class Params(Prepared):
    log: str
    output: str
    levels: list[str]
    totals: bool
    order: Order
    traces: bool


@register_workflow
class LogPivot(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.log_pivot", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "For the incident review, summarise {{ log }} in {{ output }}: " + _ASK,
            "Could you count what each service logged in {{ log }}? I'd like " + _ASK + " Save it as {{ output }}.",
            "{{ log }} -> {{ output }}: " + _ASK,
        ],
        criteria=["One row per service with its entry count per level, totals when asked.",
                  "Rows in the order asked."],
        files=[FileSlot(param="log", type="txt", role="input", description="A combined service log"),
               FileSlot(param="output", type="md", description="The summary table")],
        checks=[CheckTemplate(func="text.log_pivoted", bind={"totals": "totals", "order": "order"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        traces = opts.traces if opts.traces is not None else rng.random() < 0.5
        lines, _, days = mixed_log(rng, ctx.faker, days=1, traces=traces)
        folder = rng.choice(["", "logs/", "incident/"])
        params = Params(log=f"{folder}compose_{days[0]}.log", output=f"{folder}summary_{days[0]}.md", levels=LEVELS,
                        totals=opts.totals if opts.totals is not None else rng.random() < 0.5,
                        order=opts.order or rng.choice(["name", "errors"]), traces=traces)
        return params.with_files(log=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import collections, re
            ENTRY = re.compile({lit(ENTRY.pattern)})
            LEVELS = {lit(LEVELS)}
            counts = collections.Counter()
            for line in open({lit(params.log)}, encoding="utf-8"):
                if (m := ENTRY.match(line.rstrip())):
                    counts[m.group("service"), m.group("level")] += 1
            services = sorted({{s for s, _ in counts}}, key=str.casefold)
            if {lit(params.order)} == "errors":
                services.sort(key=lambda s: -counts[s, "ERROR"])
            rows = [[s] + [counts[s, level] for level in LEVELS] for s in services]
            header = ["Service"] + LEVELS
            if {params.totals!r}:
                header.append("Total")
                rows = [r + [sum(r[1:])] for r in rows]
                rows.append(["Total"] + [sum(r[k] for r in rows) for k in range(1, len(header))])
            out = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
            out += ["| " + " | ".join(map(str, r)) + " |" for r in rows]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(f"print(open({lit(params.log)}, encoding='utf-8').read()[:2500])",
                                    f"First I look at {params.log}: each entry has its level and a [service] tag.",
                                    f"Show {params.log}"),
                        script_step(script, "I count the entries (not the traceback lines) per service and level and "
                                    "write the table as asked.", f"Write {params.output}"))
