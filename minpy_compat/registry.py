"""The gradient registry: the only module that writes autograd's VJP table.

Two jobs:

* ``keep_dtypes(fun)`` wraps an autograd primitive's VJPs so a float32 (complex64)
  input gets a float32 (complex64) gradient (autograd returns 64 bits for ``maximum``,
  ``where``, ``mean`` and others, and they then spread through the backward pass), and
  a real input a real one.
* ``set_grad`` / ``set_multiple_grad`` keep one gradient maker per argnum for each
  custom op and republish the whole set to autograd, with a stand-in that raises
  our own message for every argnum left empty.

The dtype casts and the gradient check both jobs use are in ``gradient_dtypes``.
"""
import inspect

from autograd.core import VJPNode, defvjp, defvjp_argnums, primitive_vjps, vspace
from autograd.tracer import getval, isbox, notrace_primitives

from .errors import (GradientShapeError, NoGradientFuncError, TracedValueError, describe,
                     message)
from .gradient_dtypes import _carries_gradient, _cast, _dtype_keeping, _gradient_cast, check_grad
from .tracing import writable

_ops = []           # every custom op, in registration order (tests walk this)
_makers = {}        # op -> {argnum: maker(ans, *args, **kwargs) -> (g -> grad)}
_multi_makers = {}  # op -> [(argnums, maker(ans, *args, **kwargs) -> (g -> tuple))]
_autograd_vjps = {}  # primitive -> autograd's own VJP, before we wrapped it


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
                _argument(fun, name, argnums[0]), "a function with a gradient (the backward "
                "pass of grad reached it)", "one without", "Compute it on x.asnumpy() if no "
                "gradient should flow, or write a customop with def_grad."))
        return raise_when_reached
    primitive_vjps[fun] = refuse


def _argument(fun, name, argnum):
    """``name argument 5 'weights'``: the parameter's name where the function behind
    primitive ``fun`` has a Python signature that names it, else ``name argument 5``."""
    try:
        parameters = list(inspect.signature(getattr(fun, "fun", fun)).parameters.values())
    except (TypeError, ValueError):  # a builtin without a signature
        parameters = []
    positional = [p.name for p in parameters
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if argnum < len(positional):
        return f"{name} argument {argnum} {positional[argnum]!r}"
    return f"{name} argument {argnum}"


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
    user_ans, *user_args = _grad_views(op, (ans, *args))
    user_kwargs = dict(zip(kwargs, _grad_views(op, kwargs.values())))
    # at higher order the op's arguments are traced by an outer grad
    outer = isbox(ans) or any(map(isbox, args)) or any(map(isbox, kwargs.values()))
    # An output of integers or booleans is piecewise constant: an argument with no
    # registered gradient gets zeros (as the facade's counts do), not an error.
    counts_only = not _carries_gradient(ans)
    singles, multis = {}, []
    for argnum in argnums:
        maker = _makers[op].get(argnum)
        if maker is not None:
            singles[argnum] = _run_gradient(
                op, outer, maker, (user_ans, *user_args), user_kwargs,
                f"gradient maker for argument {argnum} {op.arg_name(argnum)!r}")
            continue
        for group, multi in _multi_makers[op]:
            if argnum in group:
                if all(group is not seen for seen, _ in multis):
                    multis.append((group, _run_gradient(
                        op, outer, multi, (user_ans, *user_args), user_kwargs,
                        f"def_multiple_grad maker for arguments {group}")))
                break

    def vjp(g):
        user_g = writable(_grad_views(op, (g,))[0])
        from_multi = {}
        for group, fn in multis:
            grads = _run_gradient(op, outer or isbox(g), fn, (user_g,), {},
                                  f"def_multiple_grad for arguments {group}")
            if not isinstance(grads, (tuple, list)) or len(grads) != len(group):
                raise GradientShapeError(message(
                    f"{op.name} def_multiple_grad", f"a tuple of {len(group)} gradients for "
                    f"arguments {group}", describe(grads)))
            from_multi.update(zip(group, grads))
        out = []
        for argnum in argnums:
            if argnum in singles:
                grad = _run_gradient(op, outer or isbox(g), singles[argnum], (user_g,), {},
                                     f"gradient for argument {argnum} {op.arg_name(argnum)!r}")
            elif argnum in from_multi:
                grad = from_multi[argnum]
            elif counts_only:
                grad = vspace(args[argnum]).zeros()
            else:
                raise NoGradientFuncError(_missing(op, argnum))
            out.append(_checked(op, argnum, grad, args[argnum]))
        return out

    return vjp


def _grad_views(op, values):
    """``values`` as the op's gradient functions receive them (its backend's arrays); a
    backend that refuses one (MXNet at higher order) is named with the op."""
    try:
        return [op.backend.grad_view(value) for value in values]
    except TracedValueError as error:
        raise TracedValueError(f"{op.name}: {error}") from None


def _run_gradient(op, higher_order, fn, args, kwargs, what):
    """``fn(*args, **kwargs)``, a gradient maker or the gradient it made. At higher order the
    op's arguments or ``g`` are traced, and a function written with plain NumPy fails on
    them: the error then names the op and says why."""
    try:
        return fn(*args, **kwargs)
    except TracedValueError as error:
        if not higher_order:
            raise
        raise TracedValueError(message(
            f"{op.name} {what}, differentiated again (a gradient of a gradient)",
            "a gradient function written with minpy_compat.numpy, so it can be "
            "differentiated", f"one that needs plain NumPy data ({error})",
            "Write it with minpy_compat.numpy ops, or differentiate this op only once.")) \
            from error


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
