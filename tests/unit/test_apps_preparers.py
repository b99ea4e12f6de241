"""The app preparers: the same seed gives the same bytes, files open with their own libraries,
and the content is coherent (dates agree with names, duplicates are true copies, planted bugs
are caught by the project's own tests)."""

from __future__ import annotations

import datetime as dt
import io
import random
import re
from collections.abc import Callable

import pytest
from faker import Faker

from preparers import code, data, document, files, pdf, presentation, text
from preparers.spec import PREPARERS

SEEDS = [0, 1, 7, 42]


def seeded(seed: int) -> tuple[random.Random, Faker]:
    faker = Faker()
    faker.seed_instance(seed)
    return random.Random(seed), faker


MAKERS: dict[str, Callable[[int], bytes]] = {
    "docx-report": lambda s: document.write_docx(document.make_document(*seeded(s), kind="report")),
    "docx-memo": lambda s: document.write_docx(document.make_document(*seeded(s), kind="memo")),
    "docx-letter": lambda s: document.write_docx(document.make_document(*seeded(s), kind="letter")),
    "pptx": lambda s: presentation.write_pptx(presentation.make_deck(*seeded(s))),
    "pdf-invoice": lambda s: pdf.write_pdf(pdf.make_pdf(*seeded(s), kind="invoice")),
    "pdf-report": lambda s: pdf.write_pdf(pdf.make_pdf(*seeded(s), kind="report")),
    "md-notes": lambda s: text.make_notes(*seeded(s)).data,
    "md-readme": lambda s: text.make_readme(*seeded(s)).data,
    "log": lambda s: text.make_log(*seeded(s)).data,
    "ini": lambda s: text.make_config(*seeded(s)).data,
    "csv": lambda s: data.write_csv(data.make_table(*seeded(s))),
    "json-orders": lambda s: data.make_orders_export(*seeded(s)).data,
    "json-config": lambda s: data.make_app_config(*seeded(s)).data,
    "project": lambda s: repr(sorted(code.make_project(*seeded(s)).files.items())).encode(),
    "tree": lambda s: repr(sorted(files.make_tree(*seeded(s)).files.items())).encode(),
}


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_same_seed_same_bytes_other_seed_other_bytes(kind: str) -> None:
    make = MAKERS[kind]
    assert make(3) == make(3)
    assert make(3) != make(4)


def test_every_app_preparer_is_registered() -> None:
    for app in ("document", "presentation", "pdf", "text", "data", "code", "files"):
        assert PREPARERS.get(app).version


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ["report", "memo", "letter"])
def test_documents_open_with_python_docx_and_hold_their_sections(seed: int, kind: str) -> None:
    import docx

    content = document.make_document(*seeded(seed), kind=kind)
    opened = docx.Document(io.BytesIO(document.write_docx(content)))
    headings = [p.text for p in opened.paragraphs if p.style.name.startswith("Heading")]
    assert headings == content.headings
    assert opened.paragraphs[0].style.name == "Title" and opened.paragraphs[0].text == content.title
    assert opened.sections[0].header.paragraphs[0].text == content.header
    assert opened.core_properties.author == content.author
    if kind == "report":
        assert len(opened.tables) == 1 and any(r.bold for p in opened.paragraphs for r in p.runs)


@pytest.mark.parametrize("seed", SEEDS)
def test_memo_and_letter_dates_agree_with_their_file_names(seed: int) -> None:
    for kind in ("memo", "letter"):
        content = document.make_document(*seeded(seed), kind=kind)
        assert content.date.isoformat() in content.file_stem
        body = " ".join(p.text for p in content.opening)
        assert f"{content.date:%d %B %Y}" in body


@pytest.mark.parametrize("seed", SEEDS)
def test_decks_open_with_python_pptx_with_layouts_and_notes(seed: int) -> None:
    import pptx

    deck = presentation.make_deck(*seeded(seed))
    opened = pptx.Presentation(io.BytesIO(presentation.write_pptx(deck)))
    slides = list(opened.slides)
    assert [s.shapes.title.text for s in slides] == [s.title for s in deck.slides]
    assert slides[0].slide_layout.name == "Title Slide" and slides[1].slide_layout.name == "Title and Content"
    agenda = [p.text for p in slides[1].placeholders[1].text_frame.paragraphs]
    assert agenda == [s.title for s in deck.slides[2:-1]]  # the agenda lists the slides that follow
    assert all(s.notes_slide.notes_text_frame.text for s in slides[2:-1])
    assert f"{deck.date:%Y_%m}" in deck.file_stem


@pytest.mark.parametrize("seed", SEEDS)
def test_invoices_add_up_and_carry_metadata(seed: int) -> None:
    from pypdf import PdfReader

    content = pdf.make_pdf(*seeded(seed), kind="invoice")
    reader = PdfReader(io.BytesIO(pdf.write_pdf(content)))
    assert reader.metadata.title == content.title and reader.metadata.author == content.author
    text_ = reader.pages[0].extract_text()
    net = sum(float(r[3].replace(",", "")) for r in content.table.rows)
    assert f"Net: {net:,.2f}" in text_
    for row in content.table.rows:
        qty, price, amount = int(row[1]), float(row[2].replace(",", "")), float(row[3].replace(",", ""))
        assert round(qty * price, 2) == amount
    assert content.date.strftime("%Y%m") in content.title


@pytest.mark.parametrize("seed", SEEDS)
def test_logs_hold_one_day_in_time_order_matching_their_name(seed: int) -> None:
    log = text.make_log(*seeded(seed))
    stamps = [line[:19] for line in log.text.splitlines()]
    assert stamps == sorted(stamps)
    assert all(s.startswith(str(log.facts["date"])) for s in stamps)
    assert str(log.facts["date"]) in log.file_name
    assert {line.split()[2] for line in log.text.splitlines()} <= set(text.LOG_LEVELS)


@pytest.mark.parametrize("seed", SEEDS)
def test_notes_and_configs_have_structure(seed: int) -> None:
    import configparser

    notes = text.make_notes(*seeded(seed))
    assert re.findall(r"^## (.+)$", notes.text, re.M)[1:-1] == notes.facts["headings"]
    assert str(notes.facts["date"]) in notes.file_name
    parser = configparser.ConfigParser()
    config = text.make_config(*seeded(seed))
    parser.read_string(config.text)
    assert parser.sections() == config.facts["sections"]


@pytest.mark.parametrize("seed", SEEDS)
def test_json_exports_are_nested_and_consistent(seed: int) -> None:
    import json

    export = data.make_orders_export(*seeded(seed))
    value = json.loads(export.data)
    orders = value["orders"]
    assert value["export"]["count"] == len(orders) and len({o["id"] for o in orders}) == len(orders)
    assert all(o["date"].startswith(value["export"]["month"]) for o in orders)
    assert value["export"]["month"].replace("-", "_") in export.file_name
    assert all(isinstance(o["customer"], dict) and o["items"] for o in orders)


def test_csv_round_trips_through_the_csv_module() -> None:
    import csv

    table = data.make_table(*seeded(5), kind="sales")
    rows = list(csv.reader(io.StringIO(data.write_csv(table).decode())))
    assert rows[0] == table.headers and len(rows) == len(table.rows) + 1
    assert rows[1][1] == table.rows[0][1].isoformat()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", code.PROJECT_KINDS)
def test_projects_pass_their_tests_and_every_bug_is_caught(seed: int, kind: str) -> None:
    project = code.make_project(*seeded(seed), kind=kind)
    assert not code._run_tests(project.files[project.module], project.files[project.test_file], project.package, kind)
    for bug in project.bugs:
        broken = project.with_bug(bug)
        assert code._run_tests(broken[project.module], project.files[project.test_file], project.package, kind), bug
        compile(broken[project.module], project.module, "exec")


def test_a_bug_that_does_not_apply_is_a_clear_error() -> None:
    from forge.errors import PreparerError

    project = code.make_project(*seeded(1), kind="pricing")
    bug = project.bugs[0].model_copy(update={"before": "no such code"})
    with pytest.raises(PreparerError, match="occurs 0 times"):
        project.with_bug(bug)


def test_a_planted_fault_that_cannot_be_found_again_is_a_clear_error() -> None:
    """The fix is a one-line change only where the fault's text occurs once in the buggy module
    (a fault `quantity` among eleven `quantity`s cannot be located): widen it, or it is refused."""
    from forge.errors import PreparerError

    project = code.make_project(*seeded(1), kind="pricing")
    bug = project.bugs[0]
    ambiguous = bug.model_copy(update={"after": "quantity"})
    with pytest.raises(PreparerError, match="'quantity' occurs .* times in the buggy"):
        project.with_bug(ambiguous)


def test_every_catalogue_fault_occurs_once_in_its_buggy_module() -> None:
    from workflows.code._all_kinds import find, item_ids, make_package

    for bug_id in item_ids("bugs"):
        kind, bug = find("bugs", bug_id)
        project = make_package(*seeded(0), kind.name)
        assert project.with_bug(bug)[project.module].count(bug.after) == 1, bug_id


@pytest.mark.parametrize("seed", SEEDS)
def test_trees_have_dated_photos_real_jpegs_and_true_duplicates(seed: int) -> None:
    from PIL import Image

    tree = files.make_tree(*seeded(seed))
    for path, day in tree.photo_dates.items():
        stamp = re.search(r"_(\d{8})_\d{6}", path)
        assert stamp and dt.datetime.strptime(stamp.group(1), "%Y%m%d").date().isoformat() == day
        with Image.open(io.BytesIO(tree.files[path])) as image:
            image.load()
    for copy, original in tree.duplicates.items():
        assert tree.files[copy] == tree.files[original] and " (1)" in copy
    sizes = tree.sizes().values()
    assert max(sizes) > 10 * min(sizes)  # sizes vary the way a real folder's do


@pytest.mark.parametrize("count", [0, 1, 16, 37, 4_096, 65_000])
def test_photo_filler_is_the_bytes_and_generator_state_one_choice_a_byte_gives(count: int) -> None:
    """Bundle ids hash the photos: the filler must stay what `rng.choice` per byte made."""
    for seed in range(40):
        one_by_one, at_once = random.Random(seed), random.Random(seed)
        want = bytes(one_by_one.choice(files.FILLER) for _ in range(count))
        assert files._choices(at_once, files.FILLER, count) == want
        assert at_once.getstate() == one_by_one.getstate()
    two, rng = b"ab", random.Random(3)  # two bits a try, so half of them retried
    assert files._choices(random.Random(3), two, 64) == bytes(rng.choice(two) for _ in range(64))
