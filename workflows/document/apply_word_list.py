"""Apply the house-style word list to a report before it goes out: every form the list says to avoid
('e-mail', 'web site', 'utilise') replaced by the one it says to use, as whole words, a capital kept
where the form opens a sentence; in the body text only (the tables come from the finance system and
must match it), or everywhere including the tables, header and footer. The list arrives as a CSV
export or as the style guide's own Word document."""

from __future__ import annotations

import random
import textwrap
from typing import Literal

from faker import Faker

from forge.models import ReferenceSolution
from preparers.data import write_csv
from preparers.document import DocumentContent, Paragraph, Run, Section, TableBlock, make_document, write_docx
from preparers.spreadsheet import Table
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Source = Literal["csv", "docx"]
Scope = Literal["body", "everywhere"]
TERMS = {"e-mail": "email", "log-in": "login", "web site": "website", "on-line": "online", "set-up": "setup",
         "per cent": "percent", "co-ordinate": "coordinate", "utilise": "use", "commence": "start",
         "hand-over": "handover", "roll-out": "rollout", "time-frame": "timeframe", "data-base": "database"}
SENTENCES = ["Customers can now reach the {dept} team by e-mail or through the web site.",
             "The on-line booking form replaced last year's paper set-up.",
             "About one per cent of requests still need a manual hand-over between teams.",
             "We will co-ordinate the roll-out with {name} and utilise the existing data-base.",
             "Work will commence once the time-frame is agreed with the {dept} team.",
             "Staff who forget their log-in details can now reset them on-line."]
MARGINS = {"header": ("On-line edition", "on-line"), "footer": ("E-mail questions to {email}", "e-mail")}
CELLS = {"web site": "Web site visits", "log-in": "Log-in requests", "on-line": "On-line orders"}
_WHERE = ("{% if scope == 'body' %}in the body text only - the tables, the page header and the footer stay exactly as "
          "they are{% else %}everywhere: the body text, the tables, the page header and the footer{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    word_list: str
    source: Source
    avoid_column: str
    use_column: str
    scope: Scope


class Options(SkillParams):
    source: Source | None = None
    scope: Scope | None = None
    in_place: bool | None = None


def styled_report(rng: random.Random, faker: Faker) -> tuple[DocumentContent, list[str]]:
    """A report with three or four sentences using forms the house style avoids (lower case, inside
    sentences), one in a table cell and in the header and footer (capitalised), and the forms used."""
    doc = make_document(rng, faker, kind="report")
    chosen = rng.sample(SENTENCES, rng.randint(3, 4))
    used = {t for t in TERMS for s in chosen if f" {t}" in s}
    sections = [s.model_copy(update={"paragraphs": list(s.paragraphs)}) for s in doc.sections]
    for text in chosen:
        body = sections[rng.randrange(len(sections))].paragraphs
        body.insert(rng.randint(0, len(body)), Paragraph(runs=[Run(text=text.format(
            dept=rng.choice(["Finance", "Support", "Sales"]), name=faker.first_name()))]))
    cell = rng.choice(sorted(CELLS))
    for n, section in enumerate(sections):
        if section.table is not None:
            rows = [[CELLS[cell], *section.table.rows[0][1:]], *section.table.rows[1:]]
            sections[n] = section.model_copy(update={"table": TableBlock(headers=section.table.headers, rows=rows)})
    header, footer = MARGINS["header"][0], MARGINS["footer"][0].format(email=faker.company_email())
    doc = doc.model_copy(update={"sections": sections, "header": f"{doc.organisation} | {header}",
                                 "footer": footer})
    return doc, sorted(used | {cell, MARGINS["header"][1], MARGINS["footer"][1]})


@register_workflow
class ApplyWordList(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.apply_word_list", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            "Apply the house-style word list {{ word_list }} to {{ input }}: wherever the report uses a form from "
            "the \u201c{{ avoid_column }}\u201d column, write the \u201c{{ use_column }}\u201d form instead - whole "
            "words only, with a capital first letter where the old form had one - " + _WHERE + ". Change nothing "
            "else. " + SAVE["formal"],
            "Before {{ input }} goes out it has to follow the style guide's word list ({{ word_list }}). Could you "
            "swap every \u201c{{ avoid_column }}\u201d form for its \u201c{{ use_column }}\u201d one, " + _WHERE +
            "? Whole words only, and keep a capital where the word had one. " + SAVE["chatty"],
            "{{ input }}: apply {{ word_list }} ({{ avoid_column }} -> {{ use_column }}, whole words, capitals kept) "
            + _WHERE + ". " + SAVE["terse"],
        ],
        criteria=["Every listed form in scope reads as the form to use, capitalised where it was.",
                  "Nothing outside the scope and no other word changes."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report to bring into house style"),
               FileSlot(param="word_list", type="csv", role="input", types_by={"source": {"docx": "docx"}},
                        description="The house-style word list"),
               FileSlot(param="output", type="docx", description="The report in house style")],
        checks=[CheckTemplate(func="document.word_list_applied", paths={"input_file": "input",
                                                                         "list_file": "word_list"},
                              bind={"avoid_column": "avoid_column", "use_column": "use_column", "scope": "scope"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        opts: Options = ctx.options  # type: ignore[assignment]
        source: Source = opts.source or ctx.rng.choice(["csv", "docx"])
        scope: Scope = opts.scope or ctx.rng.choice(["body", "everywhere"])
        doc, used = styled_report(ctx.rng, ctx.faker)
        rest = sorted(set(TERMS) - set(used))  # a style guide lists more than one report uses
        spare = ctx.rng.sample(rest, min(2, len(rest)))
        rows = [[t, TERMS[t]] for t in used + spare]
        ctx.rng.shuffle(rows)
        avoid, use = ctx.rng.choice([("Avoid", "Use"), ("Instead of", "Write")])
        listing = Table(kind="terms", title="House style word list", headers=[avoid, use], rows=rows)
        if source == "csv":
            data = write_csv(listing)
        else:
            guide = DocumentContent(kind="report", title="House style word list", date=doc.date, author=doc.author,
                                    organisation=doc.organisation, file_stem="house_style", opening=[Paragraph(
                                        runs=[Run(text="Write the form on the right; avoid the one on the left.")])],
                                    sections=[Section(heading="Words", table=TableBlock(headers=[avoid, use],
                                                                                         rows=rows))])
            data = write_docx(guide)
        params = Params(**doc_paths(ctx, doc.file_stem, "house_style"), source=source, scope=scope,
                        word_list=f"{ctx.rng.choice(['', 'style/', 'shared/'])}house_style_words.{source}",
                        avoid_column=avoid, use_column=use)
        return params.with_files(input=write_docx(doc), word_list=data)

    def reference(self, params: Params) -> ReferenceSolution:
        read = (f"import csv\nheader, *pairs = list(csv.reader(open({lit(params.word_list)}, encoding='utf-8')))"
                if params.source == "csv" else
                f"import docx\nheader, *pairs = [[c.text.strip() for c in r.cells] for r in "
                f"docx.Document({lit(params.word_list)}).tables[0].rows]")
        script = read + textwrap.dedent(f"""
            import re
            a, u = header.index({lit(params.avoid_column)}), header.index({lit(params.use_column)})
            swaps = {{}}
            for row in pairs:
                swaps[row[a]] = row[u]
                swaps[row[a][:1].upper() + row[a][1:]] = row[u][:1].upper() + row[u][1:]
            pattern = re.compile(r"(?<!\\w)(" + "|".join(re.escape(f) for f in sorted(swaps, key=len, reverse=True))
                                 + r")(?!\\w)")
            import docx
            document = docx.Document({lit(params.input)})
            paragraphs = list(document.paragraphs)
            if {lit(params.scope)} == "everywhere":
                paragraphs += [p for t in document.tables for row in t.rows for c in row.cells for p in c.paragraphs]
                for section in document.sections:
                    paragraphs += section.header.paragraphs + section.footer.paragraphs
            changed = 0
            for p in paragraphs:
                for run in p.runs:
                    new = pattern.sub(lambda m: swaps[m.group(1)], run.text)
                    changed += new != run.text
                    run.text = new
            print(changed, "runs changed")
            {save_code(params.output)}
        """)
        return solution(
            script_step(read + "\nprint(header)\nfor row in pairs:\n    print(row)",
                        f"I read the word list {params.word_list}.", f"Read {params.word_list}"),
            outline_step(params.input, f"I look over {params.input}."),
            script_step(script, "With python-docx I replace each listed form, whole words only and keeping a capital, "
                        "in the parts of the report the task names.", "Apply the word list"),
            outline_step(params.output, "I list the paragraphs again to check the wording."))
