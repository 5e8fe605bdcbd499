"""Mixed precision through ms.train.Model against MindSpore 2.10 (``tests/oracle_zoo/
train_amp_loss_scale_model.py``): amp_level 'O2' with FixedLossScaleManager
(drop_overflow_update=False), 'O1' and 'O3' on CPU.

Accepted differences:
- dtypes print as NumPy's ('float32'), MindSpore's as 'Float32': compared lower-cased.
- float16 sums run in another order: O1/O2 weights match to rtol 1e-3 (fc2's float16
  bias gradient), O3 (BatchNorm in float16 too) to rtol 2e-3, atol 2e-4.
"""
import pytest

from loop_replay import close, replay

FIXTURE = "train_fixture.json"
TOLERANCE = {"o2_fixed": (1e-3, 1e-5), "o1_plain": (1e-3, 1e-5), "o3_plain": (2e-3, 2e-4)}


@pytest.fixture(scope="module")
def both():
    return replay("train_amp_loss_scale_model", fixture=FIXTURE)


@pytest.mark.parametrize("name", sorted(TOLERANCE))
def test_dtypes_match_mindspore(both, name):
    ours, theirs = both[0][name], both[1][name]
    for key in ("loss_dtypes", "param_dtypes"):
        assert [d.lower() for d in ours[key]] == [d.lower() for d in theirs[key]], key
    assert ours["logits_dtype"].lower() == theirs["logits_dtype"].lower()
    assert ours["scales"] == theirs["scales"] == []


@pytest.mark.parametrize("name", sorted(TOLERANCE))
def test_losses_weights_and_eval_match_mindspore(both, name):
    ours, theirs = both[0][name], both[1][name]
    rtol, atol = TOLERANCE[name]
    close(ours["losses"], theirs["losses"], rtol=rtol, atol=atol)
    close(ours["logits"], theirs["logits"], rtol=rtol, atol=atol)
    assert sorted(ours["weights"]) == sorted(theirs["weights"])
    for key, value in theirs["weights"].items():
        close(ours["weights"][key], value, rtol=rtol, atol=atol)
    assert sorted(ours["eval"]) == sorted(theirs["eval"])
    for key, value in theirs["eval"].items():
        close(ours["eval"][key], value, rtol=rtol, atol=atol)


def test_o2_and_o1_train_alike_and_o2_outputs_float16(both):
    ours = both[0]
    close(ours["o2_fixed"]["losses"], ours["o1_plain"]["losses"], rtol=1e-6, atol=0)
    assert ours["o2_fixed"]["logits_dtype"] == "float16"
    assert ours["o1_plain"]["logits_dtype"] == "float32"
