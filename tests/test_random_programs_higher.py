"""Random programs, round 3: the higher-order and structured gradient API.

Round 1 (tests/test_random_programs.py) draws the programs and checks ``grad``; round 2 adds
``hessian``, hvp and ``jacobian`` of tuples. This file takes round 1's programs (with their
indexed writes into copies, transposes and flat views) through:
- ``jacobian``, ``make_vjp`` with a cotangent of the output's shape and dtype,
  ``elementwise_grad``, ``value_and_grad`` and ``grad_and_loss``, each against central
  differences in float64;
- arguments packed into nested lists, tuples and dicts, ``argnum`` as a list, tuple or range,
  an ignored argument (zeros of its own shape and dtype);
- float32 programs: ``jacobian``, ``hessian`` and hvp stay float32;
- customops whose gradients are written with ``minpy_compat.numpy`` (second order flows);
- ``grad`` inside a function under ``grad``, the same function traced twice, third order,
  and the regression tests for the bugs this found: test_random_programs_higher2.py.
"""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import (customop, elementwise_grad, grad, grad_and_loss, hessian,
                          hessian_vector_product, jacobian, make_vjp, value_and_grad)
from random_program_helpers import _hypothesis_pick, _weights, draw_program, loss, run_program
from random_program_ops import OPS
from random_program_check_helpers import _compare, _jacobian_differences


def _inputs(pick, dims=3, size=3):
    shapes = [tuple(1 + pick(size - 1) for _ in range(pick(dims))) for _ in range(1 + pick(3))]
    rng = onp.random.RandomState(pick(2 ** 31))
    return [onp.asarray(onp.round(rng.uniform(-1.5, 1.5, s), 3)) for s in shapes]


def _stable(fn, inputs, i):
    """d fn / d inputs[i] by central differences, NaN where two step sizes disagree."""
    with onp.errstate(all="ignore"):
        fd = _jacobian_differences(fn, inputs, i)
        wide = _jacobian_differences(fn, inputs, i, 1e-5)
    return [onp.where(onp.abs(a - b) > 1e-5 * (1 + onp.abs(a)), onp.nan, a)
            for a, b in zip(fd, wide)]


def _listed(out, argnums):
    return out if len(argnums) > 1 else [out]


# ---- jacobian, make_vjp, elementwise_grad, value_and_grad, grad_and_loss -----------------
def check_jacobian_family(pick, table=None):
    inputs = _inputs(pick)
    steps = draw_program(pick, list(inputs), table)
    argnums = sorted({pick(len(inputs)) for _ in range(1 + pick(2))})
    last = len(inputs) + len(steps) - 1
    where = f"argnums {argnums}: {steps}"

    def program(N, *xs):
        return run_program(N, steps, xs, table)[last]
    f = lambda *xs: program(np, *xs)  # noqa: E731
    fd = {i: _stable(lambda *xs: [onp.asarray(program(onp, *xs))], inputs, i)[0]
          for i in argnums}
    ours = [np.array(x) for x in inputs]  # a value written into an input not differentiated
    J = _listed(jacobian(f, argnum=argnums)(*ours), argnums)
    assert len(J) == len(argnums), where
    for block, i in zip(J, argnums):
        _compare(block, fd[i], f"jacobian {where}")
        assert onp.asarray(block).dtype == onp.float64, where
    out_shape = onp.shape(program(onp, *inputs))
    cot = onp.sin(onp.arange(int(onp.prod(out_shape))) * 1.3 + 0.2).reshape(out_shape)
    vjp, value = make_vjp(f, argnum=argnums)(*ours)
    onp.testing.assert_allclose(onp.asarray(value), program(onp, *inputs), rtol=1e-12,
                                atol=1e-12, err_msg=where)
    pulled = _listed(vjp(cot), argnums)
    ones = _listed(elementwise_grad(f, argnum=argnums)(*ours), argnums)
    for g, e, i in zip(pulled, ones, argnums):
        x = inputs[i]
        assert onp.shape(g) == x.shape and onp.asarray(g).dtype == x.dtype, where
        axes = len(out_shape)
        _compare(g, onp.tensordot(cot, fd[i], axes=axes), f"make_vjp {where}")
        _compare(e, onp.tensordot(onp.ones(out_shape), fd[i], axes=axes),
                 f"elementwise_grad {where}")
    weights = _weights(run_program(onp, steps, inputs, table))
    scalar = lambda *xs: loss(np, steps, xs, weights, table)  # noqa: E731
    value, g1 = value_and_grad(scalar, argnum=argnums)(*ours)
    g2, value2 = grad_and_loss(scalar, argnum=argnums)(*ours)
    g3 = grad(scalar, argnum=argnums)(*ours)
    expected = loss(onp, steps, inputs, weights, table)
    for v in (value, value2):
        onp.testing.assert_allclose(float(v), expected, rtol=1e-12, atol=1e-12, err_msg=where)
    for a, b, c in zip(_listed(g1, argnums), _listed(g2, argnums), _listed(g3, argnums)):
        onp.testing.assert_array_equal(onp.asarray(a), onp.asarray(c), err_msg=where)
        onp.testing.assert_array_equal(onp.asarray(b), onp.asarray(c), err_msg=where)
    return steps


@settings(deadline=None, max_examples=80, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_jacobian_vjp_and_friends_match_differences(data):
    check_jacobian_family(_hypothesis_pick(data))


# ---- structured arguments ----------------------------------------------------------------
def _pack(pick, leaves):
    """``leaves`` in a random nesting of lists, tuples and dicts; returns the structure."""
    if len(leaves) == 1 and pick(3) == 0:
        return leaves[0]
    kind = pick(3)
    cut = 1 + pick(len(leaves)) if len(leaves) > 1 else len(leaves)
    parts = [_pack(pick, leaves[:cut])] + ([_pack(pick, leaves[cut:])] if leaves[cut:] else [])
    if kind == 0:
        return parts
    if kind == 1:
        return tuple(parts)
    return {f"k{n}": part for n, part in enumerate(parts)}


def _leaves(tree):
    if isinstance(tree, dict):
        return [leaf for key in sorted(tree) for leaf in _leaves(tree[key])]
    if isinstance(tree, (list, tuple)):
        return [leaf for item in tree for leaf in _leaves(item)]
    return [tree]


def _same_structure(got, like, where):
    assert type(got) is type(like) or not isinstance(like, (list, tuple, dict)), (
        type(got), type(like), where)
    if isinstance(like, dict):
        assert set(got) == set(like), where
        for key in like:
            _same_structure(got[key], like[key], where)
    elif isinstance(like, (list, tuple)):
        assert len(got) == len(like), where
        for a, b in zip(got, like):
            _same_structure(a, b, where)
    else:
        assert onp.shape(got) == onp.shape(like), (onp.shape(got), onp.shape(like), where)
        assert onp.asarray(got).dtype == onp.asarray(like).dtype, (
            onp.asarray(got).dtype, onp.asarray(like).dtype, where)


def check_structured(pick):
    inputs = _inputs(pick)
    steps = draw_program(pick, list(inputs))
    weights = _weights(run_program(onp, steps, inputs))
    dtype = [onp.float64, onp.float32][pick(2)]
    inputs = [x.astype(dtype) for x in inputs]
    packed = _pack(pick, [np.array(x) for x in inputs])
    ignored = onp.ones((2, 1), [onp.float32, onp.float64][pick(2)])
    order = pick(2)  # where the ignored argument sits
    argnum = [[0, 1], (0, 1), range(2), [1, 0]][pick(4)]
    where = f"{argnum} {type(packed).__name__} {dtype.__name__}: {steps}"

    def f(*args):
        tree = args[1 - order]
        return loss(np, steps, _leaves(tree), weights)
    args = (ignored, packed) if order == 0 else (packed, ignored)
    grads = grad(f, argnum=argnum)(*args)
    assert type(grads) is (tuple if isinstance(argnum, tuple) else list), where
    flat = grad(lambda *xs: loss(np, steps, xs, weights), argnum=list(range(len(inputs))))(
        *inputs)
    flat = flat if len(inputs) > 1 else [flat]
    for position, g in zip(argnum, grads):
        _same_structure(g, args[position], where)
        if args[position] is ignored:
            assert not onp.any(onp.asarray(g)), where
        else:
            for a, b in zip(_leaves(g), flat):
                onp.testing.assert_allclose(onp.asarray(a), onp.asarray(b), rtol=1e-6,
                                            atol=1e-6, err_msg=where)
    if dtype is onp.float64 and pick(2):
        H = hessian(f, argnum=1 - order)(*args)
        assert [onp.shape(h) for h in _leaves(H)] == [
            x.shape + y.shape for x in inputs for y in inputs], where
    vector = [onp.cos(onp.arange(x.size) + 0.5).reshape(x.shape).astype(dtype) for x in inputs]
    tree_vector = _rebuilt(packed, iter(vector))
    hv = hessian_vector_product(f, argnum=1 - order)(*args, tree_vector)
    _same_structure(hv, args[1 - order], where)
    return steps


def _rebuilt(like, leaves):
    if isinstance(like, dict):
        return {key: _rebuilt(like[key], leaves) for key in sorted(like)}
    if isinstance(like, (list, tuple)):
        return type(like)(_rebuilt(item, leaves) for item in like)
    return next(leaves)


@settings(deadline=None, max_examples=60, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_with_structured_arguments(data):
    check_structured(_hypothesis_pick(data))


# ---- float32 stays float32 at every order ------------------------------------------------
def check_float32(pick):
    inputs = _inputs(pick, dims=3, size=3)
    steps = draw_program(pick, list(inputs))
    weights = _weights(run_program(onp, steps, inputs))
    singles = [np.array(x.astype(onp.float32)) for x in inputs]
    argnums = list(range(len(inputs)))
    last = len(inputs) + len(steps) - 1
    where = str(steps)

    def f(*xs):
        return loss(np, steps, xs, weights)
    mode = pick(4)
    if mode == 0:
        out = _listed(jacobian(lambda *xs: run_program(np, steps, xs)[last], argnum=argnums)(
            *singles), argnums)
    elif mode == 1:
        out = _leaves(hessian(f, argnum=argnums)(*singles))
    elif mode == 2:
        out = _listed(hessian_vector_product(f, argnum=argnums)(*singles, singles if len(
            singles) > 1 else singles[0]), argnums)
    else:
        vjp, value = make_vjp(lambda *xs: run_program(np, steps, xs)[last], argnum=argnums)(
            *singles)
        out = _listed(vjp(onp.ones(onp.shape(value))), argnums) + [value]
    assert [onp.asarray(g).dtype for g in out] == [onp.float32] * len(out), (mode, where)
    return steps


@settings(deadline=None, max_examples=60, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_float32_program_keeps_float32_at_every_order(data):
    check_float32(_hypothesis_pick(data))


# ---- customops whose gradients are minpy_compat.numpy programs (second order flows) -------
@customop("numpy")
def soft_cube(x):
    return x ** 3 / 3 + onp.tanh(x)


soft_cube.def_grad(lambda ans, x: lambda g: g * (x * x + 1 - np.tanh(x) ** 2))


@customop("numpy")
def weighted_sin(x, y):
    return onp.sin(x) * onp.sum(y * y)


weighted_sin.def_grad(lambda ans, x, y: lambda g: g * np.cos(x) * np.sum(y * y), argnum=0)
weighted_sin.def_grad(lambda ans, x, y: lambda g: 2 * y * np.sum(g * np.sin(x)), argnum=1)

CUSTOM = {
    "soft_cube": (1, lambda pick, s: (), lambda N, p, a: a ** 3 / 3 + N.tanh(a) if N is onp
                  else soft_cube(a)),
    "weighted_sin": (2, lambda pick, s, t: (), lambda N, p, a, b: N.sin(a) * N.sum(b * b)
                     if N is onp else weighted_sin(a, b)),
}
MIXED = dict(CUSTOM, **{name: OPS[name] for name in [
    "sin", "multiply", "add", "sum", "reshape", "transpose", "getitem", "set", "iadd",
    "iadd_T", "set_flat", "matmul", "tanh"]})


def check_customop_second_order(pick):
    inputs = _inputs(pick, dims=3, size=3)
    steps = draw_program(pick, list(inputs), MIXED)
    weights = _weights(run_program(onp, steps, inputs, MIXED))
    argnums = list(range(len(inputs)))
    ours = [np.array(x) for x in inputs]

    def gradients(*xs):
        out = grad(lambda *ys: loss(np, steps, ys, weights, MIXED), argnum=argnums)(*xs)
        return [onp.asarray(g) for g in _listed(out, argnums)]
    H = hessian(lambda *xs: loss(np, steps, xs, weights, MIXED), argnum=argnums)(*ours)
    H = H if len(inputs) > 1 else [[H]]
    for j in argnums:
        fd = _stable(gradients, inputs, j)
        for i in argnums:
            _compare(H[i][j], fd[i], f"H[{i}][{j}] {steps}")
    return steps


@settings(deadline=None, max_examples=40, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_with_customops_second_order(data):
    check_customop_second_order(_hypothesis_pick(data))
