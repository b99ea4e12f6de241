"""The view contract: what checks read, whatever file (or app, page, database) the state is in.

A view is a typed, read-only pydantic model of one kind of content. A file-type handler reads
its bytes into the views it supports (`forge.filetypes`); a check asks for a view by its model
class and never parses a file itself, so one table check serves xlsx, csv and docx tables alike.

    @register_view
    class TableView(View):
        kind: ClassVar[str] = "table"
        tables: list[Table]
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict

from forge.registry import Registry


class View(BaseModel):
    """Base of every view: frozen, no unknown fields, `kind` names it in registries and docs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: ClassVar[str]


V = TypeVar("V", bound=type[View])

VIEWS: Registry[type[View]] = Registry("view")


def register_view(cls: V) -> V:
    """Register a view model under its `kind`; a duplicate kind fails at import."""
    VIEWS.add(cls.kind, cls)
    return cls
