"""How close can any op-by-op Python tracer get to hand-written NumPy on workload (a)?

``bench_core.py`` measures minpy_compat's (a), the 784-256-10 training step, against
hand-written backprop. This script adds two references. The first is the smallest
reverse-mode tracer that can run the same loss code. It knows only the ops that loss uses,
builds one node and one box per op, keeps no dtype rules and no broadcasting logic beyond
what this model needs, and checks nothing. Whatever it costs over hand-written NumPy is the price
of tracing op by op in Python at all: the floor under minpy_compat, HIPS autograd and any
tracer built like them. The second runs the NumPy calls minpy_compat makes for that loss,
forward and backward, with no tracer at all: what the loss as written costs in NumPy
(log-softmax through max, log and sum, where hand-written backprop takes the softmax's
gradient in one line), apart from what tracing it costs.

Run: .venv/core/bin/python benchmarks/bench_floor.py [--rounds N]
"""
import argparse
import os
import statistics
import sys

import numpy as onp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_core  # noqa: E402  (the shared workload, timing and references)
from minpy_compat.kernels import FASTER_CALLS  # noqa: E402
from minpy_compat.numpy.choice_gradients import to_the_chosen  # noqa: E402
from minpy_compat.tracing import use_counts  # noqa: E402

_GREATER, _ADD_REDUCE, _ANY, _COUNT = (onp.greater, onp.add.reduce, onp.logical_or.reduce,
                                       onp.count_nonzero)
_ROW_MAX = FASTER_CALLS[onp.max]  # max along a short last axis, transposed (kernels.py)


# ---- the minimal tracer ----------------------------------------------------------------
class _Node:
    __slots__ = ("parents", "vjp")

    def __init__(self, parents, vjp):
        self.parents = parents
        self.vjp = vjp  # g -> one gradient per parent; None for a leaf


class _Box:
    __slots__ = ("value", "node")

    def __init__(self, value, node):
        self.value = value
        self.node = node

    def __add__(self, other):
        return _binary(onp.add, self, other, lambda g, x, y: (g, _reduce_to(g, y)))

    def __sub__(self, other):
        return _binary(onp.subtract, self, other, lambda g, x, y: (g, -_reduce_to(g, y)))

    def __mul__(self, other):
        return _binary(onp.multiply, self, other, lambda g, x, y: (g * y,))

    def __truediv__(self, other):
        # NumPy 1.x turns float32 scalar / int into float64: cast back, as any tracer must.
        return _binary(onp.true_divide, self, other,
                       lambda g, x, y: ((g / y).astype(x.dtype, copy=False),))

    def __neg__(self):
        return _box(-self.value, [self.node], lambda g: (-g,))


def _reduce_to(g, y):
    """``g`` summed down to the shape of ``y`` (a bias row or a keepdims column)."""
    if y.ndim == 1:
        return g.sum(axis=0)
    return _row_sums(g) if y.shape[1] == 1 else g


def _row_sums(g):
    """A (rows, 10) ``g`` summed along its rows as minpy_compat sums it (``fast_shapes.py``)."""
    return _ADD_REDUCE(onp.ascontiguousarray(g.T), 0).reshape(-1, 1)


def _box(value, parents, vjp):
    return _Box(value, _Node(parents, vjp))


def _binary(ufunc, x, y, rule):
    """``rule(g, x, y)`` gives the gradients of the boxed arguments, in order."""
    x_boxed, y_boxed = type(x) is _Box, type(y) is _Box
    x_value = x.value if x_boxed else x
    y_value = y.value if y_boxed else y
    parents = [b.node for b in (x, y) if type(b) is _Box]
    return _box(ufunc(x_value, y_value), parents, lambda g: rule(g, x_value, y_value))


class minimal_numpy:
    """The namespace the shared loss code calls (``np.dot``, ``np.maximum``, ...)."""

    @staticmethod
    def dot(x, w):
        if type(x) is _Box:  # a hidden layer: both sides traced
            return _binary(onp.dot, x, w, lambda g, xv, wv: (g @ wv.T, xv.T @ g))
        return _box(x @ w.value, [w.node], lambda g: (x.T @ g,))

    @staticmethod
    def maximum(x, floor):
        value = x.value
        ans = bench_core._ROW_MAXIMUM(value, floor)  # the facade's call, so the work matches
        (value == floor).any()  # the tie check minpy_compat makes, so the work matches
        return _box(ans, [x.node], lambda g: (g * (ans > floor),))

    @staticmethod
    def max(x, axis, keepdims):  # the facade's reduction and gradient, so the work matches
        value = x.value
        ans = _ROW_MAX(value, axis=axis, keepdims=keepdims)
        return _box(ans, [x.node], lambda g: (to_the_chosen(g, value, ans, axis, keepdims),))

    @staticmethod
    def sum(x, axis=None, keepdims=False):
        value = x.value
        return _box(value.sum(axis=axis, keepdims=keepdims), [x.node],
                    lambda g: (onp.broadcast_to(g, value.shape),))

    @staticmethod
    def exp(x):
        ans = onp.exp(x.value)
        return _box(ans, [x.node], lambda g: (g * ans,))

    @staticmethod
    def log(x):
        value = x.value
        return _box(onp.log(value), [x.node], lambda g: (g / value,))


def _backward(end):
    """Reverse topological order by use counts (minpy_compat's own count), summing
    gradients that meet."""
    uses = use_counts(end.node)
    pending, ready, reached = {end.node: end.value.dtype.type(1)}, [end.node], {}
    while ready:
        node = ready.pop()
        g = pending.pop(node)
        if node.vjp is None:
            reached[node] = g
            continue
        for parent, parent_g in zip(node.parents, node.vjp(g)):
            pending[parent] = pending[parent] + parent_g if parent in pending else parent_g
            uses[parent] -= 1
            if not uses[parent]:
                ready.append(parent)
    return reached


def _writable(g):
    return g if g.flags.writeable else g.copy()


def minimal_step_fn():
    loss = bench_core.traced_mlp_loss(minimal_numpy)

    def gradients(params, data, onehot):
        boxed = [(_box(w, [], None), _box(b, [], None)) for w, b in params]
        reached = _backward(loss(boxed, data, onehot))
        return [(_writable(reached[w.node]), _writable(reached[b.node])) for w, b in boxed]

    def step(params, data, onehot):
        bench_core.sgd(params, gradients(params, data, onehot))
    step.gradients = gradients
    return step


# ---- the tracer's arithmetic, untraced ---------------------------------------------------

def untraced_step(params, data, onehot):
    """The NumPy calls minpy_compat makes for this loss, forward and backward (its steps on
    0-d values folded into one), with its kernels (the row ReLU, the tie check, max along the
    short rows, the gradients its rules give for max, log-sum-exp and the float32 mask), as
    straight-line NumPy with no tracer. Against hand-written NumPy it is the cost of the loss
    as the user wrote it; minpy_compat against it, the cost of tracing. Kept by hand beside
    ``numpy/fast_vjps.py``'s rules; ``_check_gradients`` (before timing) and
    ``tests/test_core_benchmark_references.py`` compare its gradients with minpy_compat's."""
    (w1, b1), (w2, b2) = params
    batch = data.shape[0]
    pre = onp.dot(data, w1) + b1
    _ANY(pre == 0, axis=None)  # the tie check
    hidden = bench_core._ROW_MAXIMUM(pre, 0)
    logits = onp.dot(hidden, w2) + b2
    top = _ROW_MAX(logits, axis=1, keepdims=True)
    shifted = logits - top
    exps = onp.exp(shifted)
    sums = _ADD_REDUCE(exps, axis=1, keepdims=True)
    logp = shifted - onp.log(sums)
    -_ADD_REDUCE(logp * onehot, axis=None) / batch  # the loss (the step drops it)
    g = onehot * logits.dtype.type(-1 / batch)  # through the mean and the product
    g_sums = -_row_sums(g) / sums  # through log
    g_shifted = g + onp.broadcast_to(g_sums, logits.shape) * exps  # through exp
    chosen = logits == top  # through max: no tie here, so no count of ties
    _COUNT(chosen) == top.size and not _ANY(top != top, None)
    g_logits = g_shifted + -_row_sums(g_shifted) * chosen
    g_hidden = g_logits @ w2.T
    mask = _GREATER(hidden, 0).astype(g_hidden.dtype)
    mask *= g_hidden
    grads = [(data.T @ mask, _ADD_REDUCE(mask, axis=0)),
             (hidden.T @ g_logits, _ADD_REDUCE(g_logits, axis=0))]
    bench_core.sgd(params, grads)
    return grads


# ---- the comparison --------------------------------------------------------------------
def _check_gradients():
    """The minimal tracer's and the untraced step's gradients equal minpy_compat's (so they
    do the same work)."""
    from minpy_compat import grad
    import minpy_compat.numpy as mnp
    params, data, _, onehot = bench_core.make_mlp([784, 256, 10])
    ours = grad(bench_core.traced_mlp_loss(mnp))(params, data, onehot)
    minimal = minimal_step_fn().gradients(params, data, onehot)
    untraced = untraced_step([(w.copy(), b.copy()) for w, b in params], data, onehot)
    for theirs in (minimal, untraced):
        for (w_ours, b_ours), (w_theirs, b_theirs) in zip(ours, theirs):
            for a, b in ((w_ours, w_theirs), (b_ours, b_theirs)):
                assert a.dtype == b.dtype == onp.float32, (a.dtype, b.dtype)
                onp.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')} "
          f"numpy {onp.__version__} python {sys.version.split()[0]}")
    _check_gradients()
    setups = {}
    for name, make in (("hand-written numpy", lambda: bench_core.numpy_step),
                       ("untraced calls", lambda: untraced_step),
                       ("minimal tracer", minimal_step_fn),
                       ("minpy_compat", bench_core.minpy_step_fn),
                       ("HIPS autograd", bench_core.autograd_step_fn)):
        params, data, _, onehot = bench_core.make_mlp([784, 256, 10])
        step = make()
        setups[name] = (lambda step=step, p=params, d=data, o=onehot: step(p, d, o))
    times = bench_core.interleaved(setups, args.rounds, 5)
    print("\n(a) MLP 784-256-10 step, batch 256, float32: paired median ratios")
    hand = statistics.median(times["hand-written numpy"])
    for name in setups:
        ratio = bench_core.paired_ratio(times, name, "hand-written numpy")
        median = statistics.median(times[name])
        print(f"  {name:<20} {median * 1e3:7.3f} ms   {ratio:5.3f}x hand-written   "
              f"overhead {(median - hand) * 1e6:6.0f} us")
    print("\nThe target for minpy_compat is 1.15x; the minimal tracer's ratio is the floor for "
          "any op-by-op Python tracer on this machine and kernel, and the untraced calls' ratio "
          "the part of every tracer's that is arithmetic, not tracing.")


if __name__ == "__main__":
    main()
