"""customop fixes from the fuzzing pass: traced keywords, list/tuple arguments, mixed float
dtypes, def_multiple_grad's argnums, complex64 gradients, pickling, scalar results."""
import multiprocessing
import pickle

import numpy
import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import Array, customop, grad, nn, registry
from minpy_compat.errors import (ArgnumError, BpropError, BpropTypeError, GradientShapeError,
                                 TracedValueError)

from conftest import check_grad, needs_mxnet

rng = onp.random.RandomState(7)
X = rng.normal(size=(2, 3))
W = rng.normal(size=(2, 3))


# ---- ops (module level: the pickling test finds them by name) ---------------------------------
@customop('numpy')
def mul(x, w):
    return x * w


mul.def_grad(lambda ans, x, w: lambda g: g * w, argnum=0)
mul.def_grad(lambda ans, x, w: lambda g: g * x, argnum=1)


@customop('numpy')
def shifted(x, scale=2.0, shift=0.0):
    return scale * x + shift


shifted.def_grad(lambda ans, x, scale=2.0, shift=0.0: lambda g: g * scale, argnum=0)
shifted.def_grad(lambda ans, x, scale=2.0, shift=0.0: lambda g: numpy.sum(g * x), argnum=1)
shifted.def_grad(lambda ans, x, scale=2.0, shift=0.0: lambda g: g, argnum=2)


@customop('numpy')
def product(xs):
    return xs[0] * xs[1]


product.def_grad(lambda ans, xs: lambda g: [g * xs[1], g * xs[0]])  # written with our ops


@customop('numpy')
def total(x):
    return float(numpy.sum(x))


total.def_grad(lambda ans, x: lambda g: g * numpy.ones_like(x))


# ---- 1. a traced value passed by keyword ---------------------------------------------------
def test_traced_keyword_argument_gets_the_gradient_of_its_position():
    positional = grad(lambda w: np.sum(mul(X, w)))(W)
    onp.testing.assert_array_equal(grad(lambda w: np.sum(mul(X, w=w)))(W), positional)
    onp.testing.assert_array_equal(positional, X)
    check_grad(lambda x, w: mul(x=x, w=w), X, W)


def test_keyword_after_a_defaulted_parameter_keeps_argnum_order():
    # shift is argnum 2 even though scale (argnum 1) is left to its default
    check_grad(lambda x, shift: shifted(x, shift=shift), X, W)
    check_grad(lambda scale: shifted(X, scale=scale), onp.array(3.0))


@pytest.mark.parametrize("define, where", [
    (lambda x, *, factor: x * factor, "keyword argument 'factor'"),
    (lambda x, **extra: x * extra["factor"], "keyword argument 'factor'"),
])
def test_traced_value_in_a_keyword_only_parameter_is_refused(define, where):
    op = customop('numpy')(define)
    op.def_grad(lambda ans, x, **kwargs: lambda g: g)
    with pytest.raises(TracedValueError, match=rf"<lambda> {where}: expected a constant \(a "
                                               r"keyword-only parameter has no argnum.*got a "
                                               r"traced value\. Make 'factor' a positional "
                                               r"parameter of <lambda>"):
        grad(lambda w: np.sum(op(X, factor=w)))(W)
    onp.testing.assert_array_equal(op(X, factor=2.0), X * 2)  # a constant is fine


def test_cell_with_bprop_refuses_a_traced_keyword_only_input():
    class Scaled(nn.Cell):
        def construct(self, x, *, factor):
            return x * factor

        def bprop(self, x, out, dout, *, factor):
            return (dout * factor,)
    with pytest.raises(TracedValueError, match=r"Scaled.construct keyword-only input 'factor': "
                                               r"expected a constant.*got a traced value"):
        grad(lambda w: np.sum(Scaled()(ms.Tensor(X), factor=w)))(W)


@needs_mxnet
def test_mxnet_customop_traced_keyword_argument():
    @customop('mxnet')
    def mx_mul(x, w):
        return x * w
    mx_mul.def_grad(lambda ans, x, w: lambda g: g * x, argnum=1)
    onp.testing.assert_allclose(grad(lambda w: np.sum(mx_mul(X, w=w)))(W), X)


# ---- 2. traced values inside list/tuple arguments --------------------------------------------
def test_list_argument_gets_a_list_of_gradients():
    check_grad(lambda x, y: product([x, y]), X, W)
    check_grad(lambda x, y: product((x, y)), X, W)
    check_grad(lambda x: product([x, np.sin(x)]), X, order=2)


def test_constant_items_in_a_list_argument_need_no_gradient():
    @customop('numpy')
    def pick(xs):
        values, index = xs
        return values[index]
    pick.def_grad(lambda ans, xs: lambda g: [numpy.eye(3)[xs[1]] * g, None])
    onp.testing.assert_array_equal(grad(lambda x: pick([x, 2]))(onp.ones(3)), [0, 0, 1])


def test_registered_list_gradient_is_used():
    @customop('numpy')
    def both(xs):
        return xs[0] + xs[1]
    both.def_grad(lambda ans, xs: lambda g: [3 * g, 5 * g])  # deliberately not the derivative
    gx, gy = grad(lambda x, y: np.sum(both([x, y])), [0, 1])(X, W)
    onp.testing.assert_array_equal(gx, onp.full_like(X, 3))
    onp.testing.assert_array_equal(gy, onp.full_like(W, 5))


@pytest.mark.parametrize("maker, match", [
    (lambda ans, xs: lambda g: g, r"argument 0 'xs': expected a list of 2 gradients, one per "
                                  r"item, got ndarray of shape \(2, 3\)"),
    (lambda ans, xs: lambda g: [g, g[0]], r"argument 0 'xs' item 1: expected shape \(2, 3\) "
                                          r"float64, got shape \(3,\) float64"),
])
def test_wrong_gradient_for_a_list_argument_is_reported(maker, match):
    @customop('numpy')
    def sloppy(xs):
        return xs[0] * xs[1]
    sloppy.def_grad(maker)
    with pytest.raises(GradientShapeError, match=r"sloppy gradient for " + match):
        grad(lambda x: np.sum(sloppy([x, x])))(X)


@pytest.mark.parametrize("wrap_x, got", [
    (lambda x: [[x, x]], r"nested list/tuple or dict"),
    (lambda x: [{"x": x}], r"nested list/tuple or dict"),
    (lambda x: {"x": x}, r"dict"),
])
def test_traced_value_nested_deeper_than_a_flat_list_is_refused(wrap_x, got):
    with pytest.raises(TracedValueError, match=r"product argument 0 'xs': expected an array or "
                                               r"a flat list/tuple of arrays, got a traced value "
                                               rf"inside a {got}\. Pass the arrays as separate"):
        grad(lambda x: np.sum(product(wrap_x(x))))(X)


class Prod(nn.Cell):
    calls = 0

    def construct(self, xs):
        return xs[0] * xs[1]

    def bprop(self, xs, out, dout):
        Prod.calls += 1
        assert type(xs) is tuple
        return ((dout * xs[1], dout * xs[0]),)


def test_cell_with_bprop_and_a_tuple_input_gets_a_tuple_of_gradients():
    before = Prod.calls
    ga, gb = ms.ops.grad(lambda a, b: Prod()((a, b)).sum(), (0, 1))(ms.Tensor(X), ms.Tensor(W))
    assert Prod.calls == before + 1
    onp.testing.assert_allclose(ga, W.astype(onp.float32))
    onp.testing.assert_allclose(gb, X.astype(onp.float32))
    check_grad(lambda a: np.sum(Prod()((a, np.sin(a)))), X, order=2)


def test_cell_tuple_input_gradient_none_means_zeros_and_a_bare_tensor_is_refused():
    class Half(Prod):
        def bprop(self, xs, out, dout):
            return ((dout * xs[1], None),)
    gx, gy = grad(lambda x, y: np.sum(Half()((x, y))), [0, 1])(X, W)
    onp.testing.assert_array_equal(gx, W)
    onp.testing.assert_array_equal(gy, onp.zeros_like(W))

    class Bare(Prod):
        def bprop(self, xs, out, dout):
            return (dout,)
    with pytest.raises(BpropTypeError, match=r"Bare.bprop gradient 0 for 'xs': expected a tuple "
                                             r"of 2 gradients \(one per item of the tuple "
                                             r"input\), got"):
        grad(lambda x: np.sum(Bare()((x, x))))(X)

    class Wrong(Prod):
        def bprop(self, xs, out, dout):
            return ((dout, dout[0]),)
    with pytest.raises(BpropError, match=r"Wrong.bprop gradient 0 for 'xs'\[1\]"):
        grad(lambda x: np.sum(Wrong()((x, x))))(X)


def test_cell_with_bprop_refuses_a_nested_tuple_input():
    class Nested(nn.Cell):
        def construct(self, xs):
            return xs[0][0]

        def bprop(self, xs, out, dout):
            return (((dout,),),)
    with pytest.raises(TracedValueError, match=r"Nested.construct input 0 'xs': expected a "
                                               r"Tensor or a flat tuple of Tensors, got a traced "
                                               r"value inside a nested tuple"):
        grad(lambda x: np.sum(Nested()(((x,),))))(X)


def test_cell_with_bprop_keeps_a_list_input_a_list():
    seen = []

    class Sum(nn.Cell):
        def construct(self, xs):
            return xs[0] + xs[1]

        def bprop(self, xs, out, dout):
            seen.append(type(xs))
            return ([dout, 2 * dout],)
    gx, gy = grad(lambda x, y: np.sum(Sum()([x, y])), [0, 1])(X, W)
    onp.testing.assert_array_equal(gy, 2 * onp.ones_like(W))
    gg = grad(lambda x: np.sum(grad(lambda x: np.sum(Sum()([x, x * x])))(x)))(X)
    onp.testing.assert_allclose(gg, onp.full_like(X, 4.0))
    assert seen == [list, list]


@needs_mxnet
def test_mxnet_customop_list_argument():
    import mxnet as mx

    @customop('mxnet')
    def add_all(xs):
        return mx.nd.add_n(*xs)
    add_all.def_grad(lambda ans, xs: lambda g: [g * (i + 1) for i in range(len(xs))])
    gx, gy = grad(lambda x, y: np.sum(add_all([x, y])), [0, 1])(X, W)
    onp.testing.assert_array_equal(gx, onp.ones_like(X))
    onp.testing.assert_array_equal(gy, 2 * onp.ones_like(W))


# ---- 3. mixed float32 / float64 inputs -------------------------------------------------------
def test_wider_float_gradient_is_cast_to_the_argument_dtype():
    x32 = X.astype(onp.float32)
    g = grad(lambda x: np.sum(mul(x, W)))(x32)
    assert g.dtype == onp.float32
    onp.testing.assert_array_equal(g, W.astype(onp.float32))
    assert grad(lambda w: np.sum(mul(x32, w)))(W).dtype == onp.float64


def test_real_or_wider_gradient_for_a_complex64_argument_is_cast():
    z = (X + 1j * W).astype(onp.complex64)

    @customop('numpy')
    def real_part(z):
        return numpy.real(z)
    real_part.def_grad(lambda ans, z: lambda g: g.astype(onp.float64))  # a real float64 one
    g = grad(lambda z: np.sum(real_part(z)))(z)
    assert g.dtype == onp.complex64
    onp.testing.assert_array_equal(g, onp.ones_like(z))


@pytest.mark.parametrize("dtype, bad, got", [
    (onp.float32, lambda g: g + 0j, "complex64"),
    (onp.float64, lambda g: onp.ones(g.shape, onp.int64), "int64"),
    (onp.complex128, lambda g: g.astype(onp.complex64), "complex64"),
])
def test_gradient_of_another_kind_or_less_precision_is_still_refused(dtype, bad, got):
    @customop('numpy')
    def lossy(x):
        return numpy.abs(x)
    lossy.def_grad(lambda ans, x: bad)
    name = onp.dtype(dtype).name
    with pytest.raises(GradientShapeError, match=rf"lossy gradient for argument 0 'x': expected "
                                                 rf"shape \(2, 3\) {name}, got shape \(2, 3\) "
                                                 rf"{got}"):
        grad(lambda x: np.sum(lossy(x)))(X.astype(dtype))


# ---- 4. def_multiple_grad's argnums ----------------------------------------------------------
@pytest.mark.parametrize("argnums, match", [
    (0, r"expected argnums, a non-empty tuple of ints, got 0\. For one argument use "
        r"def_grad\(fn, argnum\)"),
    ((), r"expected argnums, a non-empty tuple of ints, got \(\)"),
    ((0, 0), r"expected distinct argnums, got \(0, 0\) \(repeats 0\)\. List each argnum once"),
    ((1, 0, 1), r"expected distinct argnums, got \(1, 0, 1\) \(repeats 1\)"),
])
def test_def_multiple_grad_refuses_bad_argnums_at_registration(argnums, match):
    @customop('numpy')
    def pair(x, y):
        return x * y
    with pytest.raises(ArgnumError, match=r"pair.def_multiple_grad: " + match):
        pair.def_multiple_grad(lambda ans, x, y: lambda g: (g * y, g * x), argnums=argnums)
    assert registry.registered_argnums(pair) == []


def test_def_multiple_grad_accepts_a_list():
    @customop('numpy')
    def pair(x, y):
        return x * y
    pair.def_multiple_grad(lambda ans, x, y: lambda g: (g * y, g * x), argnums=[0, 1])
    check_grad(pair, X, W)


# ---- 5. complex64 gradients of built-in ops --------------------------------------------------
Z = (rng.normal(size=(3, 3)) + 1j * rng.normal(size=(3, 3)))
HERMITIAN = Z @ Z.conj().T + 3 * onp.eye(3)
COMPLEX_CASES = [
    ("mean", lambda a: np.real(np.mean(a)), Z),
    ("var", lambda a: np.var(a), Z),
    ("std", lambda a: np.std(a), Z),
    ("max", lambda a: np.real(np.max(np.real(a) * a)), Z[0]),
    ("log10", lambda a: np.real(np.sum(np.log10(a))), Z),
    ("exp2", lambda a: np.real(np.sum(np.exp2(a))), Z),
    ("pinv", lambda a: np.real(np.sum(np.linalg.pinv(a))), Z),
    ("solve", lambda a: np.real(np.sum(np.linalg.solve(a, onp.ones(3)))), Z),
    ("irfft", lambda a: np.sum(np.sin(np.fft.irfft(a))), Z),
    ("eigh", lambda a: np.sum(np.linalg.eigh(a)[0] ** 2), HERMITIAN),
    ("cholesky", lambda a: np.real(np.sum(np.linalg.cholesky(a))), HERMITIAN),
]


@pytest.mark.parametrize("f, z", [c[1:] for c in COMPLEX_CASES], ids=[c[0] for c in COMPLEX_CASES])
def test_complex64_input_gets_a_complex64_gradient(f, z):
    g64 = grad(f)(z.astype(onp.complex64))
    assert g64.dtype == onp.complex64
    onp.testing.assert_allclose(g64, grad(f)(z), rtol=2e-3, atol=2e-4)


@pytest.mark.parametrize("f", [
    lambda a: np.real(np.sum(np.dot(a, W.T * (1 + 2j)))),
    lambda a: np.real(np.sum(np.matmul(a, W.T * (1 - 1j)))),
    lambda a: np.real(np.sum(np.inner(a, W * 1j))),
    lambda a: np.real(np.sum(np.where(a > 0, a * (1 + 2j), a))),
], ids=["dot", "matmul", "inner", "where"])
def test_real_input_meeting_a_complex_operand_gets_a_real_gradient(f):
    assert grad(f)(X.astype(onp.float32)).dtype == onp.float32
    assert grad(f)(X).dtype == onp.float64
    check_grad(f, X)


# ---- 6. pickling, 7. scalar results ----------------------------------------------------------
def test_op_pickles_by_reference():
    assert pickle.loads(pickle.dumps(mul)) is mul
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        got = pool.apply(total, (onp.ones(3),))
    assert float(got) == 3.0


def test_op_defined_in_a_function_does_not_pickle():
    @customop('numpy')
    def local(x):
        return x
    with pytest.raises((pickle.PicklingError, AttributeError), match=r"local"):
        pickle.dumps(local)


def test_python_number_result_is_a_0d_array():
    out = total(X)
    assert type(out) is Array and out.shape == () and float(out) == pytest.approx(X.sum())
    check_grad(total, X)


def test_python_int_result_is_a_0d_array_that_works_under_grad():
    @customop('numpy')
    def positives(x):
        return int(numpy.sum(x > 0))
    positives.def_grad_zero()
    x = onp.array([1.0, -2.0, 3.0])
    assert type(positives(x)) is Array and positives(x) == 2
    onp.testing.assert_array_equal(grad(lambda x: np.sum(x) * positives(x))(x), [2.0] * 3)


@needs_mxnet
def test_mxnet_python_number_result_is_a_0d_array():
    @customop('mxnet')
    def mx_total(x):
        return float(x.sum().asscalar())
    out = mx_total(X)
    assert out.shape == () and float(out) == pytest.approx(X.sum())


# ---- a plain-NumPy gradient differentiated again: the error names the op ---------------
@customop("numpy")
def cube_plain(x):
    return x ** 3


cube_plain.def_grad(lambda ans, x: lambda g: g * 3 * numpy.square(numpy.asarray(x)))


@customop("numpy")
def cube_both(x, y):
    return x ** 3 + y


cube_both.def_multiple_grad(
    lambda ans, x, y: lambda g: (g * 3 * np.square(x), numpy.asarray(g) * 1.0), argnums=(0, 1))


def test_second_order_through_a_plain_numpy_gradient_names_the_op():
    first = grad(lambda x: np.sum(cube_plain(x)))
    assert onp.allclose(first(X), 3 * X ** 2)  # first order: plain NumPy is fine
    with pytest.raises(TracedValueError, match=r"cube_plain gradient for argument 0 'x', "
                                               r"differentiated again .*expected a gradient "
                                               r"function written with minpy_compat.numpy"):
        grad(lambda x: np.sum(first(x)))(X)
    assert onp.allclose(first(X), 3 * X ** 2)  # and nothing is left behind


def test_second_order_failing_in_the_gradient_itself_names_the_op_and_group():
    first = grad(lambda y, x: np.sum(cube_both(x, y) * y))
    with pytest.raises(TracedValueError, match=r"cube_both def_multiple_grad for arguments "
                                               r"\(0, 1\), differentiated again"):
        grad(lambda y: np.sum(first(y, X)))(W)


@needs_mxnet
def test_second_order_through_an_mxnet_customop_names_the_op():
    @customop("mxnet")
    def squared_on_mxnet(x):
        return x * x
    squared_on_mxnet.def_grad(lambda ans, x: lambda g: 2 * g * x)
    first = grad(lambda x: np.sum(squared_on_mxnet(x)))
    assert onp.allclose(first(X), 2 * X)
    with pytest.raises(TracedValueError, match=r"squared_on_mxnet: customop\('mxnet'\) gradient: "
                                               r"expected a first-order gradient"):
        grad(lambda x: np.sum(first(x)))(X)
