"""The training examples run as tests, on small data, with bounds on accuracy or loss.

They need the ``examples`` extra (scikit-learn's digits, matplotlib); without it a
script says what to install, which is tested in every environment.
"""
import importlib.util
import os
import subprocess
import sys

import numpy as onp
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")

needs_extra = pytest.mark.skipif(
    not all(importlib.util.find_spec(m) for m in ("sklearn", "matplotlib")),
    reason="scikit-learn or matplotlib is not installed (the examples extra; full environment)")

if EXAMPLES not in sys.path:
    sys.path.insert(0, EXAMPLES)

import cnn_digits  # noqa: E402
import demo  # noqa: E402
import mlp_digits  # noqa: E402
import rnn_adding  # noqa: E402


@needs_extra
def test_mlp_on_digits_reaches_95_percent():
    accuracy, path = mlp_digits.main(num_epochs=6, verbose=False)
    assert accuracy >= 0.95
    assert os.path.getsize(path) > 0 and path.endswith(os.path.join("output", "mlp_digits.png"))


@needs_extra
def test_customop_loss_trains_exactly_like_the_layer_loss():
    accuracy, _, solver = demo.main(num_epochs=3, verbose=False, plot=False)
    reference = mlp_digits.train(mlp_digits.TwoLayerNet(), num_epochs=3, verbose=False)
    onp.testing.assert_allclose(solver.loss_history, reference.loss_history, rtol=1e-8)
    assert accuracy >= 0.93


@needs_extra
def test_cnn_on_digits_images():
    accuracy, path = cnn_digits.main(num_epochs=3, num_train=800, verbose=False)
    assert accuracy >= 0.88
    assert os.path.exists(path)


@needs_extra
def test_rnn_on_the_adding_problem_beats_the_bound():
    mse, path = rnn_adding.main(num_epochs=6, num_train=2000, verbose=False)
    assert mse < rnn_adding.BOUND < rnn_adding.BASELINE_MSE
    assert os.path.exists(path)


def test_adding_problem_baseline_is_what_the_docstring_says():
    _, y = rnn_adding.adding_problem(20000)
    assert abs(y.var() - rnn_adding.BASELINE_MSE) < 0.01


@needs_extra
def test_demo_script_prints_progress_accuracy_and_plot_path():
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, os.path.join(EXAMPLES, "demo.py")], env=env,
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "loss=" in run.stderr and "batch/s" in run.stderr  # the tqdm bar with the loss
    epoch_losses = [float(line.split("loss: ")[1].split(";")[0])
                    for line in run.stdout.splitlines() if line.startswith("(Epoch")]
    assert len(epoch_losses) == 15 and epoch_losses[-1] < 0.5 * epoch_losses[0]
    accuracy = float(run.stdout.split("test accuracy: ")[1].split()[0])
    assert accuracy >= 0.95
    assert "loss plot saved to " in run.stdout
    path = run.stdout.split("loss plot saved to ")[1].split("\n")[0]
    assert os.path.exists(path)


@needs_extra
def test_lstm_on_the_adding_problem_beats_the_bound():
    mse, _ = rnn_adding.main(num_epochs=6, num_train=2000, cell="lstm", verbose=False,
                             plot=False)
    assert mse < rnn_adding.BOUND


def test_the_adding_example_refuses_a_cell_it_does_not_have():
    # 'gru' silently trained the tanh RNN.
    with pytest.raises(ValueError, match="AddingRNN argument 'cell': expected 'rnn' or "
                                         "'lstm', got 'gru'"):
        rnn_adding.AddingRNN(cell="gru")


@pytest.mark.parametrize("script", ["mlp_digits.py", "rnn_adding.py",
                                    os.path.join("cell", "train_digits_cell.py")])
def test_a_script_without_its_packages_says_what_to_install(script):
    # In the core environment a script used to fail deep in the data loader, or, for
    # rnn_adding.py, at the plot after training for the whole run.
    path = os.path.join(EXAMPLES, script)
    hide = ("import runpy, sys; sys.modules['sklearn'] = sys.modules['matplotlib'] = None; "
            f"sys.argv = [{path!r}]; runpy.run_path({path!r}, run_name='__main__')")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, EXAMPLES]), TQDM_DISABLE="1")
    run = subprocess.run([sys.executable, "-c", hide], env=env, capture_output=True,
                         text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 1 and run.stdout == ""
    assert "Traceback" not in run.stderr
    assert f"examples/{script.replace(os.sep, '/')}: expected " in run.stderr
    assert "to be importable, got ImportError. Install with: pip install " in run.stderr
    assert ("scikit-learn matplotlib" if script != "rnn_adding.py" else "matplotlib (") \
        in run.stderr
