"""Seed 004: MinPy's customized operator, with only the import lines changed.

A softmax cross-entropy loss written in plain NumPy becomes an op with its own
gradient (``def_grad``); ``grad`` then uses that gradient instead of tracing.
Run: python examples/seed_004_customop.py
"""
import numpy

import minpy_compat.numpy as np
from minpy_compat import customop, grad


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


def main():
    x = np.array([[0.5, 1.0, -0.5], [2.0, 0.1, 0.3]])
    y = np.array([1, 0])
    print("loss", my_softmax(x, y))
    print("gradient")
    print(grad(my_softmax)(x, y))


if __name__ == "__main__":
    main()
