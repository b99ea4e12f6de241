"""Table checks about rules a person attaches to cells: conditional formatting (or the same cells
filled by hand) and data validation. The rule's meaning is compared, not its spelling: a
`cellIs greaterThan 100` rule and an expression `C2>100` over the same cells ask the same thing,
as do a fill kept in a differential style's fg or bg colour. The data must stay unchanged.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any, Literal

from pydantic import Field

from forge.checks._compare import is_number, satisfies, show, text
from forge.checks.spec import Verdict, register_check
from forge.checks.state import FinalState
from forge.checks.table_layout import SheetSetup, cell_range, unchanged, worksheet
from forge.views import column_letter


def _fail(message: str) -> Verdict:
    return Verdict.of(False, message)


# --- table.highlighted ---------------------------------------------------------------------------

HighlightRule = Literal["greater_than", "less_than", "between", "equal_text", "top_n", "bottom_n",
                        "duplicates", "above_average"]
_OPERATORS = {"greater_than": "greaterThan", "less_than": "lessThan", "between": "between", "equal_text": "equal"}
_SIGNS = {"greater_than": ">", "less_than": "<", "equal_text": "="}


class Highlighted(SheetSetup):
    column: str
    rule: HighlightRule
    values: list[float | str] = Field(default_factory=list, description="The rule's threshold(s), text or N.")
    style: Literal["fill", "bold"] = "fill"
    colour: str | None = Field(default=None, pattern=r"^[0-9A-Fa-f]{6}$", description="RRGGBB the fill must show, "
                                                                                    "when the task names a colour.")
    conditional: bool = Field(default=True, description="A conditional formatting rule; False: the matching "
                                                        "cells formatted by hand.")
    whole_row: bool = Field(default=False, description="Highlight every cell of each matching row (a formula rule "
                                                       "anchored on the column), not only the column's cells.")


def expected_matches(values: list[Any], rule: str, args: list[Any]) -> list[bool]:
    """Which cells of the column the rule picks (blanks never)."""
    numbers = [float(v) for v in values if is_number(v)]
    if rule in ("greater_than", "less_than"):
        return [satisfies(v, ">" if rule == "greater_than" else "<", float(args[0])) for v in values]
    if rule == "between":
        return [is_number(v) and float(args[0]) <= v <= float(args[1]) for v in values]
    if rule == "equal_text":
        return [v is not None and text(v).casefold() == str(args[0]).strip().casefold() for v in values]
    if rule in ("top_n", "bottom_n"):
        ranked = sorted(numbers, reverse=rule == "top_n")[: int(args[0])]
        cut = ranked[-1] if ranked else math.inf
        return [is_number(v) and (v >= cut if rule == "top_n" else v <= cut) for v in values]
    if rule == "above_average":
        mean = math.fsum(numbers) / len(numbers) if numbers else math.inf
        return [is_number(v) and v > mean for v in values]
    seen: dict[str, int] = {}
    for v in values:
        if v is not None:
            seen[text(v).casefold()] = seen.get(text(v).casefold(), 0) + 1
    return [v is not None and seen[text(v).casefold()] > 1 for v in values]


def _number(formula: str) -> float | str | None:
    body = formula.strip().lstrip("=")
    if body.startswith('"') and body.endswith('"') and len(body) >= 2:
        return body[1:-1]
    try:
        return float(body)
    except ValueError:
        return None


def _styled(dxf: Any, style: str, colour: str | None = None) -> bool:
    """Whether a differential style (or a cell's own style parts) really shows a fill (of `colour`
    when given) or bold."""
    if dxf is None:
        return False
    if style == "bold":
        return bool(dxf.font is not None and dxf.font.b)
    fill = dxf.fill
    if fill is None or fill.fill_type == "none":
        return False
    shown = [c for c in (fill.fgColor, fill.bgColor) if _painted(c)]
    if colour is None:
        return bool(shown)
    return any(c.type == "rgb" and c.rgb.upper()[-6:] == colour.upper() for c in shown)


def _painted(colour: Any) -> bool:
    """A colour that shows: a theme colour, a palette entry other than the system ones (64, 65), or
    an RGB other than black/white (openpyxl's empty colour is 00000000)."""
    if colour is None:
        return False
    if colour.type == "theme":
        return True
    if colour.type == "indexed":
        return colour.indexed not in (64, 65)
    return isinstance(colour.rgb, str) and colour.rgb.upper()[-6:] not in ("000000", "FFFFFF")


def _rule_matches(rule: Any, opts: Highlighted, letter: str, first_row: int) -> bool:
    kind = opts.rule
    if kind in ("top_n", "bottom_n"):
        return (rule.type == "top10" and int(rule.rank or 0) == int(float(opts.values[0]))
                and bool(rule.bottom) is (kind == "bottom_n") and not rule.percent)
    if kind == "duplicates":
        return bool(rule.type == "duplicateValues")
    if kind == "above_average":
        return rule.type == "aboveAverage" and rule.aboveAverage is not False and not rule.equalAverage \
            and not rule.stdDev
    want = [v if isinstance(v, str) else float(v) for v in opts.values]
    if rule.type == "cellIs" and rule.operator == _OPERATORS[kind]:
        got = [_number(f) for f in rule.formula]
        return _same_args(got, want)
    if rule.type == "expression" and kind in _SIGNS and len(rule.formula) == 1:
        found = re.fullmatch(rf"\$?{letter}\$?{first_row}\s*{re.escape(_SIGNS[kind])}\s*(.+)",
                             rule.formula[0].strip().lstrip("="))
        return bool(found) and _same_args([_number(found[1])], want)
    return False


_ROW_FORMULAS = {"greater_than": r"\${l}2>(.+)", "less_than": r"\${l}2<(.+)", "equal_text": r"\${l}2=(.+)",
                 "between": r"and\(\${l}2>=(.+),\${l}2<=(.+)\)"}


def _row_rule_matches(rule: Any, opts: Highlighted, letter: str) -> bool:
    """A formula rule over whole rows, its column absolute and its row relative (`$C2>100`)."""
    if rule.type != "expression" or len(rule.formula) != 1 or opts.rule not in _ROW_FORMULAS:
        return False
    # spaces go, except inside a string literal: `$C2 = "Daniel White"` compares the name with its space
    formula = "".join(part if part.startswith('"') else re.sub(r"\s+", "", part)
                      for part in re.split(r'("[^"]*")', rule.formula[0])).lstrip("=")
    found = re.fullmatch(_ROW_FORMULAS[opts.rule].format(l=letter), formula, flags=re.IGNORECASE)
    want = [v if isinstance(v, str) else float(v) for v in opts.values]
    return bool(found) and _same_args([_number(g) for g in found.groups()], want)


def _same_args(got: list[Any], want: list[Any]) -> bool:
    if len(got) != len(want):
        return False
    for g, w in zip(got, want, strict=True):
        if isinstance(w, str):
            if not isinstance(g, str) or g.strip().casefold() != w.strip().casefold():
                return False
        elif not is_number(g) or abs(float(g) - float(w)) > 1e-9:
            return False
    return True


def _covers(sqref: Any, cols: range, rows: range) -> tuple[bool, bool]:
    """(every data cell of the columns is inside, nothing outside the columns is)."""
    inside, stray = set(), False
    for ref in str(sqref).split():
        bounds = cell_range(ref) if re.search(r"\d", ref) else _whole_columns(ref)
        if bounds is None:
            stray = True
            continue
        c1, r1, c2, r2 = bounds
        if c1 < cols.start or c2 >= cols.stop:
            stray = True
        inside.update((c, r) for c in cols if c1 <= c <= c2 for r in rows if r1 <= r <= r2)
    return inside >= {(c, r) for c in cols for r in rows}, stray


def _whole_columns(ref: str) -> tuple[int, int, int, int] | None:
    found = cell_range(ref.replace(":", "1:") + "1048576") if ":" in ref else None
    return found


@register_check("table.highlighted", Highlighted, view="table")
def highlighted(state: FinalState, opts: Highlighted) -> Verdict:
    """The column's data cells carry a conditional formatting rule of the asked kind and arguments
    with a fill (or bold), over exactly that column - or, for whole rows, a formula rule anchored on
    the column over every data row; or, formatted by hand, exactly the cells (rows) the rule would
    pick show the fill (or bold). The data is unchanged."""
    original, msg = unchanged(state, opts)
    if msg:
        return _fail(msg)
    c = original.need_col(opts.column, opts.input_file)
    letter, rows = column_letter(c + 1), range(2, len(original.rows) + 1)
    ws, why = worksheet(state, opts.file, original.name)
    if why:
        return _fail(why)
    want = expected_matches([r[c] for r in original.body], opts.rule, list(opts.values))
    width = len(original.header)
    cols = range(1, width + 1) if opts.whole_row else range(c + 1, c + 2)
    if not opts.conditional:
        for r, hit in zip(rows, want, strict=True):
            for col in cols:
                cell = ws.cell(r, col)
                shown = _styled(cell, opts.style, opts.colour) if hit else _styled(cell, opts.style)
                if shown is not hit:
                    asked = f"{opts.style} #{opts.colour}" if opts.colour and opts.style == "fill" else opts.style
                    why = "its row matches" if opts.whole_row and hit else "it matches" if hit else "no match"
                    return _fail(f"{column_letter(col)}{r} ({show(cell.value)}) {'lacks' if hit else 'should not have'} "
                                 f"the {asked} ({why} the rule on {opts.column!r})")
        return Verdict.of(True, f"{sum(want)} {'rows' if opts.whole_row else 'cells'} of {opts.column!r} formatted by hand")
    span = f"A2:{column_letter(width)}{rows[-1]}" if opts.whole_row else f"{letter}2:{letter}{rows[-1]}"
    seen = []
    for cf in ws.conditional_formatting:
        for rule in cf.rules:
            seen.append(f"{rule.type} {rule.operator or ''} {rule.formula or ''} on {cf.sqref}".replace("  ", " "))
            if not (_row_rule_matches(rule, opts, letter) if opts.whole_row else _rule_matches(rule, opts, letter, 2)):
                continue
            full, stray = _covers(cf.sqref, cols, rows)
            if not full or stray:
                return _fail(f"the {opts.rule} rule covers {cf.sqref}; it must cover {span} and nothing else")
            if not _styled(rule.dxf, opts.style, opts.colour):
                asked = f"{opts.style} #{opts.colour}" if opts.colour and opts.style == "fill" else opts.style
                return _fail(f"the {opts.rule} rule on {cf.sqref} shows no {asked}")
            return Verdict.of(True, f"a {opts.rule} rule with a {opts.style} on {cf.sqref}")
    kind = f"formula rule (${letter}2...) over {span}" if opts.whole_row else "rule"
    return _fail(f"no conditional formatting {kind} {opts.rule} {list(opts.values) or ''} on {opts.column!r}; "
                 f"rules found: {seen or 'none'}")


# --- table.validated -----------------------------------------------------------------------------

ValidationRule = Literal["list", "whole_between", "decimal_min", "date_between", "text_length"]
_DV = {"list": ("list", None), "whole_between": ("whole", "between"), "decimal_min": ("decimal", "greaterThanOrEqual"),
       "date_between": ("date", "between"), "text_length": ("textLength", "lessThanOrEqual")}
_EPOCH = dt.date(1899, 12, 30)


class Validated(SheetSetup):
    column: str
    rule: ValidationRule
    values: list[float | str] = Field(min_length=1, description="Allowed entries (list) or the bound(s); "
                                                                "dates as ISO text.")
    through_row: int | None = Field(default=None, ge=2, description="The last row the rule must cover (rows to "
                                                                       "come included); None: the last data row.")
    alert: Literal["stop", "warning"] = "stop"
    message: str | None = Field(default=None, description="The error message asked for, if any.")


def _formula_value(formula: str | None, rule: str) -> Any:
    body = (formula or "").strip().lstrip("=")
    if rule == "date_between":
        found = re.fullmatch(r"(?i)date\((\d{4}),\s*(\d{1,2}),\s*(\d{1,2})\)", body)
        if found:
            return dt.date(int(found[1]), int(found[2]), int(found[3]))
        try:
            return _EPOCH + dt.timedelta(days=int(float(body)))
        except ValueError:
            return None
    return _number(body)


def _dv_matches(dv: Any, opts: Validated) -> str | None:
    """Why a validation of the right type differs from the asked one, or None."""
    _, operator = _DV[opts.rule]
    if opts.rule == "list":
        body = (dv.formula1 or "").strip()
        allowed = [a.strip().casefold() for a in body.strip('"').split(",")] if body.startswith('"') else None
        if allowed is None or sorted(allowed) != sorted(str(v).strip().casefold() for v in opts.values):
            return f"its list is {body!r}, expected the entries {list(opts.values)}"
        return None
    if (dv.operator or "between") != operator:
        return f"its operator is {dv.operator or 'between'}, expected {operator}"
    want = [dt.date.fromisoformat(str(v)) if opts.rule == "date_between" else float(v) for v in opts.values]
    got = [_formula_value(f, opts.rule) for f in (dv.formula1, dv.formula2)][: len(want)]
    if got != want:
        return f"its bounds are {[dv.formula1, dv.formula2][: len(want)]}, expected {[show(w) for w in want]}"
    return None


@register_check("table.validated", Validated, view="table")
def validated(state: FinalState, opts: Validated) -> Verdict:
    """A data validation rule of the asked kind and bounds covers the column from row 2 down to
    `through_row` (and no other column), rejecting (stop) or warning about other entries with the
    asked message; the data is unchanged."""
    original, msg = unchanged(state, opts)
    if msg:
        return _fail(msg)
    c = original.need_col(opts.column, opts.input_file)
    through = opts.through_row or len(original.rows)
    letter, rows = column_letter(c + 1), range(2, through + 1)
    ws, why = worksheet(state, opts.file, original.name)
    if why:
        return _fail(why)
    kind = _DV[opts.rule][0]
    found = []
    for dv in ws.data_validations.dataValidation:
        found.append(f"{dv.type} on {dv.sqref}")
        if dv.type != kind:
            continue
        full, stray = _covers(dv.sqref, range(c + 1, c + 2), rows)
        if not full or stray:
            return _fail(f"the {kind} validation covers {dv.sqref}; it must cover {letter}2:{letter}{through} "
                         f"({opts.column!r}) and nothing else")
        if why := _dv_matches(dv, opts):
            return _fail(f"the validation on {dv.sqref}: {why}")
        style = dv.errorStyle or "stop"
        if not dv.showErrorMessage or style != opts.alert:
            return _fail(f"the validation on {dv.sqref} must {'reject' if opts.alert == 'stop' else 'warn about'} "
                         f"other entries (error alert shown, style {opts.alert}); it has "
                         f"{'no alert' if not dv.showErrorMessage else 'style ' + style}")
        if opts.message and text(dv.error) != opts.message.strip():
            return _fail(f"the validation's error message is {show(dv.error)}, expected {opts.message!r}")
        return Verdict.of(True, f"a {kind} validation on {dv.sqref}")
    return _fail(f"no {kind} validation on {opts.column!r} ({letter}2:{letter}{through}); "
                 f"validations found: {found or 'none'}")
