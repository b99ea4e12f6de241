"""The text view: a text file's lines, and its markdown headings where it has any."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from forge.views.spec import View, register_view


class Heading(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    level: int = Field(ge=1, le=6)
    text: str
    line: int = Field(ge=1)


@register_view
class TextView(View):
    kind: ClassVar[str] = "text"

    source: str
    text: str
    headings: list[Heading] = Field(default_factory=list, description="Markdown ATX headings, in order.")

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()
