"""``minpy_compat.common``: parameter initializers (MindSpore's ``common.initializer``)."""
from . import initializer
from .. import dtype
from ..tensor import Parameter, ParameterTuple, Tensor

__all__ = ['dtype', 'initializer', 'Parameter', 'ParameterTuple', 'Tensor']
