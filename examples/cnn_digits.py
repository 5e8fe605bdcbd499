"""A small CNN (conv2d -> relu -> max_pool2d -> affine) on the 8x8 digits images.

    python examples/cnn_digits.py

``layers.conv2d`` is a custom op (``minpy_compat.nn.conv``): MXNet's Convolution when
MXNet is installed, a NumPy im2col otherwise. The plot goes to
examples/output/cnn_digits.png. Notebook 06 builds a network like it from
MindSpore-style Cells (``nn.Conv2d``, ``nn.BatchNorm2d``, ``nn.MaxPool2d``).
"""
import numpy as onp

from minpy_compat.nn import layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver

from example_utils import load_digits_split, plot_history, require


class SmallCNN(ModelBase):
    def __init__(self, num_filters=8, num_classes=10):
        super().__init__()
        self.add_param("conv_w", (num_filters, 1, 3, 3)) \
            .add_param("conv_b", (num_filters,), init_rule="constant") \
            .add_param("fc_w", (num_filters * 4 * 4, num_classes)) \
            .add_param("fc_b", (num_classes,), init_rule="constant")

    def forward(self, X, mode):
        h = layers.relu(layers.conv2d(X, self.params["conv_w"], self.params["conv_b"], pad=1))
        h = layers.max_pool2d(h, 2)  # (N, F, 4, 4)
        return layers.affine(h, self.params["fc_w"], self.params["fc_b"])

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)


def main(num_epochs=8, num_train=1500, verbose=True, plot=True, seed=0):
    onp.random.seed(seed)
    X_train, y_train, X_test, y_test = load_digits_split(num_train=num_train, images=True)
    solver = Solver(SmallCNN(),
                    NDArrayIter(X_train, y_train, batch_size=64, shuffle=True),
                    NDArrayIter(X_test, y_test, batch_size=64),
                    update_rule="adam", optim_config={"learning_rate": 1e-2},
                    num_epochs=num_epochs, print_every=0, verbose=verbose)
    solver.train()
    accuracy = solver.check_accuracy(solver.test_dataiter)
    path = plot_history(solver, "cnn_digits") if plot else None
    if verbose:
        print(f"test accuracy: {accuracy:.4f}")
        print(f"loss plot saved to {path}")
    return accuracy, path


if __name__ == "__main__":
    require("examples/cnn_digits.py", "sklearn", "matplotlib")
    main()
