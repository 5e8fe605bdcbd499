"""customop fuzzing, round 3: list results (arrays of different shapes), results that are
bools, NumPy scalars or untraceable, gradients that are not numbers, MXNet's refused
arguments named, MXArray.flags, argnums given by name."""
import numpy as onp
import pytest
from autograd import elementwise_grad, jacobian

import minpy_compat.numpy as np
from minpy_compat import Array, customop, grad
from minpy_compat.errors import ArgnumError, BackendError, GradientShapeError, OutputTypeError

from conftest import check_grad
from mxnet_helpers import need_mxnet

rng = onp.random.RandomState(13)
X = rng.normal(size=5)


# ---- 1. a list result: kept a list, each item traced on its own ------------------------------
@customop('numpy')
def head_and_tail(x):
    return [x[:2] * 2.0, (x[2:] ** 2).reshape(1, -1)]


head_and_tail.def_grad(lambda ans, x: lambda g: onp.concatenate(
    [2.0 * g[0], 2.0 * x[2:] * g[1].ravel()]))


@customop('numpy')
def twice_over(x):
    return [x, 3.0 * x]


twice_over.def_grad(lambda ans, x: lambda g: g[0] + 3.0 * g[1])


def test_list_of_arrays_of_different_shapes_is_a_list_of_arrays():
    got = head_and_tail(X)
    assert type(got) is list and [type(item) for item in got] == [Array, Array]
    onp.testing.assert_allclose(got[0], X[:2] * 2.0)
    onp.testing.assert_allclose(got[1], (X[2:] ** 2).reshape(1, -1))


def test_list_result_items_are_differentiable_and_their_gradients_add_up():
    def loss(x):
        first, second = head_and_tail(x)
        return np.sum(first * first) + 3.0 * np.sum(second)
    check_grad(loss, X)
    both = grad(lambda x: np.sum(head_and_tail(x)[0]) + np.sum(head_and_tail(x)[1]))(X)
    onp.testing.assert_allclose(both, onp.concatenate([[2.0, 2.0], 2.0 * X[2:]]))


def test_list_of_same_shaped_arrays_is_a_list_too():
    got = twice_over(X)
    assert type(got) is list and len(got) == 2 and type(got[1]) is Array
    onp.testing.assert_allclose(grad(lambda x: np.sum(twice_over(x)[1]))(X), 3.0 * onp.ones(5))
    check_grad(lambda x: np.sum(twice_over(x)[0] * twice_over(x)[1]), X)


def test_list_result_under_jacobian_and_elementwise_grad():
    onp.testing.assert_allclose(jacobian(lambda x: head_and_tail(x)[0])(X)[:, :2],
                                2.0 * onp.eye(2))
    onp.testing.assert_allclose(elementwise_grad(lambda x: head_and_tail(x)[1])(X),
                                onp.concatenate([[0.0, 0.0], 2.0 * X[2:]]))


def test_list_result_keeps_float32_and_its_gradient_is_float32():
    x32 = X.astype(onp.float32)
    assert [item.dtype for item in head_and_tail(x32)] == [onp.float32, onp.float32]
    assert grad(lambda x: np.sum(head_and_tail(x)[1]))(x32).dtype == onp.float32


# ---- 5. results that are bools, NumPy scalars, or nothing grad can trace ---------------------
@pytest.mark.parametrize("result", [lambda x: bool(x.sum() > -100), lambda x: onp.all(x > -100),
                                    lambda x: onp.argmax(x)], ids=["bool", "np.bool_", "np.int64"])
def test_scalar_results_without_float_numbers_work_under_grad(result):
    op = customop('numpy')(result)
    assert type(op(X)) is Array and op(X).shape == ()
    got = grad(lambda x: np.sum(x * x) * (1.0 + 0.0 * op(x)))(X)
    onp.testing.assert_allclose(got, 2.0 * X)


@customop('numpy')
def scaled_with_index(x):
    return 2.0 * x, onp.argmax(x)


scaled_with_index.def_grad(lambda ans, x: lambda g: 2.0 * g[0])


def test_tuple_result_holding_a_numpy_integer_works_under_grad():
    check_grad(lambda x: np.sum(scaled_with_index(x)[0] ** 2), X)
    assert int(scaled_with_index(X)[1]) == int(onp.argmax(X))


@pytest.mark.parametrize("result, got", [
    (lambda x: None, "got None"),
    (lambda x: "done", "got a str 'done'"),
    (lambda x: (x, None), r"got None at \[1\] of a tuple"),
    (lambda x: {"y": x, "note": "n"}, r"got a str 'n' at \['note'\] of a dict"),
], ids=["None", "str", "None in tuple", "str in dict"])
def test_untraceable_result_under_grad_names_the_op(result, got):
    result.__name__ = "logged"
    op = customop('numpy')(result)
    op.def_grad(lambda ans, x: lambda g: g)
    with pytest.raises(OutputTypeError, match=r"logged result under grad: expected arrays or "
                       rf"numbers .*, {got}\. Return arrays"):
        grad(lambda x: np.sum(x) + (op(x) is None))(X)


# ---- 2. a gradient that is not a number -----------------------------------------------------
@pytest.mark.parametrize("returned, got", [(None, "got None"), ("zero", "got a str 'zero'"),
                                           (True, "got a bool True")])
@pytest.mark.parametrize("y", [onp.ones(3), 2.0], ids=["array", "scalar"])
def test_gradient_that_is_not_a_number_is_named(returned, got, y):
    @customop('numpy')
    def times(x, y):
        return x * y
    times.def_grad(lambda ans, x, y: lambda g: returned, argnum=1)
    with pytest.raises(GradientShapeError, match=rf"times gradient for argument 1 'y': expected "
                       rf"shape \(3?,?\) float64, {got}\. .*def_grad_zero\(argnum=1\)"):
        grad(lambda y: np.sum(times(onp.ones(3), y)))(y)


# ---- def_grad with a parameter's name -------------------------------------------------------
@customop('numpy')
def scale(x, *, factor=2.0):
    return factor * x


@pytest.mark.parametrize("argnum, fix", [
    ("x", r"got 'x'\. argnum is a position: argnum=0 for 'x'\."),
    ("factor", r"got 'factor'\. 'factor' is keyword-only, so it has no argnum"),
])
def test_def_grad_with_a_parameter_name_says_what_to_pass(argnum, fix):
    with pytest.raises(ArgnumError,
                       match=rf"scale\.def_grad: expected argnum 0\.\.0 \(x\), {fix}"):
        scale.def_grad(lambda ans, x, factor=2.0: lambda g: factor * g, argnum=argnum)


# ---- 3. and 4. MXNet ------------------------------------------------------------------------
@pytest.fixture
def mx():
    return need_mxnet()


@pytest.fixture
def add_op(mx):
    @customop('mxnet')
    def add(x, y):
        return x + y
    add.def_grad(lambda ans, x, y: lambda g: g, argnum=0)
    return add


@pytest.mark.parametrize("call, where, got", [
    (lambda op: op(onp.ones(3), onp.ones(3, onp.uint16)), "argument 1 'y'", r"\(3,\) uint16"),
    (lambda op: op(onp.ones(2, onp.complex128), onp.ones(2)), "argument 0 'x'",
     r"\(2,\) complex128"),
    (lambda op: op(onp.ones(3), y=onp.ones(0)), "keyword argument 'y'", r"\(0,\) float64"),
], ids=["uint16", "complex", "empty keyword"])
def test_mxnet_refused_argument_names_op_and_argument(add_op, call, where, got):
    with pytest.raises(BackendError, match=rf"add \(customop\('mxnet'\)\) {where}: expected a "
                       rf"non-empty array of a dtype MXNet has .*got shape {got}\."):
        call(add_op)


def test_mxnet_refused_item_of_a_list_argument_is_named(mx):
    @customop('mxnet')
    def total(xs):
        return xs[0] + xs[1]
    with pytest.raises(BackendError, match=r"total \(customop\('mxnet'\)\) argument 0 'xs' item "
                       r"1: expected a non-empty array .*got shape \(2,\) int16\."):
        total([onp.ones(2), onp.ones(2, onp.int16)])


def test_mxnet_list_result_is_a_list_and_differentiable(mx):
    @customop('mxnet')
    def head_and_rest(x):
        return [x[0:2] * 2, x[2:5].reshape((1, 3))]
    head_and_rest.def_grad(lambda ans, x: lambda g: mx.nd.concat(
        g[0] * 2, g[1].reshape((3,)), dim=0))
    got = head_and_rest(X)
    assert type(got) is list and got[1].shape == (1, 3)
    check_grad(lambda x: np.sum(head_and_rest(x)[0] ** 2) + 3.0 * np.sum(head_and_rest(x)[1]),
               X)


def test_mxnet_bool_result_works_under_grad(mx):
    positive = customop('mxnet')(lambda x: True)
    assert positive(X).shape == () and bool(positive(X))
    onp.testing.assert_allclose(grad(lambda x: np.sum(x) * positive(x))(X), onp.ones(5))


def test_mxarray_flags_say_it_is_writeable(mx):
    from minpy_compat.backends import mxnet_backend
    a = mxnet_backend.array(onp.arange(6.0).reshape(2, 3))
    repr(a)  # the read-only NumPy cache exists: the flags must not describe it
    flags = a.flags
    assert flags.writeable and flags["WRITEABLE"] and flags.owndata and flags.c_contiguous
    assert not flags.f_contiguous and mxnet_backend.array(onp.ones((1, 3))).flags.f_contiguous
    assert "WRITEABLE : True" in repr(flags)
    a[0, 0] = 7.0
    assert a[0, 0] == 7.0 and not a[0].flags.owndata
    with pytest.raises(ValueError, match=r"MXArray\.flags\.writeable: expected True .*got False"):
        a.flags.writeable = False
    with pytest.raises(AttributeError, match=r"MXArray\.flags\.c_contiguous: expected a flag"):
        a.flags.c_contiguous = False


# ---- a dict (or a list inside a tuple) returned straight from the differentiated function ----
def _nested_op(backend):
    @customop(backend)
    def nested(x):
        return {"double": x * 2, "parts": [x * 3, (x * x).sum()]}
    nested.def_grad(lambda ans, x: lambda g: g["double"] * 2 + g["parts"][0] * 3
                    + 2 * x * g["parts"][1])
    return nested


def test_a_dict_result_returned_as_the_output_adds_up_its_items_gradients():
    """Under grad a customop's dict result is a real dict of traced items, so returning it
    seeds every item with ones (the gradients add up, as a tuple's do); before, the traced
    dict itself was seeded with a scalar 1.0 and the maker's g['double'] failed."""
    nested = _nested_op("numpy")
    x = onp.array([0.5, -1.5, 2.0])
    got = grad(lambda v: nested(v))(x)
    onp.testing.assert_allclose(got, 2 + 3 + 2 * x)
    check_grad(lambda v: np.sum(nested(v)["double"]) + np.sum(nested(v)["parts"][0])
               + nested(v)["parts"][1], x)
    assert type(nested(x)) is dict and type(nested(x)["parts"]) is list


def test_a_dict_result_of_an_mxnet_customop_returned_as_the_output():
    need_mxnet()
    nested = _nested_op("mxnet")
    x = onp.array([0.5, -1.5, 2.0], dtype=onp.float32)
    got = grad(lambda v: nested(v))(x)
    onp.testing.assert_allclose(got, 2 + 3 + 2 * x, rtol=1e-6)
    assert got.dtype == onp.float32
