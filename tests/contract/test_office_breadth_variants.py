"""The workflow contract on the document and presentation families added for #10's breadth:
every value of every axis is tried at least once, for real (gates, sandbox, LibreOffice round
trip), since each value changes the task."""

from __future__ import annotations

from typing import Any

from tests.support.variants import contract_variants

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    *[("document.format_paragraphs", {"target": t, "change": c, "in_place": i}) for t, c, i in
      [("title", "center", True), ("headings", "right", False), ("body", "justify", False),
       ("section", "size", True), ("body", "font", False), ("section", "bold", False), ("headings", "italic", True)]],
    *[("presentation.format_text", {"target": t, "change": c, "in_place": i}) for t, c, i in
      [("titles", "bold", True), ("title_slide", "italic", False), ("body", "underline", False),
       ("slide", "size", True), ("titles", "font", False)]],
    *[("document.table_filter", {"condition": c, "in_place": c == "equals"}) for c in
      ["at_least", "below", "equals", "before", "from"]],
    *[("document.table_column", {"operation": o, "in_place": o == "sum"}) for o in ["product", "difference", "sum", "ratio"]],
    ("document.table_top_rows", {"smallest": True, "in_place": True}),
    ("document.table_top_rows", {"smallest": False, "in_place": False}),
]


test_variant_meets_the_contract = contract_variants(VARIANTS)
