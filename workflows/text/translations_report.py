"""Report where a shop's German, French and Spanish translation files stand against the English
source, as a developer tells the translation agency before a release: per file, the keys it lacks,
the keys the source no longer has, or both; as `file: key` lines or a section per file. Four files
read, one written."""

from __future__ import annotations

from forge.checks.text_translations_report import What
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._translations import LANGS, translation_files

_LIST = ("for each of {{ de }}, {{ fr }} and {{ es }}, in that order, {% if what == 'missing' %}the keys of "
         "{{ source }} it lacks, in {{ source }}'s order{% elif what == 'extra' %}the keys it has that {{ source }} no "
         "longer has, in the file's own order{% else %}the keys of {{ source }} it lacks (in {{ source }}'s order, "
         "each followed by \" (missing)\"), then the keys it has that {{ source }} no longer has (in the file's "
         "order, each followed by \" (extra)\"){% endif %}. {% if sections %}Give each file a heading \"## <file "
         "name>\" (just the name, such as ## messages.xx.yaml) with one \"- key\" line per key under it, or \"- "
         "none\" if it has nothing to list.{% else %}Write one line per key, \"<file name>: key\" (just the name, "
         "such as messages.xx.yaml: some.key), and nothing else.{% endif %}")


class Options(SkillParams):
    what: What | None = None
    sections: bool | None = None


class Params(Prepared):
    source: str
    de: str
    fr: str
    es: str
    output: str
    what: What
    sections: bool


@register_workflow
class TranslationsReport(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.translations_report", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "The translation agency wants to know where our files stand against the English source, {{ source }}. "
            "Write {{ output }} listing, " + _LIST,
            "Could you check {{ de }}, {{ fr }} and {{ es }} against {{ source }} and write up what you find in "
            "{{ output }}? List, " + _LIST + " Don't change the translation files.",
            "{{ output }}: list, " + _LIST,
        ],
        criteria=["Each translation's keys are listed as asked, in order, in the layout asked.",
                  "Nothing else is in the report."],
        files=[FileSlot(param="source", type="txt", role="input", description="The English source strings"),
               *(FileSlot(param=lang, type="txt", role="input", description=f"The {lang} strings") for lang in LANGS),
               FileSlot(param="output", type="md", types_by={"sections": {"False": "txt"}},
                        description="The report")],
        checks=[CheckTemplate(func="text.translations_reported", bind={"what": "what", "sections": "sections"},
                              paths={"file": "output", "source": "source",
                                     **{f"file{n}": lang for n, lang in enumerate(LANGS, start=1)}})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        folder = rng.choice(["translations/", "app/translations/", "shop/translations/"])
        files = translation_files(rng)
        sections = opts.sections if opts.sections is not None else rng.random() < 0.5
        params = Params(source=f"{folder}messages.en.yaml", **{lang: f"{folder}messages.{lang}.yaml" for lang in LANGS},
                        output=f"{rng.choice(['', 'docs/', 'release/'])}translation_gaps.{'md' if sections else 'txt'}",
                        what=opts.what or rng.choice(["missing", "extra", "both"]), sections=sections)
        return params.with_files(source=files["en"].encode("utf-8"),
                                 **{lang: files[lang].encode("utf-8") for lang in LANGS})

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import os, re
            LINE = re.compile(r"^([A-Za-z0-9_.-]+)\\s*:")
            keys = lambda path: [m.group(1) for m in map(LINE.match, open(path, encoding="utf-8")) if m]
            source, what, out = keys({lit(params.source)}), {lit(params.what)}, []
            for path in {lit([params.de, params.fr, params.es])}:
                mine = keys(path)
                tag = (lambda k, t: f"{{k}} ({{t}})") if what == "both" else (lambda k, t: k)
                found = [tag(k, "missing") for k in source if k not in mine] if what != "extra" else []
                found += [tag(k, "extra") for k in mine if k not in source] if what != "missing" else []
                name = os.path.basename(path)
                if {params.sections!r}:
                    out += [f"## {{name}}", ""] + [f"- {{k}}" for k in found or ["none"]] + [""]
                else:
                    out += [f"{{name}}: {{k}}" for k in found]
            os.makedirs(os.path.dirname({lit(params.output)}) or ".", exist_ok=True)
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(out).strip() + "\\n")
            print("\\n".join(out))
        """
        return solution(script_step(f"print(open({lit(params.source)}, encoding='utf-8').read())",
                                    "First I read the English source's keys.", "Show the source"),
                        script_step(script, "For each translation I compare its keys with the source's and list "
                                    "them as asked.", f"Write {params.output}"))
