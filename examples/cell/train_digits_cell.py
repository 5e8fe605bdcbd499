"""A MindSpore-style Cell network trained with TrainOneStepCell on scikit-learn's digits.

    python examples/cell/train_digits_cell.py

Dense(64, 64) -> ReLU -> Dense(64, 10), softmax cross entropy, Adam. Written as a
MindSpore user would write it; the data (bundled with scikit-learn, no download) and
the plot come from ``examples/example_utils.py``. Reaches about 97% test accuracy in
10 epochs; the loss/accuracy plot goes to examples/output/train_digits_cell.png.
"""
import os
import sys
from types import SimpleNamespace

import numpy as onp

import minpy_compat as ms
from minpy_compat import nn

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from example_utils import (load_digits_split, plot_history, require,  # noqa: E402
                           train_steps)


class DigitsNet(nn.Cell):
    """64 pixels -> 64 hidden units -> 10 class scores (logits)."""

    def __init__(self, hidden=64, num_classes=10):
        super().__init__()
        self.fc1 = nn.Dense(64, hidden)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(hidden, num_classes)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def batches(X, y, batch_size, rng):
    """One epoch of shuffled (images, labels) Tensor pairs."""
    order = rng.permutation(len(X))
    for start in range(0, len(X), batch_size):
        index = order[start:start + batch_size]
        yield ms.Tensor(X[index], ms.float32), ms.Tensor(y[index], ms.int32)


def accuracy(net, X, y):
    """The fraction of samples whose largest logit is the right class."""
    net.set_train(False)
    logits = net(ms.Tensor(X, ms.float32))
    net.set_train(True)
    return float((logits.asnumpy().argmax(axis=1) == y).mean())


def train(num_epochs=10, batch_size=32, learning_rate=3e-3, verbose=True, seed=0):
    """Train a DigitsNet; returns it and its history (loss per batch, accuracy per epoch)."""
    ms.set_seed(seed)
    X_train, y_train, X_test, y_test = load_digits_split()
    net = DigitsNet()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
    optimizer = nn.Adam(net.trainable_params(), learning_rate=learning_rate)
    train_step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    train_step.set_train()

    history = SimpleNamespace(loss_history=[], train_acc_history=[], val_acc_history=[])
    rng = onp.random.RandomState(seed)
    steps_per_epoch = -(-len(X_train) // batch_size)
    for epoch in range(num_epochs):
        history.loss_history += train_steps(
            train_step, batches(X_train, y_train, batch_size, rng), total=steps_per_epoch,
            verbose=verbose, desc=f"epoch {epoch + 1}/{num_epochs}")
        history.train_acc_history.append(accuracy(net, X_train, y_train))
        history.val_acc_history.append(accuracy(net, X_test, y_test))
    return net, history


def main(num_epochs=10, verbose=True, plot=True):
    net, history = train(num_epochs=num_epochs, verbose=verbose)
    test_accuracy = history.val_acc_history[-1]
    path = plot_history(history, "train_digits_cell") if plot else None
    if verbose:
        print(f"test accuracy: {test_accuracy:.4f}")
        if path:
            print(f"loss plot saved to {path}")
    return test_accuracy, path


if __name__ == "__main__":
    require("examples/cell/train_digits_cell.py", "sklearn", "matplotlib")
    main()
