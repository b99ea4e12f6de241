"""Edit a server's crontab as people do (`crontab -l > crontab.txt`, edit, load it back): add a job
on a schedule said in words (every day at 02:30, weekdays, one weekday, every N minutes, a day of the
month), move a job to another schedule, comment it out for a while, switch a commented-out job back
on, or remove it. Every other job, comment and setting stays as it is."""

from __future__ import annotations

from forge.checks.text_crontab import Kind, Operation, Weekday, cron_fields
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._crontab import Crontab, Job
from workflows.text._line_edits import line_edit_solution

_ASK = ("{% if operation == 'add' %}add a job that runs `{{ command }}` {{ when }}{% elif operation == 'reschedule' %}"
        "change the {{ command }} job so that it runs {{ when }} instead{% elif operation == 'disable' %}comment out "
        "the {{ command }} job so it stops running, keeping its line in the file{% elif operation == 'enable' %}"
        "turn the commented-out {{ command }} job back on, on the schedule it has there{% else %}remove the "
        "{{ command }} job{% endif %}")
_CHATTY = ("{{ reason }} {% if operation == 'add' %}Could you add `{{ command }}` to {{ input }} so it runs {{ when }}?"
           "{% elif operation == 'reschedule' %}Could you make the {{ command }} job in {{ input }} run {{ when }} "
           "from now on?{% elif operation == 'disable' %}Please comment out the {{ command }} job in {{ input }} for "
           "now (don't delete it, we'll want it back).{% elif operation == 'enable' %}The {{ command }} job in "
           "{{ input }} is commented out at the moment; please switch it back on as it was.{% else %}Please take "
           "the {{ command }} job out of {{ input }} altogether.{% endif %}")
_TERSE = ("{% if operation == 'add' %}new job `{{ command }}`, {{ when }}{% elif operation == 'reschedule' %}"
          "{{ command }} job: run it {{ when }}{% elif operation == 'disable' %}comment out the {{ command }} job"
          "{% elif operation == 'enable' %}uncomment the {{ command }} job{% else %}delete the {{ command }} job"
          "{% endif %}")
# the edit the oracle makes on `lines`, the index `i` of the job's line found first (none for add)
EDITS = {"add": "lines.append(CRON + ' ' + COMMAND)",
         "reschedule": "lines[i] = CRON + ' ' + lines[i].split(None, 5)[5]",
         "disable": "lines[i] = '# ' + lines[i]",
         "enable": "lines[i] = lines[i].lstrip('#').strip()",
         "remove": "del lines[i - bool(re.match(r'#\\s*[A-Za-z]', lines[i - 1])):i + 1 + (lines[i + 1:i + 2] == [''])]"}


class Options(SkillParams):
    operation: Operation | None = None
    kind: Kind | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Operation
    command: str
    reason: str
    kind: Kind | None
    when: str | None
    minute: int | None
    hour: int | None
    weekday: Weekday | None
    day: int | None
    every: int | None


@register_workflow
class CrontabEdit(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.crontab_edit", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} is our server's crontab as `crontab -l` prints it. In it, " + _ASK + ". Every other job, "
            "comment and setting must stay exactly as it is. " + SAVE["formal"],
            _CHATTY + " Nothing else in the crontab should change. " + SAVE["chatty"],
            "{{ input }} (crontab): " + _TERSE + "; the rest untouched. " + SAVE["terse"],
        ],
        criteria=["The one job is added, rescheduled, commented out, uncommented or removed as asked.",
                  "A new or changed schedule means exactly the times asked.",
                  "Every other job, setting and comment is unchanged and in order."],
        files=[FileSlot(param="input", type="txt", role="input", description="A crontab"),
               FileSlot(param="output", type="txt", description="The edited crontab")],
        checks=[CheckTemplate(func="text.crontab_edited", bind={
            "operation": "operation", "command": "command", "kind": "kind", "minute": "minute", "hour": "hour",
            "weekday": "weekday", "day": "day", "every": "every"})],
    )
    states_values = ("minute", "hour", "day", "every", "command")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation: Operation = opts.operation or rng.choice(["add", "reschedule", "disable", "enable", "remove"])
        kind: Kind | None = None
        if operation in ("add", "reschedule"):
            kind = opts.kind or rng.choice(["daily", "weekdays", "weekly", "every", "monthly"])
        for _ in range(100):  # a crontab with a job that takes the edit (every few minutes: a sync, a check)
            crontab = Crontab(rng, ctx.faker, disabled=operation == "enable" or rng.random() < 0.4)
            pool = {"add": crontab.spares, "enable": [crontab.disabled]}.get(operation, crontab.active[:-1])
            pool = [j for j in pool if j and (kind is None or j.frequent == (kind == "every"))]
            if pool:
                break
        job: Job = rng.choice(pool)
        schedule = crontab.schedule(kind, avoid=job.cron) if kind else {}
        reasons = REASONS[operation]
        params = Params(**edit_paths(ctx, "crontab", "txt", "new", ["", "ops/", f"ops/{crontab.host}/"]),
                        operation=operation, command=job.command if operation == "add" else job.script,
                        reason=rng.choice(reasons).format(purpose=job.purpose), **self._blank(schedule))
        return params.with_files(input=crontab.text.encode("utf-8"))

    @staticmethod
    def _blank(schedule: dict[str, object]) -> dict[str, object]:
        return {"kind": None, "when": None, "minute": None, "hour": None, "weekday": None, "day": None,
                "every": None, **schedule}

    def reference(self, params: Params) -> ReferenceSolution:
        find = "" if params.operation == "add" else (
            f"i = next(k for k, line in enumerate(lines) if {lit(params.command)} in line and "
            f"line.startswith('#') == {params.operation == 'enable'})")
        return line_edit_solution(
            params.input, params.output, f"CRON, COMMAND = {lit(_cron(params))}, {lit(params.command)}", find,
            EDITS[params.operation], look=f"First I read {params.input} to see its jobs and how they are written.",
            change="I make the one change asked on the job's line (a schedule is five fields: minute, hour, day of "
            "month, month, day of week) and keep every other line as it is.")


def _cron(params: Params) -> str | None:
    """The five cron fields of the asked schedule (None when the edit sets none)."""
    return params.kind and cron_fields(params.kind, params.minute, params.hour, params.weekday, params.day,
                                       params.every)


REASONS: dict[str, list[str]] = {
    "add": ["The script for the {purpose} is installed on the server now.",
            "We finally have a script for the {purpose}.",
            "Ops signed off the {purpose} script yesterday."],
    "reschedule": ["The team asked for the {purpose} at a different time.",
                   "The {purpose} keeps clashing with other work on the box.",
                   "We're changing when the {purpose} happens."],
    "disable": ["We're pausing the {purpose} during the database migration.",
                "The {purpose} must not run while the supplier fixes their side.",
                "Let's hold off the {purpose} until the audit is over."],
    "enable": ["The migration is done, so the {purpose} can run again.",
               "The supplier fixed their side; the {purpose} can resume.",
               "The audit is over, so we want the {purpose} back."],
    "remove": ["The {purpose} has been retired.", "We moved the {purpose} to the new scheduler, so it goes from here.",
               "Nobody needs the {purpose} any more."],
}
