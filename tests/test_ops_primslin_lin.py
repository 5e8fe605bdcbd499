"""Area primslin's linear-algebra primitive classes (``minpy_compat/ops/prims_linalg2.py``):
float64 finite-difference checks (CholeskyInverse included: MindSpore's bprop is wrong
there), float32 staying float32, results against NumPy, errors naming the op and argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

rng = onp.random.RandomState(17)
LOW = onp.tril(rng.uniform(-0.5, 0.5, (3, 3))) + 2 * onp.eye(3)
SPD = LOW @ LOW.T
B = rng.uniform(-1, 1, (3, 2))
TALL = rng.uniform(-1, 1, (4, 3))
DIAG = rng.uniform(-1, 1, (3, 1, 4))

FD = [
    ("CholeskyInverse", lambda a: ops.CholeskyInverse()(ops.tril(a)), LOW),
    ("CholeskyInverse upper", lambda a: ops.CholeskyInverse(True)(ops.triu(a)), LOW.T),
    ("CholeskySolve", lambda b: ops.CholeskySolve()(b, ms.Tensor(LOW)), B),
    ("Lstsq", lambda a: ops.Lstsq()(a, ms.Tensor(TALL[:, :1])), TALL),
    ("MatrixPower", lambda a: ops.MatrixPower(3)(a), SPD[None] / 5),
    ("MatrixPower -2", lambda a: ops.MatrixPower(-2)(a), SPD[None]),
    ("MatrixSolve adjoint", lambda a: ops.MatrixSolve(True)(a, ms.Tensor(B)), SPD + LOW),
    ("MatrixSolveLs",
     lambda a: ops.MatrixSolveLs()(a, ms.Tensor(TALL[:, :2]), ms.Tensor(0.3)), TALL),
    ("MatrixSolveLs wide",
     lambda a: ops.MatrixSolveLs()(a, ms.Tensor(TALL[:3, :2]), ms.Tensor(0.3)), TALL.T),
    ("MatrixTriangularSolve", lambda a: ops.MatrixTriangularSolve(False, True)(
        a, ms.Tensor(B)), LOW.T),
    ("Qr", lambda a: ops.Qr()(a)[1], TALL), ("Svd", lambda a: ops.Svd(False, False)(a)[0], TALL),
    ("NuclearNorm", lambda a: ops.NuclearNorm([1, 0])(a), onp.stack([TALL, TALL[::-1]])),
    ("Pdist", lambda a: ops.Pdist()(a), TALL), ("Pdist p1", lambda a: ops.Pdist(1.0)(a), TALL),
    ("Renorm", lambda a: ops.Renorm(2, 1, 0.5)(a), TALL),
    ("TridiagonalMatMul", lambda d: ops.TridiagonalMatMul()(d[0], d[1], d[2],
                                                            ms.Tensor(TALL)), DIAG),
]


@pytest.mark.parametrize("name,fn,x", FD, ids=[n for n, _, _ in FD])
def test_linalg_prims_match_finite_differences(name, fn, x):
    check_grads(lambda a: ops.reduce_sum(fn(a) * fn(a)), modes=["rev"], order=1)(x)


def test_values_against_numpy():
    inv = ops.CholeskyInverse()(ms.Tensor(LOW)).asnumpy()
    assert onp.allclose(inv, onp.linalg.inv(SPD))
    assert onp.allclose(ops.CholeskySolve()(ms.Tensor(B), ms.Tensor(LOW)).asnumpy(),
                        onp.linalg.solve(SPD, B))
    y, tau = ops.Geqrf()(ms.Tensor(TALL))
    r = onp.triu(y.asnumpy())[:3]
    assert onp.allclose(onp.abs(r), onp.abs(onp.linalg.qr(TALL)[1])) and tau.shape == (3,)
    x = ops.Lstsq()(ms.Tensor(TALL), ms.Tensor(B[:, 0].tolist() + [1.0]))
    assert x.shape == (3, 1)
    assert onp.allclose(x.asnumpy()[:, 0], onp.linalg.lstsq(TALL, B[:, 0].tolist() + [1.0],
                                                            rcond=None)[0])
    plain = ops.MatrixSolveLs(False)(ms.Tensor(TALL), ms.Tensor(TALL[:, :1]), ms.Tensor(5.0))
    assert onp.allclose(plain.asnumpy(), [[1.0], [0.0], [0.0]])  # l2 unused, as MindSpore
    assert ops.MatrixPower(3)(ms.Tensor(onp.array([[[1, 1], [0, 1]]], onp.int32))).tolist() \
        == [[[1, 3], [0, 1]]]
    values, placeholder = ops.Eig()(ms.Tensor(SPD))
    assert onp.allclose(sorted(values.real.tolist()), onp.linalg.eigvalsh(SPD))
    assert placeholder.shape == () and placeholder.dtype == onp.complex128
    s, u, v = ops.Svd(compute_uv=False)(ms.Tensor(TALL))
    assert u.shape == v.shape == (1,)
    tri = onp.diag(DIAG[1, 0]) + onp.diag(DIAG[0, 0, :3], 1) + onp.diag(DIAG[2, 0, 1:], -1)
    assert onp.allclose(ops.TridiagonalMatMul()(*[ms.Tensor(d) for d in DIAG],
                                                ms.Tensor(TALL)).asnumpy(), tri @ TALL)


def test_float32_stays_float32():
    f = ms.Tensor(TALL.astype(onp.float32))
    low = ms.Tensor(LOW.astype(onp.float32))
    outs = [ops.CholeskyInverse()(low), ops.Lstsq()(f, f[:, :1]), ops.Qr()(f)[0],
            ops.Svd()(f)[0], ops.NuclearNorm()(f), ops.Pdist()(f), ops.Renorm(1, 0, 1.0)(f),
            ops.MatrixSolveLs()(f, f[:, :1], ms.Tensor(0.5)), ops.Geqrf()(f)[1],
            ops.MatrixTriangularSolve()(low, f[:3])]
    assert all(o.dtype == onp.float32 for o in outs), [o.dtype for o in outs]
    assert ops.Eig()(low)[0].dtype == onp.complex64


BAD = [
    (lambda: ops.CholeskyInverse(upper=1), CellTypeError, "CholeskyInverse upper"),
    (lambda: ops.Eig(compute_v="yes"), CellTypeError, "Eig compute_v"),
    (lambda: ops.Geqrf()(ms.Tensor(onp.ones((2, 2), onp.int32))), CellTypeError, "Geqrf x"),
    (lambda: ops.Lstsq(l2_regularizer=0.5), CellTypeError, "Lstsq l2_regularizer"),
    (lambda: ops.Lstsq()(ms.Tensor(TALL), ms.Tensor(onp.ones((4, 1, 1)))), CellArgumentError,
     "Lstsq rhs"),
    (lambda: ops.MatrixPower(1.5), CellTypeError, "MatrixPower n"),
    (lambda: ops.MatrixPower(-1)(ms.Tensor(onp.ones((1, 2, 2), onp.int32))),
     CellArgumentError, "MatrixPower n"),
    (lambda: ops.MatrixSolveLs()(ms.Tensor(TALL), ms.Tensor(B[:1]), ms.Tensor([0.1, 0.2])),
     CellArgumentError, "MatrixSolveLs l2"),
    (lambda: ops.MatrixTriangularSolve()(ms.Tensor(TALL), ms.Tensor(B)), CellArgumentError,
     "MatrixTriangularSolve matrix"),
    (lambda: ops.Svd(full_matrices=None), CellTypeError, "Svd full_matrices"),
    (lambda: ops.NuclearNorm()(ms.Tensor(onp.ones((2, 2, 2)))), CellArgumentError,
     "NuclearNorm x"),
    (lambda: ops.NuclearNorm([0, 0])(ms.Tensor(TALL)), CellArgumentError, "NuclearNorm dim"),
    (lambda: ops.Pdist(1), CellTypeError, "Pdist p"),
    (lambda: ops.Pdist()(ms.Tensor(onp.ones((2, 2, 2)))), CellArgumentError, "Pdist x"),
    (lambda: ops.Renorm(1.0, 0, 1.0), CellTypeError, "Renorm p"),
    (lambda: ops.TridiagonalMatMul()(ms.Tensor(onp.ones(4)), ms.Tensor(DIAG[0]),
                                     ms.Tensor(DIAG[1]), ms.Tensor(TALL)),
     CellArgumentError, "TridiagonalMatMul superdiag"),
]


@pytest.mark.parametrize("call,error,where", BAD, ids=[w for _, _, w in BAD])
def test_bad_arguments_name_the_op_and_argument(call, error, where):
    with pytest.raises(error, match=where):
        call()
