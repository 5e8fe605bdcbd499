"""An RNN on the adding problem (generated data), trained as a regression.

    python examples/rnn_adding.py          # a tanh RNN
    python examples/rnn_adding.py lstm     # an LSTM

Each sequence has T steps of two features: a random value in [0, 1) and a marker
that is 1 at exactly two steps (one in each half). The target is the sum of the two
marked values. Always predicting the mean scores a mean squared error of about
1/6 = 0.167; the RNN gets below 0.05 (the bound the test checks).
"""
import sys

import numpy as onp

import minpy_compat.numpy as np
from minpy_compat.nn import layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver

from example_utils import plot_history, require

BASELINE_MSE = 1 / 6
BOUND = 0.05
CELLS = {"rnn": layers.rnn_temporal, "lstm": layers.lstm_temporal}


def adding_problem(num_samples, seq_len=10, seed=0):
    """(X of shape (N, T, 2), y of shape (N,)) for the adding problem."""
    rs = onp.random.RandomState(seed)
    values = rs.uniform(size=(num_samples, seq_len))
    markers = onp.zeros((num_samples, seq_len))
    half = seq_len // 2
    rows = onp.arange(num_samples)
    first, second = rs.randint(0, half, num_samples), rs.randint(half, seq_len, num_samples)
    markers[rows, first] = markers[rows, second] = 1
    return onp.stack([values, markers], axis=2), values[rows, first] + values[rows, second]


class AddingRNN(ModelBase):
    def __init__(self, hidden_size=32, cell="rnn"):
        super().__init__()
        if cell not in CELLS:
            raise ValueError(f"AddingRNN argument 'cell': expected 'rnn' or 'lstm', "
                             f"got {cell!r}.")
        gates = 4 if cell == "lstm" else 1
        self.cell = cell
        self.add_param("Wx", (2, gates * hidden_size)) \
            .add_param("Wh", (hidden_size, gates * hidden_size)) \
            .add_param("b", (gates * hidden_size,), init_rule="constant") \
            .add_param("w_out", (hidden_size, 1)) \
            .add_param("b_out", (1,), init_rule="constant")
        self.hidden_size = hidden_size

    def forward(self, X, mode):
        h0 = np.zeros((np.shape(X)[0], self.hidden_size))
        run = CELLS[self.cell]
        states = run(X, h0, self.params["Wx"], self.params["Wh"], self.params["b"])
        return layers.affine(states[:, -1, :], self.params["w_out"], self.params["b_out"])

    def loss(self, predict, y):
        return layers.l2_loss(predict, y)


def main(num_epochs=12, num_train=2000, cell="rnn", verbose=True, plot=True, seed=0):
    onp.random.seed(seed)
    X_train, y_train = adding_problem(num_train, seed=seed)
    X_test, y_test = adding_problem(500, seed=seed + 1)
    solver = Solver(AddingRNN(cell=cell),
                    NDArrayIter(X_train, y_train, batch_size=50, shuffle=True),
                    NDArrayIter(X_test, y_test, batch_size=50),
                    task_type="regression", update_rule="adam",
                    optim_config={"learning_rate": 1e-2}, num_epochs=num_epochs,
                    print_every=0, verbose=verbose)
    solver.train()
    test_mse = solver.check_accuracy(solver.test_dataiter)
    path = plot_history(solver, f"{cell}_adding", accuracy=False) if plot else None
    if verbose:
        print(f"test mean squared error: {test_mse:.4f} (predicting the mean: "
              f"{BASELINE_MSE:.3f}; bound: {BOUND})")
        print(f"loss plot saved to {path}")
    return test_mse, path


if __name__ == "__main__":
    require("examples/rnn_adding.py", "matplotlib")
    main(cell=sys.argv[1] if len(sys.argv) > 1 else "rnn")
