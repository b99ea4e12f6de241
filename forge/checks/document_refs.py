"""Document reference checks: hyperlinks (a term linked at its first mention or every mention,
links moved from an old host to a new one, links taken out with their text kept), footnotes
or endnotes citing a source after stated sentences, and a table of contents listing the
headings. The text must read as it did (`forge.checks.document_layout.same_text`): a
reference is added on words already there, never by retyping them.
"""

from __future__ import annotations

import re
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import Field

from forge.checks.document import DocumentEdit, fold
from forge.checks.document_layout import same_text, text_indexes
from forge.checks.source import input_view, output_view
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.views import DocumentView, Paragraph

LinkKey = tuple[str, str, str]


def _keys(p: Paragraph) -> list[LinkKey]:
    return [(fold(link.text), link.url, link.anchor) for link in p.links]


def mentions(text: str, term: str) -> int:
    """How often `term` stands in `text` as whole words (case as written)."""
    return len(re.findall(rf"(?<!\w){re.escape(term)}(?!\w)", fold(text)))


def moved(url: str, old_host: str, new_host: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=new_host)) if parts.netloc.casefold() == old_host.casefold() else url


# --- document.links_set ---------------------------------------------------------------------------


class LinksSet(DocumentEdit):
    op: Literal["link_first", "link_all", "retarget", "unlink"] = Field(
        description="link_first/link_all: the term's first or every mention links to the url; retarget: links "
                    "to old_host go to new_host (same path); unlink: no hyperlink is left.")
    term: str | None = Field(default=None, description="The words to link (link_first, link_all).")
    url: str | None = Field(default=None, description="Where the term links to.")
    old_host: str | None = Field(default=None, description="The host the links leave (retarget).")
    new_host: str | None = Field(default=None, description="The host they point to instead.")


def _expected_links(original: DocumentView, opts: LinksSet) -> list[list[LinkKey]] | str:
    """Per text paragraph of the original, the links it must have afterwards."""
    paragraphs = [original.paragraphs[i] for i in text_indexes(original)]
    if opts.op == "unlink":
        return [[] for _ in paragraphs]
    if opts.op == "retarget":
        if not any(urlsplit(link.url).netloc.casefold() == (opts.old_host or "").casefold()
                   for p in paragraphs for link in p.links):
            return f"{opts.input_file} has no links to {opts.old_host}"
        return [[(t, moved(u, opts.old_host or "", opts.new_host or ""), a) for t, u, a in _keys(p)]
                for p in paragraphs]
    term, url = opts.term or "", opts.url or ""
    counts = [mentions(p.text, term) if p.heading_level is None else 0 for p in paragraphs]
    if not any(counts):
        return f"{opts.input_file} never mentions {term!r} in its body text"
    first = next(n for n, c in enumerate(counts) if c)
    return [_keys(p) + [(fold(term), url, "")] * (c if opts.op == "link_all" else int(n == first))
            for n, (p, c) in enumerate(zip(paragraphs, counts, strict=True))]


@register_check("document.links_set", LinksSet, view="document")
def links_set(state: FinalState, opts: LinksSet) -> Verdict:
    """Each paragraph's hyperlinks (their text, address and bookmark) are exactly those asked: the
    original's plus one on the term's first mention in the body text, or one on every mention
    (each link's text exactly the term); or the original's with old_host swapped for new_host,
    path kept; or none at all. The text, styles, headers and tables read as they did."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    expected = _expected_links(original, opts)
    if isinstance(expected, str):
        return Verdict.of(False, expected)
    if msg := same_text(original, output, opts.file):
        return Verdict.of(False, msg)
    total = 0
    for n, (want, i) in enumerate(zip(expected, text_indexes(output), strict=True), start=1):
        have = _keys(output.paragraphs[i])
        if sorted(have) != sorted(want):
            extra = [k for k in have if k not in want]
            missing = [k for k in want if k not in have]
            shown = (f"has a link {extra[0][0]!r} -> {extra[0][1] or '#' + extra[0][2]!r} it should not" if extra
                     else f"lacks the link {missing[0][0]!r} -> {missing[0][1]!r}") if extra or missing else \
                f"has {len(have)} links, expected {len(want)}"
            return Verdict.of(False, f"paragraph {n} of {opts.file} ({fold(output.paragraphs[i].text)[:40]!r}) {shown}")
        total += len(have)
    done = {"link_first": "the first mention linked", "link_all": "every mention linked",
            "retarget": f"links moved to {opts.new_host}", "unlink": "every hyperlink removed"}[opts.op]
    return Verdict.of(True, f"{done}; {total} link(s) in {opts.file}, text unchanged")


# --- document.notes_added -------------------------------------------------------------------------


class NotesAdded(DocumentEdit):
    kind: Literal["footnote", "endnote"] = Field(description="Footnotes (page foot) or endnotes (document end).")
    sentences: list[str] = Field(min_length=1, description="The opening words of each sentence that gets a note.")
    sources: list[str] = Field(min_length=1, description="Each note's text, in the order of `sentences`.")


def sentence_end(text: str, opening: str) -> int | None:
    """Just after the full stop of the sentence of `text` that starts with `opening` (any spacing)."""
    found = re.search(r"\s+".join(map(re.escape, opening.split())), text)
    if found is None:
        return None
    stop = re.compile(r"[.!?](?=\s|$)").search(text, found.end())
    return stop.end() if stop else len(text)


@register_check("document.notes_added", NotesAdded, view="document")
def notes_added(state: FinalState, opts: NotesAdded) -> Verdict:
    """Each quoted sentence has one new note of the kind asked, its reference mark right after the
    sentence's full stop (before the next sentence), its text the source asked; no other note is
    added or lost, none of the other kind; the text, styles, headers and tables read as they did."""
    if len(opts.sentences) != len(opts.sources):
        return Verdict.of(False, f"{len(opts.sentences)} sentences but {len(opts.sources)} sources to cite")
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    if msg := same_text(original, output, opts.file):
        return Verdict.of(False, msg)
    before, after = text_indexes(original), text_indexes(output)
    wanted = [[(n.kind, fold(n.text)) for n in original.paragraphs[i].notes] for i in before]
    for opening, source in zip(opts.sentences, opts.sources, strict=True):
        k = next((k for k, i in enumerate(before) if fold(opening) in fold(original.paragraphs[i].text)), None)
        if k is None:
            return Verdict.of(False, f"{opts.input_file} has no sentence starting {opening!r}")
        text = output.paragraphs[after[k]].text
        end = sentence_end(text, opening)
        have = [n for n in output.paragraphs[after[k]].notes if fold(n.text) == fold(source)]
        if not have or have[0].kind != opts.kind:
            got = [f"{n.kind} {fold(n.text)[:40]!r}" for n in output.paragraphs[after[k]].notes]
            return Verdict.of(False, f"the sentence {opening!r} has no {opts.kind} reading {source!r}; its paragraph "
                              f"in {opts.file} has {got or 'no notes'}")
        offset = have[0].offset
        if end is None or offset < end or text[end:offset].strip():
            return Verdict.of(False, f"the {opts.kind} {source!r} sits at character {offset} of its paragraph; it "
                              f"belongs right after the full stop of the sentence {opening!r} (character {end})")
        wanted[k].append((opts.kind, fold(source)))
    for k, i in enumerate(after):
        have = sorted((n.kind, fold(n.text)) for n in output.paragraphs[i].notes)
        if have != sorted(wanted[k]):
            return Verdict.of(False, f"paragraph {k + 1} of {opts.file} ({fold(output.paragraphs[i].text)[:40]!r}) has "
                              f"notes {have}; expected {sorted(wanted[k])}")
    return Verdict.of(True, f"{len(opts.sources)} {opts.kind}(s) cite their sources after the sentences asked")


# --- document.contents_inserted -------------------------------------------------------------------


class ContentsInserted(DocumentEdit):
    levels: int = Field(ge=1, le=9, description="The contents lists headings of levels 1 to this.")
    title: str | None = Field(default=None, description="Its title line; None: no title line.")


def entry_text(entry: str) -> str:
    """An entry line without its page number (heading, tab, number) or dot leader."""
    head, _, tail = entry.rpartition("\t")
    text = head if head and (not tail.strip() or tail.strip().isdigit()) else entry
    return fold(re.sub(r"\s*\.{2,}\s*\d*\s*$", "", text))


@register_check("document.contents_inserted", ContentsInserted, view="document")
def contents_inserted(state: FinalState, opts: ContentsInserted) -> Verdict:
    """The document has one table of contents, right after the title line: a TOC field over outline
    levels 1 to the number asked (its \\o switch), with the title line asked (or none), its entries
    the headings of those levels in document order, each by its text (a page number after a tab is
    fine; python-docx cannot compute them); every other paragraph, header and table reads as it did."""
    original, output = input_view(state, opts.input_file, DocumentView), output_view(state, opts.file, DocumentView)
    if len(output.contents) != 1:
        return Verdict.of(False, f"{opts.file} has {len(output.contents)} tables of contents; expected one")
    toc = output.contents[0]
    if toc.levels() != (1, opts.levels):
        return Verdict.of(False, f"the contents field {toc.instruction!r} covers levels {toc.levels()}; expected 1 to "
                          f"{opts.levels} (TOC \\o \"1-{opts.levels}\")")
    rest = output.model_copy(update={"paragraphs": [p for i, p in enumerate(output.paragraphs)
                                                    if i not in set(toc.paragraphs)]})
    if msg := same_text(original, rest, opts.file):
        return Verdict.of(False, msg + " (outside the table of contents)")
    title_at = next((i for i in text_indexes(output) if i not in toc.paragraphs), None)
    if title_at is None or toc.after_paragraph != title_at:
        return Verdict.of(False, f"the table of contents follows paragraph {toc.after_paragraph + 1} of {opts.file}; it "
                          "belongs right after the title line")
    if fold(toc.title) != fold(opts.title or ""):
        want = repr(opts.title) if opts.title else "no title line"
        return Verdict.of(False, f"the table of contents has the title {toc.title!r}; expected {want}")
    want = [fold(p.text) for p in original.paragraphs if p.heading_level is not None
            and 1 <= p.heading_level <= opts.levels and p.text.strip()]
    have = [entry_text(e) for e in toc.entries if fold(e) != fold(toc.title)]
    for n, (w, h) in enumerate(zip(want, have, strict=False), start=1):
        if w != h:
            return Verdict.of(False, f"entry {n} of the table of contents reads {h!r}, expected {w!r}")
    if len(have) != len(want):
        return Verdict.of(False, f"the table of contents lists {len(have)} entries, expected {len(want)}: {want}")
    return Verdict.of(True, f"a table of contents of {len(want)} headings (levels 1-{opts.levels}) after the title")
