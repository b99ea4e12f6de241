"""Edit a README's sections as maintainers do: add a section with given text (at the end, before
or after a named section, or as a sub-section inside one), move a section with everything under
it, remove one with its sub-sections, or rename a heading; everything else stays as it is. The
shell comments in its code blocks look like headings and are not."""

from __future__ import annotations

import textwrap

from forge.checks.text_sections import Operation, Position, SectionsEdited, expected_sections, sections
from forge.models import ReferenceSolution
from preparers.filetypes.text import read_text
from workflows._inplace import SAVE, edit_paths
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow
from workflows.text._readme import NEW_SECTIONS, NEW_SUBSECTIONS, RENAMES, Readme

WHERE = {"end": "at the very end of the README", "before": "just before the \"{anchor}\" section",
         "after": "right after the \"{anchor}\" section (below everything in it, sub-sections included)",
         "inside": "inside the \"{anchor}\" section, as its last sub-section (one heading level deeper)"}
_ASK = ("{% if operation == 'add' %}add a \"{{ section }}\" section {{ where }}, with this text: \"{{ body }}\""
        "{% elif operation == 'move' %}move the \"{{ section }}\" section, together with everything under it, "
        "{{ where }}{% elif operation == 'remove' %}delete the \"{{ section }}\" section: its heading, its text "
        "and any sub-sections under it{% else %}rename the \"{{ section }}\" heading to \"{{ new_title }}\" (same "
        "heading level, its content unchanged){% endif %}")

# the edit, as the oracle's script does it on `lines` with `scan`, `find` and `span` at hand
EDITS = {
    "rename": "i, level, _ = heads[find(SECTION)]\nlines[i] = '#' * level + ' ' + NEW_TITLE",
    "remove": "a, b = span(find(SECTION))\ndel lines[a:b]",
    "move": "a, b = span(find(SECTION))\nblock = lines[a:b]\ndel lines[a:b]\nheads = scan(lines)\ninsert(block)",
    "add": "level = 2 if ANCHOR is None else heads[find(ANCHOR)][1] + (POSITION == 'inside')\n"
           "insert(['#' * level + ' ' + SECTION, '', BODY])",
}


class Options(SkillParams):
    operation: Operation | None = None
    position: Position | None = None
    nested: bool | None = None
    in_place: bool | None = None


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    operation: Operation
    section: str
    anchor: str | None
    position: Position | None
    where: str | None
    body: str | None
    new_title: str | None


@register_workflow
class ReadmeSections(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="text.readme_sections", apps=["text"], params=Params, skill_params=Options,
        phrasings=[
            "In the project README {{ input }}, " + _ASK + ". Keep every other heading, line and code block exactly "
            "as it is. " + SAVE["formal"],
            "Small docs job before the release, in {{ input }}: could you " + _ASK + "? The rest of the README "
            "should stay as it is. " + SAVE["chatty"],
            "{{ input }}: " + _ASK + "; nothing else changes. " + SAVE["terse"],
        ],
        criteria=["The one section edit is made as asked, with its sub-sections where it concerns them.",
                  "Every other heading and line is unchanged and in order."],
        files=[FileSlot(param="input", type="md", role="input", description="A project README"),
               FileSlot(param="output", type="md", description="The edited README")],
        checks=[CheckTemplate(func="text.sections_edited", bind={
            "operation": "operation", "section": "section", "anchor": "anchor", "position": "position",
            "body": "body", "new_title": "new_title"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        rng = ctx.rng
        operation: Operation = opts.operation or rng.choice(["add", "move", "remove", "rename"])
        moves: list[Position] = ["end", "before", "after"] + (["inside"] if operation == "add" else [])
        position: Position | None = (opts.position or rng.choice(moves)) if operation in ("add", "move") else None
        nested = opts.nested if opts.nested is not None else rng.random() < 0.5
        for _ in range(50):  # until the README has what the edit needs and the edit changes it
            readme = Readme(rng, ctx.faker)
            choice = self._pick(rng, readme, operation, position, nested)
            if choice is None:
                continue
            section, anchor, body, new_title = choice
            rule = SectionsEdited(file="r.md", input_file="r.md", operation=operation, section=section,
                                  anchor=anchor, position=position, body=body, new_title=new_title)
            doc = sections(read_text(readme.text.encode(), "r.md", "md"))
            if expected_sections(doc, rule, "r.md") != doc:
                break
        where = WHERE[position].format(anchor=anchor) if position else None
        params = Params(**edit_paths(ctx, "README", "md", "edited", ["", "docs/", f"{readme.name}/"]),
                        operation=operation, section=section, anchor=anchor, position=position, where=where,
                        body=body, new_title=new_title)
        return params.with_files(input=readme.text.encode("utf-8"))

    @staticmethod
    def _pick(rng, readme: Readme, operation: str, position: str | None,
              nested: bool) -> tuple[str, str | None, str | None, str | None] | None:
        """(section, anchor, body, new title) for the edit, or None when this README cannot take it."""
        titles = readme.titles
        if operation == "add":
            parents = [t for t in titles if t in NEW_SUBSECTIONS]
            if position == "inside":
                anchor = rng.choice(parents)
                title, text = rng.choice(NEW_SUBSECTIONS[anchor])
            else:
                anchor = None if position == "end" else rng.choice(titles)
                title = rng.choice(sorted(NEW_SECTIONS))
                text = NEW_SECTIONS[title]
            return title, anchor, readme.fill(text), None
        if operation == "rename":
            section = rng.choice(titles)
            return section, None, None, rng.choice(RENAMES[section])
        pool = [t for t in titles if (t in readme.nested) == nested]
        if not pool:
            return None
        section = rng.choice(pool)
        anchor = None if position in (None, "end") else rng.choice([t for t in titles if t != section])
        return section, anchor, None, None

    def reference(self, params: Params) -> ReferenceSolution:
        edit = textwrap.indent(EDITS[params.operation], " " * 12).lstrip()
        script = f"""
            import re
            SECTION, ANCHOR, POSITION = {lit(params.section)}, {lit(params.anchor)}, {lit(params.position)}
            BODY, NEW_TITLE = {lit(params.body)}, {lit(params.new_title)}
            lines = open({lit(params.input)}, encoding="utf-8").read().splitlines()
            def scan(lines):
                heads, fenced = [], False
                for i, line in enumerate(lines):
                    if line.lstrip().startswith(("```", "~~~")):
                        fenced = not fenced
                        continue
                    m = None if fenced else re.match(r"^ {{0,3}}(#{{1,6}})\\s+(.*?)\\s*#*\\s*$", line)
                    if m and m.group(2):
                        heads.append((i, len(m.group(1)), m.group(2)))
                return heads
            heads = scan(lines)
            def find(title):
                return next(k for k, h in enumerate(heads) if h[2].casefold() == title.casefold())
            def span(k):
                j = k + 1
                while j < len(heads) and heads[j][1] > heads[k][1]:
                    j += 1
                return heads[k][0], heads[j][0] if j < len(heads) else len(lines)
            def insert(block):
                at = {{"end": len(lines), "before": heads[find(ANCHOR)][0] if ANCHOR else 0}}.get(POSITION)
                if at is None:
                    at = span(find(ANCHOR))[1]
                block = [*block, ""] if block[-1].strip() else block
                block = ["", *block] if at and lines[at - 1].strip() else block
                lines[at:at] = block
            {edit}
            open({lit(params.output)}, "w", encoding="utf-8").write("\\n".join(lines).rstrip() + "\\n")
            print("\\n".join(h for h in lines if h.startswith("#")))
        """
        return solution(script_step(f"print(open({lit(params.input)}, encoding='utf-8').read())",
                                    f"First I read {params.input} to see its sections and where the code blocks are.",
                                    f"Show {params.input}"),
                        script_step(script, "I find the headings outside the code blocks, make the one edit on "
                                    "the lines, and leave every other line alone.", f"Edit {params.input}"))
