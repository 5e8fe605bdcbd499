"""ops' math, statistics and linear-algebra functions: each refuses a bad argument with
a minpy_compat error naming the op and the argument (MindSpore raises the same class),
plus the values MindSpore's oracle cannot pin down (dtype rules, ties, edge values)."""
import math

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError, MinpyError

F = ms.Tensor([0.5, -0.25, 0.75])
M = ms.Tensor([[1.0, 2.0, 0.5], [0.3, -1.0, 2.0]])
SQ = ms.Tensor([[2.0, 1.0], [1.0, 3.0]])
IN = ms.Tensor(onp.array([1, 2, 3], onp.int32))
UNARY = ["atanh", "arctanh", "cosh", "sinh", "tan", "expm1", "exp2", "log1p", "log2",
         "log10", "ceil", "floor", "trunc", "round", "frac", "sign", "signbit",
         "reciprocal", "negative", "positive", "isfinite", "isinf", "isnan", "erfc",
         "erfinv", "sinc", "logical_not"]
FLOAT_ONLY = ["acos", "arccos", "asin", "arcsin", "atan", "arctan", "acosh", "arccosh",
              "asinh", "arcsinh", "deg2rad", "rad2deg", "ceil", "floor", "logit"]
FLOAT_BINARY = ["atan2", "arctan2", "logaddexp", "logaddexp2", "hypot"]
BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor"]
ALIASES = {"arccos": "acos", "arcsin": "asin", "arctan": "atan", "arccosh": "acosh",
           "arcsinh": "asinh", "arctanh": "atanh", "arctan2": "atan2"}

# (call, error class, words the message must hold)
BAD = [(lambda n=n: getattr(ops, n)(2.0), CellTypeError, rf"ops\.{ALIASES.get(n, n)} \w+: "
        r"expected a Tensor, got float") for n in UNARY] + \
    [(lambda n=n: getattr(ops, n)(IN), CellTypeError,
      rf"ops\.{ALIASES.get(n, n)} input: expected a float Tensor, got int32")
     for n in FLOAT_ONLY] + \
    [(lambda n=n: getattr(ops, n)(IN, IN), CellTypeError,
      rf"ops\.{ALIASES.get(n, n)} input: expected a float Tensor, got int32")
     for n in FLOAT_BINARY] + \
    [(lambda n=n: getattr(ops, n)(F, IN), CellTypeError, rf"ops\.{n} input: expected an int")
     for n in BITWISE] + [
    (lambda: ops.logaddexp(F, 2.0), CellTypeError, r"ops\.logaddexp other: expected a float "
     "Tensor, got float"),
    (lambda: ops.fmod(2.0, 3.0), CellTypeError, r"ops\.fmod input/other: expected at least"),
    (lambda: ops.float_power(2.0, 3.0), CellTypeError, r"ops\.float_power input/other"),
    (lambda: ops.round(F, decimals=0.5), CellTypeError, r"ops\.round decimals: expected an int"),
    (lambda: ops.divide(F, F, rounding_mode="up"), CellArgumentError, "rounding_mode"),
    (lambda: ops.copysign(1.0, F), CellTypeError, r"ops\.copysign x: expected a Tensor"),
    (lambda: ops.isclose(F, F, rtol="a"), CellTypeError, r"ops\.isclose rtol: expected a num"),
    (lambda: ops.logit(F, eps="a"), CellTypeError, r"ops\.logit eps: expected a float"),
    (lambda: ops.lerp(IN, IN, 0.5), CellTypeError, r"ops\.lerp input: expected a float Tensor"),
    (lambda: ops.addcdiv(IN, IN, IN), CellTypeError, r"ops\.addcdiv input: expected a float"),
    (lambda: ops.logsumexp(M, 2), CellArgumentError, r"ops\.logsumexp dim: expected an int"),
    (lambda: ops.logsumexp(IN, 0), CellTypeError, r"ops\.logsumexp input: expected a float"),
    (lambda: ops.std(M, ddof=1.5), CellTypeError, r"ops\.std ddof: expected an int"),
    (lambda: ops.var(IN), CellTypeError, r"ops\.var input: expected a float Tensor"),
    (lambda: ops.std_mean(IN), CellTypeError, r"ops\.std_mean input"),
    (lambda: ops.var_mean(M, ddof="1"), CellTypeError, r"ops\.var_mean ddof"),
    (lambda: ops.median(M, axis=3), CellArgumentError, r"ops\.median axis: expected an int"),
    (lambda: ops.nanmean(IN), CellTypeError, r"ops\.nanmean input: expected a float"),
    (lambda: ops.aminmax(M, axis=2), CellArgumentError, r"ops\.aminmax axis"),
    (lambda: ops.cummax(M, 2), CellArgumentError, r"ops\.cummax axis"),
    (lambda: ops.cummin(M, -3), CellArgumentError, r"ops\.cummin axis"),
    (lambda: ops.logcumsumexp(IN, 0), CellTypeError, r"ops\.logcumsumexp input"),
    (lambda: ops.dot(F, F), CellArgumentError, r"ops\.dot input/other: expected Tensors of 2"),
    (lambda: ops.ger(F, M), CellArgumentError, r"ops\.ger vec2: expected a 1-D Tensor"),
    (lambda: ops.ger(F, IN.astype(onp.float64)), CellTypeError, r"ops\.ger vec2: expected "
     "input's dtype float32, got float64"),
    (lambda: ops.cross(M[:, :2], M[:, :2]), CellArgumentError,
     r"ops\.cross dim: expected an axis of size 3"),
    (lambda: ops.det(M), CellArgumentError, r"ops\.det input: expected a Tensor of square"),
    (lambda: ops.det(SQ.astype(onp.int32)), CellTypeError, r"ops\.det input: expected a float"),
    (lambda: ops.inverse(M), CellArgumentError, r"ops\.inverse input"),
    (lambda: ops.matrix_power(SQ, 1.5), CellTypeError, r"ops\.matrix_power n: expected an int"),
    (lambda: ops.trace(F), CellArgumentError, r"ops\.trace input: expected a 2-D Tensor"),
    (lambda: ops.diag_embed(M, 0, 1, 1), CellArgumentError, r"ops\.diag_embed dim1/dim2"),
    (lambda: ops.tril(F), CellArgumentError, r"ops\.tril input: expected a Tensor of 2"),
    (lambda: ops.triu(M, 0.5), CellTypeError, r"ops\.triu diagonal: expected an int"),
    (lambda: ops.addmm(M, F, M), CellArgumentError, r"ops\.addmm mat1: expected a 2-D"),
    (lambda: ops.addmv(F, M, M), CellArgumentError, r"ops\.addmv vec: expected a 1-D"),
    (lambda: ops.einsum(1, M), CellTypeError, r"ops\.einsum equation: expected a str"),
    (lambda: ops.cdist(M, F), CellArgumentError, r"ops\.cdist x1/x2: expected 2-D or 3-D"),
    (lambda: ops.cdist(M, M, -1.0), CellArgumentError, r"ops\.cdist p: expected a number >= 0"),
    (lambda: ops.dist(F, F, 2.5), CellTypeError, r"ops\.dist p: expected an int"),
    (lambda: ops.pdist(F), CellArgumentError, r"ops\.pdist input: expected a Tensor of 2"),
    (lambda: ops.pdist(IN.reshape(3, 1)), CellTypeError, r"ops\.pdist input: expected a float"),
    (lambda: ops.cosine_similarity(IN, IN), CellTypeError, r"ops\.cosine_similarity x1")]


@pytest.mark.parametrize("call, error, words", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_argument_is_refused_by_name(call, error, words):
    with pytest.raises(error, match=words) as info:
        call()
    assert error is TypeError or isinstance(info.value, MinpyError)


def test_dtype_rules_follow_mindspore():
    assert ops.reciprocal(IN).dtype == onp.float32
    assert ops.trace(ms.Tensor(onp.eye(2, dtype=onp.int32))).dtype == onp.int32
    assert ops.nansum(IN).dtype == onp.int32
    assert ops.cummin(F, 0)[1].dtype == onp.int32 and ops.cummax(F, 0)[1].dtype == onp.int64
    assert ops.count_nonzero(IN).dtype == onp.int32
    assert ops.float_power(F, 2).dtype == onp.float64
    assert ops.frac(ms.Tensor([True])).dtype == onp.int64


def test_edge_values():
    edges = ops.erfinv(ms.Tensor([-1.0, 1.0, 0.0]))
    onp.testing.assert_array_equal(edges, [-onp.inf, onp.inf, 0])
    assert abs(float(ops.erfinv(ms.Tensor(0.999, ms.float64))) - 2.326753765513524) < 1e-9
    assert abs(float(ops.erfc(ms.Tensor([5.0]))[0]) / 1.5374597944e-12 - 1) < 1e-5
    assert float(ops.xlogy(ms.Tensor(0.0), ms.Tensor(0.0))) == 0
    assert ops.signbit(ms.Tensor([-0.0])).tolist() == [True]
    assert math.isfinite(float(ops.logsumexp(ms.Tensor([1000.0, 1000.0]), 0)))
    values, index = ops.cummax(ms.Tensor([1.0, 3.0, 3.0, 1.0]), 0)
    assert index.tolist() == [0, 1, 2, 2]  # ties take the latest index, as in MindSpore
    assert ops.median(ms.Tensor([4.0, 1.0, 3.0, 2.0]))[0] == 2.0  # the lower median
