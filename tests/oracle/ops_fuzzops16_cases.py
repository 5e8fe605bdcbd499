"""Edge inputs for round 16's new ops (area fuzzops16), beyond their authors' cases:
an int or bool Tensor beside a float one, Float16 for the solvers, dtype promotion in
``diagonal_scatter``, gradients MindSpore defines by hand. Generated from the tables below
(a dtype grid per family); ``make_ops_fuzzops16_fixture.py`` runs them through real
MindSpore 2.10. Encoded as in ``ops_cases.py``."""
from ops_cases import T, V, _case

DTYPES = ("float16", "float32", "float64", "int32", "int64", "int8", "uint8", "bool")
FLOATS = ("float16", "float32", "float64")


def _pair(x_dtype, y_dtype, x=(0.0, 2.0, 3.0), y=(1.0, 4.0, 2.0)):
    cast = {"bool": bool}.get
    xs = [cast(x_dtype, int if x_dtype[0] in "iu" else float)(v) for v in x]
    ys = [cast(y_dtype, int if y_dtype[0] in "iu" else float)(v) for v in y]
    return V(xs, x_dtype), V(ys, y_dtype)


def promotion_cases():
    """xdivy / approximate_equal: MindSpore promotes first, then wants a float (or
    complex) result; every dtype pair of the grid."""
    cases = []
    for a in DTYPES:
        for b in DTYPES:
            if "uint8" in (a, b) and "int8" in (a, b):
                continue
            cases.append(_case("xdivy", *_pair(a, b)))
            cases.append(_case("approximate_equal", *_pair(a, b, y=(0.0, 2.5, 3.0))))
    return cases + [_case("xdivy", V([0.0, 2.0]), V([0.0, 4.0]), grad=True),
                    _case("approximate_equal", V([1.0, 2.0]), V([1.0, 2.1]), 0.2)]


def nextafter_cases():
    """The gradient MindSpore's bprop gives: 1 for the input, 0 for ``other``."""
    cases = []
    for op, init in (("NextAfter", ()), ("nextafter", None)):
        for dtype in ("float32", "float64"):
            cases += [_case(op, T((3,), dtype), T((3,), dtype), init=init, grad=True),
                      _case(op, T((2, 3), dtype), T((2, 3), dtype), init=init, grad=True),
                      _case(op, V(1.0, dtype), V(2.0, dtype), init=init, grad=True)]
    return cases


def diagonal_scatter_cases():
    """An int input meeting a float src gives the float; two floats the wider."""
    cases = []
    for a in ("int32", "int64", "float16", "float32", "float64"):
        for b in ("int32", "int64", "float16", "float32", "float64"):
            grad = a[0] == b[0] == "f"
            cases.append(_case("diagonal_scatter", T((2, 3), a), T((2,), b), grad=grad))
            cases.append(_case("diagonal_scatter", T((3, 3), a), T((2,), b), 1))
    return cases + [_case("diagonal_scatter", T((2, 3, 3)), T((2, 2)), -1, 1, 2, grad=True),
                    _case("diagonal_scatter", T((3, 3), "float64"), T((3,)), grad=True)]


def histogram_cases():
    """Float16 and Float32 counts come back Float32, Int32 counts Int32."""
    data = [0.5, 1.0, 1.5, 3.9, 4.0, 2.2]
    return [_case("Histogram", V(data, dtype), init=(4, 0.0, 4.0)) for dtype in FLOATS] + \
        [_case("Histogram", V([0, 1, 2, 3, 3], "int32"), init=(3, 0.0, 3.0))]


def solver_cases():
    """MindSpore's CPU solvers take Float16 (ours computes in float32 and casts back)."""
    square = [[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]
    lu = [[4.0, 1.0, 0.0], [0.25, 2.75, 1.0], [0.0, 0.364, 1.636]]
    cases = []
    for dtype in FLOATS:
        grad = dtype != "float16"
        cases += [
            _case("MatrixSolve", V(square, dtype), T((3, 2), dtype), init=(), grad=grad),
            _case("MatrixSolve", V(square, dtype), T((3, 2), dtype), init=(True,)),
            _case("Lstsq", T((4, 2), dtype), T((4, 1), dtype), init=()),
            _case("Lstsq", T((3, 2), dtype), T((3,), dtype), init=()),
            _case("LuSolve", T((3, 2), dtype), V(lu, dtype), V([1, 2, 3], "int32"), init=()),
            _case("Geqrf", T((3, 2), dtype), init=()),
            _case("Geqrf", T((2, 2, 3), dtype), init=()),
            _case("Qr", T((3, 2), dtype), init=()),
            _case("Qr", T((2, 3, 2), dtype), init=(True,)),
        ]
    return cases


def fuzzops16_cases():
    return promotion_cases() + nextafter_cases() + diagonal_scatter_cases() + \
        histogram_cases() + solver_cases()
