"""Edit a web app's pip requirements file by hand, as a developer does before a release or after a
security notice: pin a package, move a pin to a newer release, loosen a pin to a compatible release
(`~=`) or a minimum (`>=`), add a package in its alphabetical place, remove one, install one with an
extra, or sort the whole file A to Z. Comments and every other line stay as they are."""

from __future__ import annotations

import random

from faker import Faker

from forge.checks.text_requirements import Operation, normalized
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._line_edits import line_edit_solution

# name as written, releases oldest first, the extra it offers (or None)
PACKAGES = [("Django", ["4.2.7", "4.2.11", "5.0.3"], None), ("djangorestframework", ["3.14.0", "3.15.1"], None),
            ("psycopg2-binary", ["2.9.7", "2.9.9"], None), ("celery", ["5.3.4", "5.3.6"], "redis"),
            ("gunicorn", ["21.2.0", "22.0.0"], None), ("requests", ["2.31.0", "2.32.3"], "socks"),
            ("python-dateutil", ["2.8.2", "2.9.0"], None), ("Pillow", ["10.1.0", "10.3.0"], None),
            ("sentry-sdk", ["1.38.0", "1.45.0"], "django"), ("whitenoise", ["6.5.0", "6.6.0"], "brotli"),
            ("redis", ["5.0.1", "5.0.4"], "hiredis"), ("boto3", ["1.34.0", "1.34.84"], None),
            ("pydantic", ["2.5.2", "2.7.1"], "email"), ("httpx", ["0.25.2", "0.27.0"], "http2"),
            ("uvicorn", ["0.24.0", "0.29.0"], "standard"), ("structlog", ["23.2.0", "24.1.0"], None),
            ("PyYAML", ["6.0", "6.0.1"], None), ("openpyxl", ["3.1.2", "3.1.5"], None)]
_ASK = ("{% if operation == 'pin' %}pin {{ package }} to exactly version {{ version }}{% elif operation == 'bump' %}"
        "upgrade {{ package }} to version {{ version }}{% elif operation == 'loosen' %}let {{ package }} take patch "
        "releases: replace its exact pin with a compatible-release specifier (~=) on the version it is pinned to"
        "{% elif operation == 'minimum' %}allow any version of {{ package }} from {{ version }} on (a >= "
        "specifier instead of its exact pin){% elif operation == 'add' %}add {{ package }}, pinned to "
        "{{ version }}, in its alphabetical place among the packages{% elif operation == 'remove' %}remove "
        "{{ package }}, we no longer use it{% elif operation == 'sort' %}sort the requirement lines alphabetically "
        "by package name, ignoring case{% else %}install {{ package }} with its {{ extra }} extra, keeping its "
        "version as it is{% endif %}")
# the oracle's edit on `lines`: `i` the package's line, `m` its (name+extras, spec, rest) match
EDITS = {"pin": "lines[i] = m.group(1) + '==' + VERSION + tail",
         "bump": "lines[i] = m.group(1) + '==' + VERSION + tail",
         "minimum": "lines[i] = m.group(1) + '>=' + VERSION + tail",
         "loosen": "lines[i] = m.group(1) + '~=' + re.search(r'==\\s*([^\\s,;#]+)', m.group(2)).group(1) + tail",
         "extra": "lines[i] = m.group(1) + '[' + EXTRA + ']' + m.group(2).rstrip() + tail",
         "remove": "del lines[i]",
         "add": "reqs = [k for k in range(len(lines)) if name(lines[k])]\n"
                "at = next((k for k in reqs if name(lines[k]) > norm(PACKAGE)), reqs[-1] + 1)\n"
                "lines.insert(at, PACKAGE + '==' + VERSION)",
         "sort": "reqs = [k for k in range(len(lines)) if name(lines[k])]\n"
                 "for k, text in zip(reqs, sorted((lines[k] for k in reqs), key=name)):\n    lines[k] = text"}
FIND = """def norm(n):
    return re.sub(r'[-_.]+', '-', n).lower()
def name(line):
    m = re.match(r'^([A-Za-z0-9][A-Za-z0-9._-]*)', line)
    return norm(m.group(1)) if m else None
i = next((k for k, l in enumerate(lines) if name(l) == norm(PACKAGE)), None)
m = re.match(r'^([A-Za-z0-9._-]+(?:\\[[^\\]]*\\])?)([^#;]*)(.*)$', lines[i]) if i is not None else None
tail = ('   ' + m.group(3)) if m and m.group(3) else ''"""


def make_requirements(rng: random.Random, faker: Faker, *, shuffled: bool) -> tuple[str, list[tuple]]:
    """The file's text and its packages (name, releases, extra, spec written); A to Z unless `shuffled`."""
    picked = rng.sample(PACKAGES, 10)
    rows = [(name, versions, extra, rng.choice([f">={versions[0]}", ""]) if k < 2 else f"=={versions[0]}")
            for k, (name, versions, extra) in enumerate(picked)]
    ordered = rows if shuffled else sorted(rows, key=lambda r: normalized(r[0]))
    lines = [f"# Runtime dependencies of {faker.domain_word()}-web", "# Install with: pip install -r requirements.txt",
             ""]
    for name, _, _, spec in ordered:
        note = "   # error reporting" if name == "sentry-sdk" else ""
        lines.append(f"{name}{spec}{note}")
    if shuffled and [normalized(r[0]) for r in ordered] == sorted(normalized(r[0]) for r in ordered):
        lines[-1], lines[-2] = lines[-2], lines[-1]
    return "\n".join(lines) + "\n", rows


class Options(SkillParams):
    operation: Operation | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Operation
    package: str | None
    version: str | None
    extra: str | None


@register_workflow
class RequirementsEdit(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.requirements_edit", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "{{ input }} lists our web app's Python dependencies for pip. In it, " + _ASK + ". Every other line "
            "must stay as it is. " + SAVE["formal"],
            "Before the release I need one change in {{ input }}: could you " + _ASK + "? Leave the other "
            "requirements and the comments alone. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; nothing else. " + SAVE["terse"],
        ],
        criteria=["The one requirement is pinned, upgraded, loosened, added, removed or given its extra as asked, "
                  "or the lines are sorted by name.", "Every other requirement is unchanged and in order."],
        files=[FileSlot(param="input", type="txt", role="input", description="A pip requirements file"),
               FileSlot(param="output", type="txt", description="The edited requirements file")],
        checks=[CheckTemplate(func="text.requirements_edited", bind={
            "operation": "operation", "package": "package", "version": "version", "extra": "extra"})],
    )
    states_values = ("version",)

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation: Operation = opts.operation or rng.choice(["pin", "bump", "loosen", "minimum", "add", "remove",
                                                             "sort", "extra"])
        text, rows = make_requirements(rng, ctx.faker, shuffled=operation == "sort")
        listed = {r[0] for r in rows}
        package = version = extra = None
        if operation == "add":
            package, versions, _ = rng.choice([p for p in PACKAGES if p[0] not in listed])
            version = versions[-1]
        elif operation != "sort":
            pinned = [r for r in rows[2:] if operation != "extra" or r[2]]
            package, versions, extra, _ = rng.choice(rows[:2] if operation == "pin" else pinned)
            version = {"pin": versions[-1], "bump": versions[-1],
                       "minimum": ".".join(versions[0].split(".")[:2])}.get(operation)
            extra = extra if operation == "extra" else None
        params = Params(**edit_paths(ctx, "requirements", "txt", "new", ["", "app/", "deploy/"]), operation=operation,
                        package=package, version=version, extra=extra)
        return params.with_files(input=text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        names = f"PACKAGE, VERSION, EXTRA = {lit(params.package or '')}, {lit(params.version)}, {lit(params.extra)}"
        return line_edit_solution(
            params.input, params.output, names, FIND.replace("\n", "\n        "), EDITS[params.operation].replace(
                "\n", "\n        "), look=f"First I read {params.input} to see how its requirements are written.",
            change="I make the one change asked on the requirement lines (names compared as pip does) and keep the "
            "comments and every other line as they are.")
