"""DP-SGD: per-example gradients by ops.vmap(ms.grad(..., grad_position=(0, 1)),
in_axes=(None, None, 0, 0)), clipped, averaged, noised and written back with ops.assign,
against MindSpore 2.10 (``tests/oracle_zoo/func_dp_sgd.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_dp_sgd", fixture=FIXTURE)


def test_per_example_gradients_match_mindspore(both):
    ours, theirs = both
    assert ours["per_example_shapes"] == theirs["per_example_shapes"] == [[8, 3, 4], [8, 3]]
    for got, want in zip(ours["raw_norms"], theirs["raw_norms"]):
        close(got, want)
    assert ours["clipped_fraction"] == theirs["clipped_fraction"]


def test_private_steps_match_mindspore(both):
    ours, theirs = both
    close(ours["losses"], theirs["losses"])
    close(ours["weight"], theirs["weight"])
    close(ours["bias"], theirs["bias"])
