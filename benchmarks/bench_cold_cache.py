"""Why tracing overhead costs about twice as much inside workload (a) as on its own.

A small step of (a)'s model (8-8-4, batch 4: arithmetic is negligible, Python is all there
is) is timed twice per round for hand-written NumPy, the minimal tracer of
``bench_floor.py`` and minpy_compat: in a hot loop, and right after a GEMM of (a)'s first
layer (256x784 @ 784x256), which is where every traced op of a real (a) step runs. The
GEMM streams ~1.8 MB through the core's 2 MB L2 cache and evicts the interpreter's and
the tracer's objects; what a step then costs over its hot-loop time is the price of
bringing them back. Run with ``OPENBLAS_NUM_THREADS=1`` as well to see that it is the
cache, not BLAS worker threads spinning beside the interpreter.

Run: .venv/core/bin/python benchmarks/bench_cold_cache.py [--rounds N]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as onp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_core  # noqa: E402
import bench_floor  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')} "
          f"OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS', '(unset)')} "
          f"numpy {onp.__version__}")
    params, data, _, onehot = bench_core.make_mlp([8, 8, 4], batch=4)
    steps = {"hand-written numpy": bench_core.numpy_step,
             "minimal tracer": bench_floor.minimal_step_fn(),
             "minpy_compat": bench_core.minpy_step_fn()}
    rng = onp.random.RandomState(0)
    x = rng.randn(256, 784).astype(onp.float32)
    w = rng.randn(784, 256).astype(onp.float32)
    times = {(name, when): [] for name in steps for when in ("hot", "after GEMM")}
    for step in steps.values():
        for _ in range(50):
            step(params, data, onehot)
    for _ in range(args.rounds):
        for name, step in steps.items():
            for when in ("hot", "after GEMM"):
                if when == "after GEMM":
                    x @ w
                else:
                    step(params, data, onehot)  # the previous call left the caches warm
                start = time.perf_counter()
                step(params, data, onehot)
                times[(name, when)].append(time.perf_counter() - start)
    print("\nsmall step (8-8-4, batch 4), medians:")
    for name in steps:
        hot = statistics.median(times[(name, "hot")])
        cold = statistics.median(times[(name, "after GEMM")])
        print(f"  {name:<20} hot {hot * 1e6:6.1f} us   after GEMM {cold * 1e6:6.1f} us   "
              f"{cold / hot:4.2f}x")


if __name__ == "__main__":
    main()
