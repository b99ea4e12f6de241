"""Multi-app workflows (plugin `multi`): tasks that carry content from one app's files into another's.

Importing it registers the handlers and check libraries they use, then the workflows; its
skills are `data/skills/multi.jsonl`.
"""

from forge.checks import document as _document, pdf as _pdf, project as _project, slides as _slides  # noqa: F401
from preparers.filetypes import docx as _docx, pdf as _pdf_type, pptx as _pptx, xlsx as _xlsx  # noqa: F401
from workflows.multi import data_to_code, outline_to_slides, pdf_table_to_sheet, sheet_to_report  # noqa: F401  (register on import)

__all__ = ["data_to_code", "outline_to_slides", "pdf_table_to_sheet", "sheet_to_report"]
