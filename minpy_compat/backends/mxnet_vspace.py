"""``MXVSpace``: autograd's vector space for an ``MXArray`` (``mxnet_array`` registers it).

Gradients of a value that lives in MXNet may arrive as MXArrays or as NumPy arrays; the
zeros and ones it makes live in MXNet, so a chain of MXNet ops never visits NumPy.
"""
import numpy as onp
from autograd.extend import VSpace
from autograd.tracer import getval

from . import mxnet_backend as backend


class MXVSpace(VSpace):
    """The vector space of an MXArray: gradients may be MXArrays or NumPy arrays."""

    def __init__(self, value):
        self.shape, self.dtype = value.shape, value.dtype

    @property
    def size(self): return int(onp.prod(self.shape))

    @property
    def ndim(self): return len(self.shape)

    # Zeros in MXNet: autograd's tuple arguments start every gradient from zeros, and
    # NumPy zeros would be copied to MXNet at the first addition.
    def zeros(self): return self._full(0.0)
    def ones(self): return self._full(1.0)

    def _full(self, fill):
        mx = backend.require_mxnet("MXVSpace")
        nd = mx.nd.full(self.shape or (1,), fill, ctx=backend.current_mxnet_context(),
                        dtype=self.dtype)
        return backend._array.MXArray(nd, self.shape, self.dtype, is_zeros=fill == 0.0)

    def _add(self, x, y):
        MXArray = backend._array.MXArray
        if type(x) is MXArray and x.is_zeros:
            return y
        if type(x) is MXArray and type(y) is MXArray:
            return MXArray(x.nd + y.nd, x.shape, x.dtype)
        return x + y

    def _mut_add(self, x, y):
        return self._add(x, y)

    def standard_basis(self):
        """One-hot arrays in MXNet, one per element (autograd's ``jacobian`` seeds)."""
        for index in onp.ndindex(*self.shape):
            basis = onp.zeros(self.shape, self.dtype)
            basis[index] = 1
            yield backend.array(basis)

    def randn(self):
        return backend.array(onp.random.randn(*self.shape).astype(self.dtype))

    def _scalar_mul(self, x, a): return x * a
    def _inner_prod(self, x, y): return onp.dot(onp.ravel(getval(x)), onp.ravel(getval(y)))
    def _covector(self, x): return x
