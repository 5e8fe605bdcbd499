"""The dtype a gradient must come back in, shared by the registry's two jobs: the casts
that give a float32 (complex64) input a float32 (complex64) gradient and a real input a
real one (``_dtype_keeping`` wraps autograd's VJPs with them), whether a value can carry a
gradient at all, and ``check_grad``, the shape and dtype check of a custom op's gradient.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import box_types, getval

from .errors import GradientShapeError, message


def _float_dtype(value):
    dtype = getattr(getval(value), "dtype", None)
    return dtype if dtype is not None and dtype.kind in "fc" else None


def _cast(grad, dtype):
    if dtype is None:
        return grad
    raw = getval(grad)
    raw_dtype = getattr(raw, "dtype", None)
    if raw_dtype is None or raw_dtype == dtype:
        return grad
    if raw_dtype.kind == "c" and dtype.kind != "c":
        grad = anp.real(grad)  # autograd's match_complex: a real input's gradient is real
    return grad.astype(dtype)


def _gradient_cast(arg, ans, trusted=True):
    """The dtype ``arg``'s gradient must be cast to, or None.

    A float or complex argument's gradient must have its dtype. VJPs give gradients in
    the output's dtype, so only an argument of another dtype needs a cast: float32 meeting
    float64, or a float64 0-d value that NumPy 1.x's value-based casting let a float32
    array win over. ``trusted=False`` is for autograd's own VJPs, which promote narrow
    types (float16 'e', float32 'f', complex64 'F') to 64 bits even when the output is
    narrow: those are always cast back. Plain loops: this runs for every traced argument
    of every op.
    """
    while type(arg) in box_types:
        arg = arg._value
    dtype = getattr(arg, "dtype", None)
    if dtype is None or dtype.kind not in "fc":
        return None
    if not trusted and dtype.char in "efF":
        return dtype
    while type(ans) in box_types:
        ans = ans._value
    return None if dtype == getattr(ans, "dtype", None) else dtype


def _dtype_keeping(vjp_argnums):
    """autograd's ``vjp_argnums`` with every real float argument's gradient cast back to
    its dtype (autograd's VJPs promote narrow floats, so those are always cast)."""
    def dtype_keeping_vjp_argnums(argnums, ans, args, kwargs):
        vjp = vjp_argnums(argnums, ans, args, kwargs)
        casts = [_gradient_cast(args[argnum], ans, trusted=False) for argnum in argnums]
        if not any(casts):
            return vjp
        return lambda g: [_cast(grad, dtype) for grad, dtype in zip(vjp(g), casts)]
    return dtype_keeping_vjp_argnums


def _carries_gradient(value):
    """Whether ``value`` holds float or complex numbers (a gradient can flow through it)."""
    if type(value) in (tuple, list):
        return any(_carries_gradient(v) for v in value)
    if type(value) is dict:
        return any(_carries_gradient(v) for v in value.values())
    value = getval(value)
    if isinstance(value, (float, complex)):
        return True
    dtype = getattr(value, "dtype", None)
    return dtype is not None and dtype.kind in "fc"


def check_grad(op, argnum, grad, arg, item=None):
    """A gradient must have its argument's shape and float (or complex) dtype, cast back
    from a wider one (float32 meeting float64 in the op); say where if not."""
    expected_shape = onp.shape(getval(arg))
    got = getval(grad)
    got_shape = onp.shape(got)
    expected_dtype = _float_dtype(arg)
    got_dtype = getattr(got, "dtype", None)
    # without a dtype only a number is a gradient (None would become nan, a str fail)
    number = got_dtype is not None or type(got) in (int, float, complex)
    shape_ok = got_shape == expected_shape
    dtype_ok = expected_dtype is None or got_dtype is None or _fits(got_dtype, expected_dtype)
    if number and shape_ok and dtype_ok:
        if got_dtype is not None:
            return _cast(grad, expected_dtype)
        if type(grad) is float and expected_dtype is None:
            return grad
        return onp.asarray(grad, dtype=expected_dtype or float)
    where = f"{op.name} gradient for argument {argnum} {op.arg_name(argnum)!r}"
    expected = f"shape {expected_shape} {expected_dtype or onp.result_type(getval(arg))}"
    actual = f"shape {got_shape} {got_dtype or type(got).__name__}"
    fix = "Return a gradient with the argument's shape and dtype (a wider float is cast)."
    if not number:
        actual = "None" if got is None else f"a {type(got).__name__} {got!r}"[:200]
        fix = (f"Return an array of the argument's shape (zeros where it has no gradient, "
               f"or use def_grad_zero(argnum={argnum})).")
    raise GradientShapeError(message(
        where if item is None else f"{where} item {item}", expected, actual, fix))


def _fits(got, expected):
    """Whether a gradient of dtype ``got`` casts to ``expected`` losing nothing the argument
    can hold: float to float, float or complex to complex, of the same or more precision."""
    if got.kind not in ("fc" if expected.kind == "c" else "f"):
        return False
    return got.itemsize // (2 if got.kind == "c" else 1) >= (
        expected.itemsize // (2 if expected.kind == "c" else 1))
