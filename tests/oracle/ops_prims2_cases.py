"""The round-2 primitive cases (transposed and 3-D convolutions, 3-D and argmax pools,
padding, resizing, LRN, BatchNorm, MultiMarginLoss, and the random and Parameter-writing
ops' argument checks) that ``make_ops_prims2_fixture.py`` runs through real MindSpore;
encoded as in ``ops_cases.py`` (``init``: constructor arguments in MindSpore's order).
Random and writing ops appear only with bad arguments, which a fixed input pins down."""
from ops_cases import T, V, _case


def conv_cases():
    dout, w = T((1, 2, 4, 4)), T((2, 3, 3, 3))
    small = T((1, 2, 2, 2))
    x3, w3 = T((1, 2, 4, 4, 4)), T((3, 2, 2, 2, 2))
    cases = []
    for op in ("Conv2DBackpropInput", "Conv2DTranspose"):
        cases += [
            _case(op, dout, w, [1, 3, 4, 4], init=(2, 3, "same"), grad=True),
            _case(op, small, w, [1, 3, 4, 4], init=(2, 3), grad=True),
            _case(op, small, w, [1, 3, 5, 5], init=(2, 3, "valid", 0, None, 1, 2), grad=True),
            _case(op, dout, w, [1, 3, 4, 4], init=(2, 3, "pad", 1), grad=True),
            _case(op, T((1, 2, 3, 3)), w, [1, 3, 4, 4], init=(2, 3, "pad", (1, 0, 2, 1)),
                  grad=True),
            _case(op, T((2, 4, 3, 3)), T((4, 1, 2, 2)), [2, 2, 4, 4],
                  init=(4, 2, "valid", 0, None, 1, 1, 1, 2), grad=True),
            _case(op, T((1, 2, 3, 3)), T((2, 3, 2, 2)), [1, 3, 5, 5],
                  init=(2, 2, "valid", 0, None, 1, 1, 2), grad=True),
            _case(op, dout, T((3, 3, 3, 3)), [1, 3, 4, 4], init=(3, 3, "same")),
            _case(op, dout, w, [1, 3, 4, 4], init=(3, 3, "full")),
        ]
    cases += [
        _case("Conv3D", x3, w3, init=(3, 2), grad=True),
        _case("Conv3D", x3, w3, init=(3, 2, 1, "same"), grad=True),
        _case("Conv3D", x3, w3, init=(3, 2, 1, "pad", (1, 0, 1, 0, 0, 1)), grad=True),
        _case("Conv3D", x3, w3, init=(3, 2, 1, "valid", 0, 2), grad=True),
        _case("Conv3D", T((1, 2, 5, 5, 5)), w3, init=(3, 2, 1, "valid", 0, 1, 2), grad=True),
        _case("Conv3D", x3, T((2, 1, 2, 2, 2)), init=(2, 2, 1, "valid", 0, 1, 1, 2),
              grad=True),
        _case("Conv3D", x3, w3, init=(4, 2)), _case("Conv3D", x3, w3, init=(3, 2, 2)),
        _case("Conv3D", x3, w3, init=(3, 2, 1, "valid", 1)),
        _case("Conv3D", T((1, 2, 4, 4)), w3, init=(3, 2)),
        _case("Conv3D", T((1, 2, 3, 3, 3), "float64"), T((3, 2, 2, 2, 2), "float64"),
              init=(3, 2)),
    ]
    return cases


def pool_cases():
    x3, odd = T((1, 2, 4, 4, 4)), T((1, 1, 5, 5, 5))
    x = T((2, 2, 4, 5))
    cases = []
    for op, pad_mode in (("MaxPool3D", "PAD"), ("AvgPool3D", "pad")):
        cases += [
            _case(op, x3, init=(2, 2), grad=True),
            _case(op, x3, init=(3, 2, pad_mode.replace("PAD", "SAME").replace("pad", "same")),
                  grad=True),
            _case(op, x3, init=(3, 2, pad_mode, 1), grad=True),
            _case(op, odd, init=(2, (1, 2, 2), pad_mode, (1, 0, 0, 1, 1, 0)), grad=True),
            _case(op, odd, init=(2, 2, pad_mode, 1, True), grad=True),
            _case(op, odd, init=(2, 2, pad_mode, 0, True), grad=True),
            _case(op, x3, init=(2, 2, "valid", 1)), _case(op, T((2, 4, 4, 4)), init=(2, 2)),
            _case(op, x3, init=(0,)), _case(op, x3, init=(2, 2, "full")),
        ]
    cases += [
        _case("AvgPool3D", x3, init=(3, 2, "pad", 1, False, False), grad=True),
        _case("AvgPool3D", x3, init=(3, 2, "same", 0, False, False), grad=True),
        _case("AvgPool3D", x3, init=(2, 2, "valid", 0, False, True, 3), grad=True),
        _case("AvgPool3D", x3, init=(2, 2, "valid", 0, False, True, -1)),
        _case("MaxPoolWithArgmax", x, init=(2, 2), grad=True),
        _case("MaxPoolWithArgmax", x, init=(3, 2, "same"), grad=True),
        _case("MaxPoolWithArgmax", x, init=((2, 3), (1, 2)), grad=True),
        _case("MaxPoolWithArgmax", x, init=(2, 2, "pad")),
        _case("MaxPoolWithArgmax", T((2, 4, 4)), init=(2, 2)),
        _case("AdaptiveMaxPool2D", x, init=((2, 2),), grad=True),
        _case("AdaptiveMaxPool2D", T((2, 5, 5)), init=((3, 2),), grad=True),
        _case("AdaptiveMaxPool2D", x, init=(2,)),
        _case("AdaptiveMaxPool2D", T((5, 5)), init=((2, 2),)),
    ]
    return cases


def image_cases():
    m, x = T((3, 3)), T((1, 2, 4, 4))
    return [
        _case("MirrorPad", m, V([[1, 1], [2, 2]], "int64"), init=(), grad=True),
        _case("MirrorPad", m, V([[1, 1], [3, 0]], "int64"), init=("SYMMETRIC",), grad=True),
        _case("MirrorPad", T((2, 2, 3)), V([[0, 0], [1, 1], [1, 2]], "int64"), init=(),
              grad=True),
        _case("MirrorPad", m, V([[3, 1], [0, 0]], "int64"), init=()),
        _case("MirrorPad", m, V([[4, 1], [0, 0]], "int64"), init=("SYMMETRIC",)),
        _case("MirrorPad", m, V([[1, 1], [-1, 0]], "int64"), init=()),
        _case("MirrorPad", m, V([[1, 1]], "int64"), init=()),
        _case("MirrorPad", m, V([[1, 1], [0, 0]], "int64"), init=("EDGE",)),
        _case("ResizeNearestNeighbor", x, init=((6, 3),), grad=True),
        _case("ResizeNearestNeighbor", x, init=((6, 3), True), grad=True),
        _case("ResizeNearestNeighbor", x, init=((3, 7), False, True), grad=True),
        _case("ResizeNearestNeighbor", T((1, 1, 4, 4), "int32", 0, 9), init=((6, 3),)),
        _case("ResizeNearestNeighbor", T((2, 4, 4)), init=((6, 3),)),
        _case("ResizeNearestNeighbor", x, init=(6,)),
        _case("ResizeBilinearV2", x, (6, 3), init=(), grad=True),
        _case("ResizeBilinearV2", x, (6, 3), init=(True,), grad=True),
        _case("ResizeBilinearV2", x, (3, 7), init=(False, True), grad=True),
        _case("ResizeBilinearV2", x, (2, 2), init=(), grad=True),
        _case("ResizeBilinearV2", T((2, 4, 4)), (6, 3), init=()),
        _case("LRN", T((1, 5, 2, 2)), init=(2, 1.0, 0.5, 0.75), grad=True),
        _case("LRN", T((2, 3, 2, 2)), init=(), grad=True),
        _case("LRN", T((5, 2, 2)), init=()),
        _case("LRN", T((1, 5, 2, 2)), init=(2, 1.0, 0.5, 0.75, "WITHIN")),
        _case("LRN", T((1, 5, 2, 2)), init=(2, 1, 0.5, 0.75)),
    ]


def norm_loss_cases():
    x, ones, zeros = T((2, 3, 2, 2)), V([1.0, 1.5, 0.5]), V([0.0, 0.1, -0.2])
    mean, var = V([0.5, -0.1, 0.2]), V([2.0, 1.0, 0.5])
    scores = T((3, 4))
    target, weight = V([1, 0, 3], "int64"), V([1.0, 2.0, 1.0, 0.5])
    return [
        _case("BatchNorm", x, ones, zeros, mean, var, init=(), grad=True),
        _case("BatchNorm", x, ones, zeros, mean, var, init=(True,), grad=True),
        _case("BatchNorm", x, ones, zeros, mean, var, init=(True, 1e-3, 0.3), grad=True),
        _case("BatchNorm", T((4, 3)), ones, zeros, mean, var, init=(), grad=True),
        _case("BatchNorm", T((2, 2, 2, 3)), ones, zeros, mean, var,
              init=(False, 1e-5, 0.1, "NHWC"), grad=True),
        _case("BatchNorm", x, V([1.0, 1.0]), zeros, mean, var, init=()),
        _case("BatchNorm", T((2, 3, 2)), ones, zeros, mean, var, init=(), grad=True),
        _case("BatchNorm", T((3,)), ones, zeros, mean, var, init=()),
        _case("MultiMarginLoss", scores, target, init=(), grad=True),
        _case("MultiMarginLoss", scores, target, weight, init=(2, 0.5, "sum"), grad=True),
        _case("MultiMarginLoss", scores, target, init=(1, 1.0, "none"), grad=True),
        _case("MultiMarginLoss", scores, V([1, 0, 3], "int32"), init=()),
        _case("MultiMarginLoss", scores, target, init=(3,)),
        _case("MultiMarginLoss", scores, target, init=(1, 1.0, "avg")),
    ]


def checked_only_cases():
    """Random and Parameter-writing ops: constructor and argument checks only."""
    rows, idx = T((3, 2)), V([0, 2], "int32")
    nd_idx, f64 = V([[0], [2]], "int32"), T((2,), "float64")
    cases = [
        _case("RandomCategorical", T((2,)), 5, 0, init=()),
        _case("RandomCategorical", T((2, 3)), 0, 0, init=()),
        _case("Multinomial", T((2, 2, 2), "float32", 0.1, 1), 4, init=()),
        _case("Multinomial", T((2, 2), "float32", 0.1, 1), 4, init=(-1,)),
        _case("RandomShuffle", T((3,)), init=(-1,)),
        _case("RandomShuffle", T((3,)), init=(1.5,)),
    ]
    for op in ("ScatterMul", "ScatterDiv", "ScatterMax", "ScatterMin"):
        cases.append(_case(op, rows, idx, T((2, 2)), init=("a",)))
    for op in ("ScatterNdAdd", "ScatterNdSub", "ScatterNdUpdate"):
        cases.append(_case(op, rows, nd_idx, T((2, 2)), init=(1,)))
    g = T((2,))
    cases += [
        _case("ApplyAdagrad", T((2,)), T((2,)), V(0.1), g, init=(1,)),
        _case("ApplyRMSProp", T((2,)), T((2,)), T((2,)), V(0.1), g, 0.9, 0.8, 1e-6,
              init=("a",)),
        _case("ApplyCenteredRMSProp", T((2,)), T((2,)), T((2,)), T((2,)), g, V(0.1), 0.9, 0.8,
              1e-6, init=(1,)),
        _case("ApplyAdaMax", T((2,)), T((2,)), T((2,)), V(0.9), V(0.1), V(0.9), V(0.99),
              V(1e-8), f64, init=()),
        _case("ApplyAdadelta", T((2,)), T((2,)), T((2,)), V(0.1), V(0.9), V(1e-6), f64,
              init=()),
        _case("ApplyProximalGradientDescent", T((2,)), V(0.1), V(0.5), V(0.2), f64,
              init=()),
    ]
    return cases


def prims2_cases():
    return conv_cases() + pool_cases() + image_cases() + norm_loss_cases() + \
        checked_only_cases()
