"""nn.Adam(use_amsgrad=True) against MindSpore 2.10.

The expected numbers are what MindSpore 2.10 (CPU, PyNative) printed for the same inputs,
rounded to 6 decimals; each test's docstring names the call."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import OptimizerTypeError
from cell_loss_helpers import T


# ---- nn.Adam(use_amsgrad=True) ----------------------------------------------------------
STEPS = [([0.1, -0.2, 0.3], [1.0]), ([-0.5, 0.05, 0.3], [0.01]), ([0.2, 0.2, -1.0], [-2.0]),
         ([0.0, 0.0, 0.0], [0.0])]
AMSGRAD = [([0.9000003, -1.9000001, 2.9000001], [0.4]),
           ([0.9598355, -1.8530536, 2.8000004], [0.3322838]),
           ([0.9795549, -1.8715224, 2.8286428], [0.3660295]),
           ([0.9956998, -1.8866434, 2.8520932], [0.3936583])]


def _adam_run(**options):
    w = ms.Parameter(T([1.0, -2.0, 3.0]), name="w")
    b = ms.Parameter(T([0.5]), name="b")
    opt = nn.Adam([w, b], learning_rate=0.1, **options)
    trail = []
    for gw, gb in STEPS:
        opt((T(gw), T(gb)))
        trail.append((w.asnumpy().copy(), b.asnumpy().copy()))
    return opt, trail


@pytest.mark.parametrize("options", [{}, {"use_nesterov": True}], ids=["plain", "nesterov"])
def test_adam_amsgrad_matches_mindspore(options):
    """MindSpore: nn.Adam([w, b], 0.1, use_amsgrad=True) over STEPS gave AMSGRAD (the same
    with use_nesterov=True: MindSpore ignores it then; plain Adam's last step differs: w
    [0.9957079, -1.8866509, 2.8521049], b 0.3936416); its Parameters add vhat.w, vhat.b."""
    opt, trail = _adam_run(use_amsgrad=True, **options)
    for (w, b), (want_w, want_b) in zip(trail, AMSGRAD):
        assert w.dtype == onp.float32
        onp.testing.assert_allclose(w, want_w, atol=1e-6)
        onp.testing.assert_allclose(b, want_b, atol=1e-6)
    names = [name for name, _ in opt.parameters_and_names()]
    assert "vhat.w" in names and "vhat.b" in names
    _, plain = _adam_run()
    onp.testing.assert_allclose(plain[-1][0], [0.9957079, -1.8866509, 2.8521049], atol=1e-6)


def test_adam_amsgrad_with_decay_scale_and_betas_matches_mindspore():
    """MindSpore: use_amsgrad=True, weight_decay=0.1 -> last w [0.9092549, -1.6757905,
    2.7551184], b 0.3844222; eps=0.5, beta1=0.5, beta2=0.6 -> w [1.0203406, -1.995888,
    2.9905186], b 0.4924738; loss_scale=2.0 -> w [0.9956999, -1.8866435, 2.8520935]."""
    _, decayed = _adam_run(use_amsgrad=True, weight_decay=0.1)
    onp.testing.assert_allclose(decayed[-1][0], [0.9092549, -1.6757905, 2.7551184], atol=2e-6)
    onp.testing.assert_allclose(decayed[-1][1], [0.3844222], atol=2e-6)
    _, betas = _adam_run(use_amsgrad=True, eps=0.5, beta1=0.5, beta2=0.6)
    onp.testing.assert_allclose(betas[-1][0], [1.0203406, -1.995888, 2.9905186], atol=2e-6)
    onp.testing.assert_allclose(betas[-1][1], [0.4924738], atol=2e-6)
    _, scaled = _adam_run(use_amsgrad=True, loss_scale=2.0)
    onp.testing.assert_allclose(scaled[-1][0], [0.9956999, -1.8866435, 2.8520935], atol=2e-6)


@pytest.mark.parametrize("value", [1, "yes"])
def test_adam_use_amsgrad_must_be_a_bool(value):
    """MindSpore: use_amsgrad=1 -> TypeError "the type of 'use_amsgrad' should be 'bool'"."""
    with pytest.raises(OptimizerTypeError, match="Adam use_amsgrad: expected a bool"):
        nn.Adam([ms.Parameter(T([1.0]), name="w")], use_amsgrad=value)
