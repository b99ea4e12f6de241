"""Views: the typed models checks read (table, document, slides, pdf, text, json, project, tree, image).

Importing this package registers the built-in views in `VIEWS`.
"""

from forge.views.document import DocumentView, Paragraph, Run
from forge.views.image import ImageView
from forge.views.json import JsonView
from forge.views.pdf import PdfView
from forge.views.project import ProjectView, TestRun
from forge.views.slides import Shape, Slide, SlidesView
from forge.views.spec import VIEWS, View, register_view
from forge.views.table import Cell, Table, TableView, column_letter
from forge.views.text import Heading, TextView
from forge.views.tree import Entry, TreeView

__all__ = [
    "VIEWS", "Cell", "DocumentView", "Entry", "Heading", "ImageView", "JsonView", "Paragraph", "PdfView", "ProjectView",
    "Run", "Shape", "Slide", "SlidesView", "Table", "TableView", "TestRun", "TextView", "TreeView", "View",
    "column_letter", "register_view",
]
