"""MLP training steps under PreferMXNetPolicy beside raw ``mxnet.autograd`` (same process).

Workloads: 784 -> 256 ReLU -> 10 and 784 -> 3 x 1024 ReLU -> 10; batch 256, float32,
softmax cross-entropy, plain SGD. Both sides run the same formulation (dot, broadcast add,
maximum, log-sum-exp) and finish every step with ``wait_to_read``. Steps alternate between
the two sides; the table shows medians, the median of paired ratios, and the time that
minpy_compat spent in NumPy<->MXNet copies during its steps.

    OPENBLAS_CORETYPE=Haswell python benchmarks/bench_mxnet.py [--steps 30]
"""
import argparse
import os
import statistics
import time

import numpy as onp
import mxnet as mx
from mxnet import autograd

import minpy_compat.numpy as np
from minpy_compat import grad, wrap_policy
from minpy_compat.backends import mxnet_backend

LR = 0.01
TARGET = 1.10  # prefer_mxnet / raw mxnet.autograd


def init(sizes, seed=0):
    rng = onp.random.RandomState(seed)
    params = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        params += [(rng.normal(size=(fan_in, fan_out)) / onp.sqrt(fan_in)).astype(onp.float32),
                   onp.zeros(fan_out, onp.float32)]
    return params


def data(batch=256, seed=1):
    rng = onp.random.RandomState(seed)
    x = rng.normal(size=(batch, 784)).astype(onp.float32)
    y = onp.eye(10, dtype=onp.float32)[rng.randint(0, 10, size=batch)]
    return x, y


# ---- minpy_compat ------------------------------------------------------------------------
def loss(x, y, *params):
    h = x
    for i in range(0, len(params) - 2, 2):
        h = np.maximum(np.dot(h, params[i]) + params[i + 1], 0.0)
    logits = np.dot(h, params[-2]) + params[-1]
    z = logits - np.max(logits, axis=1, keepdims=True)
    log_p = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(np.sum(log_p * y, axis=1))


def minpy_step(x, y, params):
    argnums = list(range(2, 2 + len(params)))
    grads = grad(loss, argnums)(x, y, *params)
    new = [p - LR * g for p, g in zip(params, grads)]
    new[-1].wait_to_read()
    return new


# ---- raw mxnet.autograd --------------------------------------------------------------------
def raw_loss(x, y, params):
    h = x
    for i in range(0, len(params) - 2, 2):
        h = mx.nd.maximum(mx.nd.broadcast_add(mx.nd.dot(h, params[i]), params[i + 1]), 0.0)
    logits = mx.nd.broadcast_add(mx.nd.dot(h, params[-2]), params[-1])
    z = mx.nd.broadcast_sub(logits, mx.nd.max(logits, axis=1, keepdims=True))
    log_p = mx.nd.broadcast_sub(z, mx.nd.log(mx.nd.sum(mx.nd.exp(z), axis=1, keepdims=True)))
    return -mx.nd.mean(mx.nd.sum(log_p * y, axis=1))


def raw_step(x, y, params):
    for p in params:
        p.attach_grad()
    with autograd.record():
        value = raw_loss(x, y, params)
    value.backward()
    new = [p - LR * p.grad for p in params]
    new[-1].wait_to_read()
    return new


def bench(name, sizes, steps):
    x, y = data()
    ours = [mxnet_backend.array(p) for p in init(sizes)]
    mx_x, mx_y = mxnet_backend.array(x), mxnet_backend.array(y)
    raw = [mx.nd.array(p, dtype=p.dtype) for p in init(sizes)]
    raw_x, raw_y = mx.nd.array(x), mx.nd.array(y)
    t_ours, t_raw, copy_seconds = [], [], 0.0
    with wrap_policy("prefer_mxnet"):
        for step in range(steps + 3):  # 3 warm-up steps
            mxnet_backend.COPIES.reset()
            start = time.perf_counter()
            ours = minpy_step(mx_x, mx_y, ours)
            elapsed = time.perf_counter() - start
            copies = sum(mxnet_backend.COPIES.seconds.values())
            start = time.perf_counter()
            raw = raw_step(raw_x, raw_y, raw)
            raw_elapsed = time.perf_counter() - start
            if step >= 3:
                t_ours.append(elapsed), t_raw.append(raw_elapsed)
                copy_seconds += copies
    ratios = [a / b for a, b in zip(t_ours, t_raw)]
    return (name, statistics.median(t_raw) * 1e3, statistics.median(t_ours) * 1e3,
            statistics.median(ratios), copy_seconds / steps * 1e3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    args = parser.parse_args()
    print(f"mxnet {mx.__version__}, numpy {onp.__version__}, "
          f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')}, "
          f"{os.cpu_count()} CPUs, {args.steps} steps per side")
    rows = [bench("784-256-10", [784, 256, 10], args.steps),
            bench("784-3x1024-10", [784, 1024, 1024, 1024, 10], args.steps)]
    print(f"{'workload':<16}{'raw mx.autograd ms':>20}{'prefer_mxnet ms':>17}"
          f"{'ratio (median)':>16}{'copies ms/step':>16}  verdict (target {TARGET:.2f}x)")
    for name, raw, ours, ratio, copies in rows:
        verdict = "ok" if ratio <= TARGET else "MISSED"
        print(f"{name:<16}{raw:>20.2f}{ours:>17.2f}{ratio:>15.2f}x{copies:>16.3f}  {verdict}")


if __name__ == "__main__":
    main()
