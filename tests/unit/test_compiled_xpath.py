"""python-pptx and python-docx lookups through compiled XPath (`preparers.filetypes._compiled_xpath`)
find exactly what lxml's own per-call compilation finds, on every element of real files."""

from __future__ import annotations

import io
import threading

import docx
import pptx
import pytest
from docx.oxml.ns import nsmap as docx_namespaces
from lxml import etree
from pptx.oxml.ns import _nsmap as pptx_namespaces

import preparers.filetypes  # noqa: F401  (the handlers install the compiled lookups)
from preparers.filetypes._compiled_xpath import use_compiled_xpath
from tests.unit.test_filetypes import make_docx, make_pptx

PPTX_EXPRESSIONS = ["./*[1]/p:nvPr/p:ph", "./p:cSld/p:spTree", ".//a:t", "./*[1]/p:cNvPr", "p:txBody/a:p",
                    "./p:nvSpPr/p:nvPr/p:ph/@idx", "count(.//a:r)", "ancestor::p:sld"]
DOCX_EXPRESSIONS = ["./w:body/w:p", ".//w:t", "./w:pPr/w:pStyle/@w:val", "w:r", ".//w:tbl/w:tr/w:tc",
                    "string(.//w:t)", "ancestor::w:body"]


def _deck_parts() -> list[etree._Element]:
    deck = pptx.Presentation(io.BytesIO(make_pptx(3)))
    slide = deck.slides[0]
    slide.notes_slide.notes_text_frame.text = "Speaker notes"  # a notes slide, cloned from the master
    return [deck.part._element] + [s._element for s in deck.slides] + [slide.notes_slide._element]


def _document_parts() -> list[etree._Element]:
    return [docx.Document(io.BytesIO(make_docx()))._element]


@pytest.mark.parametrize(("parts", "base", "expressions", "namespaces"), [
    (_deck_parts, pptx.oxml.xmlchemy.BaseOxmlElement, PPTX_EXPRESSIONS, pptx_namespaces),
    (_document_parts, docx.oxml.xmlchemy.BaseOxmlElement, DOCX_EXPRESSIONS, docx_namespaces),
], ids=["pptx", "docx"])
def test_every_element_finds_what_lxml_compiling_per_call_finds(parts, base, expressions, namespaces) -> None:
    compared = found = 0
    for root in parts():
        for element in root.iter():
            if not isinstance(element, base):  # the library's elements (the rest are lxml's own)
                continue
            for expression in expressions:
                ours = element.xpath(expression)
                theirs = etree._Element.xpath(element, expression, namespaces=namespaces)
                assert ours == theirs, (element.tag, expression)
                compared += 1
                found += bool(ours)
    assert compared >= 300 and found >= 30, (compared, found)  # real trees, the expressions matching somewhere


def test_the_libraries_own_api_reads_the_deck_through_compiled_lookups() -> None:
    """Whole API calls built on many lookups (placeholders, titles, notes) read what the deck holds."""
    deck = pptx.Presentation(io.BytesIO(make_pptx(3)))
    assert [slide.shapes.title.text_frame.text for slide in deck.slides] == [f"Roadmap part {n}" for n in (1, 2, 3)]
    assert [[s.is_placeholder for s in slide.shapes] for slide in deck.slides] == [[True, True, False], [True, True],
                                                                                [True, True]]  # slide 1: a table too
    assert [slide.notes_slide.notes_text_frame.text for slide in deck.slides] == [f"Speaker note {n}" for n in (1, 2, 3)]

    class Plain(etree.ElementBase):
        pass

    assert pptx.oxml.xmlchemy.BaseOxmlElement.xpath is not etree._Element.xpath  # installed
    assert Plain.xpath is etree._Element.xpath  # lxml itself untouched


def test_concurrent_lookups_from_threads_agree() -> None:
    """The round trips read decks on the gate's threads: one compiled expression serves them all."""
    deck_bytes = make_pptx(4)
    expected = [s.text_frame.text for slide in pptx.Presentation(io.BytesIO(deck_bytes)).slides
                for s in slide.shapes if s.has_text_frame]
    results: list[list[str]] = []

    def read() -> None:
        for _ in range(20):
            deck = pptx.Presentation(io.BytesIO(deck_bytes))
            results.append([s.text_frame.text for slide in deck.slides for s in slide.shapes if s.has_text_frame])

    threads = [threading.Thread(target=read) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 80 and all(r == expected for r in results)


def test_expressions_formatted_with_ids_keep_the_cache_bounded() -> None:
    class Element(etree.ElementBase):
        def xpath(self, xpath_str):  # the libraries' shape: an override that adds their namespaces
            return super().xpath(xpath_str, namespaces={"w": "urn:w"})

    use_compiled_xpath(Element, {"w": "urn:w"})
    lookup = etree.ElementDefaultClassLookup(element=Element)
    parser = etree.XMLParser()
    parser.set_element_class_lookup(lookup)
    root = etree.fromstring(b'<w:r xmlns:w="urn:w"><w:c w:id="7"/><w:c w:id="8"/></w:r>', parser)
    for n in range(3000):  # more distinct expressions than are kept
        assert len(root.xpath(f'w:c[@w:id="{n % 9}"] | w:none[{n}]')) == (1 if n % 9 in (7, 8) else 0)
    kept = Element.xpath.compiled.cache_info()
    assert kept.currsize <= 1024 and kept.misses == 3000
