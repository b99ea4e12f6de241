"""The finishing step a workbook family may chain after its edit: freeze the result sheet's header
row (and first column), or switch on AutoFilter over its table. It changes what the user must do
(a second operation in the app's View or Data menu) and `table.sheet_finish` checks it.

A family opts in by taking `FinishParams`/`FinishOptions`, naming its result sheet's param in
`FINISH_ON` and passing `**finish_fields(ctx)` to its params; `book_spec` then says the step in
every phrasing and adds the check, and `three_steps` adds the step to the reference.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from workflows._steps import lit
from workflows.spreadsheet._book import BookOptions, BookParams, choose

Finish = Literal["none", "freeze_header", "freeze_both", "autofilter"]

TEXT: dict[str, list[str]] = {  # said after the task, before the save clause; {sheet}: the result sheet
    "none": [""],
    "freeze_header": [' Also freeze the top row of "{sheet}" so its header stays in view while scrolling.',
                      ' Then freeze row 1 of "{sheet}" (the header) in place.',
                      ' When that is done, lock the header row of "{sheet}" so it does not scroll away.'],
    "freeze_both": [' Also freeze the header row and the first column of "{sheet}", so both stay in view.',
                    ' Then freeze panes on "{sheet}" at B2: row 1 and column A stay put while scrolling.',
                    ' Lock the top row and the leftmost column of "{sheet}" so the labels never scroll away.'],
    "autofilter": [' Finally switch on AutoFilter over the whole table on "{sheet}" (header row included).',
                   ' Then add filter buttons to the header row of "{sheet}", covering every column and row.',
                   ' Turn on the AutoFilter for the table on "{sheet}" so people can filter it.'],
}
CODE = {
    "freeze_header": "wb[{s}].freeze_panes = 'A2'",
    "freeze_both": "wb[{s}].freeze_panes = 'B2'",
    "autofilter": "wb[{s}].auto_filter.ref = wb[{s}].dimensions",
}


class FinishParams(BookParams):
    """Book params with the finishing step; `FINISH_ON` names the param holding the result sheet."""

    FINISH_ON: ClassVar[str] = "sheet"
    finish: Finish = "none"
    finish_variant: int = 0
    finish_sheet: str = ""
    finishing: str = ""

    @model_validator(mode="before")
    @classmethod
    def _said(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("finish_sheet"):
            sheet = data.get(cls.FINISH_ON) or data.get("sheet", "")
            texts = TEXT[data.get("finish", "none")]
            data = {**data, "finish_sheet": sheet,
                    "finishing": texts[data.get("finish_variant", 0) % len(texts)].format(sheet=sheet)}
        return data


class FinishOptions(BookOptions):
    finish: Finish | None = Field(default=None, description="A finishing step on the result sheet: none, freeze "
                                                            "the header row (and first column), or AutoFilter.")


def finish_fields(ctx: Any, choices: tuple[str, ...] = ("none", "freeze_header", "freeze_both", "autofilter")) -> dict[str, Any]:
    """The skill's finishing step (else a seeded draw among `choices`) and which wording says it."""
    return {"finish": choose(ctx, "finish", list(choices)), "finish_variant": ctx.rng.randrange(3)}


def finish_code(params: Any) -> list[str]:
    """Reference-script lines doing the finishing step (none when there is none)."""
    finish = getattr(params, "finish", "none")
    return [] if finish == "none" else [CODE[finish].format(s=lit(params.finish_sheet))]
