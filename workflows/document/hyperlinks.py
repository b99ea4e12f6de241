"""Hyperlinks in a report: a term linked to its intranet page at its first mention or at every
mention, the links to the old intranet host moved to the new one (links to outside standards
left alone), or every hyperlink taken out before printing, its text kept."""

from __future__ import annotations

from typing import Literal

from forge.models import ReferenceSolution
from preparers.document import make_document, write_docx
from workflows._prepared import Prepared, PreparedWorkflow
from workflows._steps import lit, script_step, solution
from workflows.document._edit import SAVE, doc_paths, outline_step, save_code
from workflows.document._links import LINK_CODE, OUTSIDE, TERMS, Mention, embedded, hosts, mentions_docx
from workflows.spec import CheckTemplate, FileSlot, SkillParams, WorkflowContext, WorkflowSpec, register_workflow

Op = Literal["link_first", "link_all", "retarget", "unlink"]
ASK = ("{% if op == 'link_first' %}make the first mention of \"{{ term }}\" in the body text a hyperlink to {{ url }} "
       "(only that one; the link covers exactly those words){% elif op == 'link_all' %}turn every mention of "
       "\"{{ term }}\" in the body text into a hyperlink to {{ url }}, the link covering exactly those words"
       "{% elif op == 'retarget' %}the intranet moved from {{ old_host }} to {{ new_host }}: change every hyperlink "
       "that points to {{ old_host }} to the same page on {{ new_host }}, and leave the other links alone"
       "{% else %}remove every hyperlink, keeping the linked words as plain text{% endif %}")


class Params(Prepared):
    input: str
    output: str
    in_place: bool
    op: Op
    term: str | None
    url: str | None
    old_host: str | None
    new_host: str | None


class Options(SkillParams):
    op: Op | None = None
    in_place: bool | None = None


@register_workflow
class Hyperlinks(PreparedWorkflow[Params]):
    spec = WorkflowSpec(
        name="document.hyperlinks", apps=["document"], params=Params, skill_params=Options,
        phrasings=[
            f"In {{{{ input }}}}, {ASK}. Do not change any of the text. " + SAVE["formal"],
            f"Quick one on {{{{ input }}}} before it goes out: could you {ASK}? The wording must stay exactly as it "
            "is. " + SAVE["chatty"],
            f"{{{{ input }}}}: links - {ASK}. " + SAVE["terse"],
        ],
        criteria=["Every paragraph has exactly the hyperlinks asked, each on the right words and address.",
                  "No text changes."],
        files=[FileSlot(param="input", type="docx", role="input", description="A report mentioning documents"),
               FileSlot(param="output", type="docx", description="The report with its links set")],
        checks=[CheckTemplate(func="document.links_set", bind={"op": "op", "term": "term", "url": "url",
                                                                "old_host": "old_host", "new_host": "new_host"})],
    )

    def draw(self, ctx: WorkflowContext) -> Params:
        op = getattr(ctx.options, "op", None) or ctx.rng.choice(["link_first", "link_all", "retarget", "unlink"])
        doc = make_document(ctx.rng, ctx.faker, kind="report")
        old, new = hosts(doc)
        term, path = ctx.rng.choice(TERMS)
        if op in ("link_first", "link_all"):
            mentions = [Mention(term, None) for _ in range(ctx.rng.randint(2, 4))]
        else:
            inside = [Mention(t, f"https://{old}/{p}") for t, p in ctx.rng.sample(TERMS, ctx.rng.randint(2, 3))]
            mentions = inside + [Mention(t, u) for t, u in ctx.rng.sample(OUTSIDE, ctx.rng.randint(1, 2))]
            ctx.rng.shuffle(mentions)
        data = mentions_docx(write_docx(doc), mentions, ctx.rng, doc.date.isoformat())
        linking = op in ("link_first", "link_all")
        params = Params(**doc_paths(ctx, doc.file_stem, "linked"), op=op, term=term if linking else None,
                        url=f"https://{new}/{path}" if linking else None,
                        old_host=old if op == "retarget" else None, new_host=new if op == "retarget" else None)
        return params.with_files(input=data)

    def reference(self, params: Params) -> ReferenceSolution:
        script = f"""
            import re, docx
            from urllib.parse import urlsplit, urlunsplit
            {embedded(LINK_CODE)}
            document = docx.Document({lit(params.input)})
            op, term, url = {lit(params.op)}, {lit(params.term)}, {lit(params.url)}
            old, new = {lit(params.old_host)}, {lit(params.new_host)}
            done = 0
            for p in document.paragraphs:
                if op in ("link_first", "link_all") and not p.style.name.startswith(("Heading", "Title")):
                    while not (op == "link_first" and done):
                        hit = next(((r, m.start()) for r in p.runs for m in
                                    [re.search(r"(?<!\\w)" + re.escape(term) + r"(?!\\w)", r.text)] if m), None)
                        if hit is None:
                            break
                        link(document, hit[0], hit[1], len(term), url)
                        done += 1
                for h in p._p.findall(qn("w:hyperlink")):
                    rid = h.get(qn("r:id"))
                    target = document.part.rels[rid].target_ref if rid else ""
                    if op == "unlink":
                        for child in list(h):
                            h.addprevious(child)
                        h.getparent().remove(h)
                        done += 1
                    elif op == "retarget" and urlsplit(target).netloc == old:
                        moved = urlunsplit(urlsplit(target)._replace(netloc=new))
                        h.set(qn("r:id"), document.part.relate_to(moved, RT.HYPERLINK, is_external=True))
                        print(target, "->", moved)
                        done += 1
            print(done, "link(s) changed")
            {save_code(params.output)}
        """
        return solution(outline_step(params.input, f"I list {params.input}'s paragraphs to see where the links and "
                                     "mentions are."),
                        script_step(script, "I edit the hyperlinks with python-docx (w:hyperlink elements and their "
                                    "relationships), splitting runs where a term gets a link.", "Set the links"),
                        outline_step(params.output, "I list the paragraphs again: the text must be unchanged."))
