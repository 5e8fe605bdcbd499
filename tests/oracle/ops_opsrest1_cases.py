"""Area opsrest1's cases (the Adam/AdamWeightDecay/SGD step primitives, ScatterAddWithAxis,
the functional in-place ops and the remaining primitives and functions) that
``make_ops_opsrest1_fixture.py`` runs through real MindSpore 2.10; encoded as in
``ops_cases.py``. Both sides call them through ``rest_view``: complex values travel as
(real, imag) pairs (``ops_primslin_cases.PrimRealView``), and the step primitives' first
``SLOTS[op]`` Tensors become Parameters, the call answering their values after the step
(with SGD's output first; MindSpore 2.10's CPU Adam and AdamWeightDecay return
uninitialized outputs, so only their Parameters are compared)."""
import numpy as onp

from ops_cases import D, T, V, _case
from ops_fn_lin_cases import C
from ops_primslin_cases import PrimRealView

# step primitive -> (its Parameters' positions, the answer: oracle_io.OpsView's params)
SLOTS = {"Adam": (3, "params"), "AdamWeightDecay": (3, "params"), "SGD": ((0, 3, 5), "flat")}


def rest_view(lib, ops):
    """``PrimRealView`` whose ``SLOTS`` primitives take Parameters made from their Tensors."""
    return PrimRealView(lib, ops, SLOTS)


def _s(value, dtype="float32"):
    return V(value, dtype)


def optim_cases():
    s = (3,)
    p = [T(s, "float32", 0.1, 1.0) for _ in range(3)]
    p64 = [T(s, "float64", 0.1, 1.0) for _ in range(3)]
    g = T(s)
    adam = (0.9, 0.999, 0.01, 0.9, 0.999, 1e-8)
    c = [
        _case("Adam", *p, *adam, g, init=()),
        _case("Adam", *p, *adam, g, init=(False, True)),
        _case("Adam", *p, *[_s(a) for a in adam], g, init=()),
        _case("Adam", *p, 0.5, 0.25, 0.1, 0.6, 0.7, 1e-3, g, init=(True, False)),
        _case("Adam", *p, *adam, T((2,)), init=()),
        _case("Adam", *p, *adam, g, init=(1,)),
        _case("Adam", *p64, *adam, T(s, "float64"), init=()),
        _case("AdamWeightDecay", *p, 0.01, 0.9, 0.999, 1e-8, 0.1, g, init=()),
        _case("AdamWeightDecay", *p, *[_s(a) for a in (0.1, 0.5, 0.6, 1e-3, 0.3)], g,
              init=()),
        _case("AdamWeightDecay", *p, 0.01, 0.9, 0.999, 1e-8, 0.1, T((2,)), init=()),
        _case("AdamWeightDecay", *p64, 0.01, 0.9, 0.999, 1e-8, 0.1, T(s, "float64"),
              init=()),
    ]
    lr, mu = _s(0.1), _s(0.9)
    for stat in ([0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [0.0, 2.0, 0.0]):
        c += [_case("SGD", p[0], g, lr, p[1], mu, _s(stat), init=()),
              _case("SGD", p[0], g, lr, p[1], mu, _s(stat), init=(0.2, 0.1, False)),
              _case("SGD", p[0], g, lr, p[1], mu, _s(stat), init=(0.0, 0.3, True))]
    c += [
        _case("SGD", p[0], g, 0.1, p[1], mu, _s([0.0] * 3), init=()),
        _case("SGD", p[0], g, lr, p[1], 0.9, _s([0.0] * 3), init=()),
        _case("SGD", p[0], g, lr, p[1], mu, _s([0.0] * 3), init=(0.2, 0.0, True)),
        _case("SGD", p[0], g, lr, p[1], mu, _s([0.0] * 3), init=(0.0, 0.0, 1)),
        _case("SGD", p64[0], T(s, "float64"), _s(0.1, "float64"), p64[1], _s(0.9, "float64"),
              _s([0.0] * 3, "float64"), init=()),
    ]
    x, idx = T((3, 3)), V([[1, 1], [2, -1]], "int32")
    c += [
        _case("ScatterAddWithAxis", x, idx, T((2, 2)), init=(), grad=True),
        _case("ScatterAddWithAxis", x, idx, T((2, 2)), init=(1,), grad=True),
        _case("ScatterAddWithAxis", x, idx, T((2, 2)), init=(-1,)),
        _case("ScatterAddWithAxis", T((3, 3), "float64"), V([[0, 2, 0]], "int64"),
              T((1, 3), "float64"), init=(0,), grad=True),
        _case("ScatterAddWithAxis", T((2, 3), "int32", -3, 3), V([[0, 2]], "int32"),
              T((1, 2), "int32", -3, 3), init=(1,)),
        _case("ScatterAddWithAxis", x, V([[5, 1]], "int32"), T((1, 2)), init=(1,)),
        _case("ScatterAddWithAxis", x, idx, T((2, 2), "float64"), init=(0,)),
    ]
    return c


def inplace_cases():
    x, xi = T((2, 3)), T((2, 3), "int32", -3, 3)
    small = T((2, 3), low=-0.9, high=0.9)
    c = [_case("zero_", x), _case("zero_", xi), _case("zero_", [1.0, 2.0]),
         _case("erfinv_", small, grad=True), _case("tanh_", x, grad=True),
         _case("inplace_sigmoid", x, grad=True),
         _case("clamp_", x, -0.5, 0.5, grad=True), _case("clamp_", xi, 0, 2),
         _case("clamp_", x, T((3,)), 1.0), _case("clamp_", x),
         _case("put_", x, V([0, 5], "int64"), V([9.0, 8.0])),
         _case("put_", x, V([0, 0, -1], "int64"), V([9.0, 8.0, 7.0]), True),
         _case("put_", x, V([6], "int64"), V([9.0]))]
    zeros = V([[0.0] * 3] * 2)
    c += [_case("uniform_", zeros, 2, 3), _case("uniform_", zeros, 3, 2),
          _case("normal_", zeros, 5.0, 0.0), _case("normal_", zeros, 0.0, -1.0),
          _case("random_", zeros, 4, 5), _case("random_", zeros, 5, 2),
          _case("bernoulli_", zeros, 1.0), _case("bernoulli_", zeros, 1.5),
          _case("exponential_", zeros, 2.0), _case("exponential_", zeros, -2.0)]
    return c


def _geqrf(a, dtype):
    h, tau = onp.linalg.qr(onp.array(a, dtype), mode="raw")
    return V(onp.round(h.T, 6).tolist(), dtype), V(onp.round(tau, 6).tolist(), dtype)


def prim_cases():
    a = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.5]]
    sq = V([[2.0, 0.5], [0.1, 3.0]])
    c = [
        _case("MatrixLogarithm", {"tuple": [sq, V([[0.1, 0.0], [0.0, -0.2]])]}, init=(),
              cplx=[0]),
        _case("MatrixLogarithm", C((2, 2), "float64"), init=(), cplx=[0]),
        _case("MatrixLogarithm", sq, init=()),
        _case("Orgqr", *_geqrf(a, "float32"), init=()),
        _case("Orgqr", *_geqrf(a, "float64"), init=()),
        _case("orgqr", *_geqrf(a, "float64")),
        _case("orgqr", *_geqrf([[2.0, 1.0, 0.5], [1.0, 3.0, 1.0], [0.5, 1.0, 4.0]], "float32")),
        _case("orgqr", _geqrf(a, "float32")[0], _geqrf(a, "float64")[1]),
        _case("orgqr", V([[1.0, 2.0, 3.0]]), V([1.0])),
        _case("geqrf", V(a)), _case("geqrf", V(a, "float64")), _case("geqrf", T((2, 3, 2))),
        _case("ParallelConcat", {"tuple": [T((1, 3)), T((1, 3)), T((1, 3))]}, init=()),
        _case("ParallelConcat", {"tuple": [T((1, 2), "int32"), T((1, 2), "int32")]}, init=()),
        _case("ParallelConcat", {"tuple": [T((2, 3)), T((2, 3))]}, init=()),
        _case("ParallelConcat", {"tuple": [T((1, 2)), T((1, 2), "int32")]}, init=()),
        _case("RaggedRange", V([2, 5, 8], "int32"), V([3, 5, 12], "int32"), V([1, 1, 1], "int32"),
              init=(D("int32"),)),
        _case("RaggedRange", V([0.0, 1.5]), V([2.0, 3.0]), V([0.5, 0.5]), init=(D("int64"),)),
        _case("RaggedRange", V([5, 0], "int64"), V([0, 3], "int64"), V([-2, 1], "int64"),
              init=(D("int64"),)),
        _case("RaggedRange", V([0], "int32"), V([3], "int32"), V([0], "int32"),
              init=(D("int64"),)),
        _case("RaggedRange", V([0], "int32"), V([3.0]), V([1], "int32"), init=(D("int64"),)),
        _case("RaggedRange", V([0, 1], "int32"), V([3], "int32"), V([1], "int32"),
              init=(D("int64"),)),
        _case("RaggedRange", V([0], "int32"), V([3], "int32"), V([1], "int32"),
              init=(D("float32"),)),
        _case("EqualCount", V([[1.0, 2.0], [3.0, 4.0]]), V([[1.0, 2.0], [3.0, 5.0]]), init=()),
        _case("EqualCount", V([1, 2, 3], "int32"), V([1, 2, 4], "int32"), init=()),
        _case("EqualCount", V([1.0, 2.0]), V([1.0, 2.0, 3.0]), init=()),
        _case("EqualCount", V([1.0, 2.0]), V([1, 2], "int32"), init=()),
        _case("CheckNumerics", T((2, 3)), init=()),
        _case("CheckNumerics", T((3,), "float64"), init=()),
        _case("CheckNumerics", T((3,), "int32"), init=()),
        _case("CheckNumerics", V([1.0, float("nan")]), init=()),
        _case("CheckNumerics", V([1.0, float("inf")], "float64"), init=()),
    ]
    for op, src in (("DataFormatDimMap", V([-4, -3, -2, -1, 0, 1, 2, 3], "int32")),
                    ("DataFormatVecPermute", V([1, 2, 3, 4], "int32"))):
        c += [_case(op, src, init=()), _case(op, src, init=("NCHW", "NHWC")),
              _case(op, V(src["t"], "int64"), init=("NHWC", "NCHW")),
              _case(op, V([1.0, 2.0, 3.0, 4.0]), init=()),
              _case(op, src, init=("NHWC", "NCWH"))]
    c += [_case("DataFormatVecPermute", V([[1, 2], [3, 4], [5, 6], [7, 8]], "int32"), init=()),
          _case("DataFormatVecPermute", V([1, 2, 3], "int32"), init=())]
    return c
