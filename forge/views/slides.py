"""The slides view: a presentation as slides of shapes with text runs, layouts and notes; each
shape's placeholder role and alternative text, each slide's layout type (what survives an
Impress save, which renames layouts)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from forge.views.document import Run
from forge.views.spec import View, register_view
from forge.views.table import Table


class Shape(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    kind: str = Field(description="placeholder, text box, picture, table, group, ...")
    text: str = ""
    runs: list[Run] = Field(default_factory=list)
    table: Table | None = None
    placeholder: str = Field(default="", description=(
        "Its placeholder role (title, center_title, subtitle, body, object, picture, ...); empty if none."))
    alt_text: str = Field(default="", description="Its alternative text (the description screen readers speak).")
    levels: list[int] = Field(default_factory=list, description=(
        "Each paragraph's outline level (0: a top bullet, 1: a sub-bullet, ...), one per line of `text` split at "
        "newlines; empty for a shape without text."))


class Slide(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    layout: str = ""
    layout_type: str = Field(default="", description=(
        "The layout's OOXML type (title, obj, twoObj, titleOnly, secHead, blank, ...); empty if unset."))
    title: str = ""
    shapes: list[Shape] = Field(default_factory=list)
    notes: str = ""
    hidden: bool = False


@register_view
class SlidesView(View):
    kind: ClassVar[str] = "slides"

    source: str
    slides: list[Slide]
