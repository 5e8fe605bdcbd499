"""An optimizer lists its state as MindSpore 2.10 does: global_step, learning_rate, then
the Parameters it trains, then its own slots (so save_checkpoint of a training Cell
writes them in MindSpore's order). Expected names were printed by MindSpore 2.10.

Accepted difference: MindSpore's SGD and Momentum also hold a ``momentum`` Parameter,
and its Adam ``beta1_power`` / ``beta2_power``; ours keep those as numbers (Adam's
powers come from global_step)."""
import pytest

from minpy_compat import nn


@pytest.mark.parametrize("make, slot", [
    (lambda p: nn.SGD(p, 0.1), "accum"),
    (lambda p: nn.Momentum(p, 0.1, 0.9), "moments"),
    (lambda p: nn.Adam(p, 0.1), "moment1"),
])
def test_step_rate_parameters_then_slots(make, slot):
    net = nn.Dense(2, 1)
    names = [name for name, _ in make(net.trainable_params()).parameters_and_names()]
    assert names[:4] == ["global_step", "learning_rate", "weight", "bias"]
    assert names[4:6] == [f"{slot}.weight", f"{slot}.bias"]
