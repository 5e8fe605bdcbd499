"""``ops.Custom``: a user kernel as an op, with MindSpore's ``bprop(*inputs, out, dout)``.

* ``func_type='pyfunc'``: ``func`` runs on NumPy arrays (a ``customop('numpy')``);
* ``func_type='mxnet'``: ``func`` runs on MXNet NDArrays (a ``customop('mxnet')``);
* MindSpore's device-specific kernel types are refused with a clear error.

``bprop`` receives Tensors and returns one gradient per input; it runs on traced
values, so it can be differentiated again. For 'mxnet' it receives and returns
NDArrays, and (as for every ``customop('mxnet')``) gradients are first-order only.
``out_shape`` / ``out_dtype`` (functions of the input shapes/dtypes, or a shape and
a dtype) check the kernel's result: a wrong shape is an error, a wrong dtype is cast.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> square = ops.Custom(lambda x: x * x, lambda s: s, lambda t: t,
...                     bprop=lambda x, out, dout: (2 * x * dout,))
>>> ms.grad(square)(ms.Tensor([1.0, 4.0, 9.0]))
array([ 2.,  8., 18.], dtype=float32)
"""
import inspect

import numpy as onp
from autograd.tracer import getval, isbox

from ..array import wrap
from ..backends import get_backend
from ..errors import (CustomOpError, CustomOpTypeError, FuncTypeError, describe, message)
from ..primitive import Primitive as Op
from ._gradfit import as_grad_tuple, fit_gradient
from .custom_info import check_input_dtypes, normalize_reg_info
from .hooks import split
from .primitives import Primitive

BACKENDS = {"pyfunc": "numpy", "mxnet": "mxnet"}
DEVICE_TYPES = ("akg", "tbe", "aot", "hybrid", "aicpu", "julia")


def _check_func_type(func_type, where):
    if func_type in BACKENDS:
        return BACKENDS[func_type]
    if func_type in DEVICE_TYPES:
        raise FuncTypeError(message(
            f"{where} func_type", "'pyfunc' or 'mxnet' (the kernel types available here)",
            repr(func_type), f"{func_type!r} kernels need MindSpore's device toolchains; write the "
            "kernel in NumPy (func_type='pyfunc') or MXNet (func_type='mxnet')."))
    raise FuncTypeError(message(f"{where} func_type", "'pyfunc' or 'mxnet'", repr(func_type)))


class Custom(Primitive):
    """MindSpore's ``Custom(func, out_shape, out_dtype, func_type='pyfunc', bprop, reg_info)``."""

    def __init__(self, func, out_shape=None, out_dtype=None, func_type="pyfunc", bprop=None,
                 reg_info=None):
        name = getattr(func, "__name__", type(func).__name__)
        super().__init__(name)
        self.where = f"Custom({name})"
        backend = _check_func_type(func_type, self.where)
        if not callable(func):
            raise CustomOpTypeError(message(f"{self.where} func", "a function",
                                            describe(func)))
        if bprop is not None and not callable(bprop):
            raise CustomOpTypeError(message(f"{self.where} bprop",
                                            "a function bprop(*inputs, out, dout)",
                                            describe(bprop)))
        self.func, self.bprop, self.func_type = func, bprop, func_type
        self.out_shape, self.out_dtype = out_shape, out_dtype
        self.backend = get_backend(backend, where=self.where)
        self.reg_info = normalize_reg_info(
            reg_info if reg_info is not None else getattr(func, "reg_info", None), self.where)
        self.input_names = _input_names(func)
        self._ops = {}  # number of inputs -> op (made once per Custom and arity)

    def __call__(self, *inputs):
        check_input_dtypes(self.reg_info, inputs, self.where)
        out = self._op_for(len(inputs))(*inputs)
        if isbox(out) and type(getval(out)) is tuple:
            return split(out, len(out))
        return out

    def _op_for(self, count):
        op = self._ops.get(count)
        if op is None:
            def kernel(*args):
                return self._checked(self.func(*args), args)
            kernel.__name__ = self.name
            op = Op(kernel, self.backend.NAME, type_str="ops.Custom")
            maker = self._bprop_maker if self.bprop is not None else self._missing_bprop
            if count:
                op.def_multiple_grad(maker, argnums=tuple(range(count)))
            self._ops[count] = op
        return op

    # ---- the kernel's result against out_shape / out_dtype -----------------------------
    def _checked(self, result, args):
        if type(result) is list:
            result = tuple(result)
        results = result if type(result) is tuple else (result,)
        if self.backend.NAME == "numpy":
            results = tuple(onp.asarray(r) for r in results)
        shapes = self._expected("out_shape", self.out_shape, [onp.shape(a) for a in args])
        dtypes = self._expected("out_dtype", self.out_dtype,
                                [getattr(a, "dtype", None) for a in args])
        checked = []
        for i, value in enumerate(results):
            if shapes is not None and tuple(value.shape) != tuple(shapes[i]):
                raise CustomOpError(message(
                    f"{self.where} output {i}", f"shape {tuple(shapes[i])} (out_shape)",
                    f"shape {tuple(value.shape)}", "Make the kernel and out_shape agree."))
            if dtypes is not None and onp.dtype(value.dtype) != onp.dtype(dtypes[i]):
                value = value.astype(dtypes[i])  # the declared dtype wins
            checked.append(value)
        return tuple(checked) if type(result) is tuple else checked[0]

    def _expected(self, name, spec, per_input):
        if spec is None:
            return None
        is_dtype = isinstance(spec, type) and issubclass(spec, onp.generic)
        if isinstance(spec, onp.dtype) or is_dtype:
            value = spec
        elif callable(spec):
            value = spec(*per_input)
        elif name == "out_shape" and isinstance(spec, (list, tuple)):
            value = tuple(spec)
        else:
            kind = "a function of the input shapes, or a list" if name == "out_shape" \
                else "a function of the input dtypes, or a dtype such as ms.float32"
            raise CustomOpTypeError(message(f"{self.where} {name}", kind, describe(spec)))
        if name == "out_shape":
            value = tuple(value)
            return [value] if all(isinstance(d, (int, onp.integer)) for d in value) else value
        return list(value) if isinstance(value, (tuple, list)) else [value]

    # ---- gradients -------------------------------------------------------------------------
    def _bprop_maker(self, ans, *args):
        return lambda dout: self._run_bprop(args, ans, dout)

    def _run_bprop(self, args, ans, dout):
        numpy_side = self.backend.NAME == "numpy"
        view = wrap if numpy_side else (lambda v: v)
        inputs = tuple(view(a) for a in args)
        out, dout = _as_outputs(ans, view), _as_outputs(dout, view)
        names = self.input_names(len(inputs))
        where = f"{self.where}.bprop"
        grads = as_grad_tuple(where, self.bprop(*inputs, out, dout), len(inputs), names)
        if not numpy_side:
            return grads
        return tuple(fit_gradient(f"{where} gradient {i} for '{n}'", g, x)
                     for i, (g, x, n) in enumerate(zip(grads, inputs, names)))

    def _missing_bprop(self, ans, *args):
        def refuse(dout):
            raise CustomOpError(message(
                f"{self.where}", "a bprop to differentiate it", "none",
                "Pass bprop=fn(*inputs, out, dout) returning one gradient per input to "
                "ops.Custom."))
        return refuse


def _as_outputs(value, view):
    """A kernel's ``out`` or ``dout``: one value, or a real tuple (also when traced)."""
    if isbox(value) and type(getval(value)) is tuple:
        value = split(value, len(value))
    return tuple(view(v) for v in value) if type(value) is tuple else view(value)


def _input_names(func):
    try:
        params = [p for p in inspect.signature(func).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params]
    return lambda count: (names + [f"x{i}" for i in range(len(names), count)])[:count]
