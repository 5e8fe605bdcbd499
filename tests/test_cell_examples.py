"""The seed examples (examples/cell/) run and give MindSpore 2.10's values; the training
examples there learn."""
import os
import re
import subprocess
import sys

import numpy as onp
import pytest

from cell_helpers import EXAMPLES, run_example


def printed(capsys):
    return " ".join(capsys.readouterr().out.split())


def test_threshold_prints_the_seed_values(capsys):
    found = run_example("seed001_threshold.py")
    onp.testing.assert_allclose(found["m"](found["inputs"]), [20.0, 0.2, 0.3], rtol=1e-6)
    out = printed(capsys)
    assert out.startswith("[20. 0.2 0.3]")
    assert out.endswith("[0. 1. 1.]")


def test_dropout2d_bprop_gradient_is_the_scaled_mask(capsys):
    found = run_example("seed001_dropout2d_bprop.py")
    mask, grad = found["mask"].asnumpy(), found["grad"].asnumpy()
    assert mask.dtype == bool and mask.shape == (2, 4, 3, 3)
    onp.testing.assert_allclose(grad, mask * 1.25)
    assert 0 < mask.sum() < mask.size  # seed 0 drops some channels and keeps others
    assert found["dropout_2d"].bprop_debug is True
    assert "gradient follows the mask: True" in printed(capsys)


def test_net_with_param_gives_mindspore_gradients(capsys):
    run_example("seed001_net_with_param.py")
    out = printed(capsys)
    assert "forward: [6.]" in out
    assert ("grad(net, 0, weights): (array([2.], dtype=float32), (array([3.], "
            "dtype=float32),))") in out
    assert "grad(net, None, weights): (array([3.], dtype=float32),)" in out
    assert "GradOperation(get_by_list): (array([3.], dtype=float32),)" in out
    assert ("GradOperation(get_all, get_by_list): ((array([2.], dtype=float32),), "
            "(array([3.], dtype=float32),))") in out


def test_custom_op_bprop_prints_2_8_18(capsys):
    found = run_example("seed002_custom_op_bprop.py")
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "[ 2.  8. 18.]"
    assert "func_type='akg'" in out and "'pyfunc' or 'mxnet'" in out
    onp.testing.assert_allclose(found["dx"], [2.0, 8.0, 18.0])


def test_matmul_bprop_with_get_all(capsys):
    found = run_example("seed003_matmul_bprop.py")
    dx, dy = found["out"]
    onp.testing.assert_allclose(dx, [[1.5, 1.6, 1.4], [2.2, 2.3, 2.1]], rtol=1e-6)
    onp.testing.assert_allclose(dy, [[1.01, 1.3, 2.1], [1.1, 1.2, 2.3], [3.1, 2.2, 4.3]],
                                rtol=1e-6)
    assert dx.dtype == onp.float32 and dy.dtype == onp.float32
    assert "[[1.5, 1.6, 1.4]," in printed(capsys)


def test_relu6_second_order_through_bprop(capsys):
    found = run_example("seed003_relu6_second_order.py")
    onp.testing.assert_array_equal(found["out"], onp.ones((2, 3)))
    assert printed(capsys) == "[[1. 1. 1.] [1. 1. 1.]]"


def test_snn_surrogate_gradients_match_mindspore():
    found = run_example("seed003_snn_surrogate.py")
    ms_, ops = found["mindspore"], found["ops"]
    x, v, node, surrogate = found["x"], found["v"], found["node"], found["surrogate"]
    onp.testing.assert_array_equal(surrogate(x), [1, 1, 0, 1])
    onp.testing.assert_allclose(ms_.grad(surrogate)(x),
                                [0.3505183, 0.01233233, 0.7457321, 0.05433106], rtol=1e-4)
    spike, v_next = node(x, v)
    onp.testing.assert_array_equal(spike, [0, 1, 0, 1])
    onp.testing.assert_allclose(v_next, [0.8, 0.3, -0.1, 0.1], atol=1e-6)
    for grad in ops.GradOperation(get_all=True)(node)(x, v):
        onp.testing.assert_allclose(grad, onp.ones(4), rtol=1e-6)
    for grad in found["ops"].grad(found["spike_only"], grad_position=(0, 1))(x, v):
        onp.testing.assert_allclose(grad, [0.98306, 0.7457318, 0.02026783, 1.1750184], rtol=1e-4)


def test_snn_without_fire_passes_v_through():
    found = run_example("seed003_snn_surrogate.py")
    node = found["IFNode"](fire=False)
    out = node(found["x"], found["v"])
    onp.testing.assert_allclose(out[0], out[1])
    grads = found["ops"].GradOperation(get_all=True)(node)(found["x"], found["v"])
    for grad in grads:
        onp.testing.assert_allclose(grad, [2, 2, 2, 2])


def test_custom_optimizer_trains_dense_on_2x_plus_3(capsys):
    found = run_example("custom_optimizer.py")
    capsys.readouterr()
    net, losses = found["train"](steps=120)
    onp.testing.assert_allclose(losses[:3], [10.41935, 8.61041, 5.81108], rtol=1e-5)
    onp.testing.assert_allclose(losses[50], 0.04697, rtol=1e-3)
    assert losses[100] < 1e-3
    onp.testing.assert_allclose(net.weight.asnumpy().ravel(), [2.0], atol=0.05)
    onp.testing.assert_allclose(net.bias.asnumpy(), [3.0], atol=0.05)


@pytest.mark.parametrize("name", ["seed001_threshold.py", "seed003_matmul_bprop.py"])
def test_examples_run_as_scripts(name):
    root = os.path.dirname(os.path.dirname(EXAMPLES))
    env = dict(os.environ, PYTHONPATH=root)
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, name)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_lstm_adding_script_learns_and_shows_its_progress():
    # 400 steps (the default, about 5 s): the LSTM leaves the mean's plateau (1/6) near step
    # 150; a much shorter run decays its learning rate first and stays near 0.15.
    root = os.path.dirname(os.path.dirname(EXAMPLES))
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, "train_lstm_adding.py"),
                           "--steps", "400"], env=dict(os.environ, PYTHONPATH=root),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "step/s" in done.stderr and "loss=" in done.stderr   # the progress bar
    assert "learning rate: 0.0300 at most" in done.stdout       # warm-up reached max_lr
    start, end = map(float, re.search(r"training loss: (\d\.\d+) at the start, "
                                      r"(\d\.\d+) over the last tenth", done.stdout).groups())
    assert end < 0.05 * start
    mse = float(re.search(r"test mean squared error: (\d\.\d+)", done.stdout).group(1))
    assert mse < 0.02
