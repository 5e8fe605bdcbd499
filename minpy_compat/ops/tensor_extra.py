"""Attach MindSpore's in-place (``tensor_inplace*``) and utility (``tensor_utils``) Tensor
methods to ``Array`` and the traced values, as ``tensor_methods`` does for its own; none
shadows a ``numpy.ndarray`` method or attribute (``fill``, ``copy``, ``view``, ``put``
stay NumPy's).

``import minpy_compat`` stays quick: each name starts as a small stub; the first call of
any name of a module imports that module and puts its real methods in place of the stubs.
"""
import importlib

import numpy as onp

from ..array import Array
from ..traced_methods import NdarrayMethods

# module (under minpy_compat.ops) -> its method names (each module's METHODS table)
TABLE = {
    "tensor_inplace": ["add_", "clamp_", "copy_", "div_", "erfinv_", "exp_", "fill_", "floor_",
                       "floor_divide_", "index_add_", "index_fill_", "log_", "masked_fill_",
                       "mul_", "remainder_", "scatter_", "scatter_add_", "sigmoid_", "sign_",
                       "sub_", "tanh_", "zero_"],
    "tensor_inplace_more": ["addmm_", "bernoulli_", "exponential_", "fill_diagonal_",
                            "index_copy_", "index_put_", "masked_scatter_", "normal_", "put_",
                            "random_", "uniform_"],
    "tensor_utils": ["bfloat16", "byte", "clone", "contiguous", "is_signed", "ndimension",
                     "new_empty", "new_full", "new_ones", "new_zeros", "numpy", "register_hook",
                     "remove_hook", "reshape_as", "short", "storage_offset", "stride", "to", "to_",
                     "type", "type_as", "value", "view_as"],
}


def load(module_name):
    """Import ``module_name`` and set its real methods on both classes (in place of stubs)."""
    module = importlib.import_module(f"{__package__}.{module_name}")
    for name, method in module.METHODS.items():
        for cls in (Array, NdarrayMethods):
            setattr(cls, name, method)
    return module


def _stub(module_name, name):
    def method(self, *args, **kwargs):
        return load(module_name).METHODS[name](self, *args, **kwargs)
    method.__name__ = name
    method.__doc__ = f"MindSpore's ``Tensor.{name}`` (``ops/{module_name}.py``, loaded on use)."
    return method


def install():
    """A stub for every name on ``Array`` and ``NdarrayMethods`` (the traced values' base)."""
    for module_name, names in TABLE.items():
        for name in names:
            assert not hasattr(onp.ndarray, name), f"{name} would shadow numpy.ndarray's"
            stub = _stub(module_name, name)
            for cls in (Array, NdarrayMethods):
                setattr(cls, name, stub)


install()
