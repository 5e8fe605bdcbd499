"""Area scatter's cases: the scatter family written into a Parameter (``ScatterNdMul``,
``ScatterNdDiv``, ``ScatterNdMax``, ``ScatterNdMin`` and the older ``Scatter*`` /
``ScatterNd*`` primitives and ``scatter_*`` / ``scatter_nd_*`` functions), run by
``make_ops_scatter3_fixture.py`` through real MindSpore 2.10 and replayed by
``tests/test_cell_oracle_ops_scatter3.py``. Encoded as in ``ops_cases.py``; ``in_place``
stands for ``ops`` on both sides, so the first argument is a Parameter and the recorded
output is what the write left in it. No gradients: MindSpore's Parameter writes have
none (ScatterNdMax's bprop is undefined; scatter_max's gives ones), ours are checked
against finite differences in ``tests/test_ops_scatter3.py``."""
from ops_cases import T, V, _case
from oracle_io import OpsView

I32, I64, F64 = "int32", "int64", "float64"
PRIMS_ND = ("ScatterNdMul", "ScatterNdDiv", "ScatterNdMax", "ScatterNdMin")
OLD_ROWS = ("ScatterAdd", "ScatterSub", "ScatterUpdate", "ScatterMul", "ScatterDiv",
            "ScatterMax", "ScatterMin")
OLD_ND = ("ScatterNdAdd", "ScatterNdSub", "ScatterNdUpdate")
FN_ROWS = ("scatter_add", "scatter_update", "scatter_mul", "scatter_div", "scatter_max",
           "scatter_min")
FN_ND = ("scatter_nd_add", "scatter_nd_sub", "scatter_nd_update", "scatter_nd_mul",
         "scatter_nd_div", "scatter_nd_max", "scatter_nd_min")


def in_place(lib, ops):
    """``ops`` of ``lib`` with each op's first argument made a Parameter first; a call
    returns that Parameter, so its value after the write is what gets recorded."""
    names = PRIMS_ND + OLD_ROWS + OLD_ND + FN_ROWS + FN_ND
    return OpsView(lib, ops, {name: (1, "param") for name in names})


def _nd_cases(op, init=()):
    """One op by index tuples: values, repeats, dtypes and the argument checks."""
    x, rows, elems = T((3, 2), low=0.5), V([[0], [2]], I32), V([[1, 0], [1, 0], [2, 1]], I32)
    k = dict(init=init) if init is not None else {}
    return [
        _case(op, x, rows, T((2, 2), low=0.5), **k),
        _case(op, x, elems, V([2.0, -4.0, 0.5]), **k),
        _case(op, T((3, 2), F64, 0.5), V([[2], [0]], I64), T((2, 2), F64, 0.5), **k),
        _case(op, V([[7, -7], [9, 4]], I32), V([[0, 0], [0, 1], [1, 0]], I32),
              V([2, -2, 4], I32), **k),
        _case(op, x, V([[1], [1]], I32), V([[2, 3], [-1, 2]], I32), **k),
        _case(op, T((2, 2, 2), low=0.5), V([[1, 0], [0, 1]], I32), T((2, 2), low=0.5), **k),
        _case(op, x, V([[1]], I32), T((1, 2), F64), **k),
        _case(op, V([[1, 2], [3, 4]], I32), V([[1]], I32), T((1, 2)), **k),
        _case(op, V([True, False], "bool"), V([[0]], I32), V([True], "bool"), **k),
        _case(op, x, V([[0.0]]), T((1, 2)), **k),
        _case(op, x, rows, T((3, 2)), **k),
        _case(op, x, V([[0, 1, 0]], I32), T((1,)), **k),
        _case(op, x, V([[3]], I32), T((1, 2)), **k),
        _case(op, x, V([[-1]], I32), T((1, 2)), **k),
        _case(op, x, {"t": [], "dtype": I32, "shape": [0, 1]},
              {"t": [], "dtype": "float32", "shape": [0, 2]}, **k),
    ]


def _rows_cases(op, init=()):
    """One op along axis 0: values, repeats, dtypes and the argument checks."""
    x = T((3, 2), low=0.5)
    k = dict(init=init) if init is not None else {}
    return [
        _case(op, x, V([2, 0, 2], I32), T((3, 2), low=0.5), **k),
        _case(op, T((3, 2), F64, 0.5), V([[1], [0]], I64), T((2, 1, 2), F64, 0.5), **k),
        _case(op, V([[7, -7], [9, 4]], I32), V([0, 0], I32), V([[2, -2], [2, 3]], I32), **k),
        _case(op, x, V([1], I32), V([[2, -3]], I32), **k),
        _case(op, x, V([1], I32), T((1, 2), F64), **k),
        _case(op, V([[1, 2], [3, 4]], I32), V([1], I32), T((1, 2)), **k),
        _case(op, V([[True], [False]], "bool"), V([0], I32), V([[True]], "bool"), **k),
        _case(op, x, V([0.0]), T((1, 2)), **k),
        _case(op, x, V([0, 1], I32), T((1, 2)), **k),
        _case(op, x, V([3], I32), T((1, 2)), **k),
        _case(op, x, V([-1], I32), T((1, 2)), **k),
        _case(op, x, {"t": [], "dtype": I32, "shape": [0]},
              {"t": [], "dtype": "float32", "shape": [0, 2]}, **k),
    ]


def scatter3_cases():
    cases = []
    for op in PRIMS_ND:
        cases += _nd_cases(op) + [_case(op, T((2,)), V([[0]], I32), T((1,)), init=(1,)),
                                  _case(op, T((2,)), V([[0]], I32), T((1,)), init=(True,))]
    cases += [_case("ScatterNdDiv", V([1.0, -2.0, 0.0]), V([[0], [1], [2]], I32),
                    V([0.0, 0.0, 0.0]), init=())]
    for op in OLD_ROWS:
        cases += _rows_cases(op)
    for op in OLD_ND:
        cases += _nd_cases(op)
    for op in FN_ROWS:
        cases += _rows_cases(op, init=None)
    for op in FN_ND:
        cases += _nd_cases(op, init=None)
    for op in ("ScatterDiv", "scatter_div"):
        cases.append(_case(op, V([1.0, 2.0]), V([1], I32), V([0.0]),
                           **(dict(init=()) if op[0] == "S" else {})))
    cases.append(_case("scatter_nd_div", V([1.0, -2.0]), V([[0], [1]], I32), V([0.0, 0.0])))
    return cases
