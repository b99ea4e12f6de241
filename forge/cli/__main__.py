"""`python -m forge.cli`: the `forge` command, under this interpreter (what `forge serve --detach` starts)."""

from forge.cli import app

app(prog_name="forge")
