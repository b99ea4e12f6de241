"""Edit a project's packaging metadata (pyproject.toml): add, raise or drop a dependency, add an
optional group, set the Python floor, add a console script, bump the version."""

from __future__ import annotations

import random
from typing import Literal

from forge.checks.project_packaging import Change
from forge.models import ReferenceSolution
from preparers.code import ProjectContent
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

NEW = ["requests>=2.31", "httpx>=0.27", "rich>=13.7", "typer>=0.12", "openpyxl>=3.1", "tabulate>=0.9"]
OLD = {"pydantic": ("pydantic>=1.10", "pydantic>=2.7"), "python-dateutil": ("python-dateutil>=2.8", "python-dateutil>=2.9"),
       "click": ("click>=7.0", "click>=8.1"), "pyyaml": ("PyYAML>=5.4", "PyYAML>=6.0")}
GROUPS = {"test": "pytest>=8.0", "dev": "ruff>=0.4", "docs": "mkdocs>=1.6"}
ASK = {"dependency": "add the dependency `{requirement}` to [project] dependencies",
       "optional": "add `{requirement}` to a new optional-dependencies group `{group}`",
       "bump_dep": "raise the dependency on {name} to `{requirement}`",
       "remove_dep": "drop the dependency on {requirement}, which nothing imports any more",
       "python": "require Python `{python}` (requires-python)",
       "script": "add a console script `{script}` that runs `{target}` ([project.scripts])",
       "major": "bump the version for a release with breaking changes (the major part; lower parts back to 0)",
       "minor": "bump the version for a release with new features (the minor part; the patch back to 0)",
       "patch": "bump the version for a bug-fix release (the patch part)"}


class Options(SkillParams):
    change: Change | None = None


class Params(ProjectParams):
    pyproject: str
    change: Change
    requirement: str | None
    group: str | None
    python: str | None
    script: str | None
    target: str | None
    ask: str


def pyproject_text(rng: random.Random, project: ProjectContent, deps: list[str]) -> str:
    version = f"{rng.randint(0, 3)}.{rng.randint(1, 12)}.{rng.randint(0, 9)}"
    lines = ["[build-system]", 'requires = ["setuptools>=68"]', 'build-backend = "setuptools.build_meta"', "",
             "[project]", f'name = "{project.package.replace("_", "-")}"', f'version = "{version}"',
             f'description = "Business helpers ({project.package})"', 'requires-python = ">=3.8"',
             "dependencies = [", *[f'    "{d}",' for d in deps], "]", ""]
    if rng.random() < 0.5:
        lines += ["[project.optional-dependencies]", 'lint = ["flake8>=7.0"]', ""]
    return "\n".join(lines + ["[tool.pytest.ini_options]", 'testpaths = ["tests"]', ""])


@register_workflow
class PyprojectEdit(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.pyproject_edit", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In {{ pyproject }} (project {{ folder }}/), {{ ask }}. Change nothing else in the file.",
            "Packaging chore for {{ folder }}: could you {{ ask }}? It's all in {{ pyproject }}; leave the rest of it "
            "as it is.",
            "{{ pyproject }}: {{ ask }}; no other edits.",
        ],
        criteria=["pyproject.toml is valid TOML with exactly the asked change."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="pyproject", type="txt", description="The project's pyproject.toml")],
        checks=[CheckTemplate(func="project.pyproject_edited", bind={
            "folder": "folder", "change": "change", "requirement": "requirement", "group": "group",
            "python": "python", "script": "script", "target": "target"}, paths={"file": "pyproject"})],
    )

    states_values = ("requirement", "python")

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        change: Change = opts.change or ctx.rng.choice(list(ASK))  # type: ignore[assignment]
        project = make_package(ctx.rng, ctx.faker, ctx.rng.choice(sorted(KINDS)), neighbours=1)
        old = ctx.rng.sample(sorted(OLD), ctx.rng.randint(2, 3))
        files = {**project.files, "pyproject.toml": pyproject_text(ctx.rng, project, [OLD[n][0] for n in old])}
        folder = Params.folder_of(project)
        group = ctx.rng.choice(sorted(GROUPS))
        picked = ctx.rng.choice(old)
        module = project.module.removesuffix(".py").replace("/", ".")
        values = {"requirement": {"dependency": ctx.rng.choice(NEW), "optional": GROUPS[group], "bump_dep": OLD[picked][1],
                                  "remove_dep": picked}.get(change),
                  "group": group if change == "optional" else None,
                  "python": ctx.rng.choice([">=3.10", ">=3.11", ">=3.9"]) if change == "python" else None,
                  "script": f"{folder}-{ctx.rng.choice(['report', 'run', 'cli'])}" if change == "script" else None,
                  "target": f"{module}:{ctx.rng.choice(project.functions)}" if change == "script" else None}
        ask = ASK[change].format(name=picked, **values)
        params = Params(folder=folder, module=f"{folder}/{project.module}", test_file=f"{folder}/{project.test_file}",
                        pyproject=f"{folder}/pyproject.toml", change=change, ask=ask, **values)
        return params.with_files(**project_files(folder, files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        script = f"""
            import re, tomllib
            path = {lit(params.pyproject)}
            text = open(path).read()
            change, req = {lit(params.change)}, {lit(params.requirement)}
            name = lambda r: re.match(r"[A-Za-z0-9._-]+", r)[0].lower()
            if change == "dependency":
                text = text.replace("dependencies = [\\n", "dependencies = [\\n    " + repr(req).replace("'", '"') + ",\\n", 1)
            elif change == "optional":
                table = "[project.optional-dependencies]\\n"
                line = {lit(params.group)} + ' = ["' + req + '"]\\n'
                text = text.replace(table, table + line, 1) if table in text else text.replace(
                    "[tool.pytest", table + line + "\\n[tool.pytest", 1)
            elif change in ("bump_dep", "remove_dep"):
                lines = text.split("\\n")
                at = next(i for i, l in enumerate(lines) if l.strip().startswith('"') and name(l.strip(' ",')) == name(req))
                if change == "bump_dep":
                    lines[at] = '    "' + req + '",'
                else:
                    del lines[at]
                text = "\\n".join(lines)
            elif change == "python":
                text = re.sub(r'requires-python = ".*"', 'requires-python = "' + {lit(params.python)} + '"', text)
            elif change == "script":
                text = text.replace("[tool.pytest", "[project.scripts]\\n" + {lit(params.script)} + ' = "'
                                    + {lit(params.target)} + '"\\n\\n[tool.pytest', 1)
            else:
                old = re.search(r'version = "(\\d+)\\.(\\d+)\\.(\\d+)"', text)
                major, minor, patch = map(int, old.groups())
                new = {{"major": (major + 1, 0, 0), "minor": (major, minor + 1, 0), "patch": (major, minor, patch + 1)}}[change]
                text = text.replace(old[0], 'version = "%d.%d.%d"' % new, 1)
            open(path, "w").write(text)
            print(tomllib.loads(text)["project"])
        """
        return solution(
            shell_step(f"cat {params.pyproject}", "First I read the packaging metadata.", "Read pyproject.toml"),
            script_step(script, f"I make the one change asked ({params.change}) in the TOML text and parse it again "
                        "to be sure it is still valid.", "Edit pyproject.toml"))
