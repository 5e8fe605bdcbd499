"""Solver checkpoints (``Solver.save`` / ``Solver.load``) keep the optimizer state, so a
resumed run matches an uninterrupted one bit for bit; the epoch line counts on across
train() calls."""
import os
import re

import numpy as onp
import pytest
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from test_nn_model_solver import TwoLayerNet, make_solver


# ---- Solver checkpoints: the optimizer state is saved with the model -------------------
def assert_same_training(a, b):
    assert a.epoch == b.epoch and a.best_val_acc == b.best_val_acc
    assert a.loss_history == b.loss_history and a.val_acc_history == b.val_acc_history
    assert a.train_acc_history == b.train_acc_history
    for mine, theirs in ((a.model.params, b.model.params),
                         (a.model.aux_params, b.model.aux_params),
                         (a.best_params, b.best_params)):
        assert set(mine) == set(theirs)
        for name in mine:
            assert onp.asarray(mine[name]).dtype == onp.asarray(theirs[name]).dtype
            onp.testing.assert_array_equal(mine[name], theirs[name])
    assert set(a.optim_configs) == set(b.optim_configs)
    for name, config in a.optim_configs.items():
        assert set(config) == set(b.optim_configs[name])
        for key, value in config.items():
            onp.testing.assert_array_equal(value, b.optim_configs[name][key])


@pytest.mark.parametrize("rule, config", [("adam", {"learning_rate": 0.02}),
                                          ("sgd_momentum", {"learning_rate": 0.05}),
                                          ("rmsprop", {"learning_rate": 0.01})])
def test_a_resumed_solver_matches_an_uninterrupted_one_bit_for_bit(tmp_path, rule, config):
    options = dict(update_rule=rule, optim_config=config, lr_decay=0.9)
    whole = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=4, **options)
    whole.init().train()
    first = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=2, **options)
    first.init().train()
    prefix = os.path.join(tmp_path, "checkpoint")
    first.save(prefix)
    assert os.path.exists(prefix + ".params") and os.path.exists(prefix + ".states")
    resumed = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=2, **options)
    resumed.load(prefix).train()
    assert_same_training(whole, resumed)
    # the model file alone restarts the optimizer, which is what went wrong before
    restarted = make_solver(model=TwoLayerNet(batchnorm=True).load(prefix), num_epochs=2,
                            **options).train()
    assert any(not onp.array_equal(whole.model.params[k], restarted.model.params[k])
               for k in whole.model.params)


def test_resuming_goes_on_from_where_training_stopped_not_from_the_best_epoch(tmp_path):
    # With batchnorm, sgd_momentum is best at epoch 1 here, so train() ends with epoch
    # 1's parameters in the model while the momentum belongs to epoch 2's.
    options = dict(update_rule="sgd_momentum", optim_config={"learning_rate": 0.05},
                   model=TwoLayerNet(batchnorm=True))
    first = make_solver(num_epochs=2, **options)
    first.init().train()
    assert first.val_acc_history[0] == first.best_val_acc
    stopped = first.resume_point()[0]
    assert any(not onp.array_equal(stopped[k], first.model.params[k]) for k in stopped)
    prefix = os.path.join(tmp_path, "checkpoint")
    first.save(prefix)
    options["model"] = TwoLayerNet(batchnorm=True)
    loaded = make_solver(num_epochs=2, **options).load(prefix)
    for name, value in stopped.items():
        onp.testing.assert_array_equal(loaded.model.params[name], value)
    for name, value in first.best_params.items():
        onp.testing.assert_array_equal(loaded.best_params[name], value)
    assert loaded.resume_point() is None


def test_a_checkpoint_keeps_float32_state(tmp_path):
    model = ModelBase().add_param("w", (3,))
    model.params["w"] = onp.ones(3, onp.float32)
    solver = Solver(model, NDArrayIter(onp.ones((2, 3)), onp.zeros(2)), None,
                    update_rule="adam", verbose=False)
    solver.optim_configs = {"w": {"learning_rate": 0.5, "m": onp.ones(3, onp.float32),
                                  "t": 3}}
    prefix = os.path.join(tmp_path, "checkpoint")
    solver.save(prefix)
    other = ModelBase().add_param("w", (3,))
    loaded = Solver(other, None, None, update_rule="adam", verbose=False).load(prefix)
    assert loaded.optim_configs["w"]["m"].dtype == onp.float32
    assert loaded.optim_configs["w"]["t"] == 3 and type(loaded.optim_configs["w"]["t"]) is int
    assert other.params["w"].dtype == onp.float32


def test_checkpoint_mistakes_are_named_and_change_nothing(tmp_path):
    prefix = os.path.join(tmp_path, "checkpoint")
    solver = make_solver(num_epochs=1)
    solver.optim_configs = {"w1": {"callback": print}}
    with pytest.raises(ValueError, match=r"Solver.save optim config of 'w1', 'callback': "
                       r"expected numbers or arrays of numbers, got <built-in function print>"):
        solver.save(prefix)
    assert not os.path.exists(prefix + ".states")
    solver = make_solver(num_epochs=1).train()
    solver.save(prefix)
    other = make_solver(model=TwoLayerNet(H=8), num_epochs=1)
    with pytest.raises(ValueError, match=r"TwoLayerNet.load parameter 'w1': expected shape "
                       r"\(4, 8\), got shape \(4, 16\)"):
        other.load(prefix)
    assert other.model.params == {} and other.optim_configs == {} and other.epoch == 0
    bigger = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=1)
    with pytest.raises(ValueError, match=r"Solver.load '.*checkpoint.states': expected an "
                       r"optimizer config for each of \['b1', 'b2', 'beta', 'gamma', 'w1', "
                       r"'w2'\], got configs for \['b1', 'b2', 'w1', 'w2'\]"):
        bigger.load(prefix)
    with open(prefix + ".states", "wb") as handle:
        onp.savez(handle, a=onp.zeros(2))
    with pytest.raises(ValueError, match=r"expected a checkpoint of format 1 written by "
                       r"Solver.save, got format None"):
        make_solver(num_epochs=1).load(prefix)
    with open(prefix + ".states", "wb") as handle:
        onp.save(handle, onp.zeros(2))
    # numpy.load gave a lone array, and `with` raised a TypeError about context managers.
    with pytest.raises(ValueError, match=r"Solver.load '.*checkpoint.states': expected named "
                       r"arrays \(NumPy's .npz format\), got one array of shape \(2,\)\."):
        make_solver(num_epochs=1).load(prefix)


# ---- the epoch line counts on across train() calls -------------------------------------
def test_the_epoch_line_counts_on_when_training_goes_on(capsys):
    solver = make_solver(num_epochs=2, verbose=True, print_every=None)
    solver.train()
    solver.train()
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("(Epoch")]
    # The third and fourth said "(Epoch 3 / 2)" and "(Epoch 4 / 2)".
    assert [re.match(r"\(Epoch (\d) / (\d)\)", line).groups() for line in lines] == \
        [("1", "2"), ("2", "2"), ("3", "4"), ("4", "4")]


def test_the_checkpoint_module_example_runs():
    import doctest
    from minpy_compat.nn import solver_checkpoint
    result = doctest.testmod(solver_checkpoint)
    assert result.attempted > 0 and result.failed == 0
