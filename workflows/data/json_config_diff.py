"""Report what changed between two versions of a service's JSON config before a release goes out:
setting by setting (dotted paths), every added, removed or changed setting with its status, or only
the changed ones; the version number that moves on every release ignored or not; and, where the new
file was written by a tool that quotes numbers and flags, values only retyped as text not counted."""

from __future__ import annotations

import copy
import random
from typing import Any

from forge.checks.table_settings_diff import COLUMNS, Report, leaves
from forge.models import ReferenceSolution
from preparers._corpora import corpus
from preparers.data import dump_json, make_app_config
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.data._draw import either
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

FLAGS = ["dark_mode", "beta_reports", "audit_log", "bulk_export", "sso_login", "new_checkout", "csv_import"]
_FORM = ("{% if report == 'all' %}one row per setting that was added, removed or changed, with the header "
         "Setting,Status,Old Value,New Value (Status is added, removed or changed; the value a setting does not have "
         "left empty){% else %}one row per setting present in both files whose value changed, with the header "
         "Setting,Old Value,New Value{% endif %}")
_RULES = (" A setting is a single value named by its dotted path (database.pool_size, features.audit_log); a list "
          "counts as one value. Write values as the JSON has them (true/false, numbers, text without quotes); order "
          "the rows by setting, A to Z.{% if ignore %} Ignore {{ ignore[0] }}: it changes with every release."
          "{% endif %}{% if loose %} The new file was saved by a tool that writes some numbers and true/false as "
          "text, in quotes: a value that only changed that way is not a change.{% endif %}")


class Options(SkillParams):
    report: Report | None = None
    ignore_version: bool | None = None
    loose: bool | None = None


class Params(Prepared):
    old: str
    new: str
    output: str
    service: str
    report: Report
    ignore: list[str]
    loose: bool


def _set(doc: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        doc = doc.setdefault(key, {})
    doc[last] = value


def _drop(doc: dict[str, Any], path: str) -> None:
    *parents, last = path.split(".")
    for key in parents:
        doc = doc[key]
    del doc[last]


def next_version(rng: random.Random, old: dict[str, Any]) -> dict[str, Any]:
    """The release's config: the version moved on, a few settings changed, one or two removed and
    one or two added (a flag, a setting of a section the service did not have)."""
    new = copy.deepcopy(old)
    major, minor, _ = str(old["version"]).split(".")
    new["version"] = f"{major}.{int(minor) + 1}.0"
    sections = corpus("logs")["config_sections"]
    choices = {f"{s}.{k}": v for s, keys in sections.items() if s in old for k, v in keys.items() if len(v) > 1}
    for path in rng.sample(sorted(choices), rng.randint(2, min(4, len(choices)))):
        _set(new, path, rng.choice([v for v in choices[path] if v != leaves(old)[path]]))
    flags = sorted(old["features"])
    _set(new, f"features.{flags[0]}", not old["features"][flags[0]])
    plain = [p for p in leaves(old) if p.split(".")[0] in sections and leaves(new)[p] == leaves(old)[p]]
    for path in rng.sample(plain, rng.randint(1, 2)):
        _drop(new, path)
    _set(new, f"features.{rng.choice([f for f in FLAGS if f not in old['features']])}", rng.random() < 0.5)
    if rng.random() < 0.6:
        spare = rng.choice(sorted(s for s in sections if s not in old))
        _set(new, spare, {k: rng.choice(v) for k, v in sections[spare].items()})
    return new


def retype(rng: random.Random, old: dict[str, Any], new: dict[str, Any]) -> None:
    """Two or three unchanged numbers or flags of `new` written as text (a tool that quotes them)."""
    before, after = leaves(old), leaves(new)
    typed = [p for p, v in after.items() if p in before and before[p] == v and isinstance(v, (int, float, bool))]
    for path in rng.sample(typed, min(len(typed), rng.randint(2, 3))):
        value = after[path]
        _set(new, path, ("true" if value else "false") if isinstance(value, bool) else str(value))


@register_workflow
class JsonConfigDiff(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="data.json_config_diff", apps=["data"], params=Params, skill_params=Options,
        phrasings=[
            "Compare {{ old }} (the {{ service }} config of the last release) with {{ new }} (the one about to ship) "
            "and write the differences to {{ output }}: " + _FORM + "." + _RULES,
            "Before we ship the new {{ service }} config I'd like a list of what changed. Could you diff {{ old }} "
            "against {{ new }} and put it in {{ output }}? I need " + _FORM + "." + _RULES,
            "{{ old }} vs {{ new }} ({{ service }} config) -> {{ output }}: " + _FORM + "." + _RULES,
        ],
        criteria=["Every differing setting is reported once, with the right status and values; nothing else.",
                  "The header, the value format and the order are as asked."],
        files=[FileSlot(param="old", type="json", role="input", description="The last release's config"),
               FileSlot(param="new", type="json", role="input", description="The config about to ship"),
               FileSlot(param="output", type="csv", description="The differences")],
        checks=[CheckTemplate(func="table.settings_compared", paths={"input_file": "old", "other_file": "new"},
                              bind={"report": "report", "ignore": "ignore", "loose": "loose"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        report: Report = opts.report or ctx.rng.choice(["all", "changed"])  # type: ignore[assignment]
        ignore, loose = either(ctx, opts.ignore_version), either(ctx, opts.loose)
        config = make_app_config(ctx.rng, ctx.faker)
        old = dict(config.value)  # type: ignore[arg-type]
        new = next_version(ctx.rng, old)
        if loose:
            retype(ctx.rng, old, new)
        service, folder = str(old["service"]), ctx.rng.choice(["", "config/", "deploy/"])
        params = Params(old=f"{folder}{service}.previous.json", new=f"{folder}{service}.json",
                        output=f"{folder}{service}_changes.csv", service=service, report=report,
                        ignore=["version"] if ignore else [], loose=loose)
        return params.with_files(old=dump_json(old), new=dump_json(new))

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import csv, json
            def leaves(value, prefix=""):
                if isinstance(value, dict) and value:
                    return {{p: v for k, c in value.items() for p, v in leaves(c, prefix + k + ".").items()}}
                return {{prefix.rstrip("."): value}}
            def loose(v):
                if isinstance(v, str) and v.strip().lower() in ("true", "false"):
                    return v.strip().lower() == "true"
                try:
                    return v if isinstance(v, bool) else float(v)
                except (TypeError, ValueError):
                    return v
            def shown(v, there):
                if not there:
                    return ""
                return json.dumps(v) if isinstance(v, (bool, list, dict)) or v is None else v
            old = leaves(json.load(open({lit(params.old)}, encoding="utf-8")))
            new = leaves(json.load(open({lit(params.new)}, encoding="utf-8")))
            rows = [{lit(COLUMNS[params.report])}]
            for path in sorted(old.keys() | new.keys(), key=str.casefold):
                a, b = old.get(path), new.get(path)
                if path in {lit(params.ignore)}:
                    continue
                if path in old and path in new:
                    if (loose(a) == loose(b)) if {params.loose} else (a == b and type(a) is type(b)):
                        continue
                status = "added" if path not in old else "removed" if path not in new else "changed"
                if {lit(params.report)} == "all":
                    rows.append([path, status, shown(a, path in old), shown(b, path in new)])
                elif status == "changed":
                    rows.append([path, shown(a, True), shown(b, True)])
            with open({lit(params.output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(rows)
            print(len(rows) - 1, "differences")
        """
        show = f"print(open({lit(params.old)}).read()); print(open({lit(params.new)}).read())"
        return solution(script_step(show, "First I look at both versions of the config.", "Show both configs"),
                        script_step(script, f"I flatten both configs to dotted settings, compare them and write "
                                    f"{params.output}.", "Diff the configs"))
