"""The presentation app (plugin `presentation`): pptx decks and their workflows.

Importing it registers the pptx handler, the slides check library, the preparer and the
workflows; its skills are `data/skills/presentation.jsonl`.
"""

from forge.checks import slides as _checks  # noqa: F401
from preparers import presentation as _preparer  # noqa: F401
from preparers.filetypes import pptx as _pptx  # noqa: F401
from workflows.presentation import add_slide, move_slide, remove_slide, speaker_notes  # noqa: F401  (register on import)

__all__ = ["add_slide", "move_slide", "remove_slide", "speaker_notes"]
