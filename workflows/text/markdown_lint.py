"""Fix one markdownlint rule across a contributor guide, as a docs CI job demands: bullet markers
made `-` (MD004), ordered lists renumbered 1, 2, 3 (MD029), underscore emphasis made asterisks
(MD049/MD050), bare URLs in angle brackets (MD034), indented code blocks fenced with a language
(MD046/MD040), trailing punctuation off headings (MD026), blank lines around headings (MD022).
Code blocks and inline code keep their look-alikes; nothing else changes."""

from __future__ import annotations

import textwrap

from forge.checks.text_lint import Rule
from forge.models import ReferenceSolution
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._lint_doc import LintDoc

ASKS: dict[str, tuple[str, str]] = {  # rule -> (markdownlint id, what to do)
    "bullets": ("MD004", "use `-` as the marker of every bullet item, nested ones too, instead of `*` or `+`"),
    "ordered": ("MD029", "number the items of every ordered list 1, 2, 3 and so on in order (a nested list starts "
                "again at 1) instead of the numbers they have now"),
    "emphasis": ("MD049", "write emphasis with asterisks instead of underscores: `_word_` becomes `*word*` and "
                 "`__word__` becomes `**word**`"),
    "bare_urls": ("MD034", "put every bare URL in the text in angle brackets (`<https://...>`), leaving the URLs "
                  "of existing links alone"),
    "fences": ("MD046", "turn every indented code block into a fenced code block (a ``` line above and below, the "
               "code no longer indented) tagged with the language {language}"),
    "heading_punct": ("MD026", "remove the punctuation (a colon or a full stop) at the end of every heading"),
    "heading_space": ("MD022", "surround every heading with blank lines: one above it and one below it"),
}
# the rule's fix on `lines` (`text[k]`: line k is markdown, not code) in the oracle's script
FIXES = {
    "bullets": "lines = [re.sub(r'^(\\s*)[*+](\\s+)', r'\\1-\\2', l) if t else l for l, t in zip(lines, text)]",
    "ordered": """out, stack = [], []
for l, t in zip(lines, text):
    m = re.match(r'^(\\s*)(\\d+)([.)])(\\s+)', l) if t else None
    ind = len(l) - len(l.lstrip())
    if not t or not l.strip():
        stack = [] if t else stack
        out.append(l)
        continue
    while stack and (stack[-1][0] > ind or (stack[-1][0] == ind and not m)):
        stack.pop()
    if m:
        n = stack.pop()[1] + 1 if stack and stack[-1][0] == ind else 1
        stack.append((ind, n))
        l = m.group(1) + str(n) + m.group(3) + m.group(4) + l[m.end():]
    out.append(l)
lines = out""",
    "emphasis": """def fix(part):
    part = re.sub(r'(?<![\\w_*])__(?=\\S)(.+?)(?<=\\S)__(?![\\w_*])', r'**\\1**', part)
    return re.sub(r'(?<![\\w_*])_(?=[^\\s_])(.+?)(?<=[^\\s_])_(?![\\w_*])', r'*\\1*', part)
lines = [outside_spans(l, fix) if t else l for l, t in zip(lines, text)]""",
    "bare_urls": """def fix(part):
    return re.sub(r'(?<![(<\\[\\w])https?://[^\\s<>()\\[\\]`]*[^\\s<>()\\[\\]`.,;:!?\\'"]', r'<\\g<0>>', part)
lines = [outside_spans(l, fix) if t else l for l, t in zip(lines, text)]""",
    "fences": """out, k = [], 0
while k < len(lines):
    if not (text[k] and lines[k].startswith('    ') and (k == 0 or not lines[k - 1].strip())):
        out.append(lines[k])
        k += 1
        continue
    block = []
    while k < len(lines) and text[k] and (lines[k].startswith('    ') or not lines[k].strip()):
        block.append(lines[k][4:])
        k += 1
    while block and not block[-1].strip():
        block.pop()
        k -= 1
    out += ['```' + LANGUAGE, *block, '```']
lines = out""",
    "heading_punct": "lines = [l.rstrip().rstrip('.,;:!') if t and re.match(r'^ {0,3}#{1,6}\\s+\\S', l) else l "
                     "for l, t in zip(lines, text)]",
    "heading_space": """out = []
for k, (l, t) in enumerate(zip(lines, text)):
    head = t and re.match(r'^ {0,3}#{1,6}\\s+\\S', l)
    if head and out and out[-1].strip():
        out.append('')
    out.append(l)
    if head and k + 1 < len(lines) and lines[k + 1].strip():
        out.append('')
lines = out""",
}
KEEP = "Leave fenced code blocks and `inline code` exactly as they are, and change nothing else."


class Options(SkillParams):
    rule: Rule | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    rule: Rule
    rule_id: str
    ask: str
    language: str | None


@register_workflow
class MarkdownLint(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.markdown_lint", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "Our docs CI runs markdownlint on {{ input }} and fails on rule {{ rule_id }}. Fix it everywhere in the "
            "file: {{ ask }}. " + KEEP + " " + SAVE["formal"],
            "markdownlint keeps flagging {{ input }} ({{ rule_id }}), which blocks my pull request. Could you "
            "{{ ask }}? " + KEEP + " " + SAVE["chatty"],
            "{{ input }}, lint rule {{ rule_id }}: {{ ask }}. Code untouched, nothing else changed. " + SAVE["terse"],
        ],
        criteria=["The rule is fixed everywhere in the markdown text.",
                  "Code blocks, inline code and every other line are unchanged."],
        files=[FileSlot(param="input", type="md", role="input", description="A contributor guide"),
               FileSlot(param="output", type="md", description="The guide with the rule fixed")],
        checks=[CheckTemplate(func="text.markdown_linted", bind={"rule": "rule", "language": "language"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        rule: Rule = opts.rule or rng.choice(sorted(ASKS))  # type: ignore[assignment]
        doc = LintDoc(rng, ctx.faker, rule)
        language = "bash" if rule == "fences" else None
        rule_id, ask = ASKS[rule]
        params = Params(**edit_paths(ctx, "CONTRIBUTING", "md", "fixed", ["", "docs/", f"{doc.name}/"]), rule=rule,
                        rule_id=rule_id, ask=ask.format(language=language), language=language)
        return params.with_files(input=doc.text.encode("utf-8"))

    def reference(self, params: Params) -> ReferenceSolution:
        fix = textwrap.indent(FIXES[params.rule], " " * 12).lstrip()
        script = f"""
            import re
            LANGUAGE = {lit(params.language or "")}
            lines = open({lit(params.input)}, encoding="utf-8").read().splitlines()
            text, fenced = [], False
            for l in lines:
                fence = bool(re.match(r'^\\s*(```|~~~)', l))
                text.append(not fenced and not fence)
                fenced ^= fence
            def outside_spans(line, fix):
                parts, last = [], 0
                for m in re.finditer(r'(`+)(.+?)\\1', line):
                    parts += [fix(line[last:m.start()]), m.group()]
                    last = m.end()
                return ''.join(parts + [fix(line[last:])])
            {fix}
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(lines) + "\\n")
            print("\\n".join(lines))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to find what rule {params.rule_id} flags and "
                                    "which code blocks must stay as they are.", f"Show {params.input}"),
                        script_step(script, "Outside fenced code and inline code spans I fix every place the rule "
                                    "flags, leaving every other line alone.", f"Write {params.output}"))
