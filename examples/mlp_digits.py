"""A two-layer MLP trained with Solver on scikit-learn's digits (no download).

    python examples/mlp_digits.py

Reaches at least 95% test accuracy; the loss/accuracy plot goes to examples/output/.
"""
import numpy as onp

from minpy_compat.nn import layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver

from example_utils import load_digits_split, plot_history, require


class TwoLayerNet(ModelBase):
    """affine -> relu -> affine, softmax loss."""

    def __init__(self, input_size=64, hidden_size=100, num_classes=10):
        super().__init__()
        self.add_param("w1", (input_size, hidden_size)) \
            .add_param("b1", (hidden_size,), init_rule="constant") \
            .add_param("w2", (hidden_size, num_classes)) \
            .add_param("b2", (num_classes,), init_rule="constant")

    def forward(self, X, mode):
        hidden = layers.relu(layers.affine(X, self.params["w1"], self.params["b1"]))
        return layers.affine(hidden, self.params["w2"], self.params["b2"])

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)


def train(model, num_epochs=15, batch_size=64, verbose=True, learning_rate=5e-3, seed=0):
    """Train ``model`` on the digits; returns the Solver (test accuracy in val_acc_history)."""
    onp.random.seed(seed)
    X_train, y_train, X_test, y_test = load_digits_split()
    solver = Solver(model,
                    NDArrayIter(X_train, y_train, batch_size=batch_size, shuffle=True),
                    NDArrayIter(X_test, y_test, batch_size=batch_size),
                    update_rule="adam", optim_config={"learning_rate": learning_rate},
                    num_epochs=num_epochs, print_every=0, verbose=verbose)
    solver.init()
    solver.train()
    return solver


def main(num_epochs=15, verbose=True, plot=True):
    solver = train(TwoLayerNet(), num_epochs=num_epochs, verbose=verbose)
    accuracy = solver.check_accuracy(solver.test_dataiter)
    path = plot_history(solver, "mlp_digits") if plot else None
    if verbose:
        print(f"test accuracy: {accuracy:.4f}")
        print(f"loss plot saved to {path}")
    return accuracy, path


if __name__ == "__main__":
    require("examples/mlp_digits.py", "sklearn", "matplotlib")
    main()
