"""An optimizer lists its state as MindSpore 2.10 does: global_step, learning_rate, then
the Parameters it trains, then its own state Parameters (SGD's and Momentum's ``momentum``,
Adam's ``beta1_power`` / ``beta2_power``), then its slots (so save_checkpoint of a training
Cell writes them in MindSpore's order). Expected names were printed by MindSpore 2.10
(also recorded in tests/oracle/optimizer_state_fixture.json)."""
import pytest

from minpy_compat import nn


@pytest.mark.parametrize("make, state, slot", [
    (lambda p: nn.SGD(p, 0.1), ["momentum"], "accum"),
    (lambda p: nn.Momentum(p, 0.1, 0.9), ["momentum"], "moments"),
    (lambda p: nn.Adam(p, 0.1), ["beta1_power", "beta2_power"], "moment1"),
])
def test_step_rate_parameters_then_slots(make, state, slot):
    net = nn.Dense(2, 1)
    names = [name for name, _ in make(net.trainable_params()).parameters_and_names()]
    assert names[:4] == ["global_step", "learning_rate", "weight", "bias"]
    after = 4 + len(state)
    assert names[4:after] == state
    assert names[after:after + 2] == [f"{slot}.weight", f"{slot}.bias"]
