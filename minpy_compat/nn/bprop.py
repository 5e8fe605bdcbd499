"""Cells with ``bprop``: where MindSpore's ``bprop``/``out``/``dout`` become a registration.

A call of a Cell that defines ``bprop(self, *inputs, out, dout)`` runs as one op:

* forward: ``construct`` on plain values (Parameters read as themselves), so autograd
  never looks inside it;
* backward: one ``def_multiple_grad`` maker per op runs ``bprop(*inputs, out, dout)``
  once per backward pass and hands out one gradient per input, plus one per
  ``internal_params`` entry when the Cell has them (``bprop`` then returns
  ``(input_grads, {param: grad})``, matched to the Parameters by key).

``bprop`` runs on the same traced values as everything else, so it is itself
differentiable: ``grad(grad(net))`` differentiates through it.
One op per (Cell class, number of op arguments): ops are never freed.
"""
import inspect

from autograd.tracer import getval, isbox

from ..array import wrap
from ..errors import (BpropError, BpropTypeError, CellTypeError, TracedValueError, describe,
                      message)
from ..ops._gradfit import as_grad_tuple, fit_gradient
from ..ops.hooks import split
from ..primitive import Primitive, holds_trace
from ..substitution import param_of, plain_parameters, traced_value
from ..tensor import Parameter, is_tensor
from .float_type import in_float_type, out_of_float_type

_ops = {}         # (Cell class, number of op arguments) -> op
_signatures = {}  # Cell class -> signature of its construct


class _Call:
    """What one call's op needs besides its arrays (a plain object: autograd passes it through)."""

    __slots__ = ("cell", "kwargs", "names", "params", "returned_list")

    def __init__(self, cell, kwargs, names, params):
        self.cell, self.kwargs, self.names, self.params = cell, kwargs, names, params
        self.returned_list = False  # construct returned a list: the caller gets a list back


def bind_arguments(cell, args, kwargs):
    """``construct``'s arguments with defaults filled in: (positional, their names, keywords)."""
    cls = type(cell)
    signature = _signatures.get(cls)
    if signature is None:
        signature = _signatures[cls] = inspect.signature(cls.construct)
    bound = signature.bind(cell, *args, **kwargs)
    bound.apply_defaults()
    names = _positional_names(signature, len(bound.args))
    return tuple(bound.args[1:]), names[1:], dict(bound.kwargs)


def _positional_names(signature, count):
    names = []
    for param in signature.parameters.values():
        if param.kind == param.VAR_POSITIONAL:
            names += [f"{param.name}[{i}]" for i in range(count - len(names))]
        elif param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            names.append(param.name)
    return names[:count]


def internal_params(cell):
    params = cell.__dict__.get("internal_params") or ()
    for i, param in enumerate(params):
        if not isinstance(param, Parameter):
            raise CellTypeError(message(f"{type(cell).__name__}.internal_params[{i}]",
                                        "a Parameter", describe(param)))
    return tuple(params)


def call_with_bprop(cell, args, kwargs):
    """Run ``cell`` on ``args`` as one op whose gradient is ``cell.bprop``."""
    inputs, names, kwargs = bind_arguments(cell, args, kwargs)
    _refuse_hidden_traces(cell, inputs, names, kwargs)
    params = internal_params(cell)
    values = inputs + tuple(traced_value(p) for p in params)
    op = _op_for(type(cell), len(values))
    call = _Call(cell, kwargs, names, params)
    out = op(call, *values)
    if isbox(out) and type(getval(out)) is tuple:
        out = split(out, len(out))
    return list(out) if call.returned_list else out


def _refuse_hidden_traces(cell, inputs, names, kwargs):
    """A traced value bprop could not give a gradient to: a keyword-only input, or one
    nested deeper than a flat tuple/list input (a flat one gets a tuple of gradients)."""
    where = f"{type(cell).__name__}.construct"
    for name, value in kwargs.items():
        if holds_trace(value):
            raise TracedValueError(message(
                f"{where} keyword-only input {name!r}", "a constant (bprop gives gradients "
                "to positional inputs only)", "a traced value",
                f"Make {name!r} a positional parameter of construct."))
    for i, (name, value) in enumerate(zip(names, inputs)):
        kind = type(value)
        if kind is dict and holds_trace(value) or kind in (tuple, list) and any(
                type(item) in (tuple, list, dict) and holds_trace(item) for item in value):
            raise TracedValueError(message(
                f"{where} input {i} {name!r}", "a Tensor or a flat tuple of Tensors",
                "a traced value inside a " + ("dict" if kind is dict else "nested tuple"),
                "Pass the Tensors as separate inputs or as one flat tuple."))


def _op_for(cls, count):
    op = _ops.get((cls, count))
    if op is None:
        def forward(call, *values):
            return _forward(call, values)
        forward.__name__ = cls.__name__
        op = Primitive(forward, "numpy", type_str="Cell with bprop")
        op.def_multiple_grad(_bprop_maker, argnums=tuple(range(1, count + 1)))
        _ops[(cls, count)] = op
    return op


def _forward(call, values):
    inputs, kwargs = [wrap(v) for v in values[:len(call.names)]], call.kwargs
    state = call.cell.__dict__
    dtype = state.get("_float_type")
    if dtype is not None:  # to_float: construct runs in that type; bprop gets values as given
        inputs = [in_float_type(state, x, True) for x in inputs]
        kwargs = {k: in_float_type(state, v, True) for k, v in kwargs.items()}
    with plain_parameters():
        out = call.cell.construct(*inputs, **kwargs)
    if dtype is not None:  # out and dout in the float type, as the caller gets out
        out = out_of_float_type(dtype, out)
    if type(out) is list:
        out, call.returned_list = tuple(out), True
    for item in out if type(out) is tuple else (out,):
        if isbox(item):
            raise BpropTypeError(message(
                f"{type(call.cell).__name__}.construct (a Cell with bprop)",
                "a result computed from its inputs", "a traced value from outside the Cell",
                "Pass the value in as an input instead of storing it on the Cell."))
    return out


def _bprop_maker(ans, call, *values):
    return lambda dout: _run_bprop(call, values, ans, dout)


def _wrap_out(value):
    """``out`` / ``dout`` as bprop sees them: Tensors, and a real tuple for several outputs."""
    if isbox(value) and type(getval(value)) in (tuple, list):
        value = split(value, len(value))
    return tuple(wrap(v) for v in value) if type(value) in (tuple, list) else wrap(value)


def _wrap_input(value):
    """An input as bprop sees it: a Tensor, or a tuple/list of them (traced as one sequence)."""
    kind = type(getval(value))
    return kind(_wrap_out(value)) if kind in (tuple, list) else wrap(value)


def _run_bprop(call, values, ans, dout):
    cell, count = call.cell, len(call.names)
    where = f"{type(cell).__name__}.bprop"
    inputs = tuple(_wrap_input(v) for v in values[:count])
    _check_arity(cell, where, call.names, call.kwargs)
    result = cell.bprop(*inputs, _wrap_out(ans), _wrap_out(dout), **call.kwargs)
    result, param_grads = _split_result(where, result, call.params)
    grads = as_grad_tuple(where, result, count, call.names)
    fitted = [_fit_input(f"{where} gradient {i} for '{name}'", g, x)
              for i, (g, x, name) in enumerate(zip(grads, inputs, call.names))]
    return tuple(fitted) + _param_grads(where, param_grads, call.params, values[count:])


def _fit_input(where, grad, like):
    """``fit_gradient``, item by item for a tuple input (its gradient is a tuple)."""
    if type(like) not in (tuple, list) or not any(map(is_tensor, like)):
        return fit_gradient(where, grad, like)  # a tuple of numbers: its slot is not used
    if grad is None:
        grad = (None,) * len(like)
    if type(grad) not in (tuple, list) or len(grad) != len(like):
        raise BpropTypeError(message(
            where, f"a tuple of {len(like)} gradients (one per item of the tuple input)",
            describe(grad), "Return the tuple input's gradient as a tuple."))
    return tuple(fit_gradient(f"{where}[{i}]", g, x) for i, (g, x) in enumerate(zip(grad, like)))


def _check_arity(cell, where, names, kwargs):
    try:
        inspect.signature(cell.bprop).bind(*names, "out", "dout", **kwargs)
    except TypeError:
        got = ", ".join(inspect.signature(cell.bprop).parameters)
        raise BpropTypeError(message(
            where, f"parameters ({', '.join(names + ['out', 'dout'])}): construct's inputs, "
            "then out and dout", f"({got})",
            "Write def bprop(self, <inputs>, out, dout) or def bprop(self, *args).")) from None


def _split_result(where, result, params):
    if not params:
        return result, None
    if (type(result) in (tuple, list) and len(result) == 2 and isinstance(result[1], dict)):
        return result[0], result[1]
    raise BpropError(message(
        where, "(input_grads, {param: grad}) because the Cell sets internal_params",
        "only input gradients" if result is not None else "None",
        "Return the input gradients and a dict of Parameter gradients."))


def _param_grads(where, grads, params, values):
    if not params:
        return ()
    by_param = {}
    for key, grad in grads.items():
        param = param_of(key, params)
        if param is None:
            raise BpropError(message(
                f"{where} Parameter gradients", "keys from internal_params "
                f"({', '.join(p.name for p in params)})", f"a key {_key_name(key)}",
                "Key each gradient by one of the Cell's internal_params."))
        by_param[id(param)] = grad
    fitted = []
    for param, value in zip(params, values):
        if id(param) not in by_param:
            raise BpropError(message(
                f"{where} Parameter gradients", f"one for every internal param ({param.name} "
                "missing)", f"{len(grads)} of {len(params)}",
                "Add the missing Parameter's gradient to the dict (None means zeros)."))
        fitted.append(fit_gradient(f"{where} gradient for Parameter '{param.name}'",
                                   by_param[id(param)], value))
    return tuple(fitted)


def _key_name(key):
    return f"'{key.name}'" if isinstance(key, Parameter) else describe(key)
