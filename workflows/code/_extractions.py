"""Pieces of the catalogue's functions (`_catalogue.KINDS`) worth pulling out into a helper of their
own: the code a review points at, the helper it should become, and calls that show what it returns.

    item = EXTRACTIONS["payroll.overtime"]      # gross_pay's `max(hours - 40, 0)` -> hours_over_standard(hours)
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Extraction(BaseModel):
    """One refactoring: `before` (in `function`, exactly once in the module) becomes `call`, and the
    new top-level `helper(args)` holds `body`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str = Field(description="The catalogue kind whose module holds the function.")
    function: str
    before: str = Field(description="The code to extract, as the function's body spells it (lines after the first "
                                    "are indented as in the function).")
    call: str = Field(description="What replaces `before` in the function.")
    helper: str
    args: list[str] = Field(min_length=1)
    body: str = Field(description="The helper's body (unindented lines); it returns the value.")
    does: str = Field(description="What the helper returns, as a review would say it.")
    examples: list[str] = Field(min_length=2, description="Argument lists of example calls of the helper.")


EXTRACTIONS: dict[str, Extraction] = {f"{e.kind}.{e.helper}": e for e in [
    Extraction(kind="payroll", function="gross_pay", before="max(hours - 40, 0)", call="hours_over_standard(hours)",
               helper="hours_over_standard", args=["hours"], body="return max(hours - 40, 0)",
               does="the hours worked beyond a 40-hour week, 0 when there are none", examples=["45", "38", "40.5"]),
    Extraction(kind="shipping", function="parcel_rate", before="int(weight_kg) + (1 if weight_kg % 1 else 0)",
               call="started_kilograms(weight_kg)", helper="started_kilograms", args=["weight_kg"],
               body="return int(weight_kg) + (1 if weight_kg % 1 else 0)",
               does="the number of started kilograms of a weight", examples=["2.1", "3", "0.4"]),
    Extraction(kind="shipping", function="delivery_days", before="max((days + 1) // 2, 1)", call="express_days(days)",
               helper="express_days", args=["days"], body="return max((days + 1) // 2, 1)",
               does="the express delivery time for a normal one of `days`: half, rounded up, at least 1 day",
               examples=["7", "4", "1"]),
    Extraction(kind="ledger", function="largest_withdrawal", before="[-t for t in transactions if t < 0]",
               call="withdrawal_amounts(transactions)", helper="withdrawal_amounts", args=["transactions"],
               body="return [-t for t in transactions if t < 0]",
               does="the withdrawals (negative amounts) as positive numbers, in their order",
               examples=["[120, -40, 15.5, -2.25]", "[10, 20]"]),
    Extraction(kind="loans", function="late_fee", before="round(days_late * FEE_PER_DAY, 2)",
               call="uncapped_fee(days_late)", helper="uncapped_fee", args=["days_late"],
               body="return round(days_late * FEE_PER_DAY, 2)",
               does="FEE_PER_DAY for each day late, rounded to cents, before the cap is applied",
               examples=["3", "30", "7"]),
    Extraction(kind="text_tools", function="slugify", before='re.findall(r"[a-z0-9]+", title.lower())',
               call="slug_words(title)", helper="slug_words", args=["title"],
               body='return re.findall(r"[a-z0-9]+", title.lower())',
               does="the runs of letters and digits of the title, lower-cased, in order",
               examples=["'Quarterly Report 2024'", "'  Hello,  World! '"]),
    Extraction(kind="text_tools", function="title_case", before="text.lower().split()", call="lower_words(text)",
               helper="lower_words", args=["text"], body="return text.lower().split()",
               does="the words of the text in lower case", examples=["'WAR and  Peace'", "''"]),
    Extraction(kind="stats", function="mode",
               before="counts = {}\n    for value in values:\n        counts[value] = counts.get(value, 0) + 1",
               call="counts = count_values(values)", helper="count_values", args=["values"],
               body="counts = {}\nfor value in values:\n    counts[value] = counts.get(value, 0) + 1\nreturn counts",
               does="a dict of each value to how many times it occurs, in order of first appearance",
               examples=["['b', 'a', 'b']", "['x', 'y', 'x', 'x']"]),
    Extraction(kind="parking", function="fee", before="max((minutes + 1439) // 1440, 1)", call="started_days(minutes)",
               helper="started_days", args=["minutes"], body="return max((minutes + 1439) // 1440, 1)",
               does="the number of started days (24-hour periods) in a stay of `minutes`, at least 1",
               examples=["30", "1440", "1441"]),
    Extraction(kind="units", function="bmi", before="weight_kg / height_m ** 2", call="raw_bmi(weight_kg, height_m)",
               helper="raw_bmi", args=["weight_kg", "height_m"], body="return weight_kg / height_m ** 2",
               does="the body-mass index before rounding", examples=["80, 2.0", "45, 1.5"]),
]}
