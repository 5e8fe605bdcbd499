"""``mint.nn.functional`` fuzz cases for ``make_fuzzmint_fixture.py`` (encoded as in
``fuzzmint_cases.py``): activations over dtypes, 0-d and empty inputs, softmax-like ``dim``
in and out of range, and the losses over their ``reduction`` values and bad arguments."""
from fuzzmint_cases import R
from ops_cases import _case

F = "nn.functional."
ACTIVATIONS = [("relu", ()), ("relu6", ()), ("gelu", ()), ("silu", ()), ("sigmoid", ()),
               ("tanh", ()), ("elu", (0.5,)), ("selu", ()), ("mish", ()), ("logsigmoid", ()),
               ("hardsigmoid", ()), ("hardswish", ()), ("hardtanh", (-0.5, 0.5)),
               ("leaky_relu", (0.2,)), ("softplus", (2.0, 10.0)), ("hardshrink", (0.5,)),
               ("softshrink", (0.5,)), ("threshold", (0.1, 9.0)), ("glu", ())]
DIMMED = ["softmax", "log_softmax", "glu"]


def activation_cases():
    cases = []
    for op, extra in ACTIVATIONS:
        shape = (2, 4)
        for dtype in ("float16", "float32", "float64", "int32", "bool"):
            cases.append(_case(F + op, R(shape, dtype, -3, 3), *extra,
                               grad=dtype in ("float32", "float64")))
        if op != "glu":
            cases += [_case(F + op, R(()), *extra, grad=True), _case(F + op, R((0, 3)), *extra)]
        cases.append(_case("nc:" + F + op, R((4, 2), "float64"), *extra, grad=True))
    for op in DIMMED:
        for dim in (0, -1, 1, 2, -3):
            cases.append(_case(F + op, R((2, 4)), dim, grad=True))
        cases += [_case(F + op, R((2, 4), "int32", -3, 3), 1),
                  _case(F + op, R((2, 4), "float64"), dim=-1, grad=True)]
    cases += [_case(F + "softmax", R((2, 4)), 1, dtype={"mstype": "float64"}, grad=True),
              _case(F + "log_softmax", R((2, 4)), 1, dtype={"mstype": "float64"}),
              _case(F + "normalize", R((2, 4)), 2.0, 1, grad=True),
              _case(F + "normalize", R((2, 4)), 1.0, -1, grad=True),
              _case(F + "normalize", R((2, 4)), 2.0, 2),
              _case(F + "elu", R((2, 4)), alpha=-1.0),
              _case(F + "leaky_relu", R((2, 4), "float64"), negative_slope=-0.3, grad=True),
              _case(F + "prelu", R((2, 3, 4)), R((3,)), grad=True),
              _case(F + "prelu", R((2, 3, 4)), R((1,)), grad=True),
              _case(F + "prelu", R((2, 3, 4)), R((4,)))]
    return cases


LOSSES = ["l1_loss", "mse_loss", "smooth_l1_loss", "soft_margin_loss", "binary_cross_entropy",
          "binary_cross_entropy_with_logits", "kl_div"]


def _loss_inputs(op, shape, dtype="float32"):
    if op == "binary_cross_entropy":
        return R(shape, dtype, 0.1, 0.9), R(shape, dtype, 0.0, 1.0)
    if op == "soft_margin_loss":
        return R(shape, dtype), {"t": [[1.0, -1.0, 1.0]] * shape[0], "dtype": dtype,
                                 "shape": list(shape)} if shape == (2, 3) else R(shape, dtype)
    if op == "kl_div":
        return R(shape, dtype, -2.0, -0.1), R(shape, dtype, 0.1, 0.9)
    return R(shape, dtype), R(shape, dtype)


def loss_cases():
    cases = []
    for op in LOSSES:
        for reduction in ("mean", "sum", "none"):
            cases.append(_case(F + op, *_loss_inputs(op, (2, 3)), reduction=reduction,
                               grad=True))
        x, y = _loss_inputs(op, (2, 3), "float64")
        cases += [_case(F + op, x, y, grad=True),
                  _case(F + op, *_loss_inputs(op, (2, 3)), reduction="avg"),
                  _case(F + op, *_loss_inputs(op, (0, 3))),
                  _case(F + op, R((2, 3)), R((3,)), grad=True),
                  _case(F + op, R((2, 3), "float16", 0.1, 0.9), R((2, 3), "float16", 0.1, 0.9))]
    cases += [_case(F + "kl_div", *_loss_inputs("kl_div", (2, 3)), reduction="batchmean",
                    grad=True),
              _case(F + "kl_div", *_loss_inputs("kl_div", (2, 3)), log_target=True, grad=True),
              _case(F + "smooth_l1_loss", R((2, 3)), R((2, 3)), beta=0.5, grad=True),
              _case(F + "smooth_l1_loss", R((2, 3)), R((2, 3)), beta=0.0),
              _case(F + "binary_cross_entropy", *_loss_inputs("binary_cross_entropy", (2, 3)),
                    weight=R((3,), low=0.5), grad=True),
              _case(F + "binary_cross_entropy_with_logits", R((2, 3)), R((2, 3), low=0.0,
                                                                         high=1.0),
                    weight=R((3,)), pos_weight=R((3,), low=0.5), grad=True)]
    return cases
