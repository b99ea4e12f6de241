"""A csv file's bytes from a header and rows of text: the lists the pdf workflows give beside
their PDFs (a purchase-order list, a ledger export), written as an export tool writes them."""

from __future__ import annotations

import csv
import io


def csv_bytes(header: list[str], rows: list[list[str]]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows([header, *rows])
    return buf.getvalue().encode()
