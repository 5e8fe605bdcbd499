"""NDArrayIter's 'roll_over' with fewer samples than a batch yields a batch every epoch, as in
MXNet, and Solver trains with it."""
import numpy as onp
import pytest
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.solver import Solver
from test_nn_model_solver import TwoLayerNet, blobs


def need_mxnet():
    return pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")


def epoch(it):
    it.reset()
    return [(b.label[0].tolist(), b.pad) for b in it]


# ---- 'roll_over' with fewer samples than a batch --------------------------------------
def test_roll_over_with_fewer_samples_than_a_batch_wraps_around_the_data():
    it = NDArrayIter(onp.arange(3.0), onp.arange(3), batch_size=5, last_batch_handle="roll_over")
    # The first epoch had no batch at all (the Solver's epoch loss was nan).
    assert it.getnumiterations() == 1
    assert epoch(it) == [([0, 1, 2, 0, 1], 0)]
    assert epoch(it) == [([2, 0, 1, 2, 0], 0)]
    assert epoch(it) == [([1, 2, 0, 1, 2], 0)]
    assert epoch(it) == [([0, 1, 2, 0, 1], 0)]
    it.hard_reset()
    assert epoch(it) == [([0, 1, 2, 0, 1], 0)]


def test_roll_over_first_batch_matches_mxnet():
    mx = need_mxnet()
    ours = NDArrayIter(onp.arange(3.0), onp.arange(3), batch_size=5,
                       last_batch_handle="roll_over")
    theirs = mx.io.NDArrayIter(onp.arange(3.0), onp.arange(3), batch_size=5,
                               last_batch_handle="roll_over")
    assert list(theirs) == []  # MXNet 1.9.1's first epoch is empty too (then it wraps)
    theirs.reset()
    assert [b.label[0].tolist() for b in ours] == \
        [b.label[0].asnumpy().astype(int).tolist() for b in theirs]


@pytest.mark.parametrize("n, batch", [(1, 4), (3, 5), (2, 7), (4, 6)])
def test_roll_over_small_data_is_a_stream(n, batch):
    it = NDArrayIter(onp.arange(float(n)), onp.arange(n), batch_size=batch,
                     last_batch_handle="roll_over")
    seen = [label for _ in range(2 * n) for labels, pad in epoch(it) for label in labels]
    assert seen == [i % n for i in range(len(seen))] and len(seen) >= 2 * n * batch


def test_solver_trains_with_roll_over_and_a_batch_larger_than_the_data(capsys):
    X, y = blobs(n=3)
    train = NDArrayIter(X, y, batch_size=5, last_batch_handle="roll_over")
    onp.random.seed(0)
    solver = Solver(TwoLayerNet(), train, NDArrayIter(X, y, batch_size=5), num_epochs=3,
                    update_rule="adam", verbose=True, print_every=1)
    solver.train()
    out = capsys.readouterr().out
    assert len(solver.loss_history) == 3 and onp.isfinite(solver.loss_history).all()
    assert "nan" not in out
    assert len(solver.val_acc_history) == 3 and onp.isfinite(solver.train_acc_history).all()
