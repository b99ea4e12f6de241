"""The example_plugin app for Forge: importing this module registers its preparer and workflows."""

from pathlib import Path

from forge_example_plugin import preparer, sort_records  # noqa: F401  (register on import)

FORGE_SKILLS = [Path(__file__).with_name("skills.jsonl")]
