"""Mage-CUA-Forge: a data factory for computer-use agents.

See docs/architecture.md for the map of packages.
"""

__version__ = "0.1.0"
