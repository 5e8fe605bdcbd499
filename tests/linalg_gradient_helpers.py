"""Shared by the test_core_linalg_gradient_* files: the well-conditioned test matrices and
the table of cases (one per registered linalg gradient and calling layout)."""
import collections

import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np


# ---- test data: well-conditioned, distinct eigen- and singular values ----------------------
def _orthogonal(n, seed):
    return onp.linalg.qr(onp.random.RandomState(seed).randn(n, n))[0]


def _with_singular_values(rows, cols, seed, largest=2.0):
    """A rows x cols matrix with singular values evenly spaced from ``largest`` down to 1."""
    k = min(rows, cols)
    s = onp.zeros((rows, cols))
    s[range(k), range(k)] = onp.linspace(largest, 1.0, k)
    return _orthogonal(rows, seed) @ s @ _orthogonal(cols, seed + 1).T


def _with_eigenvalues(values, seed):
    """A non-symmetric matrix with the eigenvalues of block-diagonal ``values``."""
    p = _with_singular_values(len(values), len(values), seed, largest=1.5)
    return p @ values @ onp.linalg.inv(p)


def _symmetric(n, seed):
    q = _orthogonal(n, seed)
    return q @ onp.diag(onp.linspace(-1.0, 2.0, n)) @ q.T


def _randn(*shape, seed=0):
    return onp.random.RandomState(seed).randn(*shape)


A43 = _with_singular_values(4, 3, 1)
A33 = _with_singular_values(3, 3, 3)
A35 = _with_singular_values(3, 5, 5)
A_STACK = onp.stack([_with_singular_values(4, 3, 7), _with_singular_values(4, 3, 9)])
SQUARE_STACK = onp.stack([A33, _with_singular_values(3, 3, 11)])
REAL_EIGEN = _with_eigenvalues(onp.diag([1.0, 2.0, 3.5]), 13)
COMPLEX_EIGEN = _with_eigenvalues(onp.array([[1.0, -2.0, 0], [2.0, 1.0, 0], [0, 0, 3.0]]), 15)
SYMMETRIC = _symmetric(3, 17)
A66 = _with_singular_values(6, 6, 19)
VECTOR = onp.array([0.7, -1.3, 2.1, -0.4, 1.6])
X34 = _randn(3, 4, seed=21)
X234 = _randn(2, 3, 4, seed=23)
RANK2_33 = _orthogonal(3, 51) @ onp.diag([2.0, 1.0, 0.0]) @ _orthogonal(3, 53).T
RANK1_33 = onp.outer(_randn(3, seed=55), _randn(3, seed=57))
POLY_X = onp.linspace(-1.0, 2.0, 7)


# ---- turning any output into one real number ------------------------------------------------
def _weights(shape, phase=0.5):
    """Fixed, uneven weights, so every output entry matters to the sum."""
    return onp.cos(1.3 * onp.arange(int(onp.prod(shape))) + phase).reshape(shape)


def _parts(out):
    raw = getval(out)
    if isinstance(raw, tuple):
        return [out[i] for i in range(len(raw))]
    return [out]


def _scalar(out):
    """A weighted sum of the float parts of an output (tuple outputs: of every float item)."""
    total = 0.0
    for part in _parts(out):
        raw = onp.asarray(getval(part))
        if raw.dtype.kind not in "fc":
            continue  # lstsq's rank
        total = total + np.sum(np.real(part) * _weights(raw.shape))
        if raw.dtype.kind == "c":
            total = total + np.sum(np.imag(part) * _weights(raw.shape, 1.1))
    return total


# ---- the cases -------------------------------------------------------------------------------
Case = collections.namedtuple("Case", "name label arrays kwargs layout order")


def case(name, label, *arrays, layout=None, order=1, **kwargs):
    """``name`` called as ``name(*layout(*arrays), **kwargs)`` (layout: the arrays as they are)."""
    return Case(name, label, arrays, kwargs, layout or (lambda *a: a), order)


def _listed(*arrays):
    return (list(arrays),)


def _subscripts(text):
    return lambda *arrays: (text,) + arrays


def _then(*extra):
    return lambda *arrays: arrays + extra


CASES = [
    # qr: reduced (tall, square, wide, stacked), 'r', 'complete' where unique
    case("linalg.qr", "tall", A43, order=2),
    case("linalg.qr", "square", A33),
    case("linalg.qr", "wide", A35, order=2),
    case("linalg.qr", "stack", A_STACK),
    case("linalg.qr", "r-tall", A43, mode="r", order=2),
    case("linalg.qr", "r-wide", A35, mode="r"),
    case("linalg.qr", "r-positional", A43, layout=_then("r")),
    case("linalg.qr", "complete-wide", A35, mode="complete"),
    case("linalg.qr", "complete-square", A33, mode="complete"),
    case("linalg.qr", "complete-tall", A43, mode="complete", order=2),
    case("linalg.qr", "complete-tall-stack", A_STACK, mode="complete"),
    # svd: every output where it is unique; full_matrices=True square (tall/wide below)
    case("linalg.svd", "square-full", A33, order=2),
    case("linalg.svd", "thin-tall", A43, full_matrices=False, order=2),
    case("linalg.svd", "thin-wide", A35, full_matrices=False),
    case("linalg.svd", "thin-stack", A_STACK, full_matrices=False),
    case("linalg.svd", "values-only", A43, compute_uv=False, order=2),
    case("linalg.svd", "hermitian", SYMMETRIC, hermitian=True, order=2),
    case("linalg.svd", "hermitian-thin", SYMMETRIC, full_matrices=False, hermitian=True),
    case("linalg.svd", "hermitian-reads-lower", SYMMETRIC + onp.triu(_randn(3, 3), 1),
         hermitian=True),
    case("linalg.svd", "hermitian-values", SYMMETRIC + onp.triu(_randn(3, 3), 1),
         compute_uv=False, hermitian=True, order=2),
    # eigenvalues
    case("linalg.eigvals", "real", REAL_EIGEN, order=2),
    case("linalg.eigvals", "complex", COMPLEX_EIGEN),
    case("linalg.eigvals", "stack", onp.stack([REAL_EIGEN, COMPLEX_EIGEN])),
    case("linalg.eigvalsh", "lower", SYMMETRIC, order=2),
    case("linalg.eigvalsh", "upper", SYMMETRIC + onp.triu(_randn(3, 3), 1), UPLO="U"),
    case("linalg.eigvalsh", "stack", onp.stack([SYMMETRIC, _symmetric(3, 29)])),
    # cholesky reads the lower triangle: the upper one gets no gradient
    case("linalg.cholesky", "reads-lower", SYMMETRIC + 2 * onp.eye(3) + onp.triu(_randn(3, 3), 1),
         order=2),
    # solve: b a vector, b a stack that a broadcasts against (gradients summed back)
    case("linalg.solve", "vector", A33 + 3 * onp.eye(3), _randn(3, seed=47), order=2),
    case("linalg.solve", "broadcast", A33 + 3 * onp.eye(3), _randn(2, 3, 4, seed=49)),
    case("linalg.cholesky", "stack", onp.stack([SYMMETRIC, _symmetric(3, 29)]) + 2 * onp.eye(3)),
    # cond, every p
    case("linalg.cond", "None", A33, order=2),
    case("linalg.cond", "tall", A43),
    case("linalg.cond", "stack", SQUARE_STACK),
    *[case("linalg.cond", f"p={p}", A33, p=p) for p in (2, -2, 1, -1, onp.inf, -onp.inf, "nuc")],
    case("linalg.cond", "fro", A33, p="fro", order=2),
    # lstsq: solution, residuals and singular values
    case("linalg.lstsq", "tall-vector", A43, _randn(4, seed=31), rcond=None, order=2),
    case("linalg.lstsq", "tall-matrix", A43, _randn(4, 2, seed=33), rcond=None),
    case("linalg.lstsq", "square", A33, _randn(3, seed=35), rcond=None),
    case("linalg.lstsq", "wide", A35, _randn(3, seed=37), rcond=None),
    case("linalg.lstsq", "rcond", A43, _randn(4, seed=39), rcond=1e-10),
    # det: adj(a)^T, at singular matrices too; slogdet
    case("linalg.det", "regular", A33, order=2),
    case("linalg.det", "rank-2-of-3", RANK2_33, order=2),
    case("linalg.det", "rank-1-of-3", RANK1_33),
    case("linalg.det", "stack-one-singular", onp.stack([A33, RANK2_33])),
    case("linalg.slogdet", "stack", SQUARE_STACK, order=2),
    # pinv with every argument (autograd's rule took none but a)
    case("linalg.pinv", "plain", A43, order=2),
    case("linalg.pinv", "rcond-positional", A35, layout=_then(1e-3)),
    case("linalg.pinv", "rcond", A_STACK, rcond=1e-3),
    case("linalg.pinv", "hermitian-reads-lower", SYMMETRIC + onp.triu(_randn(3, 3), 1),
         hermitian=True, order=2),
    # polyfit: through lstsq, in x, y and w
    case("polyfit", "deg-2", POLY_X, _randn(7, seed=59), layout=_then(2), order=2),
    case("polyfit", "columns", POLY_X, _randn(7, 2, seed=61), layout=_then(3)),
    case("polyfit", "weights", POLY_X, _randn(7, seed=63), onp.linspace(0.5, 1.5, 7),
         layout=lambda x, y, w: (x, y, 2, None, False, w)),
    case("polyfit", "full", POLY_X, _randn(7, seed=65), layout=_then(2), full=True),
    case("polyfit", "cov", POLY_X, _randn(7, 2, seed=67), layout=_then(1), cov=True),
    case("polyfit", "cov-unscaled", POLY_X, _randn(7, seed=69), layout=_then(2),
         cov="unscaled"),
    # tensorinv, tensorsolve
    case("linalg.tensorinv", "ind=2", A66.reshape(2, 3, 6)),
    case("linalg.tensorinv", "ind=1", A66.reshape(6, 2, 3), ind=1, order=2),
    case("linalg.tensorsolve", "plain", A66.reshape(2, 3, 6), _randn(2, 3, seed=41)),
    case("linalg.tensorsolve", "axes", A66.reshape(6, 2, 3), _randn(2, 3, seed=43), axes=(0,)),
    # matrix_power, every kind of n
    *[case("linalg.matrix_power", f"n={n}", A33, n=n) for n in (0, 1, 2, 5, -3)],
    case("linalg.matrix_power", "n=3", A33, layout=_then(3), order=2),
    case("linalg.matrix_power", "n=-1", A33, n=-1, order=2),
    case("linalg.matrix_power", "stack", SQUARE_STACK, n=4),
    # multi_dot (a list argument, through the facade)
    case("linalg.multi_dot", "three", X34, _randn(4, 2), _randn(2, 5), layout=_listed,
         order=2),
    case("linalg.multi_dot", "four", _randn(3), X34, _randn(4, 2), _randn(2, 5),
         layout=_listed),
    case("linalg.multi_dot", "last-vector", X34, _randn(4, 2), _randn(2), layout=_listed),
    case("linalg.multi_dot", "vectors", _randn(3), X34, _randn(4), layout=_listed),
    case("linalg.multi_dot", "two", X34, _randn(4, 2), layout=_listed),
    # norm: every vector and matrix order, axes, keepdims
    *[case("linalg.norm", f"vector-ord={o}", VECTOR, ord=o)
      for o in (None, 2, 1, -1, onp.inf, -onp.inf, 0, 3, 0.5, -2)],
    *[case("linalg.norm", f"matrix-ord={o}", X34, ord=o)
      for o in (None, "fro", "nuc", 1, -1, 2, -2, onp.inf, -onp.inf)],
    case("linalg.norm", "matrix-positional", X34, layout=_then(1)),
    case("linalg.norm", "vector-1-order2", VECTOR, ord=1, order=2),
    case("linalg.norm", "matrix-2-order2", X34, ord=2, order=2),
    case("linalg.norm", "matrix-nuc-order2", X34, ord="nuc", order=2),
    *[case("linalg.norm", f"axis={a}-ord={o}", X34, ord=o, axis=a)
      for a, o in ((0, 1), (1, onp.inf), (-1, 2), (0, 3), ((1,), None))],
    case("linalg.norm", "keepdims-vector", X34, ord=1, axis=1, keepdims=True),
    case("linalg.norm", "keepdims-fro", X34, keepdims=True),
    case("linalg.norm", "keepdims-matrix", X234, ord=-1, axis=(2, 0), keepdims=True),
    case("linalg.norm", "3d-ravel", X234),
    *[case("linalg.norm", f"3d-axes={a}-ord={o}", X234, ord=o, axis=a)
      for a, o in (((1, 2), "fro"), ((-1, -2), "fro"), ((-2, -1), "nuc"), ((2, 0), "nuc"),
                   ((1, 2), 2), ((2, 1), 1), ((0, 2), -onp.inf))],
    # einsum with a letter repeated inside an operand (and one plain call)
    case("einsum", "trace", A33, layout=_subscripts("ii"), order=2),
    case("einsum", "diagonal", A33, layout=_subscripts("ii->i"), order=2),
    case("einsum", "iij->j", _randn(3, 3, 2), layout=_subscripts("iij->j")),
    case("einsum", "ij,jj->i", X34.T, A33, layout=_subscripts("ij,jj->i"), order=2),
    case("einsum", "iji->ij", _randn(3, 2, 3), layout=_subscripts("iji->ij")),
    case("einsum", "implicit-ii,i", A33, _randn(3), layout=_subscripts("ii,i")),
    case("einsum", "implicit-iji", _randn(3, 2, 3), layout=_subscripts("iji")),
    case("einsum", "ellipsis-diagonal", SQUARE_STACK, layout=_subscripts("...ii->...i")),
    case("einsum", "ellipsis-trace", SQUARE_STACK, layout=_subscripts("...ii")),
    case("einsum", "sublists-diagonal", A33, layout=lambda a: (a, [0, 0], [0])),
    case("einsum", "sublists-product", A33, _randn(3), layout=lambda a, v: (a, [0, 0], v, [0])),
    case("einsum", "optimize", X34.T, A33, layout=_subscripts("ij,jj->i"), optimize=True),
    case("einsum", "plain", X34, _randn(4, 2), layout=_subscripts("ij,jk->ik")),
    # NumPy 2 only
    *[case("linalg.vector_norm", f"ord={o}", X234, ord=o)
      for o in (2, 1, onp.inf, -onp.inf, 0, 3)],
    case("linalg.vector_norm", "axes", X234, axis=(0, 2), ord=1, keepdims=True),
    case("linalg.vector_norm", "axis", X234, axis=-1, order=2),
    *[case("linalg.matrix_norm", f"ord={o}", X234, ord=o) for o in ("fro", 2, 1, "nuc")],
    case("linalg.matrix_norm", "keepdims", X234, ord=onp.inf, keepdims=True),
    case("linalg.svdvals", "stack", A_STACK, order=2),
    case("linalg.outer", "vectors", VECTOR, _randn(3)),
    case("linalg.trace", "matrix", X34, order=2),
    case("linalg.trace", "offset", X234, offset=1),
    case("linalg.matmul", "stack", X234, _randn(4, 2)),
    case("linalg.tensordot", "axes=2", X234, _randn(3, 4, 2)),
    case("linalg.tensordot", "axes-lists", X234, _randn(4, 2), axes=([2], [0])),
    case("linalg.cross", "vectors", _randn(3), _randn(3, seed=1), order=2),
    case("cross", "broadcast", _randn(3), _randn(4, 3, seed=1), order=2),
    case("cross", "axes", _randn(3, 2, 1), _randn(4, 3, seed=1), axisa=0, axisc=0),
    case("linalg.cross", "axis", _randn(3, 2), _randn(3, 2, seed=1), axis=0),
    case("linalg.vecdot", "axis", X34, _randn(3, 4, seed=1), axis=0),
    case("vecdot", "broadcast", X234, _randn(4, seed=1), order=2),
    case("vecdot", "axis", X234, _randn(2, 3, 4, seed=1), axis=1),
    case("vecdot", "axes", X234, _randn(4, 3, seed=1), axes=[(1,), (1,), ()]),
    case("matvec", "broadcast", X234, _randn(1, 4, seed=1)),
    case("matvec", "axes", X234, _randn(3, seed=1), axes=[(2, 1), (0,), (0,)]),
    case("vecmat", "broadcast", _randn(3), X234),
    case("kron", "3-d", X234, _randn(2, 1, 2, seed=1), order=2),
    case("kron", "ranks", _randn(3), _randn(2, 2, 1, seed=1)),
]


def _function(name, module):
    for attribute in name.split("."):
        module = getattr(module, attribute, None)
    return module


def _params(cases):
    params = []
    for c in cases:
        missing = _function(c.name, onp) is None
        params.append(pytest.param(c, id=f"{c.name}-{c.label}", marks=pytest.mark.skipif(
            missing, reason=f"numpy.{c.name} is NumPy 2 only")))
    return params
