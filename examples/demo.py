"""The README demo: a digits MLP whose loss is a custom operator (MinPy's seed 004).

    python examples/demo.py

``my_softmax`` is a ``customop('numpy')``: its forward pass is plain NumPy and its
gradient comes from ``my_softmax_grad``, registered with ``def_grad``. Everything
else (affine, relu) is differentiated by the tracer. Training shows a progress
bar with the current loss, prints one line per epoch (the loss falls), then the
test accuracy and where the loss plot was saved.
"""
import numpy

from example_utils import plot_history, require
from mlp_digits import TwoLayerNet, train
from seed_004_customop import my_softmax  # seed 004's op, with its def_grad gradient


class CustomOpNet(TwoLayerNet):
    """The digits MLP with ``my_softmax`` as its loss."""

    def loss(self, predict, y):
        return my_softmax(predict, numpy.asarray(y, dtype=numpy.int64))


def main(num_epochs=15, verbose=True, plot=True):
    solver = train(CustomOpNet(), num_epochs=num_epochs, verbose=verbose)
    accuracy = solver.check_accuracy(solver.test_dataiter)
    path = plot_history(solver, "demo_digits_customop") if plot else None
    if verbose:
        print(f"loss: {solver.loss_history[0]:.4f} at the first step, "
              f"{solver.loss_history[-1]:.4f} at the last")
        print(f"test accuracy: {accuracy:.4f}")
        print(f"loss plot saved to {path}")
    return accuracy, path, solver


if __name__ == "__main__":
    require("examples/demo.py", "sklearn", "matplotlib")
    main()
