"""The names NumPy 2 added that a user of an older NumPy may reach for, each with the
release that added it and what to write instead: asked of the facade under an older NumPy,
they raise ``NumpyVersionError`` (an ``AttributeError``: ``hasattr`` stays False)."""
import numpy as onp

from ..errors import NumpyVersionError, message

_SWAP = "numpy.swapaxes(x, -1, -2)"
ADDED = {  # name: (the NumPy release that added it, what older NumPy calls it)
    "acos": ("2.0", "numpy.arccos"), "acosh": ("2.0", "numpy.arccosh"),
    "asin": ("2.0", "numpy.arcsin"), "asinh": ("2.0", "numpy.arcsinh"),
    "atan": ("2.0", "numpy.arctan"), "atanh": ("2.0", "numpy.arctanh"),
    "atan2": ("2.0", "numpy.arctan2"), "pow": ("2.0", "numpy.power"),
    "bitwise_left_shift": ("2.0", "numpy.left_shift"),
    "bitwise_right_shift": ("2.0", "numpy.right_shift"),
    "bitwise_invert": ("2.0", "numpy.invert"),
    "concat": ("2.0", "numpy.concatenate"), "permute_dims": ("2.0", "numpy.transpose"),
    "unique_values": ("2.0", "numpy.unique"),
    "unique_counts": ("2.0", "numpy.unique(x, return_counts=True)"),
    "unique_inverse": ("2.0", "numpy.unique(x, return_inverse=True)"),
    "unique_all": ("2.0", "numpy.unique with return_index, return_inverse, return_counts"),
    "astype": ("2.0", "x.astype(dtype)"), "isdtype": ("2.0", "numpy.issubdtype"),
    "matrix_transpose": ("2.0", _SWAP), "vecdot": ("2.0", "numpy.sum(x1.conj() * x2, -1)"),
    "trapezoid": ("2.0", "numpy.trapz"), "cumulative_sum": ("2.1", "numpy.cumsum"),
    "cumulative_prod": ("2.1", "numpy.cumprod"),
    "unstack": ("2.1", "tuple(numpy.moveaxis(x, axis, 0))"),
    "matvec": ("2.2", "numpy.matmul(A, v[..., None])[..., 0]"),
    "vecmat": ("2.2", "numpy.matmul(v[..., None, :].conj(), A)[..., 0, :]"),
}
LINALG_ADDED = {
    "matrix_norm": ("2.0", "numpy.linalg.norm(x, axis=(-2, -1))"),
    "vector_norm": ("2.0", "numpy.linalg.norm"),
    "svdvals": ("2.0", "numpy.linalg.svd(x, compute_uv=False)"),
    "vecdot": ("2.0", "numpy.sum(x1.conj() * x2, -1)"), "matrix_transpose": ("2.0", _SWAP),
    "cross": ("2.0", "numpy.cross"), "outer": ("2.0", "numpy.outer"),
    "diagonal": ("2.0", "numpy.diagonal(x, axis1=-2, axis2=-1)"),
    "trace": ("2.0", "numpy.trace(x, axis1=-2, axis2=-1)"),
    "tensordot": ("2.0", "numpy.tensordot"), "matmul": ("2.0", "numpy.matmul"),
}


def refuse_newer(our_name, name):
    """Raise ``NumpyVersionError`` if ``name`` is one NumPy added after this NumPy; else
    return (NumPy's own AttributeError stands)."""
    added = {"minpy_compat.numpy": ADDED,
             "minpy_compat.numpy.linalg": LINALG_ADDED}.get(our_name, {}).get(name)
    if added is None:
        return
    raise NumpyVersionError(message(
        f"{our_name}.{name}", f"NumPy {added[0]} or newer (it is a NumPy {added[0]} name)",
        f"NumPy {onp.__version__}", f"Use {added[1]} instead, or upgrade NumPy."))
