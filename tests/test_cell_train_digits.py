"""examples/cell/train_digits_cell.py: a Cell network trained with TrainOneStepCell."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")

pytest.importorskip("sklearn", reason="scikit-learn is not installed (the example needs its "
                                      "bundled digits data; full environment only)")
pytest.importorskip("matplotlib", reason="matplotlib is not installed (full environment only)")

for folder in (EXAMPLES, os.path.join(EXAMPLES, "cell")):
    if folder not in sys.path:
        sys.path.insert(0, folder)

import example_utils  # noqa: E402
import train_digits_cell  # noqa: E402


def test_cell_network_on_digits_reaches_90_percent_and_shows_its_progress(capsys):
    accuracy, path = train_digits_cell.main(num_epochs=4, verbose=True, plot=True)
    assert accuracy >= 0.90
    assert os.path.getsize(path) > 0 and path.endswith(os.path.join("output",
                                                                    "train_digits_cell.png"))
    out, err = capsys.readouterr()
    assert "loss=" in err and "batch/s" in err and "epoch 4/4" in err  # the tqdm.auto bar
    assert f"test accuracy: {accuracy:.4f}" in out
    assert f"loss plot saved to {path}" in out


def test_quiet_run_prints_nothing_and_the_loss_falls(capsys):
    net, history = train_digits_cell.train(num_epochs=2, verbose=False)
    assert capsys.readouterr() == ("", "")
    per_epoch = len(history.loss_history) // 2
    first, last = history.loss_history[:per_epoch], history.loss_history[per_epoch:]
    assert len(history.loss_history) == 2 * per_epoch == 2 * 47  # 1500 samples, batches of 32
    assert sum(last) / len(last) < 0.5 * sum(first) / len(first)
    assert len(net.trainable_params()) == 4


def test_train_steps_calls_the_step_once_per_batch_and_returns_float_losses():
    calls = []

    def step(x, y):
        calls.append((x, y))
        return x * y
    losses = example_utils.train_steps(step, [(1.0, 2.0), (3.0, 4.0)], verbose=False)
    assert losses == [2.0, 12.0] and all(type(v) is float for v in losses)
    assert calls == [(1.0, 2.0), (3.0, 4.0)]
