"""``grad``'s shorter path for a training loop's arguments (``traced_call.plain_gradients``):
the gradients, outputs and errors of the general path (``trace_call``), bit for bit."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, grad_and_loss, value_and_grad
from minpy_compat.arguments import plain_template
from minpy_compat.array import Array, Number
from minpy_compat.errors import ArgnumError, OutputTypeError
from minpy_compat.traced_call import plain_gradients, trace_call
from minpy_compat.tracing import seed_like
from minpy_compat.trees import tree_leaves

_rng = onp.random.RandomState(0)


def _mat(*shape, dtype=onp.float64):
    return _rng.randn(*shape).astype(dtype)


def _loss(params, data):
    """A small MLP loss over ``params`` in any of the structures below."""
    total = 0
    for leaf in tree_leaves(params):
        total = total + np.sum(np.tanh(np.dot(data[:, :leaf.shape[0]], leaf)) ** 2
                               if leaf.ndim == 2 else np.exp(leaf))
    return total


_STRUCTURES = {
    "array": lambda dtype: _mat(3, 2, dtype=dtype),
    "Array": lambda dtype: _mat(3, 2, dtype=dtype).view(Array),
    "list of arrays": lambda dtype: [_mat(3, 2, dtype=dtype), _mat(2, dtype=dtype)],
    "tuple of arrays": lambda dtype: (_mat(3, 2, dtype=dtype), _mat(2, dtype=dtype)),
    "list of (w, b)": lambda dtype: [(_mat(3, 4, dtype=dtype), _mat(4, dtype=dtype)),
                                     (_mat(4, 2, dtype=dtype).view(Array), _mat(2, dtype=dtype))],
    "tuple of [w, b]": lambda dtype: ([_mat(3, 2, dtype=dtype), _mat(2, dtype=dtype)],),
    "mixed": lambda dtype: [_mat(3, 2, dtype=dtype),
                            (_mat(2, dtype=dtype), _mat(4, 2, dtype=dtype))],
}


def _general(func, argnum, args, keep_output):
    """The general path's gradients (as Arrays, in the argument's structure) and output."""
    vjp, end_value, output, _ = trace_call(func, (argnum,), args, {}, keep_output=keep_output)
    return vjp(seed_like(end_value), wrapped=True)[0], output


def _same(ours, theirs):
    assert type(ours) is type(theirs)
    if isinstance(ours, (list, tuple)):
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _same(a, b)
    else:
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
        assert ours.tobytes() == theirs.tobytes()
        assert ours.flags.writeable


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32, onp.float16])
@pytest.mark.parametrize("name", sorted(_STRUCTURES))
def test_the_plain_path_gives_the_general_paths_gradients_and_output(name, dtype):
    params, data = _STRUCTURES[name](dtype), _mat(5, 4, dtype=dtype) * dtype(0.3)
    assert plain_template(params, []) is not None  # this argument takes the plain path
    for keep_output in (False, True):
        grads, output = plain_gradients(_loss, 0, (params, data), "grad", keep_output)
        general_grads, general_output = _general(_loss, 0, (params, data), keep_output)
        _same(grads, general_grads)
        assert all(type(g) is Array and g.dtype == dtype for g in tree_leaves(grads))
        if keep_output:
            assert float(output) == float(general_output)
        else:
            assert output is None and general_output is None


@pytest.mark.parametrize("name", sorted(_STRUCTURES))
def test_grad_and_its_relatives_take_the_plain_path_and_keep_their_forms(name, monkeypatch):
    params, data = _STRUCTURES[name](onp.float64), _mat(5, 4)
    expected, _ = _general(_loss, 0, (params, data), False)
    taken = []
    from minpy_compat import core
    original = core.plain_gradients
    monkeypatch.setattr(core, "plain_gradients", lambda *a: taken.append(1) or original(*a))
    _same(grad(_loss)(params, data), expected)
    g, loss = grad_and_loss(_loss)(params, data)
    value, g2 = value_and_grad(_loss, [0])(params, data)
    _same(g, expected), _same(g2, expected)
    assert type(loss) is Array and float(loss) == float(value) == float(_loss(params, data))
    assert len(taken) == 3


def test_the_gradient_of_a_float32_parameter_list_stays_float32_and_matches_the_math():
    w, b = _mat(3, 2, dtype=onp.float32), _mat(2, dtype=onp.float32)
    x = _mat(4, 3, dtype=onp.float32)
    gw, gb = grad(lambda p: np.sum((np.dot(x, p[0]) + p[1]) ** 2))([w, b])
    residual = 2 * (x.astype(onp.float64) @ w + b)
    assert gw.dtype == gb.dtype == onp.float32
    onp.testing.assert_allclose(gw, x.T @ residual, rtol=1e-5)
    onp.testing.assert_allclose(gb, residual.sum(axis=0), rtol=1e-5)


@pytest.mark.parametrize("argument", [
    onp.arange(3),  # an integer array: differentiated as float64
    [1.0, 2.0],  # Python floats: Numbers come back
    {"w": onp.ones(2)},  # a dict
    [[(onp.ones(2),)]],  # deeper than two levels
    [onp.ones(2), 1.0],  # a float beside an array
    [(onp.ones(2), None)],  # a constant inside
    [()],  # an empty inner tuple
    onp.ones(2, complex),  # complex leaves
])
def test_other_arguments_take_the_general_path_with_its_rules(argument):
    assert plain_template(argument, []) is None

    def loss(p):
        return sum(np.sum(np.sin(leaf)) for leaf in tree_leaves(p) if leaf is not None).real
    result = grad(loss)(argument)
    leaves = [leaf for leaf in tree_leaves(argument) if leaf is not None]
    for g, leaf in zip(tree_leaves(result), leaves):
        onp.testing.assert_allclose(onp.real(g), onp.cos(onp.real(leaf)))
        if type(leaf) is float:
            assert type(g) is Number


def test_a_traced_argument_takes_the_general_path_so_higher_order_works():
    x = onp.array([0.3, -1.2])
    second = grad(lambda v: np.sum(grad(lambda u: np.sum(np.sin(u) ** 2))(v)))(x)
    onp.testing.assert_allclose(second, 2 * onp.cos(2 * x))


def test_the_plain_paths_errors_are_the_general_paths():
    x = onp.ones(3)
    with pytest.raises(OutputTypeError, match=r"grad\(<lambda>\): expected a real output"):
        grad(lambda v: np.sum(v) * 1j)(x)
    with pytest.raises(OutputTypeError, match=r"does the function end without a return"):
        grad(lambda v: None)(x)
    with pytest.raises(OutputTypeError, match=r"the output of <lambda>: expected numbers"):
        grad(lambda v: np.array(["a"]))(x)
    with pytest.raises(ArgnumError, match=r"expected argnum in 0\.\.0 for a call with 1"):
        grad(lambda v: np.sum(v), 3)(x)
    # a raise inside the trace leaves nothing behind: the next call is answered as usual
    with pytest.raises(ZeroDivisionError):
        grad(lambda v: 1 / 0)(x)
    onp.testing.assert_array_equal(grad(lambda v: np.sum(v * v))(x), 2 * x)


def test_a_tuple_output_adds_up_and_an_unused_argument_gets_zeros():
    w, v = onp.array([1.0, 2.0]), onp.array([3.0])
    g = grad(lambda p: (np.sum(p[0] ** 2), np.sum(p[0])))([w, v])
    onp.testing.assert_array_equal(g[0], 2 * w + 1)
    onp.testing.assert_array_equal(g[1], onp.zeros(1))
    assert type(g) is list and g[1].flags.writeable
    g0 = grad(lambda p: 3.0)(w)
    assert type(g0) is Array and not g0.any() and g0.shape == w.shape


def test_gradients_are_new_arrays_never_the_arguments():
    w = onp.array([1.0, 2.0])
    g = grad(lambda p: np.sum(p[0]))([w])[0]
    g += 1
    onp.testing.assert_array_equal(w, [1.0, 2.0])
    assert not onp.shares_memory(g, w)


def test_a_negative_argnum_takes_the_plain_path():
    x, y = onp.array([1.0, 2.0]), onp.array([3.0, 4.0])
    onp.testing.assert_array_equal(grad(lambda a, b: np.sum(a * b), -1)(x, y), x)


@pytest.mark.parametrize("make", [lambda x: x, lambda x: (x,)])
def test_more_leaves_than_the_plain_path_indexes_take_the_general_path(make):
    xs = [make(onp.full(2, float(i))) for i in range(300)]
    assert plain_template(xs, []) is None
    grads = grad(lambda p: sum(np.sum(leaf ** 2) for leaf in tree_leaves(p)))(xs)
    for i, g in enumerate(tree_leaves(grads)):
        onp.testing.assert_array_equal(g, onp.full(2, 2.0 * i))
