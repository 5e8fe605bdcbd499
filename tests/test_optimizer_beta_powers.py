"""The Adam family's beta powers against MindSpore 2.10
(``tests/oracle/make_beta_powers_fixture.py``): ``Adam``, ``LazyAdam``, ``AdamOffload``
keep ``beta1_power`` and ``beta2_power``, ``AdaMax`` keeps ``beta1_power``; each step
multiplies them by beta in float32 (0.8 ** 3 is 0.51200002 there), so they match exactly,
in the staged path and the in-place one alike.

Accepted differences:
weights may differ from MindSpore's by a few float32 ulps (its kernels order some float32
operations differently), so they are compared with rtol 1e-6.
"""
import json
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.nn import optimizer_in_place

with open(os.path.join(os.path.dirname(__file__), "oracle",
                       "beta_powers_fixture.json")) as _handle:
    ORACLE = json.load(_handle)
MAKERS = {"adam": lambda ps: nn.Adam(ps, 0.1, 0.8, 0.9),
          "adam_amsgrad": lambda ps: nn.Adam(ps, 0.1, 0.8, 0.9, use_amsgrad=True),
          "adam_nesterov": lambda ps: nn.Adam(ps, 0.1, 0.8, 0.9, use_nesterov=True),
          "lazy_adam": lambda ps: nn.LazyAdam(ps, 0.1, 0.8, 0.9),
          "adam_offload": lambda ps: nn.AdamOffload(ps, 0.1, 0.8, 0.9),
          "adamax": lambda ps: nn.AdaMax(ps, 0.1, 0.8, 0.9)}


def _run(name, staged, monkeypatch):
    w = ms.Parameter(ms.Tensor(onp.array(ORACLE["start"], onp.float32)), name="w")
    opt = MAKERS[name]([w])
    trail = []
    steps = {"in_place": 0}
    plain = optimizer_in_place._plain_gradients
    with monkeypatch.context() as patch:
        # staged: the in-place check refuses; else count the steps that go in place
        patch.setattr(optimizer_in_place, "_plain_gradients", (lambda *a: None) if staged
                      else lambda *a: steps.update(in_place=steps["in_place"] + 1) or plain(*a))
        for grad in ORACLE["grads"]:
            opt((ms.Tensor(onp.array(grad, onp.float32)),))
            powers = {p.name: p.asnumpy().reshape(-1).tolist()
                      for p in opt.get_parameters() if p.name.endswith("_power")}
            trail.append((powers, w.asnumpy().copy()))
    if not staged and name != "adamax":  # AdaMax has no in-place step
        assert steps["in_place"] == len(ORACLE["grads"])
    return opt, trail


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_beta_powers_names_and_shapes_match_mindspore(name, monkeypatch):
    want = ORACLE["cases"][name]
    opt, _ = _run(name, False, monkeypatch)
    assert [p.name for p in opt.get_parameters()] == want["names"]
    for p in opt.get_parameters():
        if p.name.endswith("_power"):
            assert list(p.shape) == want["power_shape"] and p.dtype == ms.float32


@pytest.mark.parametrize("staged", [False, True], ids=["in_place", "staged"])
@pytest.mark.parametrize("name", sorted(MAKERS))
def test_beta_powers_and_weights_step_as_mindspore(name, staged, monkeypatch):
    want = ORACLE["cases"][name]["steps"]
    _, trail = _run(name, staged, monkeypatch)
    for (powers, weight), step in zip(trail, want):
        assert powers == step["powers"]  # exactly: float32 products, as MindSpore's
        assert weight.dtype == onp.float32
        onp.testing.assert_allclose(weight, step["weight"], rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_staged_and_in_place_steps_agree_bit_for_bit(name, monkeypatch):
    _, in_place = _run(name, False, monkeypatch)
    _, staged = _run(name, True, monkeypatch)
    for (p1, w1), (p2, w2) in zip(in_place, staged):
        assert p1 == p2
        assert w1.tobytes() == w2.tobytes()
