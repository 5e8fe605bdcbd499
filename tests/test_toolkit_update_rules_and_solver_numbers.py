"""The update rules check hyper-parameters and shapes; Solver checks its number options and
restores the best epoch's running statistics."""
import os

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st
from minpy_compat.nn import optim
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.solver import Solver
from test_nn_model_solver import TwoLayerNet, blobs, make_solver


# ---- update rules ----------------------------------------------------------------
@pytest.mark.parametrize("call, match", [
    (lambda: optim.sgd(onp.ones(3), onp.ones(3), {"learning_rate": "0.1"}),
     r"sgd config 'learning_rate': expected a real number, got '0.1'\."),
    (lambda: optim.adam(onp.ones(3), onp.ones(3), {"beta1": None}),
     r"adam config 'beta1': expected a real number, got None\."),
    (lambda: optim.sgd(onp.ones(3), onp.ones((2, 3))),
     r"sgd argument 'dw': expected shape \(3,\), the shape of w, got shape \(2, 3\)\. Pass "
     r"the gradient of this w\."),
    (lambda: optim.sgd_momentum(onp.ones(3), onp.ones(3), {"velocity": onp.ones(2)}),
     r"sgd_momentum config 'velocity': expected shape \(3,\), the shape of w, got shape "
     r"\(2,\)\. Keep one config per parameter\."),
    (lambda: optim.adam(onp.ones((2, 2)), onp.ones((2, 2)), {"m": onp.ones((3, 2, 2))}),
     r"adam config 'm': expected shape \(2, 2\)"),
])
def test_update_rules_name_bad_values_and_shapes(call, match):
    # A string rate and a None beta raised NumPy TypeErrors; a too-large dw grew w.
    with pytest.raises(ValueError, match=match):
        call()


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["sgd", "sgd_momentum", "rmsprop", "adam"]), st.integers(1, 4),
       st.integers(0, 2 ** 31 - 1))
def test_update_rules_follow_their_formulas_and_accept_scalar_gradients(rule, steps, seed):
    rs = onp.random.RandomState(seed)
    w = rs.standard_normal(3).astype(onp.float32)
    ours, config, ref, state = w, None, w.astype(float), {"v": 0.0, "c": 0.0, "m": 0.0, "s": 0.0}
    for t in range(1, steps + 1):
        dw = rs.standard_normal(3) if t % 2 else 0.5  # a broadcast scalar gradient too
        ours, config = getattr(optim, rule)(ours, dw, config)
        if rule == "sgd":
            ref = ref - 1e-2 * dw
        elif rule == "sgd_momentum":
            state["v"] = 0.9 * state["v"] - 1e-2 * dw
            ref = ref + state["v"]
        elif rule == "rmsprop":
            state["c"] = 0.99 * state["c"] + 0.01 * onp.square(dw)
            ref = ref - 1e-2 * dw / (onp.sqrt(state["c"]) + 1e-8)
        else:
            state["m"] = 0.9 * state["m"] + 0.1 * dw
            state["s"] = 0.999 * state["s"] + 0.001 * onp.square(dw)
            ref = ref - 1e-3 * (state["m"] / (1 - 0.9 ** t)) / (
                onp.sqrt(state["s"] / (1 - 0.999 ** t)) + 1e-8)
        assert ours.dtype == onp.float32 and ours.shape == (3,)
    onp.testing.assert_allclose(ours, ref, rtol=1e-5, atol=1e-6)


# ---- Solver ------------------------------------------------------------------------
@pytest.mark.parametrize("option, match", [
    ({"num_epochs": 2.0}, r"Solver option 'num_epochs': expected an int >= 0, got 2\.0\."),
    ({"num_epochs": -1}, r"Solver option 'num_epochs': expected an int >= 0, got -1\."),
    ({"print_every": 2.5}, r"Solver option 'print_every': expected an int >= 0 or None, got "
                           r"2\.5\."),
    ({"train_acc_num_samples": 0}, r"Solver option 'train_acc_num_samples': expected an int "
                                   r">= 1 or None, got 0\."),
    ({"lr_decay": "0.5"}, r"Solver option 'lr_decay': expected a real number >= 0, got "
                          r"'0\.5'\."),
    ({"optim_config": {"learning_rate": "1e-3"}},
     r"sgd config 'learning_rate': expected a real number, got '1e-3'\."),
])
def test_solver_checks_its_number_options_when_built(option, match):
    X, y = blobs(n=20)
    data = NDArrayIter(X, y, batch_size=10)
    with pytest.raises(ValueError, match=match):
        Solver(TwoLayerNet(), data, data, verbose=False, **option)


def test_solver_accepts_none_and_numpy_numbers_for_its_options():
    X, y = blobs(n=20)
    data = NDArrayIter(X, y, batch_size=10)
    solver = Solver(TwoLayerNet(), data, data, verbose=False, num_epochs=onp.int64(1),
                    print_every=None, train_acc_num_samples=None, lr_decay=onp.float32(0.5),
                    optim_config={"learning_rate": onp.float32(0.1)})
    assert solver.train().epoch == 1


def test_solver_restores_the_best_epochs_running_statistics(tmp_path):
    solver = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=6,
                         optim_config={"learning_rate": 0.2})
    onp.random.seed(0)
    solver.train()
    # The best epoch's weights came back with the last epoch's running statistics, so
    # the restored model scored differently from its best_val_acc.
    for name, value in solver.best_aux_params.items():
        onp.testing.assert_array_equal(solver.model.aux_params[name], value)
    assert solver.check_accuracy(solver.test_dataiter) == solver.best_val_acc
    prefix = os.path.join(tmp_path, "best")
    solver.model.save(prefix)
    resumed = make_solver(model=TwoLayerNet(batchnorm=True).load(prefix))
    assert resumed.check_accuracy(resumed.test_dataiter) == solver.best_val_acc
