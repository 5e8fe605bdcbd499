"""An @ms.jit train step over Cells with their own bprop, has_aux with stop_gradient'd
statistics and ops.depend, and the same steps eagerly, against MindSpore 2.10
(``tests/oracle_zoo/func_jit_bprop_step.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_jit_bprop_step", fixture=FIXTURE)


@pytest.mark.parametrize("run", ["jit", "eager"])
def test_steps_match_mindspore(both, run):
    ours, theirs = both
    assert len(ours[run]["losses"]) == 4
    for key in ("losses", "means", "stds", "sums"):
        close(ours[run][key], theirs[run][key])


def test_jit_and_eager_agree(both):
    ours, _ = both
    for key in ("losses", "means", "stds", "sums"):
        close(ours["jit"][key], ours["eager"][key])
