"""Split one log into a file per severity level, per service or per day, as people do when a combined
log (every container of a compose stack, or an app log that was never rotated) is too much to read:
each entry whole in its file (a traceback under an ERROR entry goes with it), in the log's order,
optionally without the field the file is named after. Four files per task, the log left as it is."""

from __future__ import annotations

from forge.checks.text_log_split import ENTRY, By
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._mixed_log import LEVELS, mixed_log

PARTS = ["part1", "part2", "part3", "part4"]
INTRO = {
    "level": "{{ input }} is too noisy to read as it is. Split it into one file per severity level: {{ listing }}.",
    "service": "{{ input }} holds the logs of four services mixed together. Split it into one file per service "
               "(the [tag] on each entry): {{ listing }}.",
    "day": "{{ input }} was never rotated and now covers four days. Split it into one file per day: {{ listing }}.",
}
STRIP = {
    "level": "drop the level word from each entry's first line (keep the date and time, the [service] tag and "
             "the message)",
    "service": "drop the [service] tag from each entry's first line (keep the date and time, the level and the "
               "message)",
    "day": "drop the date at the start of each entry's first line, keeping the time",
}
_ASK = (" Each entry goes into its file whole{% if traces %} (the traceback lines under an ERROR entry go with it)"
        "{% endif %}, in the log's order. {% if strip %}Since each file's name says it, {{ strip_text }}."
        "{% else %}Keep every line exactly as it is.{% endif %}")


class Options(SkillParams):
    by: By | None = None
    traces: bool | None = None
    strip: bool | None = None


class Params(Prepared):
    input: str
    part1: str
    part2: str
    part3: str
    part4: str
    by: By
    values: list[str]
    listing: str
    traces: bool
    strip: bool
    strip_text: str


_BY = "{% if by == 'level' %}severity level{% elif by == 'service' %}service{% else %}day{% endif %}"
_INTRO = "".join(f"{{% if by == {by!r} %}}{text}{{% endif %}}" for by, text in INTRO.items())


@register_workflow
class LogSplit(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.log_split", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            _INTRO + _ASK + " Leave {{ input }} itself as it is.",
            "I keep scrolling past entries I don't need in {{ input }}. Please split it into one file per " + _BY
            + ": {{ listing }}." + _ASK + " The original log stays untouched.",
            "Split {{ input }} by " + _BY + ": {{ listing }}." + _ASK + " Keep {{ input }}.",
        ],
        criteria=["Each file holds exactly its entries, whole and in the log's order.",
                  "The field is dropped from first lines only when asked; the log is left as it is."],
        files=[FileSlot(param="input", type="txt", role="input", description="A combined log"),
               *(FileSlot(param=p, type="txt", description=f"Split log {n}") for n, p in enumerate(PARTS, start=1))],
        checks=[CheckTemplate(func="text.log_split", bind={"by": "by", "values": "values", "strip": "strip"},
                              paths={"input_file": "input", **{p: p for p in PARTS}})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        by: By = opts.by or rng.choice(["level", "service", "day"])
        traces = opts.traces if opts.traces is not None else rng.random() < 0.5
        lines, services, days = mixed_log(rng, ctx.faker, days=4 if by == "day" else 1, traces=traces)
        folder = rng.choice(["", "logs/", "incident/"])
        stem = {"level": "app", "service": "compose", "day": rng.choice(["app", "worker", "gateway"])}[by]
        source = f"{folder}{stem}.log" if by == "day" else f"{folder}{stem}_{days[0]}.log"
        values = {"level": LEVELS, "service": services, "day": days}[by]
        paths = {"level": [f"{folder}{stem}.{v.lower()}.log" for v in values],
                 "service": [f"{folder}by-service/{v}.log" for v in values],
                 "day": [f"{folder}{stem}-{v}.log" for v in values]}[by]
        listing = ", ".join(f"{v} to {p}" for v, p in zip(values, paths, strict=True))
        params = Params(input=source, **dict(zip(PARTS, paths, strict=True)), by=by, values=values, listing=listing,
                        traces=traces, strip=opts.strip if opts.strip is not None else rng.random() < 0.5,
                        strip_text=STRIP[by])
        return params.with_files(input=("\n".join(lines) + "\n").encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        drop = {"level": r"\g<day> \g<time> [\g<service>] \g<message>",
                "service": r"\g<day> \g<time> \g<level> \g<message>",
                "day": r"\g<time> \g<level> [\g<service>] \g<message>"}[params.by]
        script = f"""
            import os, re
            ENTRY = re.compile({lit(ENTRY.pattern)})
            files = dict(zip({lit(params.values)}, {lit([getattr(params, p) for p in PARTS])}))
            out, current = {{v: [] for v in files}}, None
            for line in open({lit(params.input)}, encoding="utf-8").read().splitlines():
                match = ENTRY.match(line)
                if match:
                    current = match.group({lit(params.by)})
                    line = match.expand({lit(drop)}) if {params.strip!r} else line
                out[current].append(line)
            for value, path in files.items():
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                open(path, "w", encoding="utf-8").write("\\n".join(out[value]) + "\\n")
                print(path, len(out[value]), "lines")
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read()[:3000])",
                                    f"First I look at {params.input}: each entry starts with its date and time, "
                                    "then the level and the [service] tag.", f"Show {params.input}"),
                        script_step(script, f"I walk the log entry by entry and append each (with any lines under "
                                    f"it) to the file of its {params.by}.", "Write the split files"))
