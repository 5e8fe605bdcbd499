"""Custom gradients inside a trained net (a gradient reversal Cell and a straight-through
sign Cell, both with ``bprop``; ``ops.Custom(func_type="pyfunc", bprop=...)``) against
MindSpore 2.10 (``tests/oracle_zoo/mech_custom_bprop.py``).

Accepted difference, left out of the script: ``str(tensor.dtype)`` is ``'float32'`` here
(our dtypes are NumPy's), MindSpore prints ``'Float32'``."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_custom_bprop", fixture=FIXTURE)


def test_losses_and_gradient_norms_match_mindspore(both):
    assert_runs_match(both, 4, "grad_norms")


def test_input_gradient_through_the_reversal_matches_mindspore(both):
    ours, theirs = both
    close(ours["x_grad"], theirs["x_grad"])


def test_trained_weights_and_outputs_match_mindspore(both):
    ours, theirs = both
    close(ours["label_weight"], theirs["label_weight"])
    close(ours["logits"], theirs["logits"])
    for key in ("names", "dom_shape", "dtype_is_float32"):
        assert ours[key] == theirs[key], key
