"""The facade outside ``grad``: ``minpy_compat.numpy`` beside NumPy itself on small arrays.

A drop-in NumPy is also used where nothing is differentiated (data preparation, metrics, a
notebook's scratch work). There every call pays for the facade's checks (is anything
traced? a policy? MXNet's arrays?) and for wrapping the result as an ``Array``. On an
(8, 8) array that fixed cost is the whole difference; on a large one it vanishes, which the
last rows show.

Each call runs both ways, interleaved in one process (the order rotates each round); the
table shows medians and the median of per-round (paired) ratios (``bench_core``'s timing).
The arguments are NumPy's own arrays, or ``Array``s where a row says so (what a user holds
after one facade call). No target: the figures say what the facade costs, in µs.

Run: .venv/core/bin/python benchmarks/bench_untraced.py [--rounds N]
"""
import argparse
import os
import statistics
import sys

import numpy as onp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_core  # noqa: E402  (the timing)
import minpy_compat.numpy as mnp  # noqa: E402

SMALL = onp.random.RandomState(0).rand(8, 8)
LARGE = onp.random.RandomState(1).rand(1000, 1000)

# (label, call on a namespace ``np`` and an array ``a``)
CALLS = [
    ("np.add(a, a)", lambda np, a: np.add(a, a)),
    ("np.exp(a)", lambda np, a: np.exp(a)),
    ("np.maximum(a, 0)", lambda np, a: np.maximum(a, 0)),
    ("np.dot(a, a)", lambda np, a: np.dot(a, a)),
    ("np.sum(a)", lambda np, a: np.sum(a)),
    ("np.mean(a, axis=0)", lambda np, a: np.mean(a, axis=0)),
    ("np.std(a)", lambda np, a: np.std(a)),
    ("np.max(a, axis=1)", lambda np, a: np.max(a, axis=1)),
    ("np.argmax(a)", lambda np, a: np.argmax(a)),
    ("np.where(a > .5, a, 0)", lambda np, a: np.where(a > .5, a, 0)),
    ("np.clip(a, .1, .9)", lambda np, a: np.clip(a, .1, .9)),
    ("np.linalg.norm(a)", lambda np, a: np.linalg.norm(a)),
    ("np.reshape(a, (4, 16))", lambda np, a: np.reshape(a, (4, 16))),
    ("np.transpose(a)", lambda np, a: np.transpose(a)),
    ("np.concatenate([a, a])", lambda np, a: np.concatenate([a, a])),
    ("np.stack([a, a])", lambda np, a: np.stack([a, a])),
    ("np.zeros((3, 3))", lambda np, a: np.zeros((3, 3))),
    ("np.array([1.0, 2.0])", lambda np, a: np.array([1.0, 2.0])),
    ("np.arange(10)", lambda np, a: np.arange(10)),
    ("np.eye(3)", lambda np, a: np.eye(3)),
]
ARRAY_CALLS = [  # on an Array (the facade's result) against the same on an ndarray
    ("a + a", lambda a: a + a),
    ("a.sum()", lambda a: a.sum()),
    ("a[1:3]", lambda a: a[1:3]),
]
LARGE_CALLS = ["np.add(a, a)", "np.mean(a, axis=0)", "np.concatenate([a, a])"]


def measure(rounds, repeat):
    """Rows of (label, NumPy's µs, the facade's µs, paired ratio)."""
    rows = []
    by_label = dict(CALLS)
    cases = [(label, SMALL, lambda a, f=f: f(onp, a), lambda a, f=f: f(mnp, a), repeat)
             for label, f in CALLS]
    small_array = mnp.array(SMALL)
    cases += [(f"{label} (Array)", None, lambda a, f=f: f(SMALL), lambda a, f=f: f(small_array),
               repeat) for label, f in ARRAY_CALLS]
    cases += [(f"{label}, (1000, 1000)", LARGE, lambda a, f=by_label[label]: f(onp, a),
               lambda a, f=by_label[label]: f(mnp, a), max(1, repeat // 200))
              for label in LARGE_CALLS]
    for label, array, numpy_call, facade_call, times in cases:
        candidates = {"numpy": lambda c=numpy_call: c(array),
                      "facade": lambda c=facade_call: c(array)}
        timed = bench_core.interleaved(candidates, rounds, times)
        rows.append((label, statistics.median(timed["numpy"]) * 1e6,
                     statistics.median(timed["facade"]) * 1e6,
                     bench_core.paired_ratio(timed, "facade", "numpy")))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=2000, help="calls per timing")
    args = parser.parse_args()
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')} "
          f"numpy {onp.__version__} python {sys.version.split()[0]}")
    print(f"\n  {'call (on (8, 8) float64 unless named)':<40} {'numpy':>9} {'facade':>9} "
          f"{'ratio':>7}")
    for label, numpy_us, facade_us, ratio in measure(args.rounds, args.repeat):
        print(f"  {label:<40} {numpy_us:7.2f}us {facade_us:7.2f}us {ratio:7.2f}")


if __name__ == "__main__":
    main()
