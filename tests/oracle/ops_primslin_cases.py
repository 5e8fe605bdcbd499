"""Area primslin's primitive classes and function ops (complex, linear algebra, misc math)
that ``make_ops_primslin_fixture.py`` runs through real MindSpore 2.10; encoded as in
``ops_cases.py``. Complex inputs travel as (real, imag) pairs named by the ``cplx`` kwarg
(``PrimRealView``, the primitive-class form of ``ops_fn_lin_cases.RealView``)."""
from ops_cases import D, T, V, _case
from ops_fn_lin_cases import C, RealView, low, spd


class PrimRealView(RealView):
    """``RealView`` that also builds primitive classes: ``view.Name(*init)`` is a call
    taking the ``cplx`` kwarg."""

    def plain(self, name, op):
        if not isinstance(op, type):
            return RealView.plain(self, name, op)

        def build(*init):
            prim = op(*init)

            def call(*args, cplx=(), **kwargs):
                args = [self._complex(a) if i in cplx else a for i, a in enumerate(args)]
                return self._split(prim(*args, **kwargs))
            return call
        return build


def complex_cases():
    z, z64 = C((2, 3)), C((3,), "float64")
    return [
        _case("Angle", z, init=(), cplx=[0], grad=True),
        _case("Angle", z64, init=(), cplx=[0], grad=True), _case("Angle", T((3,)), init=()),
        _case("Complex", T((2, 3)), T((2, 3)), init=(), grad=True),
        _case("Complex", T((3,), "float64"), T((3,), "float64"), init=(), grad=True),
        _case("Complex", T((2, 3)), T((3,)), init=()),
        _case("Complex", T((3,)), T((3,), "float64"), init=()),
        _case("Complex", T((3,), "int32"), T((3,), "int32"), init=()),
        _case("ComplexAbs", z, init=(), cplx=[0], grad=True),
        _case("ComplexAbs", T((3,)), init=()),
        _case("Conj", z, init=(), cplx=[0], grad=True),
        _case("Conj", T((2, 3)), init=(), grad=True), _case("Conj", T((3,), "int32"), init=()),
        _case("ConjugateTranspose", C((2, 3, 4)), (2, 0, 1), init=(), cplx=[0], grad=True),
        _case("ConjugateTranspose", T((2, 3)), (1, 0), init=(), grad=True),
        _case("ConjugateTranspose", T((2, 3)), (0, 0), init=()),
        _case("Imag", z, init=(), cplx=[0], grad=True), _case("Imag", T((3,)), init=()),
        _case("Real", z64, init=(), cplx=[0], grad=True),
        _case("Real", T((3,)), init=()),  # MindSpore: a complex gradient for a real input
        _case("Polar", T((2, 3), low=0.1), T((2, 3)), init=(), grad=True),
        _case("Polar", T((3,), "float64", low=0.1), T((3,), "float64"), init=(), grad=True),
        _case("Polar", T((3,), "int32"), T((3,), "int32"), init=()),
        _case("Polar", T((3,)), T((3,), "float64"), init=()),
    ]


_NAN = [float("nan"), float("inf"), -float("inf"), 1.5]


def misc_cases():
    i16 = V([0, 7, -1, 255], "int16")
    sorted_x, values = V([[1.0, 2.0, 2.0, 5.0], [0.0, 0.0, 1.0, 1.0]]), \
        V([[2.0, 3.0, 0.0], [1.0, 0.0, 6.0]])
    ints = V([1, 1, 3, 0], "int32")
    return [
        _case("NanToNum", V(_NAN), init=(), grad=True),
        _case("NanToNum", V(_NAN, "float64"), init=(1.0, 2.0, -3.0), grad=True),
        _case("NanToNum", V([1, 2], "int32"), init=()),
        _case("NextAfter", V([0.0, 1.0, -2.0]), V([1.0, 0.0, -2.0]), init=()),
        _case("NextAfter", V([0.0, 1.0], "float64"), V([1.0, 0.0], "float64"), init=()),
        _case("NextAfter", V([0.0]), V([1.0], "float64"), init=()),
        _case("NextAfter", V([0], "int32"), V([1], "int32"), init=()),
        _case("PopulationCount", i16, init=()),
        _case("PopulationCount", V([0, 7, -1, 255], "int64"), init=()),
        _case("PopulationCount", V([0, 7, 255], "uint8"), init=()),
        _case("PopulationCount", T((3,)), init=()),
        _case("NthElement", T((2, 5)), 1, init=(), grad=True),
        _case("NthElement", T((2, 3, 4), "float64"), 0, init=(True,), grad=True),
        _case("NthElement", V([[3, 1, 2], [6, 5, 4]], "int32"), 2, init=()),
        _case("NthElement", T((2, 3)), 3, init=()),
        _case("LowerBound", sorted_x, values, init=()),
        _case("UpperBound", sorted_x, values, init=(D("int64"),)),
        _case("LowerBound", V([1.0, 2.0]), V([2.0]), init=()),
        _case("UpperBound", sorted_x, V([[2], [3]], "int32"), init=()),
        _case("LowerBound", sorted_x, V([[1.0]]), init=()),
        _case("Bincount", ints, V(4, "int32"), V([]), init=()),
        _case("Bincount", ints, V(3, "int32"), V([0.5, 1.0, 2.0, 4.0]), init=()),
        _case("Bincount", ints, V(5, "int32"), V([1, 2, 3, 4], "int32"), init=()),
        _case("Bincount", V([1, -1], "int32"), V(5, "int32"), V([]), init=()),
        _case("Histogram", V([0.0, 1.0, 1.0, 3.5, 4.0, 5.0]), init=(4, 0.0, 4.0)),
        _case("Histogram", V([0.0, 1.0, 1.0, 3.5, 4.0, 5.0]), init=(3,)),
        _case("Histogram", V([0, 1, 1, 3], "int32"), init=(3,)),
        _case("Histogram", V([0.0]), init=(3, 2.0, 1.0)),
        _case("LogSpace", V(0.0), V(3.0), init=(4, 2)),
        _case("LogSpace", V(-1.0), V(2.0), init=(5, 10, D("float64"))),
        _case("LogSpace", V(0.0), V(2.0), init=(3, 10, D("int32"))),
        _case("LogSpace", V(0.0), V(2.0), init=(0,)),
        _case("TrilIndices", init=(3, 2, 0)), _case("TrilIndices", init=(4, 3, -1, D("int64"))),
        _case("TriuIndices", init=(3, 4, 1, D("int64"))), _case("TriuIndices", init=(3, 3)),
        _case("TrilIndices", init=(-1, 2)), _case("TriuIndices", init=(2, 2, 0, D("float32"))),
        _case("UnravelIndex", V([7, 5, 0], "int32"), V([3, 4], "int32"), init=()),
        _case("UnravelIndex", V(7, "int64"), V([2, 2, 2], "int64"), init=()),
        _case("UnravelIndex", V([12], "int32"), V([3, 4], "int32"), init=()),
        _case("Gelu", T((2, 3)), init=(), grad=True),
        _case("Gelu", T((3,), "float64"), init=(), grad=True),
        _case("FastGelu", T((2, 3)), init=(), grad=True),
        _case("FillV2", (2, 3), V(1.5), init=()),
        _case("FillV2", V([2, 3], "int32"), V(4, "int32"), init=()),
        _case("FillV2", (2, 3), V([1.5, 2.0]), init=()),
        _case("IdentityN", {"tuple": [T((2,)), V([1, 2], "int32")]}, init=()),
        _case("IdentityN", T((2,)), init=()),
        _case("InTopK", V([[1.0, 3.0, 2.0], [4.0, 2.0, 1.0], [3.0, 3.0, 2.0]]),
              V([1, 2, 0], "int32"), init=(1,)),
        _case("InTopK", T((4, 5)), V([0, 1, 2, 3], "int32"), init=(2,)),
        _case("InTopK", V([[1.0, float("nan"), 2.0]]), V([1], "int32"), init=(1,)),
        _case("InTopK", V([[1.0, 3.0, 2.0]]), V([5], "int32"), init=(1,)),
        _case("InTopK", V([[1.0, 3.0, 2.0]], "float64"), V([1], "int32"), init=(1,)),
        _case("InTopK", V([1.0, 3.0]), V([1], "int32"), init=(1,)),
    ]


def function_cases():
    a, b = V([-7, 5, 0, 6], "int32"), V([2, -3, 2, 4], "int32")
    return [
        _case("population_count", V([0, 7, -1, 255], "int16")),
        _case("population_count", V([3], "uint16")), _case("population_count", T((2,))),
        _case("xdivy", V([0.0, 2.0, 3.0]), V([0.0, 4.0, -2.0])),
        _case("xdivy", T((2, 3), low=0.5), T((3,), low=0.5), grad=True),
        _case("xdivy", a, b),
        _case("truncate_div", T((2, 3)), T((3,), low=0.5)), _case("truncate_div", a, b),
        _case("truncate_mod", T((2, 3)), T((3,), low=0.5), grad=True),
        _case("truncate_mod", T((3,), "float64"), T((3,), "float64", low=0.5), grad=True),
        _case("truncate_mod", a, b),
        _case("bitwise_left_shift", V([1, 2, -3], "int32"), V([1, 2, 1], "int32")),
        _case("bitwise_left_shift", V([1, 2, -3], "int32"), 2),
        _case("bitwise_left_shift", 3, V([1, 2], "int64")),
        _case("bitwise_left_shift", V([1.0]), V([1], "int32")),
        _case("bitwise_left_shift", V([1], "int64"), V([1], "int32")),
        _case("bitwise_right_shift", V([8, -8, 7], "int32"), V([1, 2, 1], "int32")),
        _case("bitwise_right_shift", V([8, -8], "int64"), 1),
        _case("inv", V([2.0, -4.0, 0.5]), grad=True),
        _case("inv", T((3,), "float64", low=0.5), grad=True),
        _case("inv", V([2, 1, -1], "int32")),
        _case("invert", V([0, 5, -3], "int32")), _case("invert", V([0, 5], "uint8")),
        _case("invert", T((2,))), _case("invert", V([True, False], "bool")),
        _case("approximate_equal", V([1.0, 2.0]), V([1.000001, 2.1])),
        _case("approximate_equal", V([1.0, 2.0]), V([1.1, 2.5]), 0.2),
        _case("approximate_equal", V([1.0, 2.0]), V([1.0, 3.0], "float64")),
        _case("approximate_equal", V([1, 2], "int32"), V([1, 3], "int32")),
        _case("approximate_equal", V([1.0]), V([1.0]), 2),
        _case("intopk", V([[1.0, 3.0, 2.0], [4.0, 2.0, 1.0]]), V([1, 2], "int32"), 2),
        _case("intopk", V([[1.0, 3.0, 2.0]]), V([1], "int64"), 0),
        _case("intopk", V([[1.0, 3.0, 2.0]]), V([1], "int32"), 1.0),
    ]
