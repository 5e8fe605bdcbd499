"""``minpy_compat.numpy.polynomial``: NumPy's ``numpy.polynomial`` with differentiable
functional forms (``polynomial_facade`` builds it). A module of its own so that
``import minpy_compat.numpy.polynomial.chebyshev`` works as NumPy's import does.
"""
import sys

from .polynomial_facade import facade_package

sys.modules[__name__] = facade_package()  # the import statement hands out this module
