"""The `forge` command. It sits on top of every layer: commands import flows lazily."""

from forge.cli.app import app

__all__ = ["app"]
