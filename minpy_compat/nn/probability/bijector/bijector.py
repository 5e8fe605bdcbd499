"""The ``Bijector`` base Cell of ``nn.probability.bijector``: MindSpore 2.10's
constructor, properties, argument checks and the ``construct(name, *args)`` dispatch.

A subclass defines ``_forward``, ``_inverse``, ``_forward_log_jacobian`` and
``_inverse_log_jacobian`` over Tensors; its parameters (``scale``, ``power``…) are kept
as Tensors (not Parameters, as in MindSpore) and cast to each input's dtype, so a float32
input gives float32 results. A traced parameter stays traced: gradients reach it.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.bijector import Exp
>>> Exp()("forward_log_jacobian", ms.Tensor([0.5]))
array([0.5], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval, isbox

from ....errors import CellArgumentError, CellTypeError, message
from ....ops.math_elementwise import tensor_input
from ....tensor import Tensor
from ...cell import Cell

_NAMES = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


def _dtype(x):
    return onp.dtype(getattr(getval(x), "dtype", onp.float64))


def _check_type(where, what, value, types, wanted):
    if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
        raise CellTypeError(message(f"{where} {what}", wanted, type(value).__name__,
                                    f"Pass {what} as {wanted}."))


def _like(out, value):
    """``out`` in ``value``'s float dtype (NumPy 1.x promotes a 0-d float32 times a Python
    float to float64)."""
    dtype = _dtype(value)
    return out.astype(dtype) if dtype.kind == "f" and _dtype(out) != dtype else out


class Bijector(Cell):
    """``Bijector(is_constant_jacobian=False, is_injective=True, name=None, dtype=None,
    param=None)``: the base of MindSpore's bijectors; call it as ``b('forward', x)``."""

    def __init__(self, is_constant_jacobian=False, is_injective=True, name=None, dtype=None,
                 param=None):
        super().__init__()
        where = type(self).__name__
        _check_type(where, "name", name, (str,), "a str")
        _check_type(name, "is_constant_jacobian", is_constant_jacobian, (bool,), "a bool")
        _check_type(name, "is_injective", is_injective, (bool,), "a bool")
        if dtype is not None and onp.dtype(dtype).kind != "f":
            raise CellTypeError(message(f"{where} dtype", "a float dtype", str(dtype),
                                        "Pass ms.float32 or ms.float64."))
        self._name, self._dtype = name, dtype
        param = dict(param or {})
        self._parameters = {k: v for k, v in param.items()
                            if k not in ("param", "self") and not k.startswith("_")}
        self._param_dict = param.get("param_dict")
        self._batch_shape, self._is_scalar_batch = None, False
        if self._param_dict is not None and "bijector" not in param:
            self._batch_shape = self._calc_batch_shape()
            self._is_scalar_batch = all(isinstance(v, (int, float))
                                        for v in self._param_dict.values() if v is not None)
        self._is_constant_jacobian = is_constant_jacobian
        self._is_injective = is_injective
        self._common_dtype = None

    name = property(lambda self: self._name, doc="The bijector's name.")
    dtype = property(lambda self: self._dtype, doc="The dtype it enforces, or None.")
    parameters = property(lambda self: self._parameters, doc="The constructor's arguments.")
    is_constant_jacobian = property(lambda self: self._is_constant_jacobian,
                                    doc="Whether the Jacobian does not depend on the input.")
    is_injective = property(lambda self: self._is_injective, doc="Whether it is one-to-one.")
    batch_shape = property(lambda self: self._batch_shape, doc="The parameters' shape.")
    is_scalar_batch = property(lambda self: self._is_scalar_batch,
                               doc="Whether every parameter was a Python number.")

    def _calc_batch_shape(self):
        shapes = []
        for value in self._param_dict.values():
            if value is None:
                return None
            shapes.append(onp.shape(getval(value)))
        return tuple(onp.broadcast_shapes(*shapes))

    def _add_parameter(self, value, name):
        """``value`` as a float Tensor (MindSpore's TypeErrors for bool, None, ints and
        mixed dtypes); a traced value is kept traced."""
        where = type(self).__name__
        if isinstance(value, bool) or value is None:
            raise CellTypeError(message(f"{where} {name}", "a float or a float Tensor",
                                        type(value).__name__, f"Pass {name} as a float."))
        tensor = value if isbox(value) else Tensor(value)
        dtype = _dtype(tensor)
        wanted = self._dtype if self._dtype is not None else self._common_dtype
        if dtype.kind != "f" or (wanted is not None and dtype != onp.dtype(wanted)):
            expected = f"a {onp.dtype(wanted).name} value" if wanted is not None else \
                "a float value"
            raise CellTypeError(message(f"{where} {name}", expected, dtype.name,
                                        "Give every parameter one float dtype, e.g. 1.0."))
        self._common_dtype = dtype
        return tensor

    def _check_positive(self, value, name, strict=True):
        data = onp.asarray(getval(value))
        if onp.any(data <= 0) if strict else onp.any(data < 0):
            bound = "> 0" if strict else ">= 0"
            raise CellArgumentError(message(f"{type(self).__name__} {name}",
                                            f"values {bound}", str(data.min()),
                                            f"Pass {name} {bound}."))

    def _check_value_dtype(self, value):
        """``value`` once it is a float Tensor (of ``dtype`` when one was given)."""
        where = f"{type(self).__name__} input value"
        tensor_input(where, value)
        dtype = _dtype(value)
        if dtype.kind != "f" or (self._dtype is not None and dtype != onp.dtype(self._dtype)):
            wanted = "a float Tensor" if self._dtype is None else \
                f"a {onp.dtype(self._dtype).name} Tensor"
            raise CellTypeError(message(where, wanted, dtype.name,
                                        "Cast it first: x.astype(ms.float32)."))
        return value

    def cast_param_by_value(self, value, para):
        """``para`` cast to ``value``'s dtype."""
        dtype = _dtype(value)
        return para if _dtype(para) == dtype else para.astype(dtype)

    def forward(self, value, *args, **kwargs):
        """y = g(x)."""
        return _like(self._forward(value, *args, **kwargs), value)

    def inverse(self, value, *args, **kwargs):
        """x = g^-1(y)."""
        return _like(self._inverse(value, *args, **kwargs), value)

    def forward_log_jacobian(self, value, *args, **kwargs):
        """log |g'(x)|."""
        return _like(self._forward_log_jacobian(value, *args, **kwargs), value)

    def inverse_log_jacobian(self, value, *args, **kwargs):
        """log |(g^-1)'(y)|."""
        return _like(self._inverse_log_jacobian(value, *args, **kwargs), value)

    def _forward(self, value, *args, **kwargs):
        raise self._undefined("forward")

    def _inverse(self, value, *args, **kwargs):
        raise self._undefined("inverse")

    def _forward_log_jacobian(self, value, *args, **kwargs):
        raise self._undefined("forward_log_jacobian")

    def _inverse_log_jacobian(self, value, *args, **kwargs):
        raise self._undefined("inverse_log_jacobian")

    def _undefined(self, what):
        return NotImplementedError(message(
            f"{type(self).__name__}.{what}", "a subclass that defines it", "the base",
            f"Subclass Bijector and define _{what}."))

    def __call__(self, *args, **kwargs):
        """``b(distribution)``: the TransformedDistribution of ``distribution`` by this
        bijector; ``b(name, *args)``: the method ``name`` (see ``construct``)."""
        from ..distribution.distribution import Distribution
        if args and isinstance(args[0], Distribution):
            from ..distribution.transformed import TransformedDistribution
            return TransformedDistribution(self, args[0])
        return super().__call__(*args, **kwargs)

    def construct(self, name, *args, **kwargs):
        """``b(name, *args)``: the method ``name`` (one of forward, inverse,
        forward_log_jacobian, inverse_log_jacobian) of ``*args``."""
        if name not in _NAMES:
            raise CellArgumentError(message(f"{type(self).__name__}.construct name",
                                            " or ".join(repr(n) for n in _NAMES), repr(name),
                                            "Pass one of those names first."))
        return getattr(self, name)(*args, **kwargs)
