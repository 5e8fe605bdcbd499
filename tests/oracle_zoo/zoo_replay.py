"""Compare a model-zoo script's run on minpy_compat with MindSpore 2.10's recorded run.

Numbers agree to float32 tolerance; shapes, counts, names, file lists and callback order
exactly. Accepted differences, each normalised here and nowhere else:
- dtype names: ours are NumPy's (``str(t.dtype)`` is ``'float32'``), MindSpore prints its
  own (``'Float32'``); compared without case.
- ``np.float64(1.0)`` in a printed dict is NumPy 2's repr of what NumPy 1 (MindSpore's
  1.26) prints ``1.0``; the core environment has NumPy 2.
"""
import math
import re

DTYPE = re.compile(r"^(Float|Int|UInt|Bool|Complex)\d*$", re.I)
NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?|-?\d+e[-+]?\d+")
NUMPY_SCALAR = re.compile(r"np\.(?:float|int)\d+\(([^()]*)\)")


def assert_matches(ours, theirs, rtol=1e-4, atol=1e-5, where="result"):
    """``ours`` equals ``theirs`` (JSON-like trees), floats within ``rtol``/``atol``."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs), \
            f"{where}: keys {sorted(ours)} != {sorted(theirs)}"
        for key in theirs:
            assert_matches(ours[key], theirs[key], rtol, atol, f"{where}[{key!r}]")
    elif isinstance(theirs, list):
        assert isinstance(ours, (list, tuple)) and len(ours) == len(theirs), \
            f"{where}: {ours!r} != {theirs!r}"
        for index, (mine, recorded) in enumerate(zip(ours, theirs)):
            assert_matches(mine, recorded, rtol, atol, f"{where}[{index}]")
    elif isinstance(theirs, float):
        assert math.isclose(ours, theirs, rel_tol=rtol, abs_tol=atol), \
            f"{where}: {ours!r} != {theirs!r}"
    elif isinstance(theirs, str) and DTYPE.match(theirs):
        assert str(ours).lower() == theirs.lower(), f"{where}: {ours!r} != {theirs!r}"
    else:
        assert ours == theirs and type(ours) is type(theirs), f"{where}: {ours!r} != {theirs!r}"


def _split(line):
    line = NUMPY_SCALAR.sub(r"\1", line)
    return NUMBER.sub("#", line), [float(n) for n in NUMBER.findall(line)]


def assert_printed_matches(ours, theirs, rtol=1e-4, atol=2e-6):
    """The same lines, their numbers within tolerance (a loss printed as ``0.845573``
    may end in a neighbouring last digit)."""
    assert len(ours) == len(theirs), f"printed {len(ours)} lines, MindSpore {len(theirs)}"
    for number, (mine, recorded) in enumerate(zip(ours, theirs)):
        (text, values), (want_text, want_values) = _split(mine), _split(recorded)
        assert text == want_text, f"line {number}: {mine!r} != {recorded!r}"
        assert_matches(values, want_values, rtol, atol, f"line {number} {mine!r}")
