"""Query a service's log the way people do at a terminal: pick lines by severity, by severity or
worse, by a time window, by a phrase, by a level within a window, or drop one level's noise; then
keep them as they are, list them newest first, count them, or (when the log was shipped twice and
holds repeated lines) keep each line once; in a new file, or trimming the log itself."""

from __future__ import annotations

from typing import Literal

from forge.checks.text_logs import SEVERITY, LogSelected, Output, Select, selected
from forge.errors import WorkflowError
from forge.models import ReferenceSolution
from preparers.text import TextContent, make_log
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, shell_step, solution
from workflows.spec import (
    CheckTemplate,
    FileSlot,
    SkillParams,
    WorkflowContext,
    WorkflowSpec,
    register_workflow,
)

PHRASES = ("upstream", "database", "cache", "job", "report", "timed out", "signed in", "queue", "token", "payload")
WHICH = {
    "level": "the {{ level }} lines",
    "at_least": "the lines of severity {{ level }} or worse ({{ worse | join(', ') }})",
    "window": "the lines logged from {{ start }} up to (not including) {{ end }}",
    "phrase": 'the lines that mention "{{ phrase }}" (any upper/lower case)',
    "level_window": "the {{ level }} lines logged from {{ start }} up to (not including) {{ end }}",
    "drop_level": "every line except the {{ level }} ones",
}
WRITE = {
    "lines": "exactly as they are, in the log's order",
    "newest_first": "exactly as they are, newest first",
    "count": "",
    "unique": "exactly as they are, in the log's order, each repeated line only once (the log was shipped twice "
              "in places)",
}


def _branches(table: dict[str, str], param: str) -> str:
    return "".join(f"{{% if {param} == {key!r} %}}{text}{{% endif %}}" for key, text in table.items())


_WHICH, _HOW = _branches(WHICH, "select"), _branches(WRITE, "output")
_DEST = ("{% if output == 'count' %}write how many there are (just the number) to {{ output_file }}{% elif in_place %}"
         "keep only those in {{ log }} itself, " + _HOW + "{% else %}write them to {{ output_file }}, " + _HOW + "{% endif %}")


class Options(SkillParams):
    select: Select | None = None
    output: Output | None = None
    in_place: bool | None = None


class Params(Prepared):
    log: str
    output_file: str
    in_place: bool
    select: Select
    output: Output
    level: str | None
    worse: list[str]
    start: str | None
    end: str | None
    phrase: str | None


@register_workflow
class LogQuery(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.log_query", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "From the service log {{ log }}, take " + _WHICH + " and " + _DEST + ". Nothing else goes in.",
            "I'm chasing an incident in {{ log }}. Could you pull out " + _WHICH + " for me and " + _DEST + "?",
            "{{ log }}: " + _WHICH + " -> " + _DEST + ".",
        ],
        criteria=["Exactly the log lines asked for, unchanged, in the order asked (or their exact number).",
                  "No other lines."],
        files=[FileSlot(param="log", type="txt", role="input", description="One day of a service's log"),
               FileSlot(param="output_file", type="txt", description="The lines asked for")],
        checks=[CheckTemplate(func="text.log_selected", bind={
            "select": "select", "output": "output", "level": "level", "start": "start", "end": "end",
            "phrase": "phrase"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        select: Select = opts.select or ctx.rng.choice(list(WHICH))
        output: Output = opts.output or ctx.rng.choice(list(WRITE))
        in_place = output in ("lines", "unique") and (opts.in_place if opts.in_place is not None
                                                     else ctx.rng.random() < 0.3)
        for _ in range(20):
            log = make_log(ctx.rng, ctx.faker, lines=ctx.rng.randint(90, 260))
            lines = log.text.splitlines()
            if output == "unique":  # shipped twice in places: runs of lines repeated
                at = sorted(ctx.rng.sample(range(len(lines) - 8), 4))
                for start in reversed(at):
                    lines[start:start] = lines[start:start + ctx.rng.randint(2, 6)]
            params = self._pick(ctx, log, lines, select, output, in_place)
            if params is not None:
                return params.with_files(log=("\n".join(lines) + "\n").encode())
        raise WorkflowError(f"text.log_query: no log fits {select}/{output} in 20 draws")

    def _pick(self, ctx: WorkflowContext, log: TextContent, lines: list[str], select: Select, output: Output,
              in_place: bool) -> Params | None:
        level = ctx.rng.choice(["WARNING", "INFO"] if select == "at_least" else
                               ["DEBUG", "INFO"] if select == "drop_level" else list(SEVERITY)) \
            if select in ("level", "at_least", "level_window", "drop_level") else None
        start = end = phrase = None
        if select in ("window", "level_window"):
            first = ctx.rng.randint(7, 18)
            start, end = f"{first:02d}:{ctx.rng.choice([0, 15, 30, 45]):02d}", \
                f"{first + ctx.rng.randint(1, 4):02d}:{ctx.rng.choice([0, 30]):02d}"
        if select == "phrase":
            phrase = ctx.rng.choice(PHRASES)
        check = LogSelected(file="-", input_file="-", select=select, output=output, level=level, start=start,
                            end=end, phrase=phrase)
        kept = selected(lines, check)
        if not 2 <= len(kept) < len(lines) or (output == "unique" and len(set(kept)) == len(kept)):
            return None
        date, name = log.facts["date"], f"logs/{log.file_name}"
        tag = {"level": level, "at_least": f"{level}_and_worse", "window": "window", "phrase": "matches",
               "level_window": f"{level}_window", "drop_level": f"without_{level}"}[select]
        suffix = "count.txt" if output == "count" else "log"
        return Params(log=name, output_file=name if in_place else f"logs/{str(tag).lower()}_{date}.{suffix}",
                      in_place=in_place, select=select, output=output, level=level,
                      worse=list(SEVERITY[SEVERITY.index(level):]) if level and select == "at_least" else [],
                      start=start, end=end, phrase=phrase)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            order = {list(SEVERITY)!r}
            select, level, start, end, phrase = {lit(params.select)}, {lit(params.level)}, {lit(params.start)}, {lit(params.end)}, {lit(params.phrase)}
            kept = []
            for line in open({lit(params.log)}, encoding="utf-8").read().splitlines():
                m = re.match(r"\\d{{4}}-\\d{{2}}-\\d{{2}} (\\d{{2}}:\\d{{2}}):\\d{{2}} (\\w+) ", line)
                if not m:
                    continue
                time, lvl = m.groups()
                window = (start or "") <= time < (end or "99:99")
                if {{"level": lvl == level, "at_least": lvl in order and order.index(lvl) >= order.index(level or "ERROR"),
                     "window": window, "phrase": (phrase or "").lower() in line.lower(),
                     "level_window": lvl == level and window, "drop_level": lvl != level}}[select]:
                    kept.append(line)
            output = {lit(params.output)}
            if output == "unique":
                kept = list(dict.fromkeys(kept))
            elif output == "newest_first":
                kept.reverse()
            text = f"{{len(kept)}}\\n" if output == "count" else "".join(line + "\\n" for line in kept)
            open({lit(params.output_file)}, "w", encoding="utf-8").write(text)
            print(len(kept), "lines")
        """
        return solution(
            shell_step(f"head -5 {params.log}; wc -l {params.log}", f"First I look at how the lines of {params.log} "
                       "are laid out: date, time, level, service, message.", f"Look at {params.log}"),
            script_step(script, "I pick the lines asked for by their time and level fields (a plain grep would also "
                        "match the words inside messages), then write them as asked.", f"Write {params.output_file}"))
