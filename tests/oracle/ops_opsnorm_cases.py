"""The cases that ``make_ops_opsnorm_fixture.py`` runs through real MindSpore 2.10: the
math, norm and loss names of session 17 that have a CPU kernel there (``eps``/``Eps``,
``padding``/``Padding``, ``range``, ``soft_shrink``, ``isnan_ext``, ``TensorAdd``,
``FFTWithSize``); encoded as in ``ops_cases.py``. Both sides call them through
``PrimRealView`` (complex values as (real, imag) pairs, kwarg ``cplx``)."""
from ops_cases import T, V, _case
from ops_fn_lin_cases import C


def eps_cases():
    cases = [_case(name, T(shape, dtype), init=init, grad=True)
             for name, init in (("eps", None), ("Eps", ()))
             for shape, dtype in (((2, 3), "float32"), ((4,), "float64"), ((), "float16"),
                                  ((0, 2), "float32"))]
    return cases + [_case("eps", T((3,), "int32")), _case("eps", T((2,), "bool")),
                    _case("eps", [1.0, 2.0]), _case("Eps", T((2,), "int64"), init=())]


def padding_cases():
    cases = [_case("padding", T((3, 1)), 4, grad=True), _case("padding", T((3, 1))),
             _case("padding", T((2, 2, 1), "float64"), 3, grad=True),
             _case("padding", T((2, 1), "int32", -5, 5), 2), _case("padding", T((2, 1)), 1),
             _case("padding", T((0, 1)), 3), _case("padding", T((2, 1)), pad_dim_size=2),
             _case("Padding", T((2, 1)), init=(3,), grad=True),
             _case("Padding", T((2, 3, 1), "float16"), init=()),
             _case("Padding", T((2, 1), "bool"), init=(2,))]
    bad = [((T((2, 2)), 3), "last dim not 1"), ((T((3,)), 3), "rank 1"),
           ((T((2, 1)), 0), "size 0"), ((T((2, 1)), -2), "negative"),
           ((T((2, 1)), 2.0), "float size"), ((T((2, 1)), True), "bool size")]
    return cases + [_case("padding", *args) for args, _ in bad]


def range_cases():
    good = [(0, 10, 3), (5, 0, -2), (0.5, 2.0, 0.4), (0, 0, 1), (-3, 4, 2),
            (V(0, "int32"), V(5, "int32"), V(2, "int32")),
            (V(0.0), V(1.0), V(0.3)), (V(1.0, "float64"), V(2.0, "float64"), V(0.25, "float64")),
            (V(2, "int64"), V(9, "int64"), V(3, "int64"))]
    bad = [(0, 5, 0), (0, 5, -1), (5, 0, 1), (0, 2.5, 1), (V(0, "int32"), V(5.0), V(1, "int32")),
           ("a", 5, 1)]
    return [_case("range", *args) for args in good + bad] + [
        _case("range", 0, 6, 2, maxlen=100), _case("range", 0, 4, 1, 10)]


def shrink_cases():
    x = V([-1.0, -0.3, 0.2, 0.7, 0.25, -0.25])
    return [_case("soft_shrink", x, grad=True), _case("soft_shrink", x, 0.25, grad=True),
            _case("soft_shrink", x, lambd=0.0, grad=True), _case("soft_shrink", x, 1),
            _case("soft_shrink", T((2, 3), "float16")), _case("soft_shrink", x, -1.0),
            _case("soft_shrink", T((3,), "float64")), _case("soft_shrink", T((3,), "int32")),
            _case("isnan_ext", V([float("nan"), 1.0, float("inf")])),
            _case("isnan_ext", T((2, 2), "float64")), _case("isnan_ext", T((3,), "int32")),
            _case("isnan_ext", T((2,), "bool")), _case("isnan_ext", T((0,))),
            _case("isnan_ext", [1.0])]


def tensor_add_cases():
    return [_case("TensorAdd", T((2, 3)), T((2, 3)), init=(), grad=True),
            _case("TensorAdd", T((2, 1), "float64"), T((3,), "float64"), init=(), grad=True),
            _case("TensorAdd", T((2,), "int32"), 1.5, init=()),
            _case("TensorAdd", T((2,), "int32"), T((2,), "int64"), init=()),
            _case("TensorAdd", T((2, 3)), T((4,)), init=())]


def fft_cases():
    c1, c2, c3 = C((4,)), C((2, 3)), C((2, 2, 2), "float64")
    complex_in = [(c1, (1, False, False)), (c1, (1, True, False)),
                  (c2, (2, False, False, "ortho")), (c2, (1, True, False, "forward")),
                  (c3, (3, False, False)), (c3, (2, True, False, "ortho")),
                  (C((3,)), (1, True, True)), (C((2, 3)), (1, True, True, "backward", True, (5,))),
                  (C((2, 3)), (2, True, True, "ortho", True, (2, 4))),
                  (C((3,), "float64"), (1, True, True, "forward")),
                  (c1, (1, False, True, "bad"))]
    real_in = [(T((4,)), (1, False, True)), (T((3, 4), "float64"), (2, False, True)),
               (T((2, 5)), (1, False, True, "ortho")),
               (T((2, 5)), (1, False, True, "forward", False))]
    bad = [(T((4,), "int32"), (1, False, True)), (T((4,)), (1, False, False)),
           (T((4,)), (2, False, True)), (T((2, 2)), (0, False, True))]
    return ([_case("FFTWithSize", x, init=init, cplx=[0], grad=True) for x, init in complex_in]
            + [_case("FFTWithSize", x, init=init, grad=True) for x, init in real_in]
            + [_case("FFTWithSize", x, init=init) for x, init in bad])


def opsnorm_cases():
    return (eps_cases() + padding_cases() + range_cases() + shrink_cases()
            + tensor_add_cases() + fft_cases())
