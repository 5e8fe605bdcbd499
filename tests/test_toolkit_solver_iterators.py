"""Solver with 'roll_over' and 'discard' training iterators (each epoch's batches counted as
they come), check_accuracy, and aux params through a checkpoint."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat.nn import layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from toolkit_helpers import Linear
from toolkit_float32_helpers import data


class Normalised(ModelBase):
    """An affine layer then batchnorm, whose running statistics are aux params."""

    def __init__(self, dtype=None):
        super().__init__()
        self.add_param("w", (3, 2), dtype=dtype).add_param(
            "gamma", (2,), init_rule="constant", init_config={"value": 1.0}, dtype=dtype)
        self.add_param("beta", (2,), init_rule="constant", dtype=dtype)
        self.add_aux_param("mean", onp.zeros(2, dtype or onp.float64))
        self.add_aux_param("var", onp.ones(2, dtype or onp.float64))

    def forward(self, X, mode):
        h = np.dot(X, self.params["w"])
        out, mean, var = layers.batchnorm(h, self.params["gamma"], self.params["beta"], mode,
                                          running_mean=self.aux_params["mean"],
                                          running_var=self.aux_params["var"])
        if mode == "train":
            self.aux_params["mean"], self.aux_params["var"] = mean, var
        return out

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)


# ---- Solver: 'roll_over' and 'discard' training iterators, check_accuracy -----------------
def test_a_roll_over_train_iterator_counts_each_epochs_own_batches(capsys, monkeypatch):
    # 5 samples in batches of 2 roll over as 2, 3, 2 batches: the log said
    # "(Iteration 3 / 2)" and the bar ran past its total of 6.
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    X, y = data(5)
    solver = Solver(Linear(), NDArrayIter(X, y, batch_size=2, last_batch_handle="roll_over"),
                    NDArrayIter(X, y), num_epochs=3, print_every=1)
    solver.train()
    out, err = capsys.readouterr()
    counts = [line.split(")")[0] for line in out.splitlines() if line.startswith("(Iter")]
    assert counts == ["(Iteration 1 / 2", "(Iteration 2 / 2", "(Iteration 1 / 3",
                      "(Iteration 2 / 3", "(Iteration 3 / 3", "(Iteration 1 / 2",
                      "(Iteration 2 / 2"]
    assert len(solver.loss_history) == 7 and "7/7" in err and "100%" in err


@given(st.integers(1, 9), st.integers(1, 4), st.integers(1, 4),
       st.sampled_from(["roll_over", "discard", "pad"]))
@settings(max_examples=25, deadline=None)
def test_the_bar_total_is_the_number_of_steps_taken(n, batch_size, epochs, handle):
    X, y = data(n)
    if handle == "discard" and n < batch_size:
        return
    it = NDArrayIter(X, y, batch_size=batch_size, last_batch_handle=handle)
    from minpy_compat.nn.solver_batches import epoch_sizes
    sizes = epoch_sizes(it, epochs)
    solver = Solver(Linear(), it, None, num_epochs=epochs, verbose=False,
                    init_rule="constant")
    solver.train()
    assert sum(sizes) == len(solver.loss_history) and len(sizes) == epochs


def test_a_discard_train_iterator_trains_on_full_batches_and_is_measured_on_all_samples():
    X, y = data(7)
    seen = []

    class Recording(Linear):
        def forward(self, X, mode):
            seen.append((mode, onp.shape(X)[0]))
            return super().forward(X, mode)

    solver = Solver(Recording(), NDArrayIter(X, y, batch_size=3, last_batch_handle="discard"),
                    None, num_epochs=1, verbose=False, train_acc_num_samples=None)
    solver.train()
    assert [size for mode, size in seen if mode == "train"] == [3, 3]
    assert sum(size for mode, size in seen if mode == "test") == 9  # 7 samples, 2 padding
    guess = onp.argmax(solver.model.forward(X, "test"), axis=1)
    assert solver.train_acc_history == [float(onp.mean(guess == y))]


@pytest.mark.parametrize("handle", ["roll_over", "discard", "pad"])
def test_check_accuracy_with_num_samples_counts_that_many_distinct_samples(handle):
    X, y = data(9)
    solver = Solver(Linear(), None, None, verbose=False).init()
    it = NDArrayIter(X, y, batch_size=4, last_batch_handle=handle)
    onp.random.seed(3)
    sub = it.getsubiter(5)
    onp.random.seed(3)
    accuracy = solver.check_accuracy(it, num_samples=5)
    guess = onp.argmax(solver.model.forward(sub.data[0][1], "test"), axis=1)
    assert accuracy == float(onp.mean(guess == sub.label[0][1]))
    everything = solver.check_accuracy(it, num_samples=100)
    guess = onp.argmax(solver.model.forward(X, "test"), axis=1)
    assert everything == float(onp.mean(guess == y))
    with pytest.raises(ValueError, match=r"NDArrayIter.getsubiter: expected 1\.\.9 samples, "
                       r"got 0\."):
        solver.check_accuracy(it, num_samples=0)


# ---- aux params through training, save and load -----------------------------------------
@pytest.mark.parametrize("dtype", [None, onp.float32])
def test_running_statistics_and_float32_survive_a_checkpoint(tmp_path, dtype):
    X, y = data(12, dtype or onp.float64)
    X = onp.hstack([X, X[:, :1]])

    def solver(epochs):
        onp.random.seed(0)
        # 12 samples in batches of 4: 'roll_over' leaves nothing over, so a fresh
        # iterator resumes where the first one stopped (its leftovers are not saved)
        return Solver(Normalised(dtype), NDArrayIter(X, y, batch_size=4,
                                                     last_batch_handle="roll_over"),
                      NDArrayIter(X, y, batch_size=5), num_epochs=epochs, verbose=False,
                      update_rule="adam", optim_config={"learning_rate": 0.05})

    first = solver(2).train()
    prefix = str(tmp_path / "checkpoint")
    first.save(prefix)
    loaded = Normalised(dtype).load(prefix)
    for name in ("mean", "var"):
        assert onp.array_equal(loaded.aux_params[name], first.model.aux_params[name])
        assert not onp.array_equal(loaded.aux_params[name], Normalised().aux_params[name])
    resumed = solver(1).load(prefix).train()
    straight = solver(3).train()
    want = onp.dtype(dtype or onp.float64)
    for model in (loaded, resumed.model, straight.model):
        assert {v.dtype for v in {**model.params, **model.aux_params}.values()} == {want}
    for config in resumed.optim_configs.values():
        assert config["m"].dtype == config["v"].dtype == want
    assert resumed.val_acc_history == straight.val_acc_history
    for name, value in straight.model.aux_params.items():
        onp.testing.assert_array_equal(resumed.model.aux_params[name], value)
