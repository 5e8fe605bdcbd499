"""The gradient registry: the only module that writes autograd's VJP table.

Two jobs:

* ``keep_dtypes(fun)`` wraps an autograd primitive's VJPs so a float32 (complex64)
  input gets a float32 (complex64) gradient (autograd returns 64 bits for ``maximum``,
  ``where``, ``mean`` and others, and they then spread through the backward pass), and
  a real input a real one.
* ``set_grad`` / ``set_multiple_grad`` keep one gradient maker per argnum for each
  custom op and republish the whole set to autograd, with a stand-in that raises
  our own message for every argnum left empty (the VJP itself is built by
  ``customop_vjp``).

The dtype casts and the gradient check both jobs use are in ``gradient_dtypes``.
"""
import inspect
import itertools
import weakref

from autograd.core import VJPNode, defvjp, defvjp_argnums, primitive_vjps, vspace
from autograd.tracer import notrace_primitives

from .customop_vjp import customop_vjp
from .errors import NoGradientFuncError, message
from .gradient_dtypes import _carries_gradient, _cast, _dtype_keeping, _gradient_cast

# Custom ops are held weakly: an op made in a loop (``ops.Custom`` in ``construct``, a
# ``@customop`` inside a function) goes, with its VJP entry, when its last user drops it.
_ops = weakref.WeakValueDictionary()    # registration number -> live custom op (tests walk it)
_numbers = itertools.count()
# Each op keeps its own gradient makers (a maker may hold the op, as ``ops.Custom``'s
# bound methods do, so no module-level table may hold them):
#   op._grad_makers: {argnum: maker(ans, *args, **kwargs) -> (g -> grad)}
#   op._grad_groups: [(argnums, maker(ans, *args, **kwargs) -> (g -> tuple))]
#   op._binds_as_called: {(maker, positional count, keywords): whether it binds as called}
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
    """Every live op made by ``customop`` (or the Cell layer), oldest first."""
    return [op for _, op in sorted(_ops.items(), key=lambda item: item[0])]


def register_op(op):
    _ops[next(_numbers)] = op
    op._grad_makers = {}
    op._grad_groups = []
    op._binds_as_called = {}  # see customop_vjp._maker_arguments
    weakref.finalize(op, _forget, op.primitive)  # op.primitive holds the op weakly
    _publish(op)


def _forget(primitive):
    """Drop a collected op's entries from autograd's VJP table."""
    primitive_vjps.pop(primitive, None)
    _autograd_vjps.pop(primitive, None)


def set_grad(op, argnum, maker):
    op._grad_makers[argnum] = maker
    _publish(op)


def set_multiple_grad(op, argnums, maker):
    op._grad_groups = [(a, m) for a, m in op._grad_groups if not set(a) & set(argnums)]
    op._grad_groups.append((tuple(argnums), maker))
    for argnum in argnums:
        op._grad_makers.pop(argnum, None)
    _publish(op)


def registered_argnums(op):
    have = set(op._grad_makers)
    for argnums, _ in op._grad_groups:
        have.update(argnums)
    return sorted(have)


def _publish(op):
    ref = weakref.ref(op)  # autograd's table keeps this for as long as the op lives

    def vjp_argnums(argnums, ans, args, kwargs):
        live = ref()
        return customop_vjp(live, live._grad_makers, live._grad_groups, argnums, ans, args,
                            kwargs)
    defvjp_argnums(op.primitive, vjp_argnums)
