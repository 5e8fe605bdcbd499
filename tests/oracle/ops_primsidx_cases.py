"""Area primsidx's cases: index, segment, window, set, random and alias ops, run by
``make_ops_primsidx_fixture.py`` through real MindSpore 2.10 and replayed by
``tests/test_cell_oracle_ops_primsidx.py``; encoded as in ``ops_cases.py``. Random ops are
replayed for dtype, shape and raise or not only (``RANDOM``)."""
from ops_cases import D, T, V, _case
from oracle_io import OpsView

I32, I64, F64, B = "int32", "int64", "float64", "bool"
RANDOM = {"RandpermV2", "TruncatedNormal", "StandardLaplace", "RandomGamma", "RandomPoisson",
          "Cauchy", "LogNormalReverse", "MultinomialWithReplacement",
          "multinomial_with_replacement"}


def _index_cases():
    x, rows, two = T((3, 2)), V([0, 2], I32), T((2, 2))
    cases = []
    for op, init, call in (("IndexAdd", [0], (x, rows, two)),
                           ("InplaceIndexAdd", [0], (x, rows, two))):
        cases += [_case(op, *call, init=init, grad=True),
                  _case(op, T((3, 2), F64), V([1, 1], I64), T((2, 2), F64), init=init, grad=True),
                  _case(op, T((2, 3)), V([2, 0], I32), T((2, 2)), init=[1], grad=True),
                  _case(op, x, V([0.0, 1.0]), two, init=init),
                  _case(op, x, rows, T((2, 2), F64), init=init),
                  _case(op, x, rows, T((3, 2)), init=init)]
    cases += [_case("inplace_index_add", x, rows, two, 0, grad=True),
              _case("inplace_index_add", x, V([[0], [2]], I32), two, 0)]
    for op, name in (("InplaceAdd", "inplace_add"), ("InplaceSub", "inplace_sub"),
                     ("InplaceUpdate", "inplace_update")):
        cases += [_case(op, x, two, init=[(0, 2)], grad=True),
                  _case(op, x, T((1, 2)), init=[1], grad=True),
                  _case(op, T((3, 2), F64), T((2, 2), F64), init=[(2, 0)], grad=True),
                  _case(op, V([[1, 2], [3, 4]], I32), V([[5, 6]], I32), init=[(1,)]),
                  _case(op, x, T((3, 2)), init=[(0, 2)]),
                  _case(op, x, T((2, 2), F64), init=[(0, 2)]),
                  _case(op, x, two, init=[(0, 5)]),
                  _case(name, x, two, (0, 2), grad=True), _case(name, x, T((1, 2)), 1),
                  _case(name, x, T((2, 3)), (0, 1))]
    cases += [_case("InplaceUpdateV2", x, rows, two, grad=True),
              _case("InplaceUpdateV2", x, 1, T((1, 2))),
              _case("InplaceUpdateV2", x, rows, T((2, 3))),
              _case("IndexFill", x, 1, V([0], I32), V(9.0), grad=True),
              _case("IndexFill", T((3, 2), F64), 0, V([0, 2], I64), V(-1.0, F64), grad=True),
              _case("IndexFill", V([[1, 2], [3, 4]], I32), 0, V([1], I32), V(7, I32)),
              _case("IndexFill", x, 1, V([0.0]), V(9.0)),
              _case("IndexPut", x, V([5.0, 6.0]), {"tuple": [rows]}, init=[0],
                    grad=True),
              _case("IndexPut", x, V([5.0]), {"tuple": [V([0, 0], I32)]}, init=[1], grad=True),
              _case("IndexPut", x, V([5.0, 7.0]), {"tuple": [rows, V([1, 0], I32)]}, init=[0],
                    grad=True),
              _case("IndexPut", T((3, 2), F64), V([5.0], F64), {"tuple": [V([2], I64)]}, init=[1]),
              _case("IndexPut", x, V([5.0], F64), {"tuple": [rows]}, init=[0]),
              _case("IndexPut", x, V([5.0]), {"tuple": [rows]}, init=[2]),
              _case("MaskedScatter", x, V([[True, False], [False, True], [True, True]], B),
                    T((6,)), grad=True),
              _case("MaskedScatter", x, V([True, False], B), T((2, 3)), grad=True),
              _case("MaskedScatter", V([1, 2], I32), V([True, False], B), V([5, 6], I32)),
              _case("MaskedScatter", x, V([True, True], B), T((2,))),
              _case("MaskedScatter", x, V([1, 0], I32), T((6,))),
              _case("FillDiagonal", T((3, 3)), init=[9.0], grad=True),
              _case("FillDiagonal", T((7, 3)), init=[9.0, True], grad=True),
              _case("FillDiagonal", T((7, 3), F64), init=[-1.0, False]),
              _case("FillDiagonal", T((2, 2, 2)), init=[9.0]),
              _case("FillDiagonal", V([[1, 2], [3, 4]], I32), init=[9.5]),
              _case("FillDiagonal", T((2, 3, 2)), init=[9.0]),
              _case("FillDiagonal", T((3,)), init=[9.0])]
    return cases


def _segment_cases():
    x, ids = T((4, 2)), V([0, 0, 2, 2], I32)
    cases = []
    for kind in ("Sum", "Max", "Min", "Mean", "Prod"):
        op = f"Segment{kind}"
        cases += [_case(op, x, ids, grad=True),
                  _case(op, T((3,), F64), V([0, 3, 3], I64), grad=True),
                  _case(op, V([1, 2, 4], I32), V([0, 0, 1], I32)),
                  _case(op, x, V([1, 0, 1, 1], I32)), _case(op, x, V([0, 1], I32)),
                  _case(op, x, V([-1, 0, 1, 1], I32)), _case(op, x, V([0.0, 0, 1, 1]))]
    return cases


def _shaping_cases():
    seq = T((3, 4))
    return [
        _case("ReverseSequence", seq, V([1, 2, 3], I32), init=[1], grad=True),
        _case("ReverseSequence", T((2, 3, 2)), V([3, 1], I64), init=[1, 0], grad=True),
        _case("ReverseSequence", seq, V([4, 1, 2, 3], I32), init=[0, 1]),
        _case("ReverseSequence", seq, V([1, 2], I32), init=[1]),
        _case("BatchToSpaceND", T((4, 1, 2, 2)), init=[[2, 2], [[0, 0], [0, 0]]], grad=True),
        _case("BatchToSpaceND", T((4, 1, 2, 3)), init=[[2, 2], [[0, 1], [1, 0]]], grad=True),
        _case("BatchToSpaceND", T((3, 1, 2, 2)), init=[[2, 2], [[0, 0], [0, 0]]]),
        _case("SpaceToBatchND", T((1, 1, 4, 4)), init=[[2, 2], [[0, 0], [0, 0]]], grad=True),
        _case("SpaceToBatchND", T((1, 2, 3, 2)), init=[[2, 2], [[1, 0], [0, 0]]], grad=True),
        _case("SpaceToBatchND", T((1, 1, 3, 4)), init=[[2, 2], [[0, 0], [0, 0]]]),
        _case("ChannelShuffle", T((1, 4, 2, 2)), init=[2]),
        _case("ChannelShuffle", T((2, 6, 1, 1), F64), init=[3]),
        _case("ChannelShuffle", T((1, 4, 2, 2)), init=[3]),
        _case("ChannelShuffle", V([[[1], [2]]], I32), init=[2]),
    ]


def _window_set_cases():
    cases = []
    for op in ("BartlettWindow", "BlackmanWindow"):
        cases += [_case(op, V(5, I32)), _case(op, V(6, I64), init=[False]),
                  _case(op, V(4, I32), init=[True, D("float64")]), _case(op, V(1, I32)),
                  _case(op, V([5], I32)), _case(op, V(5.0)), _case(op, V(-2, I32))]
    cases += [_case("HammingWindow", V([5], I32)),
              _case("HammingWindow", V([6], I64), init=[False, 0.5, 0.5, D("float64")]),
              _case("HammingWindow", V(5, I32)), _case("HammingWindow", V([5.0]))]
    ed = [V([[0, 0, 0], [0, 0, 1], [1, 1, 0]], I64), V([1, 2, 3], I32), V([2, 3, 2], I64),
          V([[0, 0, 0], [0, 0, 1], [1, 0, 0]], I64), V([1, 3, 3], I32), V([2, 2, 2], I64)]
    ed2 = [V([[0, 0]], I64), V([1.0]), V([2, 1], I64), V([[1, 0]], I64), V([1.0]),
           V([2, 1], I64)]
    cases += [_case("EditDistance", *ed), _case("EditDistance", *ed, init=[False]),
              _case("EditDistance", *ed2), _case("EditDistance", *ed2, init=[False]),
              _case("ListDiff", V([4, 1, 3, 4, 2], I32), V([4, 9], I32)),
              _case("ListDiff", V([1.5, 2.5]), V([2.5]), init=[D("int64")]),
              _case("ListDiff", V([1, 2], I32), V([1], I64)),
              _case("UniqueWithPad", V([3, 1, 3, 2], I32), V(-1, I32)),
              _case("UniqueWithPad", V([3, 1, 3, 2], I64), V(-1, I64)),
              _case("UniqueWithPad", V([3.0, 1.0, 3.0]), V(0.0)),
              _case("UniqueWithPad", V([[3, 1], [3, 2]], I32), V(-1, I32)),
              _case("unique_with_pad", V([5, 5, 1], I32), 0)]
    return cases


def _random_cases():
    probs = V([[0.1, 0.5, 0.4]])
    return [
        _case("RandpermV2", 5), _case("RandpermV2", V(5, I64)),
        _case("RandpermV2", 4, init=[0, 0, D("float32")]), _case("RandpermV2", -1),
        _case("RandpermV2", 300, init=[0, 0, D("int8")]),
        _case("TruncatedNormal", V([2, 3], I32)), _case("TruncatedNormal", V([2, 1], I64),
                                                        init=[D("float64")]),
        _case("TruncatedNormal", (2, 2)), _case("TruncatedNormal", V([2, 2], I32),
                                                init=[D("int32")]),
        _case("TruncatedNormal", V([3], I32)),
        _case("StandardLaplace", (2, 3)), _case("StandardLaplace", V([2, 2], I32)),
        _case("StandardLaplace", (2, -2)),
        _case("RandomGamma", V([2, 3], I32), V([1.0, 2.0, 3.0])),
        _case("RandomGamma", V([2], I64), V([1.0, 2.0], F64)),
        _case("RandomGamma", (2,), V([1.0, 2.0])),
        _case("RandomPoisson", V([2, 3], I32), V([1.0, 2.0, 3.0])),
        _case("RandomPoisson", V([2], I32), V([1.0, 2.0]), init=[0, 0, D("float32")]),
        _case("RandomPoisson", V([2], I32), V([1, 2], I32), init=[0, 0, D("int32")]),
        _case("Cauchy", init=[L([2, 3])]), _case("Cauchy", init=[L([4]), 1.0, 2.0]),
        _case("Cauchy", init=[(2,)]), _case("Cauchy", init=[L([2, -1])]),
        _case("LogNormalReverse", T((2, 3))), _case("LogNormalReverse", T((2,), F64),
                                                    init=[0.0, 1.0]),
        _case("LogNormalReverse", V([1], I32)),
        _case("MultinomialWithReplacement", probs, V(1, I64), V(0, I64), init=[4, True]),
        _case("MultinomialWithReplacement", probs, V(1, I64), V(0, I64), init=[2, False]),
        _case("MultinomialWithReplacement", V([0.1, 0.5, 0.4]), V(1, I64), V(0, I64),
              init=[2, True]),
        _case("multinomial_with_replacement", V([[0.2, 0.8]], F64), 1, 0, 3, True),
        _case("multinomial_with_replacement", V([[-0.1, 0.5, 0.4]]), 1, 0, 4, True),
    ]


def _alias_cases():
    x, y = T((2, 3)), T((2, 3), low=0.5)
    cases = [_case(name, x, y, grad=True) for name in
             ("tensor_add", "tensor_sub", "tensor_mul", "tensor_div", "tensor_pow")]
    cases += [_case(name, x, y) for name in
              ("tensor_ge", "tensor_gt", "tensor_le", "tensor_lt", "tensor_floordiv",
               "tensor_mod")]
    cases += [_case("tensor_exp", x, grad=True), _case("tensor_expm1", x, grad=True),
              _case("tensor_muls", x, 3.0, grad=True), _case("tensor_muls", x, y),
              _case("tensor_range", V(0, I32), V(5, I32), V(2, I32)),
              _case("tensor_range", V(0.0), V(1.0), V(0.25)),
              _case("tensor_slice", T((3, 2)), (0, 0), (2, 1), grad=True),
              _case("pows", y, 2.0, grad=True), _case("pows", y, T((2, 3)), grad=True),
              _case("reduce_max", x, 1, grad=True), _case("reduce_min", x, grad=True),
              _case("reduce_mean", x, (0, 1), grad=True), _case("reduce_mean", x, 0),
              _case("bias_add", x, T((3,)), grad=True), _case("bias_add", x, T((2,))),
              _case("bias_add", T((2, 3, 2), F64), T((3,), F64), grad=True),
              _case("dense", x, T((4, 3)), T((4,)), grad=True),
              _case("dense", T((3,)), T((3,)), grad=True), _case("dense", x, T((4, 3))),
              _case("dense", T((2, 2, 3), F64), T((4, 3), F64), T((4,), F64), grad=True),
              _case("dense", x, T((4, 2))),
              _case("addn", {"tuple": [x, y]}, grad=True), _case("addn", {"tuple": [x]}),
              _case("addn", x), _case("addn", {"tuple": [x, T((3,))]}),
              _case("view_as", x, T((3, 2)), grad=True), _case("view_as", x, T((4,))),
              _case("is_tensor", x), _case("is_tensor", 3), _case("is_nonzero", V([1.0])),
              _case("is_nonzero", V(0, I32)), _case("is_nonzero", V([[True]], B)),
              _case("is_nonzero", T((2,)))]
    for name in WRITES:
        cases += [_case(name, x, y), _case(name, T((3,), F64), V([1.0], F64)),
                  _case(name, V([1, 2], I32), V([3, 4], I32)), _case(name, x, T((3, 2)))]
    return cases


def L(values):
    """A Python list that stays a list through ``oracle_io.make_op`` (which makes other
    lists tuples)."""
    return {"list": values}


WRITES = ("assign_add", "assign_sub")


def prims(lib, ops):
    """``ops`` of ``lib`` with the first argument of each Parameter write (``WRITES``) made a
    Parameter, the call returning it (``oracle_io.OpsView``)."""
    return OpsView(lib, ops, {name: (1, "param") for name in WRITES})


def primsidx_cases():
    cases = _index_cases() + _segment_cases() + _shaping_cases() + _window_set_cases() + \
        _random_cases() + _alias_cases()
    for case in cases:  # a primitive class is built (with no arguments when none are given)
        if case["op"][0].isupper():
            case.setdefault("init", [])
    return cases
