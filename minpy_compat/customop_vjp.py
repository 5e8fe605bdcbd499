"""The VJP of a custom op (``customop``, a Cell with ``bprop``), built when autograd
records a call: the user's gradient makers run on the op's backend's arrays, their
gradients come back checked (shape, dtype, one per item of a list argument), and an
argument without a registered gradient is named when the backward pass reaches it.
``registry`` keeps the makers and publishes this VJP to autograd.
"""
import inspect

from autograd.core import vspace
from autograd.tracer import Box, getval, isbox

from .errors import (GradientShapeError, NoGradientFuncError, OutputTypeError, TracedValueError,
                     describe, message)
from .gradient_dtypes import _carries_gradient, check_grad
from .tracing import writable


def customop_vjp(op, makers, groups, argnums, ans, args, kwargs):
    """Called by autograd at forward time: build ``g -> grads`` for ``argnums``, from
    ``makers`` (``{argnum: maker}``) and ``groups`` (``[(argnums, maker)]``, one gradient
    function for several arguments)."""
    if not _traceable(ans):
        raise OutputTypeError(message(
            f"{op.name} result under grad", "arrays or numbers (alone, or in a tuple, list or "
            "dict)", _untraceable(ans), "Return arrays; compute other values outside the op."))
    user_ans, *user_args = _grad_views(op, (ans, *args))
    user_kwargs = dict(zip(kwargs, _grad_views(op, kwargs.values())))
    # at higher order the op's arguments are traced by an outer grad
    outer = isbox(ans) or any(map(isbox, args)) or any(map(isbox, kwargs.values()))
    # An output of integers or booleans is piecewise constant: an argument with no
    # registered gradient gets zeros (as the facade's counts do), not an error.
    counts_only = not _carries_gradient(ans)
    singles, multis = {}, []
    for argnum in argnums:
        maker = makers.get(argnum)
        if maker is not None:
            what = f"gradient maker for argument {argnum} {op.arg_name(argnum)!r}"
            maker_args, maker_kwargs = _maker_arguments(op, maker, user_args, user_kwargs)
            singles[argnum] = _made(op, what, _run_gradient(
                op, outer, maker, (user_ans, *maker_args), maker_kwargs, what))
            continue
        for group, multi in groups:
            if argnum in group:
                if all(group is not seen for seen, _ in multis):
                    what = f"def_multiple_grad maker for arguments {group}"
                    maker_args, maker_kwargs = _maker_arguments(op, multi, user_args,
                                                                user_kwargs)
                    multis.append((group, _made(op, what, _run_gradient(
                        op, outer, multi, (user_ans, *maker_args), maker_kwargs, what))))
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
                raise NoGradientFuncError(_missing(op, argnum, makers, groups))
            out.append(_checked(op, argnum, grad, args[argnum]))
        return out

    return vjp


def _maker_arguments(op, maker, args, kwargs):
    """The arguments after ``ans`` that ``maker`` gets: the op's, as called (MinPy's rule);
    or, when the call left parameters to their defaults and the maker names them
    (``def f(x, y=1.0)`` called as ``f(a)``, maker ``lambda ans, x, y: ...``), the call with
    those defaults filled in, so the maker sees ``y`` rather than failing on it."""
    key = (maker, len(args), tuple(kwargs))  # cached on the op: it goes with the op
    as_is = op._binds_as_called.get(key)
    if as_is is None:
        try:
            signature = inspect.signature(maker)
        except (TypeError, ValueError):  # a builtin without one: call it as MinPy did
            signature = None
        as_is = op._binds_as_called[key] = (
            signature is None or op._signature is None or
            _binds(signature, (None, *args), kwargs))
    if as_is:
        return args, kwargs
    try:
        bound = op._signature.bind(*args, **kwargs)
    except TypeError:  # the op's own call would have failed first; keep the maker's error
        return args, kwargs
    bound.apply_defaults()
    return bound.args, bound.kwargs


def _binds(signature, args, kwargs):
    try:
        signature.bind(*args, **kwargs)
    except TypeError:  # bind's way to say these arguments do not fit
        return False
    return True


def _traceable(value):
    """Whether autograd can trace ``value``, an op's result (after its backend's
    ``from_backend``): arrays and floats, in tuples, lists and dicts."""
    kind = type(value)
    if kind is tuple or kind is list:
        return all(map(_traceable, value))
    if kind is dict:
        return all(map(_traceable, value.values()))
    return kind in Box.type_mappings


def _untraceable(value):
    """The part of ``value`` autograd cannot trace, in words."""
    kind = type(value)
    if kind in (tuple, list, dict):
        items = value.items() if kind is dict else enumerate(value)
        key, item = next((key, item) for key, item in items if not _traceable(item))
        return f"{_untraceable(item)} at [{key!r}] of a {kind.__name__}"
    return "None" if value is None else f"a {kind.__name__} {value!r}"[:200]


def _made(op, what, made):
    """What a gradient maker returned, which must be the function ``g -> gradient``."""
    if callable(made):
        return made
    raise TypeError(message(
        f"{op.name} {what}", "a function g -> gradient", describe(made),
        "Return a function of g from the maker: lambda ans, *args: lambda g: ..."))


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
    except TypeError as error:
        if not isinstance(error, TracedValueError):
            _refuse_arity(op, fn, args, kwargs, what)
            raise  # raised inside fn: the user's own error, kept as it is
        if not higher_order:
            raise
        raise TracedValueError(message(
            f"{op.name} {what}, differentiated again (a gradient of a gradient)",
            "a gradient function written with minpy_compat.numpy, so it can be "
            "differentiated", f"one that needs plain NumPy data ({error})",
            "Write it with minpy_compat.numpy ops, or differentiate this op only once.")) \
            from error


def _refuse_arity(op, fn, args, kwargs, what):
    """Name the op and argument when ``fn`` cannot take ``args`` (a gradient function
    ``lambda g, h: ...`` where MinPy's take the one output gradient ``g``)."""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without one: nothing to say about it
        return
    if _binds(signature, args, kwargs):
        return
    takes = "g, the output's gradient" if len(args) == 1 and not kwargs else \
        f"{len(args)} positional arguments"
    fix = ("Write it as lambda g: ... (one function per argument, made by its maker)."
           if len(args) == 1 else "Take (ans, *args) as the op was called.")
    name = getattr(fn, "__qualname__", "a callable")
    raise TypeError(message(f"{op.name} {what}", f"a function taking {takes}",
                            f"{name}{signature}", fix)) from None


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


def _missing(op, argnum, makers, groups):
    registered = set(makers).union(*(group for group, _ in groups))
    have = ", ".join(map(str, sorted(registered))) or "none"
    return message(f"{op.name} argument {argnum} {op.arg_name(argnum)!r}",
                   "a registered gradient", f"none (have {have})",
                   f"Add one with {op.name}.def_grad(fn, argnum={argnum}).")
