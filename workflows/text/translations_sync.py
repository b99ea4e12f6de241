"""Bring a shop's German, French and Spanish translation files (Symfony-style flat YAML) in line with
the English source before they go to the translators: add the keys the source gained (the English
text as a stand-in, or prefixed `[EN] ` so translators find them), remove or keep the keys it
dropped, keep every existing translation; in the source's order or with the new keys appended.
Three files edited in place, read against a fourth."""

from __future__ import annotations

from forge.checks.text_translations import Order
from forge.models import ReferenceSolution
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._translations import LANGS, translation_files

QUOTE = """def quote(text):
    if ": " in text or text.endswith(":") or text[:1] in "{[!&*#?|>'\\"%@`":
        return '"' + text.replace('"', '\\\\"') + '"'
    return text"""
_ASK = ("add every key {{ source }} has and they lack, {% if mark %}with the English text marked \"[EN] \" in front so "
        "the translators can find it{% else %}with the English text as a stand-in for now{% endif %}; {% if "
        "remove_obsolete %}delete the keys {{ source }} no longer has{% else %}keep any keys {{ source }} doesn't "
        "have{% endif %}. Existing translations stay exactly as they are. {% if order == 'source' %}Put the keys in "
        "the same order as in {{ source }}{% if not remove_obsolete %}, any keys it doesn't have at the end{% endif "
        "%}.{% else %}Leave the existing lines where they are and add the new keys at the end, in {{ source }}'s "
        "order.{% endif %}")


class Options(SkillParams):
    mark: bool | None = None
    remove_obsolete: bool | None = None
    order: Order | None = None


class Params(Prepared):
    source: str
    de: str
    fr: str
    es: str
    mark: bool
    remove_obsolete: bool
    order: Order


@register_workflow
class TranslationsSync(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.translations_sync", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "The German, French and Spanish strings ({{ de }}, {{ fr }}, {{ es }}) have fallen behind the English "
            "source, {{ source }}. In each of the three files, " + _ASK + " Edit the three files in place.",
            "Before we send the translations to the agency, could you bring {{ de }}, {{ fr }} and {{ es }} up to "
            "date with {{ source }}? In each, " + _ASK + " Save each file over itself.",
            "Sync {{ de }}, {{ fr }} and {{ es }} with {{ source }}: " + _ASK + " In place.",
        ],
        criteria=["Each translation gains the source's new keys with the text asked; dropped keys handled as asked.",
                  "Every existing translation is unchanged, the keys in the order asked."],
        files=[FileSlot(param="source", type="txt", role="input", description="The English source strings"),
               *(FileSlot(param=lang, type="txt", role="in_place", description=f"The {lang} strings")
                 for lang in LANGS)],
        checks=[CheckTemplate(func="text.translations_synced",
                              bind={"mark": "mark", "remove_obsolete": "remove_obsolete", "order": "order"},
                              paths={"source": "source", **{f"{kind}{n}": lang for n, lang in enumerate(LANGS, start=1)
                                                            for kind in ("file", "original")}})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        folder = rng.choice(["translations/", "app/translations/", "shop/translations/"])
        files = translation_files(rng)
        pick = lambda value: value if value is not None else rng.random() < 0.5  # noqa: E731
        params = Params(source=f"{folder}messages.en.yaml", **{lang: f"{folder}messages.{lang}.yaml" for lang in LANGS},
                        mark=pick(opts.mark), remove_obsolete=pick(opts.remove_obsolete),
                        order=opts.order or rng.choice(["source", "append"]))
        return params.with_files(source=files["en"].encode("utf-8"),
                                 **{lang: files[lang].encode("utf-8") for lang in LANGS})

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re
            LINE = re.compile(r"^([A-Za-z0-9_.-]+)\\s*:\\s*(.*)$")
            {QUOTE.replace(chr(10), chr(10) + ' ' * 12)}

            def text(raw):
                raw = raw.strip()
                return raw[1:-1].replace('\\\\"', '"') if len(raw) > 1 and raw[0] == raw[-1] == '"' else raw

            source = open({lit(params.source)}, encoding="utf-8").read().splitlines()
            theirs = {{m.group(1): text(m.group(2)) for m in map(LINE.match, source) if m}}
            for path in {lit([params.de, params.fr, params.es])}:
                lines = open(path, encoding="utf-8").read().splitlines()
                mine = {{m.group(1): m.group(2) for m in map(LINE.match, lines) if m}}
                old = [k for k in mine if k not in theirs]
                mark = {lit("[EN] " if params.mark else "")}
                new = {{k: quote(mark + v) for k, v in theirs.items() if k not in mine}}
                if {lit(params.order)} == "source":
                    out = [lines[0]] + [f"{{k}}: {{mine.get(k) or new[k]}}" for k in theirs]
                    out += [] if {params.remove_obsolete!r} else [f"{{k}}: {{mine[k]}}" for k in old]
                else:
                    drop = old if {params.remove_obsolete!r} else []
                    out = [line for line in lines if not ((m := LINE.match(line)) and m.group(1) in drop)]
                    out += [f"{{k}}: {{v}}" for k, v in new.items()]
                open(path, "w", encoding="utf-8").write("\\n".join(out) + "\\n")
                print(path, len(new), "keys added")
        """
        return solution(script_step(f"print(open({lit(params.source)}, encoding='utf-8').read()); "
                                    f"print(open({lit(params.de)}, encoding='utf-8').read())",
                                    "First I look at the English source and one translation to see the keys.",
                                    "Show the files"),
                        script_step(script, "In each translation I add the missing keys as asked, handle the keys "
                                    "the source dropped and keep every existing translation.",
                                    "Update the translations"))
