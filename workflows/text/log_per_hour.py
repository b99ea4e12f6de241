"""Count a day's log lines per hour (all of them, or one level's), as `HH:00 N` lines."""

from __future__ import annotations

from forge.models import ReferenceSolution
from preparers.text import make_log
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


class Options(SkillParams):
    by_level: bool | None = None
    include_empty: bool | None = None


class Params(Prepared):
    log: str
    report: str
    level: str | None
    include_empty: bool


@register_workflow
class LogPerHour(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.log_per_hour", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "How is the load spread over the day in {{ log }}? Count the {% if level %}{{ level }} {% endif %}lines "
            "per hour and write {{ report }} with one line per hour like `09:00 42`, earliest first"
            "{% if include_empty %}, listing every hour from the first to the last, with 0 where there were none"
            "{% else %} (only hours that have lines){% endif %}.",
            "I'm trying to see when the {% if level %}{{ level }} lines{% else %}traffic{% endif %} peaked in {{ log }}. "
            "Could you give me an hourly histogram in {{ report }}? Just `HH:00 count` lines in time order"
            "{% if include_empty %}, and include the quiet hours in between as 0{% endif %}, nothing else.",
            "{{ log }}: {% if level %}{{ level }} {% endif %}lines per hour -> {{ report }} (`HH:00 N`, ascending"
            "{% if include_empty %}, empty hours as 0{% else %}, non-empty hours only{% endif %}).",
        ],
        criteria=["One line per hour, in order, with the exact count."],
        files=[FileSlot(param="log", type="txt", role="input", description="One day of a service's log"),
               FileSlot(param="report", type="txt", description="Lines per hour")],
        checks=[CheckTemplate(func="text.hourly_counts", bind={"level": "level", "include_empty": "include_empty"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        log = make_log(ctx.rng, ctx.faker, lines=ctx.rng.randint(120, 400))
        by_level = opts.by_level if opts.by_level is not None else ctx.rng.random() < 0.5
        level = ctx.rng.choice(["ERROR", "WARNING", "INFO"]) if by_level else None
        params = Params(log=f"logs/{log.file_name}", report=f"logs/{level.lower() + '_' if level else ''}per_hour_"
                        f"{log.facts['date']}.txt", level=level, include_empty=opts.include_empty
                        if opts.include_empty is not None else ctx.rng.random() < 0.5)
        return params.with_files(log=log.data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import collections, re
            level = {lit(params.level)}
            word = re.compile(r"(?<!\\w)" + level + r"(?!\\w)") if level else None
            counts = collections.Counter()
            for line in open({lit(params.log)}, encoding="utf-8"):
                stamp = re.match(r"\\d{{4}}-\\d{{2}}-\\d{{2}} (\\d{{2}}):", line)
                if stamp and (word is None or word.search(line)):
                    counts[int(stamp.group(1))] += 1
            hours = range(min(counts), max(counts) + 1) if {params.include_empty!r} else sorted(counts)
            open({lit(params.report)}, "w").write("".join(f"{{h:02d}}:00 {{counts[h]}}\\n" for h in hours))
            print(dict(counts))
        """
        return solution(script_step(script, f"I read the timestamp of every {params.level or ''} line of "
                                    f"{params.log}, count them per hour and write {params.report}.",
                                    f"Count {params.log} per hour"))
