"""A model-zoo custom TrainOneStepCell (Fill sens, MultitypeFuncGraph clipping over
HyperMap, clip_by_global_norm, F.depend) and a hyper_map/assign optimizer, against
MindSpore 2.10 (``tests/oracle_zoo/clip_train_step.py``)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat.errors import CellTypeError
from loop_replay import close, replay


@pytest.fixture(scope="module")
def both():
    return replay("clip_train_step")


def test_losses_per_step_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == len(theirs["losses"]) == 6
    close(ours["losses"], theirs["losses"])


def test_trained_weights_match_mindspore(both):
    ours, theirs = both
    assert sorted(ours["weights"]) == sorted(theirs["weights"])  # the fixture sorts keys
    for name in theirs["weights"]:
        close(ours["weights"][name], theirs["weights"][name])


def test_names_shapes_and_dtypes_match_mindspore(both):
    ours, theirs = both
    for key in ("param_names", "loss_shape", "loss_is_float32", "opt_param_count"):
        assert ours[key] == theirs[key], key


def test_dtype_is_the_function_and_the_primitive():
    from minpy_compat.ops import functional as F, operations as P
    x = ms.Tensor(onp.ones((2, 3), onp.float32))
    assert F.dtype(x) == ms.float32 and ms.ops.dtype(x) == ms.float32
    assert P.DType()(ms.Tensor(onp.ones(2, onp.int32))) == ms.int32


def test_dtype_of_a_non_tensor_names_the_op():
    with pytest.raises(CellTypeError, match=r"ops.dtype x: expected a Tensor, got list"):
        ms.ops.dtype([1.0])


def test_composite_has_the_clip_functions_model_zoo_code_calls():
    from minpy_compat.ops import composite as C
    grads = (ms.Tensor(onp.array([3.0, 4.0], onp.float32)),)
    close(C.clip_by_global_norm(grads, 1.0)[0].asnumpy(), [0.6, 0.8])
    close(C.clip_by_value(grads[0], 0.0, 3.5).asnumpy(), [3.0, 3.5])


def test_the_example_runs_as_a_script_and_prints_mindspore_s_losses():
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, os.path.join(root, "examples", "cell",
                                                        "zoo_clip_train_step.py")],
                          env=dict(os.environ, PYTHONPATH=root), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "step 0 loss 1.12166" and lines[5] == "step 5 loss 0.73547"
    assert lines[6] == "parameters fc1.weight, fc1.bias, fc2.weight, fc2.bias"
