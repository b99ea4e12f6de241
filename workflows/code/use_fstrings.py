"""Move a module's string building to f-strings, as a team does when it drops Python 2 habits:
%-formatting, str.format() calls, `+` between strings, or all three, each line coming out exactly as
before (format specs, padding, thousands separators kept); the tests as given."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import script_step, shell_step, solution
from workflows.code._api import base_params
from workflows.code._format_modules import FORMAT_MODULES, add_format_module
from workflows.code._project import ProjectParams, ProjectWorkflow, pytest_step
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

STYLES = {"percent": ["percent"], "format": ["format"], "concat": ["concat"], "all": ["percent", "format", "concat"]}


class Options(SkillParams):
    kind: Literal[tuple(FORMAT_MODULES)] | None = None  # type: ignore[valid-type]
    styles: Literal[tuple(STYLES)] | None = None  # type: ignore[valid-type]
    """Which old style goes: percent, format, concat, or all of them."""


class Params(ProjectParams):
    styles: list[str]
    percent: bool
    str_format: bool
    concat: bool


OLD = ("{% for s in styles %}{% if not loop.first %}{% if loop.last %} and {% else %}, {% endif %}{% endif %}"
       "{% if s == 'percent' %}%-formatting (\"...\" % values){% elif s == 'format' %}str.format() calls"
       "{% else %}string concatenation with +{% endif %}{% endfor %}")
KEEP = ("Every string must come out exactly as it does now (format specs, padding, thousands separators and all). "
        "Leave {{ test_file }} as it is; the suite must pass.")

# The converter the reference runs (AST positions on one line each; format specs carried over).
CONVERT = """import ast, re, string

PATH, STYLES = "__PATH__", __STYLES__


def text(node):
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str)


def style(node):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and text(node.left):
        return "percent"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" and text(node.func.value):
        return "format"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and any(text(o) for o in operands(node)):
        return "concat"
    return None


def operands(n):
    return operands(n.left) + operands(n.right) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add) else [n]


def literal(piece):
    return piece.replace("\\\\", "\\\\\\\\").replace("\\n", "\\\\n").replace('"', '\\\\"').replace("{", "{{").replace("}", "}}")


def field(expr, spec=""):
    return "{" + ast.unparse(expr) + (":" + spec if spec else "") + "}"


def percent(node):
    values = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
    pieces, at, values = [], 0, list(values)
    for match in re.finditer(r"%(-?)(\\d*)((?:\\.\\d+)?)([sdf%])", node.left.value):
        pieces.append(literal(node.left.value[at:match.start()]))
        flag, width, precision, kind = match.groups()
        spec = ("<" if flag else "") + width + precision + (kind if kind in "df" else "")
        pieces.append("%" if kind == "%" else field(values.pop(0), spec))
        at = match.end()
    return "".join(pieces) + literal(node.left.value[at:])


def format_call(node):
    pieces, auto = [], 0
    for text_part, name, spec, _ in string.Formatter().parse(node.func.value.value):
        pieces.append(literal(text_part))
        if name is not None:
            index = int(name) if name else auto
            auto += 0 if name else 1
            pieces.append(field(node.args[index], spec))
    return "".join(pieces)


def concat(node):
    pieces = []
    for part in operands(node):
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            pieces.append(literal(part.value))
        elif isinstance(part, ast.Call) and isinstance(part.func, ast.Name) and part.func.id == "str" and len(part.args) == 1:
            pieces.append(field(part.args[0]))
        else:
            pieces.append(field(part))
    return "".join(pieces)


WRITE = {"percent": percent, "format": format_call, "concat": concat}
source = open(PATH).read()
lines = source.split("\\n")
found = sorted(((n.lineno, n.col_offset, n.end_col_offset, s, n) for n in ast.walk(ast.parse(source))
                if (s := style(n)) in STYLES), key=lambda f: (f[0], f[1], -f[2]))
done = []
for row, start, end, kind, node in found:
    if any(r == row and s <= start and end <= e for r, s, e in done):
        continue
    done.append((row, start, end))
for row, start, end in sorted(done, key=lambda d: (d[0], -d[1])):
    node = next(f[4] for f in found if (f[0], f[1], f[2]) == (row, start, end))
    line = lines[row - 1]
    lines[row - 1] = line[:start] + 'f"' + WRITE[style(node)](node) + '"' + line[end:]
open(PATH, "w").write("\\n".join(lines))
"""


@register_workflow
class UseFstrings(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.use_fstrings", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, {{ module }} still builds its strings with " + OLD + ". Rewrite "
            "{% if styles | length > 1 %}all of those{% else %}those{% endif %} as f-strings. " + KEEP,
            "Could you modernise {{ module }} ({{ folder }}/)? Replace its " + OLD + " with f-strings. " + KEEP,
            "{{ folder }}/: {{ module }}: " + OLD + " -> f-strings, output unchanged. " + KEEP,
        ],
        criteria=["No use of the named old styles is left; each function that used one builds its text with an "
                  "f-string.", "Every string comes out as before; the tests are unchanged and pass."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The module that builds the strings"),
               FileSlot(param="test_file", type="py", description="The module's tests")],
        checks=[CheckTemplate(func="project.fstrings_used", bind={"folder": "folder", "percent": "percent",
                                                                 "str_format": "str_format", "concat": "concat"},
                              paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        project, _ = add_format_module(ctx.rng, ctx.faker, opts.kind or ctx.rng.choice(sorted(FORMAT_MODULES)))
        paths, archive = base_params(project)
        styles = STYLES[opts.styles or ctx.rng.choice(sorted(STYLES))]
        return Params(**paths, styles=styles, percent="percent" in styles, str_format="format" in styles,
                      concat="concat" in styles).with_files(**archive)

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = CONVERT.replace("__PATH__", params.module).replace("__STYLES__", repr(params.styles))
        return solution(
            shell_step(f"grep -n '%\\|format(\\| + ' {params.module}", "First I list the lines that build strings "
                       "the old way.", "Find the old-style strings"),
            script_step(script, "I rewrite each of them as an f-string, carrying the format specs over.",
                        "Use f-strings"),
            pytest_step(params.folder, "The suite must pass."))
