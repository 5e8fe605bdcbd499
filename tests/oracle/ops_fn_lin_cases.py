"""Area fn_lin's function ops (linear algebra, FFT, windows, math) that
``make_ops_fn_lin_fixture.py`` runs through real MindSpore; encoded as in ``ops_cases.py``.

JSON holds no complex numbers, so both sides call the ops through ``RealView``: a complex
input is written as the kwarg ``cplx=[i, ...]`` naming the arguments given as a
``(real, imag)`` tuple, and a complex output comes back as ``(real, imag)`` (its gradient is
then that of the sum of both parts, a real loss).
"""
import numpy as onp

from ops_cases import D, T, V, _case
from oracle_io import OpsView


class RealView(OpsView):
    """``ops`` with complex arguments built from (real, imag) pairs and complex outputs
    split into them; ``lib`` is ``mindspore`` or ``minpy_compat``."""

    def _complex(self, pair):
        real, imag = pair
        if self.lib.__name__ == "mindspore":
            return self.ops.Complex()(real, imag)
        return real + 1j * imag

    def _split(self, out):
        if isinstance(out, (tuple, list)):
            return tuple(self._split(o) for o in out)
        if getattr(getattr(out, "dtype", None), "__str__", None) and "omplex" in str(out.dtype):
            return self.ops.real(out), self.ops.imag(out)
        return out

    def plain(self, name, op):
        def call(*args, cplx=(), **kwargs):
            args = [self._complex(a) if i in cplx else a for i, a in enumerate(args)]
            return self._split(op(*args, **kwargs))
        return call


def C(shape, dtype="float32"):
    """An encoded complex input: a (real, imag) pair of Tensors."""
    return {"tuple": [T(shape, dtype), T(shape, dtype)]}


_r = onp.random.RandomState(15)


def spd(n, dtype="float32", batch=()):
    a = _r.uniform(-1, 1, batch + (n, n))
    return V(onp.round(a @ onp.swapaxes(a, -1, -2) + n * onp.eye(n), 3).tolist(), dtype)


def low(n, dtype="float32"):
    """A well-conditioned lower-triangular Cholesky factor."""
    a = onp.tril(_r.uniform(-0.5, 0.5, (n, n))) + 2 * onp.eye(n)
    return V(onp.round(a, 3).tolist(), dtype)


def linalg_cases():
    a, a64, b = T((3, 3)), T((3, 3), "float64"), T((2, 3, 3))
    tall, i3 = T((4, 3)), T((3, 3), "int32")
    piv = V([2, 3, 3], "int32")
    return [
        _case("svd", a, grad=False), _case("svd", tall, compute_uv=False, grad=True),
        _case("svd", a64, compute_uv=False, grad=True), _case("svd", i3),
        _case("svd", T((2, 4, 3)), True, False),
        _case("qr", tall, grad=True), _case("qr", tall, "complete"), _case("qr", a, "r"),
        _case("qr", T((2, 3, 2), "float64"), grad=True),
        _case("pinv", tall, grad=True), _case("pinv", T((2, 3), "float64"), grad=True),
        _case("pinv", V([[1.0, 2.0], [2.0, 4.0]]), rtol=1e-3),
        _case("slogdet", a, grad=True), _case("slogdet", b, grad=True), _case("slogdet", tall),
        _case("logdet", spd(3), grad=True), _case("logdet", spd(2, "float64", (2,)), grad=True),
        _case("logdet", V([[0.0, 1.0], [1.0, 0.0]])), _case("logdet", i3),
        _case("cholesky", spd(3), grad=True),
        _case("cholesky", spd(3, "float64"), True, grad=True),
        _case("cholesky", i3), _case("cholesky", T((2, 3))),
        _case("cholesky_inverse", low(3), grad=True),
        _case("cholesky_inverse", low(3, "float64"), True, grad=True),
        _case("cholesky_solve", T((3, 2)), low(3), grad=True),
        _case("cholesky_solve", T((3, 1), "float64"), low(3, "float64"), True, grad=True),
        _case("lstsq", tall, T((4, 2)), grad=True),
        _case("lstsq", T((5, 2), "float64"), T((5, 1), "float64"), grad=True),
        _case("lstsq", T((4,)), T((4, 2))),
        _case("lu_unpack", spd(3), piv, grad=True),
        _case("lu_unpack", spd(3), V([1, 2, 3], "int32")),
        _case("lu_unpack", spd(3, "float64", (2,)), V([[3, 2, 3], [1, 3, 3]], "int32")),
        _case("lu_solve", T((3, 2)), spd(3), piv, grad=True),
        _case("matrix_exp", T((2, 2), "float64")), _case("matrix_exp", a),
        _case("matrix_solve", spd(3), T((3, 2)), grad=True),
        _case("matrix_solve", spd(3, "float64"), T((3, 1), "float64"), True, grad=True),
        _case("matrix_solve", T((3, 2)), T((3, 2))),
        _case("cond", a, grad=True), _case("cond", a64, "fro", grad=True),
        _case("cond", spd(3), 1), _case("cond", a, float("inf")), _case("cond", tall, 2),
        _case("eig", V([[2.0, 1.0], [0.5, 3.0]])), _case("eig", a64),
        _case("eigvals", V([[0.0, -1.0], [1.0, 0.0]])), _case("eigvals", T((2, 3))),
        _case("matrix_band_part", a, 1, 0, grad=True), _case("matrix_band_part", b, -1, 1),
        _case("matrix_diag", T((3,)), grad=True), _case("matrix_diag", T((2, 3)), k=1),
        _case("matrix_diag", T((3,)), k=-1, num_rows=4, num_cols=3, padding_value=9.0),
        _case("matrix_diag", T((3,)), k=1, num_rows=4, num_cols=5),
        _case("matrix_diag_part", a, V(0, "int32"), V(0.0), grad=True),
        _case("matrix_diag_part", tall, V(-1, "int32"), V(0.0)),
        _case("matrix_diag_part", a, 0, 0.0),
        _case("matrix_set_diag", a, T((3,)), grad=True),
        _case("matrix_set_diag", tall, T((3,)), k=1),
        _case("vector_norm", a, grad=True), _case("vector_norm", a, float("inf"), 1),
        _case("vector_norm", a64, 1, (0, 1), True, grad=True), _case("vector_norm", i3),
        _case("vector_norm", a, 0), _case("vector_norm", b, 3, -1, grad=True),
        _case("matrix_norm", a, grad=True), _case("matrix_norm", a64, "nuc", grad=True),
        _case("matrix_norm", b, 1, keepdims=True, grad=True), _case("matrix_norm", a, 2),
        _case("matrix_norm", a, -float("inf")), _case("matrix_norm", a, "abc"),
        _case("vecdot", a, a, grad=True), _case("vecdot", b, T((3,)), axis=1, grad=True),
        _case("cov", a, grad=True), _case("cov", T((4,)), grad=True),
        _case("cov", T((2, 4), "float64"), correction=0,
              fweights=V([1, 2, 1, 3], "int32"), grad=True),
        _case("cov", T((2, 4)), aweights=V([0.5, 1.0, 2.0, 1.0]), grad=True),
        _case("cov", T((2, 3), "int32")), _case("cov", b),
        _case("vander", T((3,)), grad=True), _case("vander", V([1, 2, 3], "int32"), 4),
        _case("vander", a),
        _case("mm", a, T((3, 2)), grad=True),
        _case("mm", T((3,)), a), _case("mv", a, T((3,)), grad=True), _case("mv", a, a),
        _case("addbmm", a, b, b, grad=True),
        _case("addbmm", T((3, 3), "float64"), T((2, 3, 3), "float64"),
              T((2, 3, 3), "float64"), beta=0.5, alpha=2.0, grad=True),
        _case("addr", a, T((3,)), T((3,)), grad=True),
        _case("addr", V([[1, 2], [3, 4]], "int32"), V([1, 2], "int32"), V([3, 1], "int32"),
              beta=2, alpha=3),
        _case("batch_dot", b, b, grad=True), _case("batch_dot", b, T((2, 3, 4)), (2, 1)),
        _case("batch_dot", a, a, grad=True), _case("batch_dot", T((2, 3, 4)), T((2, 4)),
                                                   grad=True),
        _case("batch_dot", T((2, 3)), T((2, 4))),
        _case("adjoint", b, grad=True), _case("t", a, grad=True), _case("t", T((3,))),
        _case("t", b),
    ]
