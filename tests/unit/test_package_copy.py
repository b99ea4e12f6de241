"""A mutator's private copy of an OOXML package: relationships resolved as the libraries resolve
them, the parts it changed written back, every other member byte for byte."""

from __future__ import annotations

import io
import zipfile

import docx
import pptx
import pytest
from docx.oxml.parser import parse_xml as parse_docx_xml
from pptx.oxml import parse_xml as parse_pptx_xml

from forge.ooxml import relationships
from preparers.filetypes._package_copy import PackageCopy


def _docx() -> bytes:
    document = docx.Document()
    document.add_paragraph("First paragraph")
    document.add_paragraph("Second paragraph")
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def test_relationships_resolve_to_member_names() -> None:
    copy = PackageCopy(_docx(), parse_docx_xml)
    main = copy.related("", "officeDocument")
    assert main == "word/document.xml"
    assert copy.related(main, "styles") == "word/styles.xml"
    with pytest.raises(KeyError, match="no slideMaster relationship"):
        copy.related(main, "slideMaster")


@pytest.mark.parametrize(("source", "target", "member"), [
    ("ppt/slides/slide1.xml", "../notesSlides/notesSlide1.xml", "ppt/notesSlides/notesSlide1.xml"),
    ("ppt/presentation.xml", "slides/slide2.xml", "ppt/slides/slide2.xml"),
    ("ppt/presentation.xml", "/ppt/slides/slide3.xml", "ppt/slides/slide3.xml"),
    ("", "word/./document.xml", "word/document.xml"),
])
def test_targets_relative_and_absolute(source: str, target: str, member: str) -> None:
    folder, _, name = source.rpartition("/")
    rels = f"{folder}/_rels/{name}.rels" if folder else "_rels/.rels"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as package:
        package.writestr(rels, '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                               f'<Relationship Id="rId1" Type="http://x/slide" Target="{target}"/>'
                               '<Relationship Id="rId2" Type="http://x/hyperlink" Target="https://example.org/"'
                               ' TargetMode="External"/></Relationships>')
    with zipfile.ZipFile(buf) as package:
        found = relationships(package, source)
    assert found["rId1"].part == member and not found["rId1"].external
    assert found["rId2"].external


def test_only_the_changed_part_is_rewritten() -> None:
    data = _docx()
    copy = PackageCopy(data, parse_docx_xml)
    body = copy.part("word/document.xml").body
    body.remove(body.p_lst[0])
    mutant = copy.save()
    before, after = _members(data), _members(mutant)
    assert before.keys() == after.keys()
    assert [name for name in before if before[name] != after[name]] == ["word/document.xml"]
    assert [p.text for p in docx.Document(io.BytesIO(mutant)).paragraphs] == ["Second paragraph"]


def test_an_untouched_copy_is_the_same_package() -> None:
    deck = pptx.Presentation()
    deck.slides.add_slide(deck.slide_layouts[0]).shapes.title.text = "Launch"
    buf = io.BytesIO()
    deck.save(buf)
    copy = PackageCopy(buf.getvalue(), parse_pptx_xml)
    presentation = copy.related("", "officeDocument")
    slides = [r.part for r in copy.targets(presentation).values() if r.type.endswith("/slide")]
    assert presentation == "ppt/presentation.xml" and slides == ["ppt/slides/slide1.xml"]
    assert _members(copy.save()) == _members(buf.getvalue())


def test_a_mutant_is_stored_and_its_source_stays_readable() -> None:
    data = _docx()
    copy = PackageCopy(data, parse_docx_xml)
    body = copy.part("word/document.xml").body
    body.remove(body.p_lst[0])
    first, second = copy.save(), copy.save()  # saving twice reads the source's members again
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as mutant:
        assert {info.compress_type for info in mutant.infolist()} == {zipfile.ZIP_STORED}
        assert mutant.testzip() is None
    assert _members(copy.save()).keys() == _members(data).keys()
    assert copy.read("word/styles.xml") == _members(data)["word/styles.xml"]
