"""A custom loop with amp.DynamicLossScaler / amp.StaticLossScaler, amp.all_finite,
ops.clip_by_global_norm and ops.clip_by_norm against MindSpore 2.10
(``tests/oracle_zoo/train_amp_scaler_custom_loop.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "train_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("train_amp_scaler_custom_loop", fixture=FIXTURE)


def _losses(ours, theirs):
    assert [v is None for v in ours] == [v is None for v in theirs]
    close([v for v in ours if v is not None], [v for v in theirs if v is not None])


def test_dynamic_scaler_skips_the_overflow_and_rescales_as_mindspore(both):
    """Step 2 overflows: the scale halves (2048 -> 1024) and no update runs; two good
    steps later it doubles again."""
    ours, theirs = both[0]["dynamic_global"], both[1]["dynamic_global"]
    assert ours["finite"] == theirs["finite"] == [True, True, False] + [True] * 4
    assert ours["scales"] == theirs["scales"]
    assert ours["final_scale"] == theirs["final_scale"]
    _losses(ours["losses"], theirs["losses"])


@pytest.mark.parametrize("run", ["dynamic_global", "static_by_norm"])
def test_clipped_norms_and_weights_match_mindspore(both, run):
    ours, theirs = both[0][run], both[1][run]
    assert len(ours["norms"]) == len(theirs["norms"])
    close(ours["norms"], theirs["norms"])
    if run == "static_by_norm":
        assert max(max(n) for n in ours["norms"]) <= 0.5 + 1e-5
    _losses(ours["losses"], theirs["losses"])
    close(ours["lr"], theirs["lr"])
    assert ours["scales"] == theirs["scales"]
    for mine, recorded in zip(ours["weights"], theirs["weights"]):
        close(mine, recorded)
