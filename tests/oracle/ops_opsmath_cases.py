"""The scalar functions and ``sparse_segment_mean`` cases that
``make_ops_opsmath_fixture.py`` runs through real MindSpore 2.10; encoded as in
``ops_cases.py``. (The other math/array names of this area have no CPU kernel in 2.10.)
MindSpore 2.10 defines no bprop for ``SparseSegmentMean``, so no gradient is recorded; the
unit tests check ours by finite differences."""
from ops_cases import D, T, V, _case

BINARY = ("add", "sub", "mul", "div", "floordiv", "mod", "pow", "eq", "lt", "le", "gt", "ge",
          "max", "min")
PAIRS = [(7, 2), (7.5, 2), (-7, 2), (7, -2), (-7.5, 2), (True, 2), (2, 0.5), (2, -1), (0, 0),
         (7, 0), (7.0, 0.0), (2, 2.0), (3, True)]


def scalar_cases():
    c = [_case("scalar_" + op, x, y) for op in BINARY for x, y in PAIRS]
    c += [_case("scalar_add", T(()), 2.0), _case("scalar_mul", 2, T((3,))),
          _case("scalar_sub", 1.5, T(())), _case("scalar_div", T(()), 2),
          _case("scalar_floordiv", T((3,)), 2.0), _case("scalar_mod", T(()), 1.5),
          _case("scalar_pow", T((), low=0.5), 2.0), _case("scalar_lt", T(()), 0.5),
          _case("scalar_div", T(()), 0), _case("scalar_mod", 3, T(())),
          _case("scalar_pow", 0, -1), _case("scalar_pow", 0.0, -1),
          _case("scalar_add", 2 ** 70, 1), _case("scalar_mul", 2 ** 40, 2 ** 40),
          _case("scalar_div", True, False), _case("scalar_max", T(()), 0.5),
          _case("scalar_log", T((), low=0.5)), _case("scalar_floordiv", 1e300, 1e-300),
          _case("scalar_log", 2.0), _case("scalar_log", 8), _case("scalar_log", True),
          _case("scalar_log", 0), _case("scalar_log", -1.0),
          _case("scalar_uadd", 2), _case("scalar_uadd", 2.5), _case("scalar_usub", 2),
          _case("scalar_usub", -2.5), _case("scalar_usub", True), _case("scalar_usub", T(()))]
    for x in (3.7, -3.7, 0, 2, True, 0.0):
        for dtype in ("int64", "float64", "bool_", "float32", "int32"):
            c.append(_case("scalar_cast", x, D(dtype)))
            if dtype in ("int64", "float32"):
                c.append(_case("ScalarCast", x, D(dtype), init=()))
    c += [_case("scalar_cast", T(()), D("int64")), _case("scalar_cast", 1, "int64")]
    return c


def tensor_cases():
    c = []
    for x in (3, 2.5, True, -1, 300):
        for dtype in ("float32", "float16", "float64", "int8", "int32", "int64", "uint8",
                      "bool_"):
            c.append(_case("scalar_to_tensor", x, D(dtype)))
        c += [_case("scalar_to_tensor", x), _case("ScalarToTensor", x, init=()),
              _case("ScalarToTensor", x, D("int32"), init=())]
    c += [_case("scalar_to_tensor", 2 ** 40, D("int32")), _case("scalar_to_tensor", 1e40),
          _case("scalar_to_tensor", 2 ** 70, D("int64")),
          _case("scalar_to_tensor", -2.7, D("int32")),
          _case("scalar_to_tensor", 2 ** 70), _case("scalar_to_tensor", 1, None),
          _case("scalar_cast", 2 ** 70, D("float64")), _case("scalar_cast", 1e300, D("int64"))]
    c += [_case("scalar_to_tensor", T(())), _case("scalar_to_tensor", "a"),
          _case("scalar_to_tensor", 1, "float32"), _case("ScalarToTensor", "a", init=())]
    tuples = [{"tuple": [1, 2, 3]}, {"tuple": [True, False]}, {"tuple": [1, 2.5]},
              {"tuple": [1.5, 2]}, {"tuple": [True, 2]}, {"tuple": [2, True]}, {"tuple": [1]},
              {"tuple": [{"tuple": [1, 2]}, {"tuple": [3, 4]}]}, {"tuple": [T(()), 2]},
              {"tuple": [2 ** 40, 1]}, {"tuple": [-1.25, 0.5, 3]}]
    for t in tuples:
        c += [_case("tuple_to_array", t), _case("TupleToArray", t, init=())]
    c += [_case("tuple_to_array", 5), _case("tuple_to_array", {"tuple": []}),
          _case("tuple_to_array", {"tuple": [1, None]}), _case("TupleToArray", 5, init=())]
    return c


def _ids(values, dtype="int32"):
    return V(values, dtype)


def segment_cases():
    x = T((3, 2))
    c = [_case("sparse_segment_mean", x, _ids([0, 1, 2]), _ids([0, 0, 2])),
         _case("sparse_segment_mean", T((3, 3)), _ids([0, 1, 2]), _ids([1, 2, 2])),
         _case("sparse_segment_mean", T((2, 2), "float64"), _ids([1, 0, 1], "int64"),
               _ids([0, 0, 1], "int64")),
         _case("sparse_segment_mean", T((2, 2), "float16"), _ids([1, 0]), _ids([0, 0])),
         _case("sparse_segment_mean", T((3,)), _ids([1, 0, 2]), _ids([0, 0, 3])),
         _case("sparse_segment_mean", T((4, 2, 3)), _ids([3, 3, 0, 1]), _ids([0, 1, 1, 1])),
         _case("sparse_segment_mean", T((2, 2), "int32"), _ids([1, 0]), _ids([0, 0])),
         _case("sparse_segment_mean", x, _ids([0, 1, 2]), _ids([2, 1, 1])),
         _case("sparse_segment_mean", x, _ids([0, 5]), _ids([0, 1])),
         _case("sparse_segment_mean", x, _ids([0, -1]), _ids([0, 1])),
         _case("sparse_segment_mean", x, _ids([0, 1]), _ids([0, 1, 1])),
         _case("sparse_segment_mean", x, V([0.0, 1.0]), _ids([0, 1])),
         _case("sparse_segment_mean", x, _ids([0, 1], "int64"), _ids([0, 1])),
         _case("sparse_segment_mean", x, _ids([[0, 1]]), _ids([[0, 1]])),
         _case("sparse_segment_mean", x, _ids([0, 1]), _ids([-1, 1])),
         _case("sparse_segment_mean", T(()), _ids([0]), _ids([0])),
         _case("sparse_segment_mean", x, _ids([]), _ids([]))]
    return c


def opsmath_cases():
    return scalar_cases() + tensor_cases() + segment_cases()
