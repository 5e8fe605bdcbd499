"""Structured initializers: ``Identity``, ``Orthogonal``, ``Dirac``, ``Sparse``.

>>> from minpy_compat.common.initializer import initializer
>>> initializer('identity', (2, 2)).tolist()
[[1.0, 0.0], [0.0, 1.0]]
"""
import math

import numpy as onp

from ..errors import InitializerError, message
from .initializer import Initializer, _check


class Identity(Initializer):
    """The identity matrix (2-D shapes only)."""

    def _initialize(self, arr):
        if arr.ndim != 2:
            raise InitializerError(message("Identity", "a 2-D shape", f"shape {arr.shape}"))
        arr[...] = onp.eye(*arr.shape)


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix times ``gain``, from the QR decomposition of a normal sample."""

    def __init__(self, gain=1.0):
        super().__init__(gain=gain)
        self.gain = _check("Orthogonal", "gain", gain, math.isfinite, "a finite number")

    def _initialize(self, arr):
        if arr.ndim < 2:
            raise InitializerError(message("Orthogonal", "a shape with at least 2 dimensions",
                                           f"shape {arr.shape}"))
        rows, cols = arr.shape[0], int(onp.prod(arr.shape[1:]))
        flat = onp.random.normal(0, 1, (max(rows, cols), min(rows, cols)))
        q, r = onp.linalg.qr(flat)
        q *= onp.sign(onp.diag(r))
        q = q if rows >= cols else q.T
        arr[...] = self.gain * q[:rows, :cols].reshape(arr.shape)


class Dirac(Initializer):
    """Convolution weights (3-5 dims) that pass each input channel through unchanged."""

    def __init__(self, groups=1):
        super().__init__(groups=groups)
        if not isinstance(groups, int) or isinstance(groups, bool) or groups < 1:
            raise InitializerError(message("Dirac groups", "an int >= 1", repr(groups)))
        self.groups = groups

    def _initialize(self, arr):
        if arr.ndim not in (3, 4, 5) or arr.shape[0] % self.groups:
            raise InitializerError(message("Dirac", "a 3-5 dim shape whose first dimension "
                                           f"divides into {self.groups} groups",
                                           f"shape {arr.shape}"))
        arr[...] = 0
        per_group = arr.shape[0] // self.groups
        centre = tuple(n // 2 for n in arr.shape[2:])
        for g in range(self.groups):
            for d in range(min(per_group, arr.shape[1])):
                arr[(g * per_group + d, d) + centre] = 1


class Sparse(Initializer):
    """A 2-D N(0, sigma**2) matrix with a fraction ``sparsity`` of each column zeroed."""

    def __init__(self, sparsity=0.1, sigma=0.01):
        super().__init__(sparsity=sparsity, sigma=sigma)
        self.sparsity = _check("Sparse", "sparsity", sparsity, lambda v: 0 <= v <= 1,
                               "a number in [0, 1]")
        self.sigma = _check("Sparse", "sigma", sigma, lambda v: v >= 0, "a number >= 0")

    def _initialize(self, arr):
        if arr.ndim != 2:
            raise InitializerError(message("Sparse", "a 2-D shape", f"shape {arr.shape}"))
        rows, cols = arr.shape
        arr[...] = onp.random.normal(0, self.sigma, arr.shape)
        zeros = int(math.ceil(self.sparsity * rows))
        for col in range(cols):
            arr[onp.random.permutation(rows)[:zeros], col] = 0
