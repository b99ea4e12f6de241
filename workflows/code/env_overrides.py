"""Let environment variables override a settings loader's values (PREFIX_KEY), as deployments on
containers need: for the config file's own settings or for every key DEFAULTS names, numbers
converted back to numbers, with a monkeypatch test."""

from __future__ import annotations

from forge.models import ReferenceSolution
from workflows._steps import lit, script_step, shell_step, solution
from workflows.code._all_kinds import KINDS, make_package
from workflows.code._project import ProjectParams, ProjectWorkflow, project_files, pytest_step
from workflows.code._settings import EXT, Format, add_settings
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow


class Options(SkillParams):
    format: Format | None = None
    widen: bool | None = None
    """True: any key of DEFAULTS may come from the environment; False: only the file's settings."""


class Params(ProjectParams):
    config: str
    partial: str
    prefix: str
    widen: bool
    typed: bool
    example: str


@register_workflow
class EnvOverrides(ProjectWorkflow):
    spec = WorkflowSpec(
        name="code.env_overrides", apps=["code"], params=Params, skill_params=Options,
        phrasings=[
            "In the project {{ folder }}/, make `load_settings(path)` in {{ module }} honour environment variables: "
            "{{ prefix }}_ followed by the key in upper case (e.g. {{ prefix }}_{{ example | upper }} for `{{ example }}`) "
            "replaces that setting's value {% if widen %}for every key listed in DEFAULTS, even one the file leaves "
            "out{% else %}for the settings the file itself holds (other variables are ignored){% endif %}."
            "{% if typed %} The file's numbers are ints, so a variable replacing one must be converted to int.{% endif %}"
            " With no variable set, {{ config }} and {{ partial }} must load as before. Add a test to {{ test_file }} "
            "using monkeypatch; the other tests and the config files stay as they are.",
            "We deploy {{ folder }} in containers and can't edit {{ config }} there. Could load_settings() "
            "({{ module }}) take overrides from the environment? Naming: {{ prefix }}_ plus the setting in capitals, "
            "like {{ prefix }}_{{ example | upper }}. {% if widen %}Any key DEFAULTS knows should be settable that way."
            "{% else %}Only settings present in the file should be overridable.{% endif %}"
            "{% if typed %} Keep numbers as ints.{% endif %} With nothing set, {{ config }} and {{ partial }} should load "
            "exactly as now. Please add a monkeypatch test in {{ test_file }}.",
            "{{ folder }}/: {{ module }}: load_settings(path): env vars {{ prefix }}_KEY (upper case) override "
            "{% if widen %}any DEFAULTS key{% else %}the file's keys only{% endif %}{% if typed %} (ints stay ints)"
            "{% endif %}; {{ config }}/{{ partial }} unchanged without vars; monkeypatch test in {{ test_file }}.",
        ],
        criteria=["Set variables replace the settings asked, converted where the value was a number.",
                  "Without variables the files load as before; a new test covers it; the suite passes."],
        files=[FileSlot(param="folder", type="project", role="input", description="A Python package and its tests"),
               FileSlot(param="module", type="py", description="The settings module"),
               FileSlot(param="test_file", type="py", description="The settings tests")],
        checks=[CheckTemplate(func="project.env_overrides",
                              bind={"folder": "folder", "config": "config", "partial": "partial", "prefix": "prefix",
                                    "widen": "widen"}, paths={"file": "module", "test_file": "test_file"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        fmt: Format = opts.format or ctx.rng.choice(["json", "ini", "env"])  # type: ignore[assignment]
        project = make_package(ctx.rng, ctx.faker, ctx.rng.choice(sorted(KINDS)), neighbours=1)
        files, module, tests = add_settings(ctx.rng, project, fmt)
        folder, ext = Params.folder_of(project), EXT[fmt]
        widen = opts.widen if opts.widen is not None else ctx.rng.random() < 0.5
        config = f"config/settings.{ext}"
        example = files[config].split('"', 2)[1] if fmt == "json" else next(
            line.split("=")[0].strip().lower() for line in files[config].splitlines() if "=" in line)
        params = Params(folder=folder, module=f"{folder}/{module}", test_file=f"{folder}/{tests}", config=config,
                        partial=f"config/local.{ext}", prefix=project.package.upper(), widen=widen,
                        typed=fmt == "json", example=example)
        return params.with_files(**project_files(folder, files))

    def reference(self, params: Params) -> ReferenceSolution:  # type: ignore[override]
        keys = "set(DEFAULTS) | set(settings)" if params.widen else "list(settings)"
        script = f"""
            path, prefix = {lit(params.module)}, {lit(params.prefix)}
            source = open(path).read().replace("def load_settings(path):", "def _read(path):", 1)
            head, rest = source.split("\\n\\n", 1)
            source = head + "\\n\\nimport os\\n" + rest
            source += (
                "\\n\\ndef load_settings(path):\\n"
                "    \\"\\"\\"The settings at `path`, each overridden by its {params.prefix}_KEY variable when set.\\"\\"\\"\\n"
                "    settings = _read(path)\\n"
                "    for key in sorted({keys}):\\n"
                "        text = os.environ.get('{params.prefix}_' + key.upper())\\n"
                "        if text is not None:\\n"
                "            current = settings.get(key, DEFAULTS.get(key))\\n"
                "            settings[key] = int(text) if isinstance(current, int) and not isinstance(current, bool) else text\\n"
                "    return settings\\n")
            open(path, "w").write(source)
            open({lit(params.test_file)}, "a").write(
                "\\n\\ndef test_load_settings_from_environment(monkeypatch):\\n"
                "    monkeypatch.setenv('{params.prefix}_{params.example.upper()}', '7')\\n"
                "    assert str(load_settings(str(ROOT / {params.config!r}))[{params.example!r}]) == '7'\\n")
        """
        return solution(
            shell_step(f"cat {params.module}", "First I read the settings module.", "Read the loader"),
            script_step(script, f"I keep the file reader as _read and let load_settings lay {params.prefix}_* "
                        "variables over its result, then test one with monkeypatch.", "Read overrides from the "
                        "environment"),
            pytest_step(params.folder, "The whole suite must pass."))
