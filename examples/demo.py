"""The README demo: a digits MLP whose loss is a custom operator (MinPy's seed 004).

    python examples/demo.py

``my_softmax`` is a ``customop('numpy')``: its forward pass is plain NumPy and its
gradient comes from ``my_softmax_grad``, registered with ``def_grad``. Everything
else (affine, relu) is differentiated by the tracer. Training shows a progress
bar with the current loss, prints one line per epoch (the loss falls), then the
test accuracy and where the loss plot was saved.
"""
import numpy

from minpy_compat import customop

from example_utils import plot_history
from mlp_digits import TwoLayerNet, train


# ---- seed 004: a softmax loss with its own gradient --------------------------------
@customop('numpy')
def my_softmax(x, y):
    probs = numpy.exp(x - numpy.max(x, axis=1, keepdims=True))
    probs /= numpy.sum(probs, axis=1, keepdims=True)
    N = x.shape[0]
    loss = -numpy.sum(numpy.log(probs[numpy.arange(N), y])) / N
    return loss


def my_softmax_grad(ans, x, y):
    def grad(g):
        N = x.shape[0]
        probs = numpy.exp(x - numpy.max(x, axis=1, keepdims=True))
        probs /= numpy.sum(probs, axis=1, keepdims=True)
        probs[numpy.arange(N), y] -= 1
        probs /= N
        return probs
    return grad


my_softmax.def_grad(my_softmax_grad)


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
    main()
