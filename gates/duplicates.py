"""Near-duplicate gate: a task too close to one already accepted teaches nothing new.

Similarity is Jaccard over word 3-grams of the normalised instruction plus the workflow and its
parameters, estimated with MinHash and looked up with LSH (datasketch), so a check costs the
same against ten tasks or a million.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterable

import numpy as np
from datasketch import LeanMinHash, MinHash, MinHashLSH
from pydantic import JsonValue

from forge.errors import ConfigError
from forge.models import TaskBundle
from gates.spec import GateContext, Rejection, register_gate

NUM_PERM = 128
SCHEME = "affine32"  # datasketch's hashing scheme, named so stored signatures read back the same
_MAX_LSH_THRESHOLD = 0.98
_RECENT = 64  # signatures kept of the last bundles asked about: a worker's batch, or the flow's accepts
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


class NearDuplicateIndex:
    """Accepted tasks' signatures. The gate asks `find` early (cheap, before the sandbox probes);
    acceptance `claim`s atomically, so the index only ever holds accepted tasks."""

    def __init__(self, threshold: float = 0.9) -> None:
        if not 0 < threshold <= 1:
            raise ConfigError(f"near-duplicate threshold {threshold} must be in (0, 1]; e.g. FORGE_DEDUP_THRESHOLD=0.9")
        self.threshold = threshold
        # LSH only proposes candidates (the similarity is compared below); datasketch cannot band
        # for a threshold above 0.98 at 128 permutations, so candidates are looked up there.
        self._lsh = MinHashLSH(threshold=min(threshold, _MAX_LSH_THRESHOLD), num_perm=NUM_PERM)
        self._signatures: dict[str, MinHash | LeanMinHash] = {}
        self._recent: OrderedDict[str, MinHash] = OrderedDict()
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
        """The bundle's `signature`, kept for the last few bundles asked about (an id is its
        content's hash): the gate's `find` and the signature the flow accepts with hash it once."""
        with self._lock:
            sig = self._recent.get(bundle.id)
        if sig is None:
            sig = signature(bundle)
            with self._lock:
                self._recent[bundle.id] = sig
                while len(self._recent) > _RECENT:
                    self._recent.popitem(last=False)
        return sig

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
        return {"checked": True, "indexed": len(index)}
