"""Whole-deck slide edits: every title changed by one rule (headline, sentence or upper case,
numbering), empty slides deleted, slides put in
the order of the deck's own agenda, speaker notes filled from a text file. Like
`forge.checks.slides`, the expected deck is rebuilt from the original and the instruction's
options and compared slide by slide (title, visible lines, and notes where the task is about them).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from forge.checks.document import fold
from forge.checks.slides import DeckEdit, SlideFace, deck_diff, face
from forge.checks.source import input_view, output_view
from forge.checks.spec import InputPath, OutputPath, Verdict, register_check
from forge.checks.state import FinalState
from forge.views import Slide, SlidesView, TextView

SMALL = {"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"}


def title_case(text: str) -> str:
    """Headline style: every word capitalised except short joining words (not the first); words
    already in capitals (KPI, Q3) kept."""
    words = fold(text).split(" ")
    out = []
    for i, word in enumerate(words):
        if word.isupper() and len(word) > 1 and not word.isalpha():
            out.append(word)
        elif i and word.lower() in SMALL:
            out.append(word.lower())
        else:
            out.append(word[:1].upper() + word[1:].lower())
    return " ".join(out)


def _decks(state: FinalState, opts: DeckEdit) -> tuple[SlidesView, SlidesView]:
    return input_view(state, opts.input_file, SlidesView), output_view(state, opts.file, SlidesView)


def sentence_case(text: str) -> str:
    """Only the first word capitalised; words in capitals with digits (Q3, KPI2) kept."""
    words = fold(text).split(" ")
    out = [w if (w.isupper() and not w.isalpha()) else w.lower() for w in words]
    out[0] = out[0][:1].upper() + out[0][1:]
    return " ".join(out)


# --- slides.titles_changed -----------------------------------------------------------------------


class TitlesChanged(DeckEdit):
    rule: Literal["title_case", "sentence_case", "upper", "number"]
    skip_first: bool = Field(default=True, description="The title slide keeps its title (number).")


def _retitled(title: str, n: int, opts: TitlesChanged) -> str:
    if opts.rule == "number":
        return f"{n}. {fold(title)}"
    return {"title_case": title_case, "sentence_case": sentence_case, "upper": str.upper}[opts.rule](fold(title))


@register_check("slides.titles_changed", TitlesChanged, view="slides")
def titles_changed(state: FinalState, opts: TitlesChanged) -> Verdict:
    """Every slide's title follows the rule (headline case, sentence case, capitals, or numbered
    '1. ...' from the second slide on), everything else on every slide, notes included, unchanged."""
    original, output = _decks(state, opts)
    expected: list[SlideFace] = []
    for i, slide in enumerate(original.slides):
        title, body = face(slide)
        numbered = opts.rule == "number" and not (opts.skip_first and i == 0)
        if title and (opts.rule != "number" or numbered):
            title = fold(_retitled(slide.title, i if opts.skip_first else i + 1, opts))
        expected.append((title, body))
    got = [face(s) for s in output.slides]
    if opts.rule != "number":  # compared exactly: case is the whole task
        for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
            if want[0] != have[0]:
                return Verdict.of(False, f"slide {n}'s title is {have[0]!r}, expected {want[0]!r}")
    if msg := deck_diff(expected, got, opts.file):
        return Verdict.of(False, msg)
    if msg := _notes_diff(original.slides, output.slides):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"all {len(expected)} titles follow the rule {opts.rule!r}")


def _notes_diff(before: list[Slide], after: list[Slide]) -> str | None:
    for n, (was, now) in enumerate(zip(before, after, strict=False), start=1):
        if fold(was.notes) != fold(now.notes):
            return f"the notes of slide {n} changed: {fold(now.notes)[:60]!r}, were {fold(was.notes)[:60]!r}"
    return None


# --- slides.empty_removed ------------------------------------------------------------------------


class EmptyRemoved(DeckEdit):
    title_only_is_empty: bool = Field(default=False, description="A slide with a title but no other text counts "
                                      "as empty (placeholder slides), except the first slide.")


@register_check("slides.empty_removed", EmptyRemoved, view="slides")
def empty_removed(state: FinalState, opts: EmptyRemoved) -> Verdict:
    """The slides with no text at all (and, when asked, those with only a title) are gone; every
    other slide is kept unchanged, in order."""
    original, output = _decks(state, opts)
    faces = [face(s) for s in original.slides]
    keep = [f for i, f in enumerate(faces) if f[1] or (f[0] and (i == 0 or not opts.title_only_is_empty))]
    if len(keep) == len(faces):
        return Verdict.of(False, f"{opts.input_file} has no empty slides; nothing to remove")
    if msg := deck_diff(keep, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{len(faces) - len(keep)} empty slides removed, {len(keep)} kept in order")


# --- slides.agenda_order -------------------------------------------------------------------------


class AgendaOrder(DeckEdit):
    agenda_title: str = Field(default="Agenda", description="The slide whose lines give the order.")


@register_check("slides.agenda_order", AgendaOrder, view="slides")
def agenda_order(state: FinalState, opts: AgendaOrder) -> Verdict:
    """The slides titled like the agenda slide's lines come in the agenda's order, in the places
    those slides held; every other slide stays where it was; no slide changed."""
    original, output = _decks(state, opts)
    faces = [face(s) for s in original.slides]
    agenda = next((f for f in faces if f[0].casefold() == fold(opts.agenda_title).casefold()), None)
    if agenda is None:
        return Verdict.of(False, f"{opts.input_file} has no slide titled {opts.agenda_title!r}")
    order = [line.casefold() for line in agenda[1]]
    places = [i for i, f in enumerate(faces) if f[0].casefold() in order]
    ranked = sorted((faces[i] for i in places), key=lambda f: order.index(f[0].casefold()))
    expected = list(faces)
    for i, f in zip(places, ranked, strict=True):
        expected[i] = f
    if expected == faces:
        return Verdict.of(False, f"{opts.input_file} already follows its agenda")
    if msg := deck_diff(expected, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg + " (the agenda's order)")
    return Verdict.of(True, f"{len(places)} slides in the agenda's order")


# --- slides.notes_from_text ----------------------------------------------------------------------

_BLOCK = re.compile(r"^#+\s*(.+?)\s*$", re.MULTILINE)


def note_blocks(text: str) -> dict[str, str]:
    """`# Slide title` headings, each followed by its notes, from a text file (titles case-folded)."""
    parts = _BLOCK.split(text)
    return {fold(title).casefold(): fold(body) for title, body in zip(parts[1::2], parts[2::2], strict=True)}


class NotesFromText(DeckEdit):
    notes_file: InputPath = Field(description="Text with a '# Slide title' (or '# Slide N') line before each slide's "
                                  "notes.")


@register_check("slides.notes_from_text", NotesFromText, view="slides")
def notes_from_text(state: FinalState, opts: NotesFromText) -> Verdict:
    """Each slide named in the notes file (by title, or as 'Slide N' by number) has exactly that
    file's notes (replacing any it had);
    the other slides' notes and every slide's visible text are unchanged."""
    original, output = _decks(state, opts)
    blocks = note_blocks(input_view(state, opts.notes_file, TextView).text)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    for n, (was, now) in enumerate(zip(original.slides, output.slides, strict=True), start=1):
        want = blocks.get(f"slide {n}", blocks.get(fold(was.title).casefold(), fold(was.notes)))
        if fold(now.notes) != want:
            return Verdict.of(False, f"the notes of slide {n} ({fold(was.title)!r}) read {fold(now.notes)[:60]!r}, "
                              f"expected {want[:60]!r}")
    return Verdict.of(True, f"notes of {len(blocks)} slides set from {opts.notes_file}")


# --- slides.hidden_set ---------------------------------------------------------------------------


class HiddenSet(DeckEdit):
    titles: list[str] = Field(default_factory=list, description="Slides to hide, by title.")
    after_title: str | None = Field(default=None, description="Hide every slide after this one.")


@register_check("slides.hidden_set", HiddenSet, view="slides")
def hidden_set(state: FinalState, opts: HiddenSet) -> Verdict:
    """The slides asked for (by title, or every slide after the named one) are hidden in the slide
    show, every other slide is shown; no slide was added, removed, moved or changed."""
    original, output = _decks(state, opts)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    names = {fold(t).casefold() for t in opts.titles}
    cut = next((i for i, s in enumerate(original.slides) if opts.after_title and fold(s.title).casefold()
                == fold(opts.after_title).casefold()), None)
    for n, slide in enumerate(output.slides, start=1):
        want = fold(slide.title).casefold() in names or (cut is not None and n - 1 > cut)
        if slide.hidden != want:
            return Verdict.of(False, f"slide {n} ({fold(slide.title)!r}) is {'hidden' if slide.hidden else 'shown'}, "
                              f"expected {'hidden' if want else 'shown'}")
    return Verdict.of(True, f"{sum(s.hidden for s in output.slides)} slides hidden as asked")


# --- slides.agenda_matches -----------------------------------------------------------------------


class AgendaMatches(DeckEdit):
    agenda_title: str = Field(default="Agenda")
    closing_title: str = Field(description="The closing slide, which the agenda does not list.")


@register_check("slides.agenda_matches", AgendaMatches, view="slides")
def agenda_matches(state: FinalState, opts: AgendaMatches) -> Verdict:
    """The second slide is the agenda slide and lists, one line each, the titles of the slides
    between it and the closing slide, in order; every other slide is as it was (an agenda slide
    the input lacked is the one slide added)."""
    original, output = _decks(state, opts)
    before = [face(s) for s in original.slides if fold(s.title).casefold() != fold(opts.agenda_title).casefold()]
    after = [face(s) for s in output.slides]
    if len(after) < 2 or after[1][0].casefold() != fold(opts.agenda_title).casefold():
        return Verdict.of(False, f"slide 2 of {opts.file} is {after[1][0] if len(after) > 1 else None!r}, expected "
                          f"the {opts.agenda_title!r} slide")
    rest = after[:1] + after[2:]
    if msg := deck_diff(before, rest, opts.file + " (apart from the agenda)", [1, *range(3, len(after) + 1)]):
        return Verdict.of(False, msg)
    closing = next((i for i, f in enumerate(rest) if f[0].casefold() == fold(opts.closing_title).casefold()), len(rest))
    want = [f[0] for f in rest[1:closing]]
    if [line.casefold() for line in after[1][1]] != [w.casefold() for w in want]:
        return Verdict.of(False, f"the agenda lists {list(after[1][1])}, expected the slide titles {want}")
    return Verdict.of(True, f"the agenda lists the {len(want)} topic slides in order")


# --- slides.replaced_by_rule ---------------------------------------------------------------------


class SlidesReplaced(DeckEdit):
    old: str
    new: str
    whole_word: bool = Field(description="Only where `old` is a whole word, not part of a longer one.")
    match_case: bool = Field(description="Only where the case matches exactly.")


@register_check("slides.replaced_by_rule", SlidesReplaced, view="slides")
def slides_replaced(state: FinalState, opts: SlidesReplaced) -> Verdict:
    """Every slide's title and text lines read as Replace All with the two options gives (whole
    words only or any match; matching case or not); the speaker notes and the slide order are
    unchanged."""
    from forge.checks.document_edits import replace_rule

    original, output = _decks(state, opts)
    total, expected = 0, []
    for slide in original.slides:
        title, body = face(slide)
        title, n = replace_rule(title, opts.old, opts.new, opts.whole_word, opts.match_case)
        lines = []
        for line in body:
            line, m = replace_rule(line, opts.old, opts.new, opts.whole_word, opts.match_case)
            lines.append(line)
            n += m
        total += n
        expected.append((title, tuple(lines)))
    if total == 0:
        return Verdict.of(False, f"{opts.input_file} has no {opts.old!r} to replace under these options")
    if msg := deck_diff(expected, [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    if msg := _notes_diff(original.slides, output.slides):
        return Verdict.of(False, msg)
    return Verdict.of(True, f"{total} replacements of {opts.old!r} by {opts.new!r} on the slides")


# --- slides.outline_exported ---------------------------------------------------------------------


class OutlineExported(DeckEdit):
    file: OutputPath = Field(description="The Markdown outline written.")  # type: ignore[assignment]
    with_notes: bool = Field(default=False, description="Each slide's notes follow as one '> ' line.")


@register_check("slides.outline_exported", OutlineExported, view="slides")
def outline_exported(state: FinalState, opts: OutlineExported) -> Verdict:
    """The Markdown file has, per slide in order, a '# title' line, then one '- ' line per text line
    of the slide (sub-bullets may be indented), then (when asked) a '> ' line with its notes; blank
    lines are free, nothing else is there."""
    deck = input_view(state, opts.input_file, SlidesView)
    expected: list[str] = []
    for slide in deck.slides:
        title, body = face(slide)
        expected += [f"# {title}", *(f"- {line}" for line in body)]
        if opts.with_notes and fold(slide.notes):
            expected.append(f"> {fold(slide.notes)}")
    got = []
    for raw in output_view(state, opts.file, TextView).text.splitlines():
        line = raw.strip()
        if line.startswith(("-", "*")) and not line.startswith("# "):
            line = "- " + line[1:].strip()
        elif line.startswith(("#", ">")):
            line = f"{line[0]} {line.lstrip(line[0]).strip()}"
        if line:
            got.append(fold(line))
    for n, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        if want != have:
            return Verdict.of(False, f"line {n} of the outline (blank lines aside) is {have[:60]!r}, expected {want[:60]!r}")
    if len(got) != len(expected):
        extra = got[len(expected)] if len(got) > len(expected) else expected[len(got)]
        return Verdict.of(False, f"the outline has {len(got)} lines, expected {len(expected)}: "
                          f"{'extra' if len(got) > len(expected) else 'missing'} {extra[:60]!r}")
    return Verdict.of(True, f"outline of {len(deck.slides)} slides{' with notes' if opts.with_notes else ''}")


# --- slides.text_formatted ----------------------------------------------------------------------


class TextFormatted(DeckEdit):
    target: Literal["titles", "title_slide", "body", "slide"] = Field(
        description="titles: every slide title; title_slide: all text of the first slide; body: every text "
                    "shape that is not a title; slide: the non-title text of the slide titled `slide_title`.")
    slide_title: str | None = Field(default=None, description="The slide whose body is the target (slide).")
    change: Literal["bold", "italic", "underline", "size", "font"]
    size_pt: float | None = Field(default=None, description="The font size asked for (size).")
    font: str | None = Field(default=None, description="The font name asked for (font).")


def _text_shapes(slide: Slide) -> list[tuple[bool, list[object]]]:
    """(is the title, its runs) for each text shape of the slide, in shape order."""
    seen_title = False
    out: list[tuple[bool, list[object]]] = []
    for shape in slide.shapes:
        if shape.kind == "table" or not shape.text.strip():
            continue
        is_title = not seen_title and bool(slide.title.strip()) and fold(shape.text) == fold(slide.title)
        seen_title = seen_title or is_title
        out.append((is_title, list(shape.runs)))
    return out


def _chosen(opts: TextFormatted, n: int, slide: Slide, is_title: bool) -> bool:
    if opts.target == "titles":
        return is_title
    if opts.target == "title_slide":
        return n == 1
    if opts.target == "body":
        return not is_title
    return not is_title and fold(slide.title) == fold(opts.slide_title or "")


def _run_chars(runs: list[object], change: str) -> list[object]:
    attr = {"size": "size_pt", "font": "font"}.get(change, change)
    flag = change in ("bold", "italic", "underline")
    return [bool(getattr(r, attr)) if flag else getattr(r, attr) for r in runs for ch in r.text if not ch.isspace()]


@register_check("slides.text_formatted", TextFormatted, view="slides")
def text_formatted(state: FinalState, opts: TextFormatted) -> Verdict:
    """Every character of the target text (titles, the title slide, the body text, or one slide's
    body) carries the format asked for; no other text's format of that kind changed; every slide
    reads as it did (titles, lines, order)."""
    original, output = _decks(state, opts)
    if msg := deck_diff([face(s) for s in original.slides], [face(s) for s in output.slides], opts.file):
        return Verdict.of(False, msg)
    want: object = {"size": opts.size_pt, "font": opts.font}.get(opts.change, True)
    count = 0
    for n, (was, now) in enumerate(zip(original.slides, output.slides, strict=True), start=1):
        before, after = _text_shapes(was), _text_shapes(now)
        if len(before) != len(after):
            return Verdict.of(False, f"slide {n} of {opts.file} has {len(after)} text shapes, expected {len(before)}")
        for k, ((is_title, old), (_, new)) in enumerate(zip(before, after, strict=True), start=1):
            have = _run_chars(new, opts.change)
            where = f"slide {n} ({fold(now.title)[:30]!r}), {'title' if is_title else f'text shape {k}'}"
            if _chosen(opts, n, was, is_title):
                count += 1
                if not have or any(v != want for v in have):
                    wrong = next((v for v in have if v != want), None)
                    return Verdict.of(False, f"{where} has {opts.change} {wrong!r} on some text, expected {want!r} "
                                      "on all of it")
            elif have != _run_chars(old, opts.change):
                return Verdict.of(False, f"{where} was not to be touched, but its {opts.change} changed")
    if count == 0:
        return Verdict.of(False, f"{opts.input_file} has no {opts.target} text to format")
    return Verdict.of(True, f"{count} {opts.target} text shape(s) formatted ({opts.change}); nothing else changed")
