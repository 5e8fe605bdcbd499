"""Area primslin's complex and misc-math primitive classes and function ops
(``minpy_compat/ops/prims_cplx.py``, ``prims_mathx.py``, ``prims_fills.py``,
``fn_primslin.py``): float64 finite-difference checks, float32 staying float32, errors that
name the op and argument, docstrings. MindSpore's values are replayed in
``tests/test_cell_oracle_ops_primslin.py``."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat.array import Array
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

NEW = ["Angle", "Complex", "ComplexAbs", "Conj", "ConjugateTranspose", "Imag", "Real", "Polar",
       "NanToNum", "NextAfter", "PopulationCount", "NthElement", "LowerBound", "UpperBound",
       "Bincount", "Histogram", "LogSpace", "TrilIndices", "TriuIndices", "UnravelIndex",
       "Gelu", "FastGelu", "FillV2", "IdentityN", "InTopK", "population_count", "xdivy",
       "truncate_div", "truncate_mod", "bitwise_left_shift", "bitwise_right_shift", "inv",
       "invert", "approximate_equal", "intopk", "CholeskyInverse", "CholeskySolve", "Eig",
       "Geqrf", "Lstsq", "LuSolve", "LuUnpack", "MatrixPower", "MatrixSolve", "MatrixSolveLs",
       "MatrixTriangularSolve", "Qr", "Svd", "NuclearNorm", "Pdist", "Renorm",
       "TridiagonalMatMul"]
rng = onp.random.RandomState(16)


def f64(*shape, low=-1.0, high=1.0):
    return onp.round(rng.uniform(low, high, shape), 3)


def i32(values):
    return ms.Tensor(onp.array(values, onp.int32))


@pytest.mark.parametrize("name", NEW)
def test_every_new_name_is_exported_with_a_docstring(name):
    assert name in ops.__all__
    doc = getattr(ops, name).__doc__
    assert doc and doc.strip()


def _sq(z):
    return ops.reduce_sum(ops.Real()(z) * ops.Real()(z) + 2.0 * ops.Imag()(z))


COMPLEX_FD = [
    ("Angle", lambda x, y: ops.reduce_sum(ops.Angle()(ops.Complex()(x, y)))),
    ("ComplexAbs", lambda x, y: ops.reduce_sum(ops.ComplexAbs()(ops.Complex()(x, y)))),
    ("Conj", lambda x, y: _sq(ops.Conj()(ops.Complex()(x, y)))),
    ("ConjugateTranspose",
     lambda x, y: _sq(ops.ConjugateTranspose()(ops.Complex()(x, y), (1, 0)))),
    ("Polar", lambda x, y: _sq(ops.Polar()(x + 2.0, y))),
]


@pytest.mark.parametrize("name,fn", COMPLEX_FD, ids=[n for n, _ in COMPLEX_FD])
def test_complex_prims_match_finite_differences(name, fn):
    check_grads(fn, modes=["rev"], order=1)(f64(2, 3, low=0.2), f64(2, 3, low=0.2))


REAL_FD = [
    ("NthElement", lambda x: ops.NthElement()(x, 1)),
    ("NthElement reverse", lambda x: ops.NthElement(True)(x, 0)),
    ("Gelu", lambda x: ops.Gelu()(x)), ("FastGelu", lambda x: ops.FastGelu()(x)),
    ("NanToNum", lambda x: ops.NanToNum(1.0, 2.0, -3.0)(x * 2.0)),
    ("inv", lambda x: ops.inv(x + 2.0)), ("xdivy", lambda x: ops.xdivy(x, x * x + 1.0)),
    ("truncate_mod", lambda x: ops.truncate_mod(x * 3.0, x[0] + 2.0)),
]


@pytest.mark.parametrize("name,fn", REAL_FD, ids=[n for n, _ in REAL_FD])
def test_real_ops_match_finite_differences(name, fn):
    check_grads(lambda a: ops.reduce_sum(fn(a) * fn(a)), modes=["rev"], order=1)(f64(2, 4))


def test_float32_stays_float32():
    x, y = ms.Tensor(f64(2, 3).astype(onp.float32)), ms.Tensor(f64(2, 3).astype(onp.float32))
    z = ops.Complex()(x, y)
    assert z.dtype == onp.complex64
    for out in (ops.Angle()(z), ops.ComplexAbs()(z), ops.Real()(z), ops.Imag()(z),
                ops.Polar()(x, y).real, ops.NthElement()(x, 1), ops.Gelu()(x),
                ops.FastGelu()(x), ops.NanToNum()(x), ops.xdivy(x, y), ops.inv(x),
                ops.LogSpace(3)(ms.Tensor(0.0), ms.Tensor(1.0))):
        assert out.dtype == onp.float32, out.dtype


def test_values_match_their_definitions():
    assert ops.PopulationCount()(ms.Tensor(onp.array([7, -1], onp.int16))).tolist() == [3, 16]
    assert ops.population_count(i32([-1])).dtype == onp.uint8
    table = ms.Tensor([[1.0, 2.0, 2.0, 5.0]])
    assert ops.LowerBound()(table, ms.Tensor([[2.0, 6.0]])).tolist() == [[1, 4]]
    assert ops.UpperBound(ms.int64)(table, ms.Tensor([[2.0]])).dtype == onp.int64
    assert ops.Bincount()(i32([1, 1, 3]), i32(3), ms.Tensor([0.5, 1.0, 2.0])).tolist() == \
        [0.0, 1.5, 0.0]
    assert ops.UnravelIndex()(i32([7, 5]), i32([3, 4])).tolist() == [[1, 1], [3, 1]]
    assert ops.TriuIndices(2, 3, 1)().tolist() == [[0, 0, 1], [1, 2, 2]]
    assert ops.FillV2()((2,), ms.Tensor(1.5)).tolist() == [1.5, 1.5]
    assert ops.InTopK(1)(ms.Tensor([[3.0, 3.0, 2.0]]), i32([1])).tolist() == [True]
    assert ops.bitwise_left_shift(3, i32([1, 2])).tolist() == [6, 12]
    assert ops.bitwise_right_shift(i32([-8]), 1).tolist() == [-4]
    assert ops.approximate_equal(ms.Tensor([1.0, 2.0]), ms.Tensor([1.1, 2.5]), 0.2).tolist() \
        == [True, False]
    z = ops.Complex()(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0]))  # broadcast
    assert ops.ConjugateTranspose()(ops.Complex()(ms.Tensor([[1.0]]), ms.Tensor([[2.0]])),
                                    (1, 0)).tolist() == [[1 - 2j]]
    assert z.tolist() == [1 + 3j, 2 + 3j]


BAD = [
    (lambda: ops.Angle()(ms.Tensor([1.0])), CellTypeError, "Angle input"),
    (lambda: ops.Complex()(i32([1]), i32([1])), CellTypeError, "Complex real"),
    (lambda: ops.Complex()(ms.Tensor([1.0]), ms.Tensor(onp.ones(1))), CellTypeError,
     "Complex imag"),
    (lambda: ops.ComplexAbs()(ms.Tensor([1.0])), CellTypeError, "ComplexAbs x"),
    (lambda: ops.ConjugateTranspose()(ms.Tensor([[1.0]]), (0, 0)), CellArgumentError,
     "ConjugateTranspose perm"),
    (lambda: ops.Polar()(i32([1]), i32([1])), CellTypeError, "^Polar abs"),
    (lambda: ops.NanToNum()(i32([1])), CellTypeError, "NanToNum x"),
    (lambda: ops.NanToNum(nan="a"), CellTypeError, "NanToNum nan"),
    (lambda: ops.NextAfter()(ms.Tensor([0.0]), ms.Tensor(onp.ones(1))), CellTypeError,
     "^NextAfter other"),
    (lambda: ops.PopulationCount()(ms.Tensor([1.0])), CellTypeError, "PopulationCount input_x"),
    (lambda: ops.population_count(ms.Tensor([1.0])), CellTypeError,
     "ops.population_count input_x"),
    (lambda: ops.NthElement()(ms.Tensor([[1.0, 2.0]]), 2), CellArgumentError, "NthElement n"),
    (lambda: ops.NthElement(reverse=1), CellTypeError, "NthElement reverse"),
    (lambda: ops.LowerBound()(ms.Tensor([1.0]), ms.Tensor([1.0])), CellArgumentError,
     "LowerBound sorted_x"),
    (lambda: ops.UpperBound()(ms.Tensor([[1.0]]), i32([[1]])), CellTypeError,
     "UpperBound values"),
    (lambda: ops.LowerBound(ms.float32), CellTypeError, "LowerBound out_type"),
    (lambda: ops.Bincount()(i32([1, -1]), i32(3), ms.Tensor([])), CellArgumentError,
     "Bincount array"),
    (lambda: ops.Histogram(3, 2.0, 1.0), CellArgumentError, "Histogram min"),
    (lambda: ops.LogSpace(3, 10, ms.int32), CellTypeError, "LogSpace dtype"),
    (lambda: ops.TrilIndices(-1, 2), CellArgumentError, "TrilIndices row"),
    (lambda: ops.TriuIndices(2, 2, 0, ms.float32), CellTypeError, "triu_indices dtype"),
    (lambda: ops.UnravelIndex()(i32([12]), i32([3, 4])), CellArgumentError,
     "UnravelIndex indices"),
    (lambda: ops.FillV2()((2,), ms.Tensor([1.0, 2.0])), CellArgumentError, "FillV2 value"),
    (lambda: ops.FillV2()((2,), 1.0), CellTypeError, "FillV2 value"),
    (lambda: ops.IdentityN()(ms.Tensor([1.0])), CellTypeError, "IdentityN x"),
    (lambda: ops.InTopK(1.0), CellTypeError, "InTopK k"),
    (lambda: ops.InTopK(1)(ms.Tensor(onp.ones((1, 2))), i32([0])), CellTypeError, "InTopK x1"),
    (lambda: ops.intopk(ms.Tensor([1.0, 2.0]), i32([0]), 1), CellArgumentError, "ops.intopk x2"),
    (lambda: ops.xdivy(i32([1]), i32([1])), CellTypeError, "ops.xdivy x"),
    (lambda: ops.bitwise_left_shift(ms.Tensor([1.0]), i32([1])), CellTypeError,
     "ops.bitwise_left_shift input"),
    (lambda: ops.bitwise_right_shift(i32([1]), ms.Tensor(onp.array([1]))), CellTypeError,
     "ops.bitwise_right_shift other"),
    (lambda: ops.inv(ms.Tensor([True])), CellTypeError, "ops.inv x"),
    (lambda: ops.invert(ms.Tensor([1.0])), CellTypeError, "ops.invert x"),
    (lambda: ops.approximate_equal(ms.Tensor([1.0]), ms.Tensor([1.0]), 2), CellTypeError,
     "ops.approximate_equal tolerance"),
    (lambda: ops.approximate_equal(i32([1]), i32([1])), CellTypeError,
     "ops.approximate_equal x"),
]


@pytest.mark.parametrize("call,error,where", BAD, ids=[w for _, _, w in BAD])
def test_bad_arguments_name_the_op_and_argument(call, error, where):
    with pytest.raises(error, match=where):
        call()


@pytest.mark.parametrize("name", ["bitwise_left_shift", "bitwise_right_shift", "truncate_div",
                                  "truncate_mod", "invert", "population_count"])
def test_int_function_ops_return_tensors_with_asnumpy(name):
    x = ms.Tensor([1, 2, 3], ms.int32)
    args = (x,) if name in ("invert", "population_count") else (x, x)
    result = getattr(ops, name)(*args)
    assert type(result) is Array and type(result.asnumpy()) is onp.ndarray
