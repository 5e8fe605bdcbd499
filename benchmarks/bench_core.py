"""Core speed: minpy_compat beside hand-written NumPy backprop and HIPS autograd.

Every workload runs its implementations interleaved in one process (the order
rotates each round), so machine noise hits them alike; the table shows median
times and the median of per-round (paired) ratios.

Run: make bench   (or: python benchmarks/bench_core.py [--rounds N])
"""
import argparse
import functools
from importlib import metadata
import os
import statistics
import subprocess
import sys
import time

import autograd
import autograd.numpy as anp
import numpy as onp

import minpy_compat.numpy as mnp
from minpy_compat import customop, grad
from minpy_compat.kernels import FASTER_CALLS

_ROW_MAXIMUM = FASTER_CALLS[onp.maximum]  # maximum(z, 0) with the scalar spread along a row
_SHORT_ROW_MAX = FASTER_CALLS[onp.max]  # max along a short last axis, transposed


# ---- workloads (a), (b), (d): MLP training steps ------------------------------------
def make_mlp(sizes, batch=256, seed=0):
    rng = onp.random.RandomState(seed)
    params = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        params.append((rng.randn(fan_in, fan_out).astype(onp.float32) * onp.float32(0.01),
                       onp.zeros(fan_out, onp.float32)))
    data = rng.randn(batch, sizes[0]).astype(onp.float32)
    labels = rng.randint(0, sizes[-1], size=batch)
    onehot = onp.eye(sizes[-1], dtype=onp.float32)[labels]
    return params, data, labels, onehot


def traced_mlp_loss(np):
    """The same loss code for autograd.numpy and minpy_compat.numpy."""
    def loss(params, data, onehot):
        h = data
        for w, b in params[:-1]:
            h = np.maximum(np.dot(h, w) + b, 0)
        w, b = params[-1]
        logits = np.dot(h, w) + b
        shifted = logits - np.max(logits, axis=1, keepdims=True)
        logp = shifted - np.log(np.sum(np.exp(shifted), axis=1, keepdims=True))
        return -np.sum(logp * onehot) / data.shape[0]
    return loss


def sgd(params, grads, lr=0.1):
    for (w, b), (dw, db) in zip(params, grads):
        w -= lr * dw
        b -= lr * db


def numpy_step(params, data, onehot, maximum=onp.maximum, largest=onp.ndarray.max):
    """Hand-written backprop: the reference the targets are stated against. ``maximum`` (the
    ReLU) and ``largest`` (the softmax's max): NumPy's own, or the faster calls
    minpy_compat's facade makes (``kernels.py``)."""
    acts, h = [data], data
    for w, b in params[:-1]:
        h = maximum(h @ w + b, 0)
        acts.append(h)
    w, b = params[-1]
    logits = h @ w + b
    shifted = logits - largest(logits, axis=1, keepdims=True)
    probs = onp.exp(shifted)
    probs /= probs.sum(axis=1, keepdims=True)
    grad_out = (probs - onehot) / data.shape[0]
    grads = []
    for i in range(len(params) - 1, -1, -1):
        w, _ = params[i]
        grads.append((acts[i].T @ grad_out, grad_out.sum(axis=0)))
        if i:
            grad_out = (grad_out @ w.T) * (acts[i] > 0)
    sgd(params, grads[::-1])


def autograd_step_fn():
    step = autograd.grad(traced_mlp_loss(anp))
    return lambda params, data, onehot: sgd(params, step(params, data, onehot))


def minpy_step_fn():
    step = grad(traced_mlp_loss(mnp))
    return lambda params, data, onehot: sgd(params, step(params, data, onehot))


@customop('numpy')
def softmax_cross_entropy(logits, onehot):
    shifted = logits - logits.max(axis=1, keepdims=True)
    logp = shifted - onp.log(onp.exp(shifted).sum(axis=1, keepdims=True))
    return -(logp * onehot).sum() / logits.shape[0]


def _softmax_cross_entropy_grad(ans, logits, onehot):
    def grad_logits(g):
        probs = onp.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        return (g * (probs - onehot) / logits.shape[0]).astype(logits.dtype)
    return grad_logits


softmax_cross_entropy.def_grad(_softmax_cross_entropy_grad)


def customop_step_fn():
    def loss(params, data, onehot):
        (w1, b1), (w2, b2) = params
        h = mnp.maximum(mnp.dot(data, w1) + b1, 0)
        return softmax_cross_entropy(mnp.dot(h, w2) + b2, onehot)
    step = grad(loss)
    return lambda params, data, onehot: sgd(params, step(params, data, onehot))


# ---- workload (c): per-op cost of a long elementwise chain --------------------------
def chain(np, length=200):
    def f(x):
        for i in range(length // 4):
            x = np.sin(x)
            x = x * 1.01
            x = np.tanh(x)
            x = x + 0.1
        return np.sum(x)
    return f


# ---- workload (e): second order -------------------------------------------------------
def second_order(np, grad_fn):
    first = grad_fn(lambda x: np.sum(np.tanh(x) ** 2))
    return grad_fn(lambda x: np.sum(first(x)))


# ---- timing ----------------------------------------------------------------------------
def interleaved(candidates, rounds, repeat):
    """Median seconds per call of each candidate, and per-round times for paired ratios."""
    times = {name: [] for name in candidates}
    names = list(candidates)
    for name in names:  # warm-up
        candidates[name]()
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            start = time.perf_counter()
            for _ in range(repeat):
                candidates[name]()
            times[name].append((time.perf_counter() - start) / repeat)
    return times


def paired_ratio(times, ours, reference):
    return statistics.median(a / b for a, b in zip(times[ours], times[reference]))


def report(title, times, ours, references, unit=1e3, unit_name="ms", per=1):
    print(f"\n{title}")
    for name in times:
        print(f"  {name:<22} median {statistics.median(times[name]) * unit / per:9.3f} {unit_name}")
    for ref in references:
        print(f"  ratio {ours} / {ref}: {paired_ratio(times, ours, ref):.3f}")


def mlp_workload(title, sizes, rounds, repeat):
    """Hand-written NumPy (the targets' reference; and, for what tracing alone costs, the same
    with the facade's faster ReLU and max calls), HIPS autograd and minpy_compat."""
    setups = {}
    same_kernels = functools.partial(numpy_step, maximum=_ROW_MAXIMUM, largest=_SHORT_ROW_MAX)
    for name, make in (("hand-written numpy", lambda: numpy_step),
                       ("hand-written, facade kernels", lambda: same_kernels),
                       ("HIPS autograd", autograd_step_fn), ("minpy_compat", minpy_step_fn)):
        params, data, _, onehot = make_mlp(sizes)
        step = make()
        setups[name] = (lambda step=step, p=params, d=data, o=onehot: step(p, d, o))
    times = interleaved(setups, rounds, repeat)
    report(title, times, "minpy_compat",
           ["hand-written numpy", "hand-written, facade kernels", "HIPS autograd"])
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')} "
          f"numpy {onp.__version__} autograd {metadata.version('autograd')} "
          f"python {sys.version.split()[0]}")
    results = {}
    times = mlp_workload("(a) MLP 784-256-10 step, batch 256, float32", [784, 256, 10],
                         args.rounds, 5)
    results["a"] = paired_ratio(times, "minpy_compat", "hand-written numpy")
    same_kernels_ratio = paired_ratio(times, "minpy_compat", "hand-written, facade kernels")
    results["b"] = paired_ratio(mlp_workload("(b) MLP 784-1024x3-10 step, batch 256, float32",
                                             [784, 1024, 1024, 1024, 10], args.rounds, 2),
                                "minpy_compat", "hand-written numpy")

    x = onp.linspace(-1, 1, 16)
    chain_grads = {"HIPS autograd": autograd.grad(chain(anp)), "minpy_compat": grad(chain(mnp))}
    times = interleaved({k: (lambda f=f: f(x)) for k, f in chain_grads.items()}, args.rounds, 20)
    report("(c) gradient of a 200-op elementwise chain on (16,): per op", times, "minpy_compat",
           ["HIPS autograd"], unit=1e6, unit_name="us", per=200)
    results["c"] = paired_ratio(times, "minpy_compat", "HIPS autograd")

    params, data, _, onehot = make_mlp([784, 256, 10])
    custom_step = customop_step_fn()
    ref_params, _, _, _ = make_mlp([784, 256, 10])
    times = interleaved({"hand-written numpy": lambda: numpy_step(ref_params, data, onehot),
                         "minpy_compat": lambda: custom_step(params, data, onehot)},
                        args.rounds, 5)
    report("(d) 2-layer MLP with a customop softmax loss", times, "minpy_compat",
           ["hand-written numpy"])
    results["d"] = paired_ratio(times, "minpy_compat", "hand-written numpy")

    v = onp.linspace(-2, 2, 1000)
    second = {"HIPS autograd": second_order(anp, autograd.grad),
              "minpy_compat": second_order(mnp, grad)}
    times = interleaved({k: (lambda f=f: f(v)) for k, f in second.items()}, args.rounds, 20)
    report("(e) second-order gradient of sum(tanh(x)**2), (1000,)", times, "minpy_compat",
           ["HIPS autograd"])
    results["e"] = paired_ratio(times, "minpy_compat", "HIPS autograd")

    cold = [float(subprocess.run([sys.executable, "-c", "import time; t = time.perf_counter(); "
                                  "import minpy_compat.numpy; print(time.perf_counter() - t)"],
                                 capture_output=True, text=True, check=True).stdout)
            for _ in range(5)]
    results["import"] = statistics.median(cold)

    targets = {"a": 1.15, "b": 1.15, "c": 1.2, "d": 1.3, "e": 1.0, "import": 0.5}
    print("\nsummary (paired median ratios; import in seconds)")
    print(f"  {'workload':<8} {'measured':>9} {'target':>8}  verdict")
    for key, target in targets.items():
        verdict = "ok" if results[key] <= target else "MISSED"
        print(f"  {key:<8} {results[key]:9.3f} {target:8.2f}  {verdict}")
    print("  (a) against hand-written NumPy with the facade's faster calls: "
          f"{same_kernels_ratio:.3f} (what tracing alone costs; no target)")


if __name__ == "__main__":
    main()
