"""Gates reject broken or trivial bundles, with a reason code and a message for each."""

from gates import file_gate as _file_gate  # noqa: F401  (built-ins register like plugins, in order)
from gates import consistency as _consistency  # noqa: F401
from gates import duplicates as _duplicates  # noqa: F401
from gates import package_gate as _package_gate  # noqa: F401
from gates.duplicates import NearDuplicateIndex, StoredIndex
from gates.spec import GATE_ORDER, GATES, Gate, GateContext, Rejection, register_gate, run_gate, run_gates

__all__ = ["NearDuplicateIndex", "StoredIndex", "GATES", "GATE_ORDER", "Gate", "GateContext", "Rejection", "register_gate", "run_gate", "run_gates"]
