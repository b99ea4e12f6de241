"""Near-duplicate gate: a task too close to one already accepted teaches nothing new.

Similarity is Jaccard over word 3-grams of the normalised instruction plus the workflow and its
parameters, estimated with MinHash and looked up with LSH (datasketch's band sizes), so a check costs the
same against ten tasks or a million. A run's index lives in the store (`StoredIndex`: one key per
band of each accepted task), so its memory stays flat however many tasks it accepts; the in-memory
`NearDuplicateIndex` serves benches and checks without a store.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable

import numpy as np
from datasketch import LeanMinHash, MinHash, MinHashLSH
from pydantic import JsonValue

from forge.errors import ConfigError, ForgeError
from forge.models import TaskBundle
from forge.store import AcceptedSignature, Store
from gates.spec import GateContext, Rejection, register_gate

NUM_PERM = 128
SCHEME = "affine32"  # datasketch's hashing scheme, named so stored signatures read back the same
_MAX_LSH_THRESHOLD = 0.98
_RECENT = 64  # signatures kept of the last bundles asked about: a worker's batch, or the flow's accepts
_BACKFILL_CHUNK = 1000  # tasks banded per transaction
_WORD = re.compile(r"[a-z0-9_.]+")


def shingles(bundle: TaskBundle) -> set[bytes]:
    words = _WORD.findall(bundle.instruction.casefold())
    grams = {" ".join(words[i: i + 3]) for i in range(max(1, len(words) - 2))}
    grams |= {f"{bundle.workflow}:{key}={value}" for key, value in sorted(bundle.params.items())}
    return {g.encode() for g in grams}


def signature(bundle: TaskBundle) -> MinHash:
    minhash = MinHash(num_perm=NUM_PERM, seed=1, scheme=SCHEME)
    minhash.update_batch(list(shingles(bundle)))
    return minhash


def signature_bytes(sig: MinHash) -> bytes:
    """How the store keeps an accepted task's signature: its hash values, little-endian uint64."""
    return sig.hashvalues.astype("<u8").tobytes()


def signature_from_bytes(raw: bytes) -> LeanMinHash | None:
    """A kept signature (~10 us, against ~1.5 ms to read the bundle back and hash it); None when
    it was made with another NUM_PERM: compute it from the bundle then."""
    if len(raw) != NUM_PERM * 8:
        return None
    return LeanMinHash(seed=1, hashvalues=np.frombuffer(raw, dtype="<u8"), scheme=SCHEME)


def check_threshold(threshold: float) -> float:
    if not 0 < threshold <= 1:
        raise ConfigError(f"near-duplicate threshold {threshold} must be in (0, 1]; e.g. FORGE_DEDUP_THRESHOLD=0.9")
    return threshold


class _RecentSignatures:
    """The `signature` of the last few bundles asked about (an id is its content's hash): the
    gate's look-up and the signature the flow accepts with hash a bundle once."""

    def __init__(self) -> None:
        self._recent: OrderedDict[str, MinHash] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, bundle: TaskBundle) -> MinHash:
        with self._lock:
            sig = self._recent.get(bundle.id)
        if sig is None:
            sig = signature(bundle)
            with self._lock:
                self._recent[bundle.id] = sig
                while len(self._recent) > _RECENT:
                    self._recent.popitem(last=False)
        return sig


class LshBanding:
    """How signatures are cut into LSH bands for a threshold (datasketch's band sizes), and
    compared: the store keeps one key per band of each accepted task, so a look-up reads the few
    tasks sharing a key. Signatures are `signature_bytes`."""

    def __init__(self, threshold: float) -> None:
        self.threshold = check_threshold(threshold)
        # datasketch cannot band for a threshold above 0.98 at 128 permutations: candidates are
        # banded for 0.98 there, and the similarity is compared against the threshold itself
        lsh = MinHashLSH(threshold=min(threshold, _MAX_LSH_THRESHOLD), num_perm=NUM_PERM)
        self._ranges: list[tuple[int, int]] = list(lsh.hashranges)
        self.name = f"minhash{NUM_PERM}:{lsh.b}x{lsh.r}"

    def keys(self, signature: bytes) -> list[int]:
        values = _values(signature)
        if values is None:
            raise ForgeError(f"a near-duplicate signature of {len(signature)} bytes is not a {NUM_PERM}-permutation "
                             "MinHash; make it with gates.duplicates.signature_bytes")
        return [int.from_bytes(hashlib.blake2b(bytes([band]) + values[start:end].tobytes(), digest_size=8).digest(),
                               "little", signed=True) for band, (start, end) in enumerate(self._ranges)]

    def near(self, signature: bytes, candidates: list[AcceptedSignature]) -> tuple[str, float] | None:
        mine = _values(signature)
        for candidate in candidates:
            other = _values(candidate.signature)
            if mine is None or other is None:
                continue  # made another way: `StoredIndex.backfill` bands it again from its bundle
            similarity = float(np.count_nonzero(mine == other)) / NUM_PERM  # MinHash's Jaccard estimate
            if similarity >= self.threshold:
                return candidate.task_id, similarity
        return None


def _values(raw: bytes) -> np.ndarray | None:
    return np.frombuffer(raw, dtype="<u8") if len(raw) == NUM_PERM * 8 else None


class StoredIndex:
    """A process's view of the store's accepted tasks as a near-duplicate index; it holds nothing
    but the last few signatures made. Worker processes `find` in the duplicate gate (an early,
    cheap filter); the flow's process accepts through `claim_all`, one store transaction that
    compares each task against every accepted one, so two look-alikes gated at once cannot both
    get in, even from two runs."""

    def __init__(self, store: Store, threshold: float) -> None:
        self.banding = LshBanding(threshold)
        self._store = store
        self._recent = _RecentSignatures()

    @property
    def threshold(self) -> float:
        return self.banding.threshold

    def signature(self, bundle: TaskBundle) -> MinHash:
        return self._recent.get(bundle)

    def find(self, bundle: TaskBundle) -> tuple[str, float] | None:
        """The accepted near duplicate of `bundle` (its id, similarity), if any; changes nothing."""
        raw = signature_bytes(self.signature(bundle))
        candidates = self._store.band_candidates(self.banding.name, self.banding.keys(raw))
        return self.banding.near(raw, [c for c in candidates if c.task_id != bundle.id])  # not a resumed run's own

    def claim_all(self, signed: list[tuple[str, bytes]]) -> dict[str, tuple[str, float]]:
        """Accept each (task id, `signature_bytes`) in order unless it is near one accepted before
        it or earlier in the list: the look-alikes, {task id: (accepted look-alike, similarity)}."""
        return self._store.accept_tasks(signed, self.banding)

    def backfill(self) -> int:
        """Band the accepted tasks that have no keys under this threshold's banding (accepted before
        bands were kept, under another threshold, or by hand): from their kept signature, else from
        their bundle. How many; the flow calls it as a run starts, before its first accept."""
        rows: list[tuple[str, bytes]] = []
        for task_id, kept in self._store.unbanded_accepted(self.banding.name):
            if kept is None or _values(kept) is None:
                bundle = self._store.get_task(task_id)
                if bundle is None:
                    continue
                kept = signature_bytes(signature(bundle))
            rows.append((task_id, kept))
        for start in range(0, len(rows), _BACKFILL_CHUNK):
            self._store.keep_bands(self.banding, rows[start:start + _BACKFILL_CHUNK])
        return len(rows)


class NearDuplicateIndex:
    """Accepted tasks' signatures. The gate asks `find` early (cheap, before the sandbox probes);
    acceptance `claim`s atomically, so the index only ever holds accepted tasks."""

    def __init__(self, threshold: float = 0.9) -> None:
        self.threshold = check_threshold(threshold)
        # LSH only proposes candidates (the similarity is compared below); datasketch cannot band
        # for a threshold above 0.98 at 128 permutations, so candidates are looked up there.
        self._lsh = MinHashLSH(threshold=min(threshold, _MAX_LSH_THRESHOLD), num_perm=NUM_PERM)
        self._signatures: dict[str, MinHash | LeanMinHash] = {}
        self._recent = _RecentSignatures()
        self._lock = threading.Lock()

    @classmethod
    def from_bundles(cls, bundles: Iterable[TaskBundle], threshold: float = 0.9) -> NearDuplicateIndex:
        index = cls(threshold)
        for bundle in bundles:
            index.claim(bundle)
        return index

    def __len__(self) -> int:
        return len(self._signatures)

    def __contains__(self, task_id: object) -> bool:
        return task_id in self._signatures

    def signature(self, bundle: TaskBundle) -> MinHash:
        return self._recent.get(bundle)

    def find(self, bundle: TaskBundle) -> tuple[str, float] | None:
        """The indexed near duplicate of `bundle` (its id, similarity), if any; changes nothing."""
        sig = self.signature(bundle)
        with self._lock:
            return self._match(bundle.id, sig)

    def claim(self, bundle: TaskBundle) -> tuple[str, float] | None:
        """Index the bundle unless a near duplicate is there (then return it): one atomic step, so
        two look-alikes accepted at the same moment cannot both get in."""
        return self.claim_signed(bundle.id, self.signature(bundle))

    def claim_signed(self, task_id: str, sig: MinHash | LeanMinHash) -> tuple[str, float] | None:
        """`claim` by a task's id and signature, made where it was gated: no bundle needed."""
        with self._lock:
            match = self._match(task_id, sig)
            if match is None:
                self._add(task_id, sig)
            return match

    def add(self, task_id: str, sig: MinHash | LeanMinHash) -> None:
        """Index a task accepted elsewhere (by the run's one claiming process), unchecked."""
        with self._lock:
            self._add(task_id, sig)

    def _add(self, task_id: str, sig: MinHash | LeanMinHash) -> None:
        if task_id not in self._signatures:
            self._lsh.insert(task_id, sig)
            self._signatures[task_id] = sig

    def _match(self, task_id: str, sig: MinHash | LeanMinHash) -> tuple[str, float] | None:
        for other in self._lsh.query(sig):
            if other == task_id:
                continue  # a resumed run meeting its own task
            similarity = sig.jaccard(self._signatures[other])
            if similarity >= self.threshold:
                return other, similarity
        return None


@register_gate("duplicate")
class DuplicateGate:
    name = "duplicate"

    def check(self, bundle: TaskBundle, ctx: GateContext) -> dict[str, JsonValue]:
        index = ctx.duplicates
        if index is None:
            return {"checked": False}
        match = index.find(bundle)
        if match is not None:
            other, similarity = match
            raise Rejection("near_duplicate", f"{similarity:.2f} similar to accepted task {other} "
                            f"(threshold {index.threshold})", duplicate_of=other, similarity=round(similarity, 3))
        return {"checked": True}
