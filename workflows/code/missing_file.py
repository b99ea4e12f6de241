"""Make a settings loader cope with a missing config file (return the defaults, an empty dict or
None) or with settings missing from the file (filled in from DEFAULTS), with a test."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, solution
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.code._settings import EXT, Format, add_settings
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Behaviour = Literal["defaults", "empty", "none", "fill"]
ASK = {"defaults": "return a copy of DEFAULTS instead of crashing",
       "empty": "return an empty dict instead of crashing",
       "none": "return nothing (a bare return: no dict at all) instead of crashing",
       "fill": "return a copy of DEFAULTS; and when the file exists but leaves settings out (as {{ partial }} does), "
               "fill those in from DEFAULTS, the file's own values winning"}
# what a missing file gives, and what the fix looks like in each format's loader
FIX = {"defaults": "return dict(DEFAULTS)", "empty": "return {}", "none": "return None", "fill": "return dict(DEFAULTS)"}


class Options(SkillParams):
    format: Format | None = None
    behaviour: Behaviour | None = None


class Params(ProjectParams):
    config: str
    partial: str
    behaviour: Behaviour
    ask: str


@register_workflow
class MissingFile(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.missing_file", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, `load_settings(path)` in {{ module }} crashes with FileNotFoundError when "
            "the config file is not there. When the file is missing it should {{ ask }}. Add a test for the "
            "missing-file case to {{ test_file }}; reading {{ config }} or {{ partial }} must give what it gives now"
            "{% if behaviour == 'fill' %} (apart from the filled-in settings){% endif %}, and the other tests must "
            "pass unchanged.",
            "New installs of {{ folder }} have no config yet, and load_settings() ({{ module }}) blows up on them. "
            "Can you make it {{ ask }} when the path doesn't exist? Please cover it with a test in {{ test_file }}. "
            "Existing configs such as {{ config }} and {{ partial }} must load as before{% if behaviour == 'fill' %} "
            "(plus the filled-in defaults){% endif %}.",
            "{{ folder }}/: {{ module }}: load_settings(path): missing file -> {{ ask }}; {{ config }} and "
            "{{ partial }} load as before{% if behaviour == 'fill' %} (+ defaults){% endif %}; new test in "
            "{{ test_file }}; suite green.",
        ],
        criteria=["A missing file gives what was asked instead of an error.",
                  "The existing config files load as before (filled from DEFAULTS where asked).",
                  "A new test covers it, and fails on the old loader."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The settings module"),
               FileSlot(param="test_file", type="py", description="The settings tests")],
        checks=[CheckTemplate(func="project.missing_file_handled",
                              bind={"folder": "folder", "config": "config", "partial": "partial",
                                    "behaviour": "behaviour"}, paths={"file": "module", "test_file": "test_file"},
                              fixed={"function": "load_settings"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fmt: Format = opts.format or ctx.rng.choice(["json", "ini", "env"])  # type: ignore[assignment]
        behaviour: Behaviour = opts.behaviour or ctx.rng.choice(list(ASK))  # type: ignore[assignment]
        project = make_package(ctx.rng, ctx.faker, ctx.rng.choice(sorted(KINDS)), neighbours=1)
        files, module, tests = add_settings(ctx.rng, project, fmt)
        folder = Params.folder_of(project)
        ext = EXT[fmt]
        ask = ASK[behaviour].replace("{{ partial }}", f"config/local.{ext}")
        params = Params(folder=folder, module=f"{folder}/{module}", test_file=f"{folder}/{tests}",
                        config=f"config/settings.{ext}", partial=f"config/local.{ext}", behaviour=behaviour, ask=ask)
        return params.with_files(**project_files(folder, files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        fill = params.behaviour == "fill"
        script = f"""
            import re
            path = {lit(params.module)}
            source = open(path).read()
            source = source.replace("def load_settings(path):", "def _read(path):", 1)
            source += (
                "\\n\\ndef load_settings(path):\\n"
                "    \\"\\"\\"The settings at `path`; {params.behaviour} when the file is missing.\\"\\"\\"\\n"
                "    try:\\n"
                "        settings = _read(path)\\n"
                "    except FileNotFoundError:\\n"
                "        {FIX[params.behaviour]}\\n"
                + ("    return {{**DEFAULTS, **settings}}\\n" if {fill!r} else "    return settings\\n"))
            open(path, "w").write(source)
            tests = {lit(params.test_file)}
            text = open(tests).read().replace(" import load_settings", " import DEFAULTS, load_settings", 1)
            open(tests, "w").write(text + 
                "\\n\\ndef test_load_settings_missing_file(tmp_path):\\n"
                "    assert load_settings(str(tmp_path / 'absent.cfg')) {_missing_value(params.behaviour)}\\n")
        """
        return solution(
            script_step(script, "I keep the reader as a private _read, and load_settings catches FileNotFoundError "
                        f"({params.behaviour}); then I add a test calling it on a path that does not exist.",
                        "Handle a missing config file"),
            pytest_step(params.folder, "The whole suite must pass."))


def _missing_value(behaviour: str) -> str:
    """The test's comparison with the value for a missing file, as Python source (`is None`, as PEP 8 asks)."""
    return {"defaults": "== DEFAULTS", "fill": "== DEFAULTS", "empty": "== {}", "none": "is None"}[behaviour]
