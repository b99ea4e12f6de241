"""Packing examples into fixed-size bins with best-fit-decreasing (no torch needed).

Examples are sorted longest first; each goes into the open bin whose free room is the smallest that
still fits it, else a new bin. The free rooms are kept in a sorted list of distinct values (at most
`capacity + 1` of them) with a bucket of bins per value, so a placement is a bisect and the run is
O(n log n) in practice. An example longer than a bin is refused, never cut.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

BIN_TOKENS = 32_768


class Packing(BaseModel):
    """Bins as lists of example indices; `too_long` lists examples no bin can hold."""

    model_config = ConfigDict(frozen=True)

    capacity: int
    bins: list[list[int]]
    too_long: list[int] = Field(default_factory=list)
    tokens: int = 0

    @property
    def fill(self) -> float:
        """Share of bin room holding tokens (1.0 = no padding)."""
        return self.tokens / (len(self.bins) * self.capacity) if self.bins else 0.0


def pack_best_fit_decreasing(lengths: Sequence[int], capacity: int = BIN_TOKENS) -> Packing:
    order = sorted(range(len(lengths)), key=lambda i: (-lengths[i], i))  # ties by index: deterministic
    rooms: list[int] = []  # distinct free rooms, ascending
    by_room: dict[int, list[int]] = {}  # free room -> bins with exactly that room
    bins: list[list[int]] = []
    too_long: list[int] = []
    tokens = 0
    for i in order:
        need = lengths[i]
        if need > capacity or need <= 0:
            too_long.append(i)
            continue
        tokens += need
        at = bisect.bisect_left(rooms, need)
        if at < len(rooms):
            room = rooms[at]
            target = by_room[room].pop()
            if not by_room[room]:
                del by_room[room]
                rooms.pop(at)
        else:
            room, target = capacity, len(bins)
            bins.append([])
        bins[target].append(i)
        left = room - need
        if left > 0:
            if left not in by_room:
                bisect.insort(rooms, left)
                by_room[left] = []
            by_room[left].append(target)
    return Packing(capacity=capacity, bins=bins, too_long=sorted(too_long), tokens=tokens)


def pack_greedy(lengths: Sequence[int], capacity: int = BIN_TOKENS) -> Packing:
    """The naive baseline: in arrival order, start a new bin whenever the next example does not fit."""
    bins: list[list[int]] = []
    room = 0
    too_long: list[int] = []
    tokens = 0
    for i, need in enumerate(lengths):
        if need > capacity or need <= 0:
            too_long.append(i)
            continue
        if need > room:
            bins.append([])
            room = capacity
        bins[-1].append(i)
        room -= need
        tokens += need
    return Packing(capacity=capacity, bins=bins, too_long=too_long, tokens=tokens)
