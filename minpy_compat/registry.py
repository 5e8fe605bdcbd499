"""The gradient registry: the only module that writes autograd's VJP table.

Two jobs:

* ``keep_dtypes(fun)`` wraps an autograd primitive's VJPs so a float32 (complex64)
  input gets a float32 (complex64) gradient (autograd returns 64 bits for ``maximum``,
  ``where``, ``mean`` and others, and they then spread through the backward pass), and
  a real input a real one.
* ``set_grad`` / ``set_multiple_grad`` keep one gradient maker per argnum for each
  custom op and republish the whole set to autograd, with a stand-in that raises
  our own message for every argnum left empty.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.core import VJPNode, defvjp, defvjp_argnums, primitive_vjps, vspace
from autograd.tracer import box_types, getval, isbox, notrace_primitives

from .errors import GradientShapeError, NoGradientFuncError, describe, message
from .tracing import writable

_ops = []           # every custom op, in registration order (tests walk this)
_makers = {}        # op -> {argnum: maker(ans, *args, **kwargs) -> (g -> grad)}
_multi_makers = {}  # op -> [(argnums, maker(ans, *args, **kwargs) -> (g -> tuple))]
_autograd_vjps = {}  # primitive -> autograd's own VJP, before we wrapped it


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


def keep_dtypes(fun):
    """Make the VJPs of autograd primitive ``fun`` return each input's float dtype."""
    vjp_argnums = primitive_vjps.get(fun)
    if vjp_argnums is None or fun in _autograd_vjps:
        return
    _autograd_vjps[fun] = vjp_argnums
    primitive_vjps[fun] = _dtype_keeping(vjp_argnums)


_package_vjps = []  # primitives whose VJPs this package defined or replaced


def package_vjps():
    """Every autograd primitive whose gradient this package registered itself."""
    return list(_package_vjps)


def keep_all_dtypes():
    """``keep_dtypes`` for every primitive autograd knows (helpers like mean's included)."""
    for fun in list(primitive_vjps):
        keep_dtypes(fun)


def define_vjp(fun, *makers, argnums=None):
    """Give autograd primitive ``fun`` its VJPs (one MinPy-shaped maker per argnum, for
    ``argnums`` or else 0, 1, ...)."""
    if argnums is None:
        argnums = range(len(makers))
    _package_vjps.append(fun)
    defvjp(fun, *makers, argnums=argnums)
    _autograd_vjps.pop(fun, None)
    keep_dtypes(fun)


def define_vjp_argnums(fun, vjp_argnums):
    """Give autograd primitive ``fun`` one VJP maker for all its traced arguments at once:
    ``vjp_argnums(argnums, ans, args, kwargs)`` returns ``g -> one gradient per argnum``."""
    _package_vjps.append(fun)
    defvjp_argnums(fun, vjp_argnums)
    _autograd_vjps.pop(fun, None)
    keep_dtypes(fun)


def refuse_gradient(fun, name):
    """Make a traced call of ``fun`` (which has no VJP) give no gradient where none can
    flow, and raise our own message where one should but has no rule.

    An output without float or complex numbers (``bitwise_and``, ``digitize``, ...) is
    piecewise constant in the inputs: its VJP sends zeros. Otherwise the call is recorded
    and the error is raised only if the backward pass reaches it, so a value computed
    along the way (printed, compared, ...) costs nothing.
    """
    if fun in primitive_vjps or fun in notrace_primitives[VJPNode]:
        return

    def refuse(argnums, ans, args, kwargs):
        if not _carries_gradient(ans):
            return lambda g: [vspace(args[argnum]).zeros() for argnum in argnums]

        def raise_when_reached(g):
            raise NoGradientFuncError(message(
                f"{name} argument {argnums[0]}", "a function with a gradient (the backward "
                "pass of grad reached it)", "one without", "Compute it on x.asnumpy() if no "
                "gradient should flow, or write a customop with def_grad."))
        return raise_when_reached
    primitive_vjps[fun] = refuse


def _carries_gradient(value):
    """Whether ``value`` holds float or complex numbers (a gradient can flow through it)."""
    if type(value) in (tuple, list):
        return any(_carries_gradient(v) for v in value)
    value = getval(value)
    if isinstance(value, (float, complex)):
        return True
    dtype = getattr(value, "dtype", None)
    return dtype is not None and dtype.kind in "fc"


def replace_vjp(fun, maker):
    """Give autograd primitive ``fun`` a faster VJP where ``maker`` has one.

    ``maker(argnum, ans, args, kwargs)`` returns ``g -> gradient`` or ``None``
    to use autograd's own VJP for that call (other shapes, other dtypes). The
    gradients ``maker`` builds have the output's dtype; arguments of a narrower float
    dtype get theirs back. One layer, no generators: this runs for every traced op.
    """
    original = _autograd_vjps.pop(fun, None) or primitive_vjps[fun]
    fallback = _dtype_keeping(original)
    _autograd_vjps[fun] = original
    _package_vjps.append(fun)

    def vjp_argnums(argnums, ans, args, kwargs):
        if len(argnums) == 1:
            argnum = argnums[0]
            vjp = maker(argnum, ans, args, kwargs)
            if vjp is None:
                return fallback(argnums, ans, args, kwargs)
            dtype = _gradient_cast(args[argnum], ans)
            if dtype is None:
                return lambda g: (vjp(g),)
            return lambda g: (_cast(vjp(g), dtype),)
        vjps = [maker(argnum, ans, args, kwargs) for argnum in argnums]
        if None in vjps:
            return fallback(argnums, ans, args, kwargs)
        casts = [_gradient_cast(args[argnum], ans) for argnum in argnums]
        if any(casts):
            return lambda g: [_cast(vjp(g), dtype) for vjp, dtype in zip(vjps, casts)]
        if len(vjps) == 2:  # binary ops with both sides traced
            first, second = vjps
            return lambda g: (first(g), second(g))
        return lambda g: [vjp(g) for vjp in vjps]

    primitive_vjps[fun] = vjp_argnums


def prefer_vjp(fun, fast):
    """Try ``fast(argnums, ans, args, kwargs)`` before the VJP ``fun`` has now; ``fast``
    returns ``g -> gradients`` for the calls it covers and None for the rest (see
    ``numpy/fast_vjps.py``). ``general_vjp(fun)`` gives the VJP behind it."""
    general = primitive_vjps[fun]
    if getattr(general, "fast", None) is fast:
        return

    def vjp_argnums(argnums, ans, args, kwargs):
        return fast(argnums, ans, args, kwargs) or general(argnums, ans, args, kwargs)
    vjp_argnums.fast = fast
    vjp_argnums.general = general
    primitive_vjps[fun] = vjp_argnums
    _package_vjps.append(fun)


def general_vjp(fun):
    """The VJP of ``fun`` without its fast path (tests compare the two)."""
    vjp_argnums = primitive_vjps[fun]
    return getattr(vjp_argnums, "general", vjp_argnums)


# ---- custom ops ------------------------------------------------------------------
def all_ops():
    """Every op made by ``customop`` (or the Cell layer), oldest first."""
    return list(_ops)


def register_op(op):
    _ops.append(op)
    _makers[op] = {}
    _multi_makers[op] = []
    _publish(op)


def set_grad(op, argnum, maker):
    _makers[op][argnum] = maker
    _publish(op)


def set_multiple_grad(op, argnums, maker):
    _multi_makers[op] = [(a, m) for a, m in _multi_makers[op] if not set(a) & set(argnums)]
    _multi_makers[op].append((tuple(argnums), maker))
    for argnum in argnums:
        _makers[op].pop(argnum, None)
    _publish(op)


def registered_argnums(op):
    have = set(_makers[op])
    for argnums, _ in _multi_makers[op]:
        have.update(argnums)
    return sorted(have)


def _publish(op):
    defvjp_argnums(op.primitive, lambda argnums, ans, args, kwargs:
                   _backward_for(op, argnums, ans, args, kwargs))


def _backward_for(op, argnums, ans, args, kwargs):
    """Called by autograd at forward time: build ``g -> grads`` for ``argnums``."""
    backend = op.backend
    user_ans = backend.grad_view(ans)
    user_args = [backend.grad_view(a) for a in args]
    user_kwargs = {k: backend.grad_view(v) for k, v in kwargs.items()}
    singles, multis = {}, []
    for argnum in argnums:
        maker = _makers[op].get(argnum)
        if maker is not None:
            singles[argnum] = maker(user_ans, *user_args, **user_kwargs)
            continue
        for group, multi in _multi_makers[op]:
            if argnum in group:
                if all(group is not seen for seen, _ in multis):
                    multis.append((group, multi(user_ans, *user_args, **user_kwargs)))
                break

    def vjp(g):
        user_g = writable(backend.grad_view(g))
        from_multi = {}
        for group, fn in multis:
            grads = fn(user_g)
            if not isinstance(grads, (tuple, list)) or len(grads) != len(group):
                raise GradientShapeError(message(
                    f"{op.name} def_multiple_grad", f"a tuple of {len(group)} gradients for "
                    f"arguments {group}", describe(grads)))
            from_multi.update(zip(group, grads))
        out = []
        for argnum in argnums:
            if argnum in singles:
                grad = singles[argnum](user_g)
            elif argnum in from_multi:
                grad = from_multi[argnum]
            else:
                raise NoGradientFuncError(_missing(op, argnum))
            out.append(_checked(op, argnum, grad, args[argnum]))
        return out

    return vjp


def _checked(op, argnum, grad, arg):
    """``grad`` back from the op's backend and checked; item by item for a list/tuple
    argument (its gradient is a list of gradients, one per item)."""
    items = getval(arg)
    if type(items) not in (list, tuple):
        return check_grad(op, argnum, _grad_from_backend(op.backend, grad, arg), arg)
    if isbox(grad) and type(getval(grad)) in (list, tuple):
        grad = [grad[i] for i in range(len(getval(grad)))]
    if type(grad) not in (list, tuple) or len(grad) != len(items):
        raise GradientShapeError(message(
            f"{op.name} gradient for argument {argnum} {op.arg_name(argnum)!r}",
            f"a list of {len(items)} gradients, one per item", describe(grad),
            f"Return one gradient per item of the {type(items).__name__}."))
    return type(items)(
        check_grad(op, argnum, _grad_from_backend(op.backend, g, item), item, index)
        if _carries_gradient(item) else g for index, (g, item) in enumerate(zip(grad, items)))


def _grad_from_backend(backend, grad, arg):
    # A backend may need the argument to give the gradient its shape (MXNet has no 0-d).
    convert = getattr(backend, "grad_from_backend", None)
    return convert(grad, arg) if convert is not None else backend.from_backend(grad)


def _missing(op, argnum):
    have = ", ".join(map(str, registered_argnums(op))) or "none"
    return message(f"{op.name} argument {argnum} {op.arg_name(argnum)!r}",
                   "a registered gradient", f"none (have {have})",
                   f"Add one with {op.name}.def_grad(fn, argnum={argnum}).")


def check_grad(op, argnum, grad, arg, item=None):
    """A gradient must have its argument's shape and float (or complex) dtype, cast back
    from a wider one (float32 meeting float64 in the op); say where if not."""
    expected_shape = onp.shape(getval(arg))
    got = getval(grad)
    got_shape = onp.shape(got)
    expected_dtype = _float_dtype(arg)
    got_dtype = getattr(got, "dtype", None)
    shape_ok = got_shape == expected_shape
    dtype_ok = expected_dtype is None or got_dtype is None or _fits(got_dtype, expected_dtype)
    if shape_ok and dtype_ok:
        if got_dtype is not None:
            return _cast(grad, expected_dtype)
        if type(grad) is float and expected_dtype is None:
            return grad
        return onp.asarray(grad, dtype=expected_dtype or float)
    where = f"{op.name} gradient for argument {argnum} {op.arg_name(argnum)!r}"
    expected = f"shape {expected_shape} {expected_dtype or onp.result_type(getval(arg))}"
    actual = f"shape {got_shape} {got_dtype or type(got).__name__}"
    raise GradientShapeError(message(
        where if item is None else f"{where} item {item}", expected, actual,
        "Return a gradient with the argument's shape and dtype (a wider float is cast)."))


def _fits(got, expected):
    """Whether a gradient of dtype ``got`` casts to ``expected`` losing nothing the argument
    can hold: float to float, float or complex to complex, of the same or more precision."""
    if got.kind not in ("fc" if expected.kind == "c" else "f"):
        return False
    return got.itemsize // (2 if got.kind == "c" else 1) >= (
        expected.itemsize // (2 if expected.kind == "c" else 1))
