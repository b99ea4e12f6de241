"""Pull the errors out of a service log whose entries carry Python tracebacks or Java stack traces:
every ERROR entry whole or only its first line, every entry ending in a named exception type, or the
ERROR entries counted per exception type, as on-call engineers do before filing a bug."""

from __future__ import annotations

from typing import Literal

from forge.checks.text_log_entries import Flavor, Form, LogEntries, entries, expected_lines
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._tracebacks import make_trace_log

WHERE = {"python": "the last line of its Python traceback", "java": "the first line of its Java stack trace"}
_PICK = ("{% if level %}every {{ level }} entry{% else %}every entry, whatever its level, that ends in a "
         "{{ exception }}{% endif %}")
_ASK = ("{% if form == 'counts' %}count the ERROR entries per exception type: the exception line is {{ where }}, "
        "the type is that line up to its first colon. Write one `Type: n` line per type, the most frequent first, "
        "ties in A to Z order, and nothing else{% elif form == 'entries' %}copy " + _PICK + " into it whole: its "
        "timestamped line and every line of its trace below it, in log order and exactly as written"
        "{% else %}copy only the first (timestamped) line of " + _PICK + " into it, in log order, without the "
        "traces{% endif %}")


class Options(SkillParams):
    flavor: Flavor | None = None
    form: Form | None = None
    by: Literal["level", "exception"] | None = None


class Params(Prepared):
    log: str
    output: str
    flavor: Flavor
    where: str
    form: Form
    level: str | None
    exception: str | None


@register_workflow
class LogTracebacks(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.log_tracebacks", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "The service log {{ log }} has entries that run over several lines: a timestamped line, then for some "
            "a trace. In a new file {{ output }}, " + _ASK + ". Leave the log as it is.",
            "On call today and {{ log }} is noisy. Could you make me {{ output }}? Please " + _ASK + ".",
            "{{ log }} -> {{ output }}: " + _ASK + ".",
        ],
        criteria=["Exactly the asked entries (or counts), in log order, traces whole where asked.",
                  "Nothing else in the file."],
        files=[FileSlot(param="log", type="txt", role="input", description="A service log with traces"),
               FileSlot(param="output", type="txt", description="The picked entries or the counts")],
        checks=[CheckTemplate(func="text.log_entries", bind={
            "flavor": "flavor", "form": "form", "level": "level", "exception": "exception"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        flavor: Flavor = opts.flavor or rng.choice(["python", "java"])
        form: Form = opts.form or rng.choice(["entries", "headlines", "counts"])
        by = opts.by or rng.choice(["level", "exception"])
        for _ in range(30):  # until the picked exception is some, not all, of the traced entries
            name, text = make_trace_log(rng, ctx.faker, flavor)
            log = entries(text.splitlines())
            kinds = sorted({k for e in log if (k := e.exception(flavor))})
            exception = None if form == "counts" or by == "level" else rng.choice(kinds)
            level = "ERROR" if form != "counts" and by == "level" else None
            rule = LogEntries(file="o", input_file="l", flavor=flavor, form=form, level=level, exception=exception)
            traced = [e for e in log if e.exception(flavor)]
            if exception is None or 0 < len(expected_lines(log, rule)) < sum(len(e.lines) for e in traced):
                break
        stem = name.removesuffix(".log")
        output = f"{stem}_{'error_counts' if form == 'counts' else 'errors'}.txt"
        params = Params(log=f"logs/{name}", output=output, flavor=flavor, where=WHERE[flavor], form=form, level=level,
                        exception=exception)
        return params.with_files(log=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            from collections import Counter
            entries = []
            for line in open({lit(params.log)}, encoding="utf-8").read().splitlines():
                m = re.match(r"^\\d{{4}}-\\d{{2}}-\\d{{2}} \\d{{2}}:\\d{{2}}:\\d{{2}}\\S*\\s+([A-Z]+)", line)
                if m:
                    entries.append((m.group(1), [line]))
                elif entries and line.strip():
                    entries[-1][1].append(line)
            def kind(lines):
                trace = lines[1:]
                if {lit(params.flavor)} == "python":
                    last = trace[-1] if trace and trace[0].startswith("Traceback") else None
                else:
                    last = trace[0] if trace and not trace[0][:1].isspace() else None
                return last.split(":", 1)[0].strip() if last else None
            if {lit(params.form)} == "counts":
                counts = Counter(kind(lines) for level, lines in entries if level == "ERROR")
                counts.pop(None, None)
                out = [f"{{k}}: {{n}}" for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
            else:
                level, exception = {lit(params.level)}, {lit(params.exception)}
                picked = [lines for lv, lines in entries if (lv == level if level else kind(lines) == exception)]
                out = [x for lines in picked for x in (lines if {lit(params.form)} == "entries" else lines[:1])]
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
            print(len(out), "lines")
        """
        return solution(script_step(f"print(open({lit(params.log)}, encoding='utf-8').read()[:3000])",
                                    f"First I look at {params.log} to see how its entries and traces are laid out.",
                                    f"Show {params.log}"),
                        script_step(script, "I group the log's lines into entries (a timestamped line and the "
                                    "trace lines under it) and write out what was asked.", f"Write {params.output}"))
