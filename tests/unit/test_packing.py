"""Best-fit-decreasing packing: every example once, no bin over capacity, better than greedy."""

from __future__ import annotations

import random

from forge.train.packing import pack_best_fit_decreasing, pack_greedy


def test_hand_example_matches_best_fit_decreasing() -> None:
    # sorted: 7(i1), 5(i0), 4(i3), 3(i2), 2(i4), 1(i5); capacity 10
    # 7 -> bin0 (room 3); 5 -> bin1 (room 5); 4 -> bin1 (room 1); 3 -> bin0 (room 0); 2 -> bin2; 1 -> bin1 (tightest)
    packing = pack_best_fit_decreasing([5, 7, 3, 4, 2, 1], capacity=10)
    assert packing.bins == [[1, 2], [0, 3, 5], [4]]
    assert packing.tokens == 22 and abs(packing.fill - 22 / 30) < 1e-12


def test_too_long_examples_are_refused_not_cut() -> None:
    packing = pack_best_fit_decreasing([11, 4, 0], capacity=10)
    assert packing.too_long == [0, 2] and packing.bins == [[1]]


def test_random_lengths_are_packed_once_within_capacity_and_beat_greedy() -> None:
    rng = random.Random(7)
    lengths = [rng.randint(50, 9000) for _ in range(3000)]
    packing = pack_best_fit_decreasing(lengths, capacity=32768)
    placed = sorted(i for b in packing.bins for i in b)
    assert placed == list(range(len(lengths)))
    assert all(sum(lengths[i] for i in b) <= 32768 for b in packing.bins)
    greedy = pack_greedy(lengths, capacity=32768)
    assert len(packing.bins) < len(greedy.bins)
    assert packing.fill > 0.99  # many small items: best fit closes almost every bin
    lower_bound = -(-sum(lengths) // 32768)
    assert len(packing.bins) <= lower_bound + 1
