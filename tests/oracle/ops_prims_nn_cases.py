"""The neural-network primitive cases (layers, activations, losses, and the random and
Parameter-writing ops' argument checks) that ``make_ops_prims_nn_fixture.py`` runs through
real MindSpore; encoded as in ``ops_cases.py`` (``init``: constructor arguments in
MindSpore's order). Random and writing ops appear only with bad arguments, which a fixed
input pins down."""
from ops_cases import T, V, _case


def layer_cases():
    x, w = T((1, 2, 5, 5)), T((3, 2, 3, 3))
    return [
        _case("Conv2D", x, w, init=(3, 3), grad=True),
        _case("Conv2D", x, w, init=(3, 3, 1, "same", 0, 2), grad=True),
        _case("Conv2D", x, w, init=(3, (3, 3), 1, "pad", (1, 0, 2, 1), 1, 2), grad=True),
        _case("Conv2D", T((1, 4, 4, 4)), T((4, 2, 2, 2)), init=(4, 2, 1, "valid", 0, 1, 1, 2),
              grad=True),
        _case("Conv2D", x, w, init=(4, 3)), _case("Conv2D", x, w, init=(3, 3, 1, "valid", 1)),
        _case("Conv2D", x, w, init=(3, 3, 1, "full")),
        _case("Conv2D", T((1, 2, 4, 4), "int32"), T((3, 2, 3, 3), "int32"), init=(3, 3)),
        _case("BiasAdd", T((2, 3, 2)), V([0.5, -1.0, 2.0]), init=(), grad=True),
        _case("BiasAdd", T((2, 3)), V([0.5, -1.0, 2.0]), init=("NHWC",), grad=True),
        _case("BiasAdd", T((2, 3)), V([0.5, -1.0]), init=()),
        _case("BiasAdd", T((2, 3)), V([1, 2, 3], "int32"), init=()),
        _case("BiasAdd", T((2, 3)), V([1.0, 2.0, 3.0]), init=("NDHW",)),
        _case("Dense", T((3, 4)), T((2, 4)), T((2,)), init=(), grad=True),
        _case("Dense", T((3, 4)), T((2, 4)), init=(), grad=True),
        _case("Dense", T((3, 4)), T((2, 3)), init=()),
        _case("MaxPool", x, init=(2, 2), grad=True),
        _case("MaxPool", x, init=(3, 2, "same"), grad=True),
        _case("MaxPool", x, init=((1, 1, 2, 3), (1, 1, 1, 2), "VALID"), grad=True),
        _case("MaxPool", x, init=(2, 2, "pad")), _case("MaxPool", x, init=(0,)),
        _case("MaxPool", T((2, 5, 5)), init=(2, 2)),
        _case("AvgPool", x, init=(2, 2), grad=True),
        _case("AvgPool", x, init=(3, 2, "same"), grad=True),
        _case("AvgPool", x, init=(2, 1, "valid"), grad=True),
        _case("AvgPool", x, init=(2, 2, "full")),
        _case("AdaptiveAvgPool2D", x, init=(2,), grad=True),
        _case("AdaptiveAvgPool2D", x, init=((3, None),), grad=True),
        _case("AdaptiveAvgPool2D", T((2, 4, 6)), init=((2, 3),), grad=True),
        _case("AdaptiveAvgPool2D", x, init=(-1,)),
        _case("AdaptiveAvgPool2D", T((5,)), init=(2,)),
    ]


def activation_cases():
    x, x64 = T((2, 5)), T((3, 4), "float64")
    cases = []
    for op in ("FastGeLU", "Softsign", "CeLU", "HShrink", "SoftShrink", "L2Loss"):
        cases += [_case(op, x, init=(), grad=True), _case(op, x64, init=(), grad=True),
                  _case(op, T((3,), "int32"), init=())]
    cases += [
        _case("CeLU", x, init=(0.5,), grad=True), _case("CeLU", x, init=(0.0,)),
        _case("CeLU", x, init=("a",)),
        _case("HShrink", x, init=(1.0,), grad=True), _case("HShrink", x, init=("a",)),
        _case("SoftShrink", x, init=(0.3,), grad=True), _case("SoftShrink", x, init=(-1.0,)),
        _case("GLU", T((2, 6)), init=(), grad=True),
        _case("GLU", T((4, 3)), init=(0,), grad=True),
        _case("GLU", T((2, 5)), init=()), _case("GLU", x, init=(1.5,)),
        _case("PReLU", T((2, 3, 4)), V([0.1, 0.2, 0.3]), init=(), grad=True),
        _case("PReLU", T((2, 3)), V([0.25]), init=(), grad=True),
        _case("PReLU", T((2, 3, 4)), V([0.1, 0.2]), init=()),
        _case("L2Loss", T(()), init=(), grad=True),
        _case("LayerNorm", T((2, 3, 4)), T((3, 4)), T((3, 4)), init=(), grad=True),
        _case("LayerNorm", T((2, 3, 4)), T((4,)), T((4,)), init=(-1, -1, 1e-5), grad=True),
        _case("LayerNorm", T((2, 3, 4)), T((3, 4)), T((3, 4)), init=(2, 1)),
        _case("LayerNorm", T((2, 3, 4)), T((4,)), T((4,)), init=(1.5,)),
        _case("Pad", T((2, 3)), init=(((1, 2), (0, 1)),), grad=True),
        _case("Pad", T((2, 3, 2)), init=(((0, 0), (1, 1), (2, 0)),), grad=True),
        _case("Pad", T((2, 3)), init=(((1, 2),),)),
        _case("Pad", T((2, 3)), init=(((1, -1), (0, 0)),)),
        _case("DepthToSpace", T((1, 8, 2, 3)), init=(2,), grad=True),
        _case("DepthToSpace", T((1, 6, 2, 3)), init=(2,)),
        _case("DepthToSpace", T((1, 8, 2, 3)), init=(1,)),
        _case("SpaceToDepth", T((1, 2, 4, 6)), init=(2,), grad=True),
        _case("SpaceToDepth", T((1, 2, 3, 6)), init=(2,)),
        _case("SpaceToDepth", T((2, 4, 6)), init=(2,)),
    ]
    return cases


def loss_cases():
    logits, probs = T((3, 4)), T((3, 4), "float32", 0.05, 0.95)
    onehot = V([[0.0, 1.0, 0.0, 0.0], [0.2, 0.3, 0.5, 0.0], [0.0, 0.0, 0.0, 1.0]])
    labels, y, w = V([1, 0, 3], "int32"), T((3, 4), "float32", 0, 1), T((3, 4), "float32", 0.5, 1.5)
    return [
        _case("SoftmaxCrossEntropyWithLogits", logits, onehot, init=(), grad=True),
        _case("SoftmaxCrossEntropyWithLogits", T((3,)), V([0.0, 1.0, 0.0]), init=()),
        _case("SoftmaxCrossEntropyWithLogits", logits, T((3, 5)), init=()),
        _case("SparseSoftmaxCrossEntropyWithLogits", logits, labels, init=(), grad=True),
        _case("SparseSoftmaxCrossEntropyWithLogits", logits, labels, init=(True,), grad=True),
        _case("SparseSoftmaxCrossEntropyWithLogits", logits, V([1.0, 0.0, 3.0]), init=()),
        _case("SparseSoftmaxCrossEntropyWithLogits", logits, labels, init=(1,)),
        _case("SigmoidCrossEntropyWithLogits", logits, y, init=(), grad=True),
        _case("SigmoidCrossEntropyWithLogits", T((3, 4), "float64"), y, init=()),
        _case("SigmoidCrossEntropyWithLogits", logits, T((4,)), init=()),
        _case("BCEWithLogitsLoss", logits, y, w, T((4,), "float32", 0.5, 2), init=(),
              grad=True),
        _case("BCEWithLogitsLoss", logits, y, w, w, init=("none",), grad=True),
        _case("BCEWithLogitsLoss", logits, y, w, w, init=("avg",)),
        _case("BinaryCrossEntropy", probs, y, init=(), grad=True),
        _case("BinaryCrossEntropy", probs, y, w, init=("sum",), grad=True),
        _case("BinaryCrossEntropy", probs, y, init=("avg",)),
        _case("SmoothL1Loss", logits, T((3, 4)), init=(), grad=True),
        _case("SmoothL1Loss", logits, T((3, 4)), init=(0.5, "mean"), grad=True),
        _case("SmoothL1Loss", logits, T((3, 4)), init=(0.0,)),
        _case("SmoothL1Loss", logits, T((3, 4)), init=(1.0, "avg")),
        _case("KLDivLoss", logits, probs, init=("sum",), grad=True),
        _case("KLDivLoss", logits, probs, init=("none",), grad=True),
        _case("KLDivLoss", logits, probs, init=("batchmean",), grad=True),
        _case("KLDivLoss", logits, probs, init=("avg",)),
        _case("NLLLoss", logits, labels, T((4,), "float32", 0.5, 2), init=(), grad=True),
        _case("NLLLoss", logits, labels, T((4,), "float32", 0.5, 2), init=("none",), grad=True),
        _case("NLLLoss", logits, V([1, -100, 3], "int32"), V([1.0] * 4), init=("sum",),
              grad=True),
        _case("NLLLoss", logits, V([1, 0, 3], "int32"), V([1.0] * 4), init=("mean", 0),
              grad=True),
        _case("NLLLoss", logits, V([1.0, 0.0, 3.0]), V([1.0] * 4), init=()),
        _case("NLLLoss", logits, labels, V([1.0] * 4), init=("avg",)),
    ]


def checked_only_cases():
    """Random and Parameter-writing ops: constructor and argument checks only."""
    i0, i5 = V(0, "int32"), V(5, "int32")
    return [
        _case("UniformReal", (2, 3), init=(-1,)), _case("UniformReal", (2, 0), init=()),
        _case("UniformReal", (2, 3), init=("a",)),
        _case("StandardNormal", (2, 3), init=(1.5,)), _case("StandardNormal", "a", init=()),
        _case("UniformInt", (2, 3), i5, i0, init=()),
        _case("UniformInt", (2, 3), V(0.0), i5, init=()),
        _case("UniformInt", (2, 3), i0, i5, init=(-2,)),
        _case("AssignAdd", T((2,)), T((3,)), init=()),
        _case("AssignSub", T((2,)), T((3,)), init=()),
        _case("ScatterAdd", T((3, 2)), V([0], "int32"), T((1, 2)), init=("a",)),
        _case("ScatterSub", T((3, 2)), V([0], "int32"), T((1, 2)), init=(1,)),
        _case("ScatterUpdate", T((3, 2)), V([0], "int32"), T((1, 2)), init=(None,)),
        _case("ApplyGradientDescent", T((2,)), T((3,)), T((2,)), init=()),
        _case("ApplyMomentum", T((2,)), T((2,)), V(0.1), T((2,)), V(0.9), init=(1,)),
        _case("ApplyMomentum", T((2,)), T((2,)), V(0.1), T((2,)), V(0.9),
              init=(False, False, "a")),
    ]


def prims_nn_cases():
    return layer_cases() + activation_cases() + loss_cases() + checked_only_cases()
