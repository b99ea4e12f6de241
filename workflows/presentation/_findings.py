"""The findings file the review and search families write: the slides found, by number and title,
as 'Slide N: Title' lines in a text file or as a CSV with a Slide and a Title column."""

from __future__ import annotations

import textwrap

from workflows._steps import lit

FORMAT = ("{% if form == 'csv' %}a CSV with a header row \"Slide\",\"Title\" and a row per slide: its number in the "
          "deck, then its title{% else %}a plain text file with one line per slide, \"Slide N: Title\", N being its "
          "number in the deck{% endif %}")


def write_found_code(output: str) -> str:
    """Python writing `found` (a list of (number, title)) to `output`: csv rows, else text lines."""
    return textwrap.dedent(f"""
        import os
        if os.path.dirname({lit(output)}):
            os.makedirs(os.path.dirname({lit(output)}), exist_ok=True)
        if {lit(output)}.endswith(".csv"):
            import csv
            with open({lit(output)}, "w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows([["Slide", "Title"], *found])
        else:
            with open({lit(output)}, "w", encoding="utf-8") as f:
                f.write("".join(f"Slide {{n}}: {{t}}\\n" for n, t in found))
        print(len(found), "slides listed in", {lit(output)}, found)
    """)


TITLE_CODE = """
    def title_of(slide):
        t = slide.shapes.title
        return " ".join(t.text_frame.text.split()) if t is not None else ""
"""
