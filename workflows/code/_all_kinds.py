"""The whole package catalogue, loaded: import KINDS, item_ids and find from here, not `_catalogue`."""

from workflows.code import _kinds_business, _kinds_everyday  # noqa: F401  (register on import)
from workflows.code._catalogue import KINDS, Kind, find, item_ids, make_package

__all__ = ["KINDS", "Kind", "find", "item_ids", "make_package"]
