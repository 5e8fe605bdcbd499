"""Round 5 of fuzzing MinPy's nn toolkit, each bug pinned by a test.

'roll_over' with fewer samples than a batch yields a batch every epoch; ModelBase.load
refuses a file that lacks declared parameters (strict=False loads the rest); a
Solver checkpoint (``Solver.save`` / ``Solver.load``) keeps the optimizer state, so a
resumed run matches an uninterrupted one bit for bit; the epoch line counts on
across train() calls.
"""
import os
import re

import numpy as onp
import pytest

from minpy_compat import grad
from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn import init, layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver

from conftest import check_grad
from test_nn_model_solver import TwoLayerNet, blobs, make_solver

rng = onp.random.RandomState(5)


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


# ---- ModelBase.load: a file that lacks declared parameters -----------------------------
def saved_prefix(tmp_path, model):
    prefix = os.path.join(tmp_path, "m")
    model.save(prefix)
    return prefix


def partial_file(tmp_path):
    small = ModelBase().add_param("w", (2,)).add_aux_param("rm", onp.zeros(2))
    small.params["w"], small.aux_params["rm"] = onp.ones(2), onp.full(2, 3.0)
    return saved_prefix(tmp_path, small)


def test_load_names_missing_parameters_and_loads_nothing(tmp_path):
    prefix = partial_file(tmp_path)
    model = ModelBase().add_param("w", (2,)).add_param("b", (3,)) \
        .add_aux_param("rm", onp.zeros(2)).add_aux_param("rv", onp.zeros(2))
    model.params["w"] = onp.zeros(2)
    # It loaded 'w' and 'rm' and left 'b' and 'rv' as they were, without a word.
    with pytest.raises(ValueError, match=r"ModelBase.load: expected every declared parameter "
                       r"in the file, got none for parameter 'b', aux param 'rv'\. Save this "
                       r"model's parameters, or load with strict=False\."):
        model.load(prefix)
    onp.testing.assert_array_equal(model.params["w"], onp.zeros(2))
    onp.testing.assert_array_equal(model.aux_params["rm"], onp.zeros(2))


def test_load_strict_false_loads_what_the_file_has(tmp_path):
    prefix = partial_file(tmp_path)
    model = ModelBase().add_param("w", (2,)).add_param("b", (3,))
    model.params["b"] = onp.full(3, 7.0)
    model.load(prefix, strict=False)
    onp.testing.assert_array_equal(model.params["w"], onp.ones(2))
    onp.testing.assert_array_equal(model.params["b"], onp.full(3, 7.0))
    onp.testing.assert_array_equal(model.aux_params["rm"], onp.full(2, 3.0))


def test_load_names_parameters_the_model_does_not_have(tmp_path):
    prefix = partial_file(tmp_path)
    with pytest.raises(ValueError, match=r"Net.load: expected only parameters this model "
                       r"declares, got aux param 'rm' in the file\. Declare them"):
        type("Net", (ModelBase,), {})().add_param("w", (2,)).load(prefix)
    # a value the model holds without declaring it is not "unexpected"
    model = ModelBase().add_param("w", (2,))
    model.aux_params["rm"] = onp.zeros(2)
    onp.testing.assert_array_equal(model.load(prefix).aux_params["rm"], onp.full(2, 3.0))


def test_load_still_takes_a_complete_file(tmp_path):
    solver = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=1)
    solver.train()
    prefix = saved_prefix(tmp_path, solver.model)
    loaded = TwoLayerNet(batchnorm=True).load(prefix)
    assert set(loaded.params) == set(solver.model.params)
    with pytest.raises(ValueError, match=r"TwoLayerNet.load: expected every declared "
                       r"parameter in the file, got none for parameter 'gamma', parameter "
                       r"'beta', aux param 'running_mean', aux param 'running_var'\."):
        TwoLayerNet(batchnorm=True).load(saved_prefix(tmp_path, make_solver(
            num_epochs=1).train().model))


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


# ---- losses: a traced target keeps its gradient ------------------------------------------
def randn(*shape):
    return rng.standard_normal(shape)


def soft(*shape):
    return onp.abs(randn(*shape)) + 0.1


@pytest.mark.parametrize("loss, scores", [
    (layers.l2_loss, lambda: randn(4, 3)),
    (layers.softmax_loss, lambda: randn(4, 3)),
    (layers.svm_loss, lambda: randn(4, 3)),
    (layers.softmax_cross_entropy, lambda: soft(4, 3) / 2),
], ids=["l2_loss", "softmax_loss", "svm_loss", "softmax_cross_entropy"])
def test_losses_differentiate_a_traced_target(loss, scores):
    # The target was read as a constant: its gradient came out as zeros, silently
    # (a regression target or a teacher's soft labels computed by the model).
    check_grad(loss, scores(), soft(4, 3))
    assert onp.abs(grad(loss, 1)(scores(), soft(4, 3))).sum() > 0


def test_l2_loss_of_a_traced_target_of_another_shape_with_the_same_size():
    x, target = randn(4, 1), randn(4)
    check_grad(layers.l2_loss, x, target)


def test_softmax_cross_entropy_label_gradient_at_zero_weights_is_minus_log_prob():
    prob, label = onp.array([[0.2, 0.8]]), onp.array([[0.0, 0.5]])
    # The zero-weight class was skipped (log 1), so its label gradient was 0, not -log 0.2.
    onp.testing.assert_allclose(grad(layers.softmax_cross_entropy, 1)(prob, label),
                                -onp.log(prob))
    check_grad(layers.softmax_cross_entropy, prob, label)
    # a wrong class of probability 0 still adds nothing, even a slightly negative one
    assert float(layers.softmax_cross_entropy(onp.array([[1.0, -1e-9]]), [0])) == 0.0


# ---- layers name a weight of the wrong shape ---------------------------------------------

@pytest.mark.parametrize("call, pattern", [
    (lambda: layers.affine(randn(4, 3), randn(4, 5), randn(5)),
     r"affine argument 'w': expected a matrix of 3 rows, the width of x, got shape \(4, 5\)\."),
    (lambda: layers.affine(randn(2, 3, 2), randn(5, 5), randn(5)),
     r"affine argument 'w': expected a matrix of 6 rows, the width of x, got shape \(5, 5\)\."),
    (lambda: layers.affine(randn(4, 3), randn(3, 5), randn(4)),
     r"affine argument 'b': expected a shape that broadcasts to \(4, 5\), the output's, got "
     r"shape \(4,\)\."),
    (lambda: layers.rnn_step(randn(2, 3), randn(2, 4), randn(3, 4), randn(5, 4), randn(4)),
     r"rnn_step argument 'Wh': expected a matrix of 4 rows, the width of h, got shape "
     r"\(5, 4\)\."),
    (lambda: layers.rnn_step(randn(2, 3), randn(2, 4), randn(2, 4), randn(4, 4), randn(4)),
     r"rnn_step argument 'Wx': expected a matrix of 3 rows, the width of x, got shape "
     r"\(2, 4\)\."),
    (lambda: layers.rnn_step(randn(2, 3), randn(2, 4), randn(3, 4), randn(4, 4), randn(3)),
     r"rnn_step argument 'b': expected H columns, with H = 4 from h, got shape \(3,\)\."),
    (lambda: layers.lstm_step(randn(2, 3), randn(2, 4), randn(2, 4), randn(2, 16),
                              randn(4, 16), randn(16)),
     r"lstm_step argument 'Wx': expected a matrix of 3 rows, the width of x"),
    (lambda: layers.gru_step(randn(2, 3), randn(2, 4), randn(3, 8), randn(4, 8), randn(8),
                             randn(3, 4), randn(3, 4), randn(4)),
     r"gru_step argument 'Whh': expected a matrix of 4 rows, the width of h, got shape "
     r"\(3, 4\)\."),
    (lambda: layers.gru_step(randn(2, 3), randn(2, 4), randn(3, 8), randn(4, 8), randn(8),
                             randn(5, 4), randn(4, 4), randn(4)),
     r"gru_step argument 'Wxh': expected a matrix of 3 rows, the width of x"),
    (lambda: layers.temporal_affine(randn(2, 5, 3), randn(4, 4), randn(4)),
     r"temporal_affine argument 'w': expected a matrix of 3 rows, the width of x, got shape "
     r"\(4, 4\)\."),
    (lambda: layers.temporal_affine(randn(2, 5, 3), randn(3, 4), randn(5)),
     r"temporal_affine argument 'b': expected a shape that broadcasts to \(2, 5, 4\)"),
], ids=["affine-w", "affine-w-flattened", "affine-b", "rnn-Wh", "rnn-Wx", "rnn-b", "lstm-Wx",
        "gru-Whh", "gru-Wxh", "temporal_affine-w", "temporal_affine-b"])
def test_layers_name_a_weight_of_the_wrong_shape(call, pattern):
    # NumPy's "shapes (4,3) and (4,5) not aligned" or a broadcasting error came out
    # (or, for a bias, a result of the wrong shape).
    with pytest.raises(ValueError, match=pattern):
        call()


# ---- init: float32 configs, uniform, named config mistakes --------------------------------
def test_constant_keeps_a_float32_value_float32():
    # A float32 value (or array) came back float64.
    assert init.constant((2, 3), {"value": onp.float32(0.5)}).dtype == onp.float32
    value = onp.array([1.0, 2.0], onp.float32)
    out = init.constant((3, 2), {"value": value})
    assert out.dtype == onp.float32 and out.tolist() == [[1.0, 2.0]] * 3
    assert init.constant((2,), {"value": 3}).dtype == onp.float64


def test_init_has_a_uniform_rule():
    # init.uniform did not exist (AttributeError), nor init_rule='uniform'.
    onp.random.seed(0)
    w = init.uniform((200,), {"low": -0.5, "high": 0.25})
    assert w.shape == (200,) and w.min() >= -0.5 and w.max() < 0.25 and w.min() < -0.4
    default = init.uniform((100,))
    assert abs(default).max() <= 0.07
    model = ModelBase().add_param("w", (3, 2), init_rule="uniform",
                                  init_config={"low": 1.0, "high": 2.0})
    Solver(model, None, None, verbose=False).init()
    assert 1.0 <= model.params["w"].min() and model.params["w"].max() < 2.0
    with pytest.raises(ValueError, match=r"init.uniform config 'high': expected a finite real "
                       r"number >= 1.0, got 0.5\."):
        init.uniform((2,), {"low": 1.0, "high": 0.5})


@pytest.mark.parametrize("call, error, pattern", [
    (lambda: init.gaussian((2,), {"stdvar": -1.0}), ValueError,
     r"init.gaussian config 'stdvar': expected a finite real number >= 0, got -1.0\."),
    (lambda: init.gaussian((2,), {"mu": "0"}), ValueError,
     r"init.gaussian config 'mu': expected a finite real number, got '0'\."),
    (lambda: init.constant((2,), {"value": "a"}), ValueError,
     r"init.constant 'value': expected a real number or an array of them, got 'a'\."),
    (lambda: init.constant((2,), {"value": 1j}), ValueError,
     r"init.constant 'value': expected a real number or an array of them, got 1j\."),
    (lambda: init.custom((2,), {"function": 3}), TypeError,
     r"init.custom 'function': expected a callable such as numpy.ones, got 3\."),
], ids=["gaussian-stdvar", "gaussian-mu", "constant-str", "constant-complex", "custom"])
def test_init_names_a_bad_config_value(call, error, pattern):
    # NumPy's "scale < 0", "could not convert string to float", "'int' object is not
    # callable" came out, naming neither the rule nor the option.
    with pytest.raises(error, match=pattern):
        call()


# ---- Solver and NDArrayIter options --------------------------------------------------------
def test_solver_refuses_an_infinite_lr_decay():
    # It was accepted; the second epoch trained with an infinite learning rate (nan).
    with pytest.raises(ValueError, match=r"Solver option 'lr_decay': expected a real number "
                       r">= 0, got inf\."):
        make_solver(lr_decay=float("inf"))


def test_the_solver_options_module_example_runs():
    import doctest
    from minpy_compat.nn import solver_options
    result = doctest.testmod(solver_options)
    assert result.attempted > 0 and result.failed == 0


def test_solver_names_an_update_rule_that_returns_a_weight_of_another_shape():
    solver = make_solver(update_rule=lambda w, dw, config: (onp.zeros(3), config), num_epochs=1)
    solver.init()
    before = {k: onp.array(v) for k, v in solver.model.params.items()}
    # affine then complained about 'w' on the next batch, far from the cause.
    with pytest.raises(ValueError, match=r"Solver update_rule for parameter 'w1': expected "
                       r"next_w of shape \(4, 16\), got shape \(3,\)\."):
        solver.train()
    for name, value in before.items():
        onp.testing.assert_array_equal(solver.model.params[name], value)


@pytest.mark.parametrize("handle", [["pad"], print, None])
def test_ndarrayiter_refuses_a_last_batch_handle_that_is_not_a_name(handle):
    # A list raised "unhashable type: 'list'"; a callable was accepted and acted as 'pad'.
    with pytest.raises(UnknownOptionError, match=r"NDArrayIter argument 'last_batch_handle': "
                       r"expected one of 'pad', 'discard', 'roll_over', got "):
        NDArrayIter(onp.zeros((4, 2)), None, batch_size=2, last_batch_handle=handle)


def test_solver_refuses_an_update_rule_given_as_a_list():
    # TypeError: unhashable type: 'list'.
    with pytest.raises(UnknownOptionError, match=r"Solver option 'update_rule': expected one "
                       r"of 'sgd', .* or a callable, got \['sgd'\]\."):
        make_solver(update_rule=["sgd"])


def test_a_shuffled_batch_index_numbers_the_samples_as_given():
    data = onp.arange(14.0).reshape(7, 2)
    onp.random.seed(1)
    it = NDArrayIter(data, onp.arange(7) * 10, batch_size=3, shuffle=True)
    for batch in it:
        # The index gave positions in the shuffled copy: data[index] was other samples.
        onp.testing.assert_array_equal(batch.data[0], data[batch.index])
        onp.testing.assert_array_equal(batch.label[0], batch.index * 10)
    onp.random.seed(2)
    sub = it.getsubiter(4)
    for batch in sub:
        onp.testing.assert_array_equal(batch.data[0], data[batch.index])
