"""The round-3b primitive cases (the remaining pools, unpools, 3-D resizes, Dropout3D and
Bernoulli) that ``make_ops_prims3b_fixture.py`` runs through real MindSpore; encoded as in
``ops_cases.py``. ``Dropout3D`` and ``Bernoulli`` are random: their cases are replayed for
dtype, shape and raise or not, except where the probabilities (0 or 1) fix the values."""
from ops_cases import D, T, V, _case

RANDOM = {"Dropout3D", "Bernoulli"}


def _flat(count, per, shape, dtype="int64", step=3):
    """Distinct indices below ``count`` (``per`` of them a plane) in an encoded Tensor."""
    total = 1
    for n in shape:
        total *= n
    planes = total // per
    values = [[(i * step + j * 7) % count for i in range(per)] for j in range(planes)]
    flat = [v for row in values for v in row]
    return {"t": flat, "dtype": dtype, "shape": list(shape)}


def unpool_cases():
    x2, x3 = T((1, 2, 2, 2)), T((1, 2, 2, 2, 2))
    i2, i3 = _flat(16, 4, (1, 2, 2, 2)), _flat(64, 8, (1, 2, 2, 2, 2), step=9)
    return [
        _case("MaxUnpool2D", x2, i2, init=(2,), grad=True),
        _case("MaxUnpool2D", x2, _flat(16, 4, (1, 2, 2, 2), "int32"), init=(2, 2), grad=True),
        _case("MaxUnpool2D", x2, _flat(9, 4, (1, 2, 2, 2), step=2), init=(3, 2, 1),
              grad=True),
        _case("MaxUnpool2D", x2, i2, init=(2, 0, 0, (1, 2, 5, 5)), grad=True),
        _case("MaxUnpool2D", x2, i2, init=((2, 2), (2, 2), 0, (), "NHWC"), grad=True),
        _case("MaxUnpool2D", T((1, 2, 2, 2), "float64"), i2, init=(2,), grad=True),
        _case("MaxUnpool2D", T((1, 2, 2, 2), "int32", 0, 9), i2, init=(2,)),
        _case("MaxUnpool2D", x2, V([[[[0.0, 1.0], [2.0, 3.0]]] * 2]), init=(2,)),
        _case("MaxUnpool2D", x2, _flat(20, 4, (1, 2, 2, 2), step=5), init=(2,)),
        _case("MaxUnpool2D", x2, _flat(16, 2, (1, 2, 1, 2)), init=(2,)),
        _case("MaxUnpool2D", T((2, 2, 2)), _flat(16, 2, (2, 2, 2)), init=(2,)),
        _case("MaxUnpool2D", x2, i2, init=(2, 0, 0, (), "NCDHW")),
        _case("MaxUnpool2D", x2, i2, init=(2, 0, 0, (1, 2, 9, 9))),
        _case("MaxUnpool2D", x2, i2, init=((2, 2, 2),)),
        _case("MaxUnpool2D", x2, i2, init=(2.0,)),
        _case("MaxUnpool2D", x2, i2, init=(2, -1)),
        _case("MaxUnpool3D", x3, i3, init=(2,), grad=True),
        _case("MaxUnpool3D", x3, _flat(27, 8, (1, 2, 2, 2, 2), "int32", 4), init=(2, 1),
              grad=True),
        _case("MaxUnpool3D", x3, _flat(27, 8, (1, 2, 2, 2, 2), step=2), init=(3, 2, 1),
              grad=True),
        _case("MaxUnpool3D", x3, i3, init=(2, 0, 0, (1, 2, 5, 4, 4)), grad=True),
        _case("MaxUnpool3D", x3, i3, init=(2, 2, 0, (), "NDHWC"), grad=True),
        _case("MaxUnpool3D", x3, V([[[[[0.5] * 2] * 2] * 2] * 2]), init=(2,)),
        _case("MaxUnpool3D", x3, _flat(80, 8, (1, 2, 2, 2, 2), step=11), init=(2,)),
        _case("MaxUnpool3D", T((1, 2, 2, 2)), _flat(16, 4, (1, 2, 2, 2)), init=(2,)),
        _case("MaxUnpool3D", x3, i3, init=(2, 0, 0, (), "NCHW")),
        _case("MaxUnpool3D", x3, i3, init=((2, 2),)),
    ]


def adaptive_cases():
    x5, x4 = T((1, 2, 4, 5, 3)), T((2, 3, 4, 5))
    return [
        _case("AdaptiveAvgPool3D", x5, init=((2, 3, 2),), grad=True),
        _case("AdaptiveAvgPool3D", x5, init=(2,), grad=True),
        _case("AdaptiveAvgPool3D", x4, init=((1, 2, 3),), grad=True),
        _case("AdaptiveAvgPool3D", x5, init=((None, 2, 1),), grad=True),
        _case("AdaptiveAvgPool3D", T((1, 2, 3, 3, 3), "float64"), init=(2,), grad=True),
        _case("AdaptiveAvgPool3D", T((1, 2, 3, 3, 3), "int32", 0, 9), init=(2,)),
        _case("AdaptiveAvgPool3D", T((2, 3, 4)), init=(2,)),
        _case("AdaptiveAvgPool3D", x5, init=((2, 2),)),
        _case("AdaptiveAvgPool3D", x5, init=(0,)),
        _case("AdaptiveAvgPool3D", x5, init=(2.0,)),
        _case("AdaptiveMaxPool3D", x5, V([2, 3, 2], "int32"), init=(), grad=True),
        _case("AdaptiveMaxPool3D", x5, V([1, 2, 3], "int64"), init=(), grad=True),
        _case("AdaptiveMaxPool3D", x4, V([2, 2, 2], "int32"), init=(), grad=True),
        _case("AdaptiveMaxPool3D", T((1, 2, 3, 3, 3), "float64"), V([2, 2, 2], "int32"),
              init=(), grad=True),
        _case("AdaptiveMaxPool3D", T((1, 2, 3, 3, 3), "int32", 0, 99), V([2, 2, 2], "int32"),
              init=()),
        _case("AdaptiveMaxPool3D", x5, (2, 3, 2), init=()),
        _case("AdaptiveMaxPool3D", x5, 2, init=()),
        _case("AdaptiveMaxPool3D", x5, V([2, 2], "int32"), init=()),
        _case("AdaptiveMaxPool3D", x5, V([2.0, 2.0, 2.0]), init=()),
        _case("AdaptiveMaxPool3D", x5, V([2, 0, 2], "int32"), init=()),
        _case("AdaptiveMaxPool3D", T((2, 3, 4)), V([2, 2, 2], "int32"), init=()),
    ]


def upsample_cases():
    x = T((1, 2, 2, 3, 2))
    c = []
    for op, inits in (("UpsampleNearest3D", [()]),
                      ("UpsampleTrilinear3D", [(), (True,)])):
        for init in inits:
            c += [
                _case(op, x, [3, 4, 5], init=init, grad=True),
                _case(op, x, None, [2.0, 1.5, 2.5], init=init, grad=True),
                _case(op, x, (1, 2, 1), init=init, grad=True),
                _case(op, x, scales=(0.5, 1.0, 1.5), init=init, grad=True),
                _case(op, T((1, 1, 2, 2, 2), "float64"), [3, 3, 3], init=init, grad=True),
            ]
        c += [
            _case(op, T((1, 1, 2, 2, 2), "int32", 0, 9), [3, 3, 3]),
            _case(op, T((1, 2, 3, 4)), [3, 3, 3]),
            _case(op, x, [3, 3]),
            _case(op, x, [3, 0, 3]),
            _case(op, x, [3.0, 3.0, 3.0]),
            _case(op, x, None, [2, 2, 2]),
            _case(op, x, None, [2.0, -1.0, 2.0]),
            _case(op, x, None, None),
            _case(op, x, [3, 3, 3], [2.0, 2.0, 2.0]),
        ]
        for case in c[-9:]:
            case["init"] = []
    c += [_case("UpsampleTrilinear3D", x, [3, 3, 3], init=(1,))]
    return c


def argmax_pool_cases():
    x5, x4 = T((1, 2, 4, 5, 5)), T((2, 2, 5, 6))
    return [
        _case("MaxPool3DWithArgmax", x5, init=(2, 2, 0), grad=True),
        _case("MaxPool3DWithArgmax", x5, init=((2, 3, 2), 1, 0), grad=True),
        _case("MaxPool3DWithArgmax", x5, init=(2, 2, 1), grad=True),
        _case("MaxPool3DWithArgmax", x5, init=(2, 1, 0, 2), grad=True),
        _case("MaxPool3DWithArgmax", x5, init=(2, 2, 0, 1, True), grad=True),
        _case("MaxPool3DWithArgmax", x5, init=(3, 2, (1, 0, 1), (1, 1, 1), True), grad=True),
        _case("MaxPool3DWithArgmax", x5, init=(2, 2, 0, 1, False, "NCDHW", D("int32"))),
        _case("MaxPool3DWithArgmax", T((1, 1, 3, 3, 3), "float64"), init=(2, 1, 0),
              grad=True),
        _case("MaxPool3DWithArgmax", T((1, 1, 3, 3, 3), "int32", 0, 99), init=(2, 1, 0)),
        _case("MaxPool3DWithArgmax", T((2, 4, 5, 5)), init=(2, 2, 0)),
        _case("MaxPool3DWithArgmax", x5, init=(2, 2, 0, 1, False, "NDHWC")),
        _case("MaxPool3DWithArgmax", x5, init=(2, 2, 0, 1, False, "NCDHW", D("float32"))),
        _case("MaxPool3DWithArgmax", x5, init=(2, 2, 2)),
        _case("MaxPool3DWithArgmax", x5, init=(0, 2, 0)),
        _case("MaxPool3DWithArgmax", x5, init=(9, 1, 0)),
        _case("MaxPoolWithArgmaxV2", x4, init=(2,), grad=True),
        _case("MaxPoolWithArgmaxV2", x4, init=((2, 3), 1), grad=True),
        _case("MaxPoolWithArgmaxV2", x4, init=(3, 2, 1), grad=True),
        _case("MaxPoolWithArgmaxV2", x4, init=(2, 1, 0, 2), grad=True),
        _case("MaxPoolWithArgmaxV2", x4, init=(2, 2, 0, 1, True), grad=True),
        _case("MaxPoolWithArgmaxV2", x4, init=(2, 2, 0, (1, 1), False, D("int32"))),
        _case("MaxPoolWithArgmaxV2", T((1, 1, 3, 3), "float64"), init=(2, 1), grad=True),
        _case("MaxPoolWithArgmaxV2", T((1, 1, 3, 3), "int32", 0, 99), init=(2, 1)),
        _case("MaxPoolWithArgmaxV2", T((2, 5, 6)), init=(2,)),
        _case("MaxPoolWithArgmaxV2", x4, init=(2, 2, 0, 1, False, D("float32"))),
        _case("MaxPoolWithArgmaxV2", x4, init=(2, 2, 2)),
        _case("MaxPoolWithArgmaxV2", x4, init=(0,)),
        _case("MaxPoolWithArgmaxV2", x4, init=(7,)),
        # ties: which of equal maxima is the argmax (and gets the gradient)
        _case("MaxPoolWithArgmaxV2", T((1, 2, 4, 5), "float32", 0, 0), init=(3, 1, 1),
              grad=True),
        _case("MaxPool3DWithArgmax", T((1, 1, 3, 4, 4), "float32", 1, 1), init=(2, 1, 1),
              grad=True),
        _case("AdaptiveMaxPool3D", T((1, 2, 3, 3, 4), "float32", 1, 1), V([2, 2, 3], "int32"),
              init=(), grad=True),
    ]


def random_cases():
    x = T((2, 3, 2, 2, 2))
    return [
        _case("Dropout3D", x, init=()),
        _case("Dropout3D", x, init=(0.8,)),
        _case("Dropout3D", x, init=(1.0,), grad=True),
        _case("Dropout3D", x, init=(0.0,)),
        _case("Dropout3D", T((1, 2, 2, 2, 2), "float64"), init=(1.0,), grad=True),
        _case("Dropout3D", T((1, 2, 2, 2, 2), "int32", 0, 9), init=(1.0,)),
        _case("Dropout3D", T((2, 3, 2, 2)), init=()),
        _case("Dropout3D", x, init=(1,)),
        _case("Dropout3D", x, init=(1.5,)),
        _case("Bernoulli", T((2, 3)), init=()),
        _case("Bernoulli", T((2, 3)), 0.3, init=(5,)),
        _case("Bernoulli", T((2, 3)), V([[0.0, 1.0, 1.0], [1.0, 0.0, 1.0]]), init=()),
        _case("Bernoulli", T((3,)), V([0.0, 1.0, 1.0]), init=(1, 2)),
        _case("Bernoulli", T((3,), "float64"), 1.0, init=()),
        _case("Bernoulli", T((3,), "int32", 0, 9), 1.0, init=()),
        _case("Bernoulli", T((3,)), V([1.0]), init=()),
        _case("Bernoulli", T((3,)), 1.5, init=()),
        _case("Bernoulli", T((3,)), V([0.5, 0.5]), init=()),
        _case("Bernoulli", T((3,)), init=(-2,)),
        _case("Bernoulli", T((3,)), init=(1.5,)),
    ]


def prims3b_cases():
    return unpool_cases() + adaptive_cases() + upsample_cases() + argmax_pool_cases() \
        + random_cases()
