"""The app file-type handlers: views read what the libraries see, bounds refuse hostile files before
any parser runs, and folder archives never leave their folder."""

from __future__ import annotations

import io
import random
import tarfile
import zipfile

import pytest
from faker import Faker

from forge.errors import CheckError, PreparerError
from forge.filetypes import FILE_TYPES, read_view
from forge.views import DocumentView, PdfView, ProjectView, SlidesView, TableView, TextView, TreeView
from preparers.document import make_document, write_docx
from preparers.filetypes._tar import pack_tar, read_tar
from preparers.filetypes.project import pack_project
from preparers.pdf import make_pdf, write_pdf
from preparers.presentation import make_deck, write_pptx


def seeded(seed: int = 2) -> tuple[random.Random, Faker]:
    faker = Faker()
    faker.seed_instance(seed)
    return random.Random(seed), faker


def test_docx_reads_as_a_document_and_as_tables_with_numbers() -> None:
    content = make_document(*seeded(), kind="report")
    data = write_docx(content)
    view = read_view(data, "r.docx", DocumentView)
    assert [p.text for p in view.headings() if p.heading_level == 1] == content.headings
    assert view.paragraphs[0].heading_level == 0 and view.headers == [content.header]
    assert any(r.bold for p in view.paragraphs for r in p.runs)
    table = read_view(data, "r.docx", TableView).get()
    assert table.header == content.sections[2].table.headers
    assert all(isinstance(v, int) for row in table.body for v in row[1:])


def test_docx_paragraph_styles_resolve_as_python_docx_resolves_them() -> None:
    """The reader's style table gives what `paragraph.style.name` gives: a named style, the default
    for no style, and the default for an unknown id or a character style's id."""
    import docx

    document = docx.Document()
    document.add_heading("Title line", level=0)
    document.add_heading("Section", level=2)
    document.add_paragraph("plain")
    document.add_paragraph("quoted", style="Quote")
    odd = document.add_paragraph("unknown id")
    odd._p.style = "NoSuchStyle"
    char = document.add_paragraph("character style id")
    char._p.style = document.styles["Strong"].style_id
    buf = io.BytesIO()
    document.save(buf)
    reopened = docx.Document(io.BytesIO(buf.getvalue()))
    expected = [p.style.name for p in reopened.paragraphs]
    assert expected == ["Title", "Heading 2", "Normal", "Quote", "Normal", "Normal"]
    view = read_view(buf.getvalue(), "s.docx", DocumentView)
    assert [p.style for p in view.paragraphs] == expected
    assert [p.heading_level for p in view.paragraphs] == [0, 2, None, None, None, None]


def test_pptx_reads_layouts_titles_bullets_and_notes() -> None:
    deck = make_deck(*seeded())
    view = read_view(write_pptx(deck), "d.pptx", SlidesView)
    assert [s.title for s in view.slides] == [s.title for s in deck.slides]
    assert view.slides[0].layout == "Title Slide" and view.slides[2].notes == deck.slides[2].notes
    assert deck.slides[2].bullets[0].text in view.slides[2].shapes[1].text


def test_pdf_reads_pages_metadata_and_its_printed_table() -> None:
    content = make_pdf(*seeded(), kind="report")
    data = write_pdf(content)
    view = read_view(data, "r.pdf", PdfView)
    assert view.metadata["Title"] == content.title and content.title in view.pages[0]
    table = read_view(data, "r.pdf", TableView).get()
    assert table.header == content.table.headers
    assert table.body[0][1] == float(content.table.rows[0][1].replace(",", ""))


def test_markdown_headings_skip_code_fences() -> None:
    view = read_view(b"# T\n\n```\n# not\n```\n## Real\n", "n.md", TextView)
    assert [(h.level, h.text, h.line) for h in view.headings] == [(1, "T", 1), (2, "Real", 6)]


def test_a_zip_with_too_many_members_is_refused_before_parsing() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as archive:
        for n in range(2100):
            archive.writestr(f"part{n}.xml", b"")
    with pytest.raises(CheckError, match="2100 zip entries"):
        read_view(buf.getvalue(), "bomb.docx", DocumentView)


@pytest.mark.parametrize("member", ["../escape.txt", "/etc/passwd"])
def test_folder_archives_never_leave_their_folder(member: str) -> None:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo(member)
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    with pytest.raises(CheckError, match="leaves the folder"):
        read_tar(buf.getvalue(), "Downloads")


def test_links_in_folder_archives_are_refused() -> None:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        link = tarfile.TarInfo("secret")
        link.type, link.linkname = tarfile.SYMTYPE, "/root/.ssh/id_rsa"
        tar.addfile(link)
    with pytest.raises(PreparerError, match="link or special file"):
        FILE_TYPES.get("tree").inspect(buf.getvalue())


def test_tree_and_project_archives_are_deterministic_and_read_back() -> None:
    files = {"b.txt": b"two", "a/one.bin": b"\x00\x01"}
    assert pack_tar(files) == pack_tar(dict(reversed(list(files.items()))))
    view = read_view(pack_tar(files), "Downloads", TreeView, file_type="tree")
    assert [(e.path, e.kind, e.size) for e in view.entries] == [("a", "dir", 0), ("a/one.bin", "file", 2),
                                                                ("b.txt", "file", 3)]
    project = read_view(pack_project({"pkg/m.py": "x = 1\n", "tests/test_m.py": "def test(): pass\n"}),
                        "proj", ProjectView, file_type="project")
    assert project.files["pkg/m.py"] == "x = 1\n" and project.tests is None


def test_a_project_with_a_syntax_error_or_no_tests_is_rejected() -> None:
    with pytest.raises(PreparerError, match="pkg/m.py: Python syntax error"):
        FILE_TYPES.get("project").inspect(pack_project({"pkg/m.py": "def (:\n", "tests/test_m.py": "x = 1\n"}))
    with pytest.raises(PreparerError, match="no test modules"):
        FILE_TYPES.get("project").inspect(pack_project({"pkg/m.py": "x = 1\n"}))
