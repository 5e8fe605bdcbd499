"""nn.model.ModelBase and nn.solver.Solver on small generated data."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.array import Array
from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn import layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver


class TwoLayerNet(ModelBase):
    def __init__(self, D=4, H=16, C=3, batchnorm=False):
        super().__init__()
        self.batchnorm = batchnorm
        self.add_param("w1", (D, H)).add_param("b1", (H,), init_rule="constant") \
            .add_param("w2", (H, C)).add_param("b2", (C,), init_rule="constant")
        if batchnorm:
            self.add_param("gamma", (H,), init_rule="constant", init_config={"value": 1.0})
            self.add_param("beta", (H,), init_rule="constant")
            self.add_aux_param("running_mean", onp.zeros(H)).add_aux_param("running_var",
                                                                           onp.zeros(H))

    def forward(self, X, mode):
        h = layers.affine(X, self.params["w1"], self.params["b1"])
        if self.batchnorm:
            h, self.aux_params["running_mean"], self.aux_params["running_var"] = \
                layers.batchnorm(h, self.params["gamma"], self.params["beta"], mode=mode,
                                 running_mean=self.aux_params["running_mean"],
                                 running_var=self.aux_params["running_var"])
        return layers.affine(layers.relu(h), self.params["w2"], self.params["b2"])

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)


def blobs(n=240, seed=0):
    rs = onp.random.RandomState(seed)
    y = rs.randint(0, 3, n)
    centres = onp.array([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0]], dtype=float)
    return centres[y] + 0.5 * rs.standard_normal((n, 4)), y


def make_solver(model=None, **kwargs):
    onp.random.seed(0)
    X, y = blobs()
    train = NDArrayIter(X[:180], y[:180], batch_size=32, shuffle=True)
    test = NDArrayIter(X[180:], y[180:], batch_size=32)
    options = dict(update_rule="adam", optim_config={"learning_rate": 0.02}, num_epochs=4,
                   verbose=False)
    options.update(kwargs)
    return Solver(model or TwoLayerNet(), train, test, **options)


def test_solver_trains_and_records_histories():
    solver = make_solver()
    solver.init()
    solver.train()
    assert len(solver.loss_history) == 4 * 6  # 180 samples, batch 32, pad -> 6 batches
    assert len(solver.train_acc_history) == len(solver.val_acc_history) == 4
    assert solver.loss_history[-1] < 0.5 * solver.loss_history[0]
    assert solver.best_val_acc >= 0.9 and solver.epoch == 4
    assert solver.check_accuracy(solver.test_dataiter) == solver.best_val_acc


def test_best_params_are_copies():
    solver = make_solver(num_epochs=2)
    solver.train()
    best = {k: onp.array(v) for k, v in solver.best_params.items()}
    for name in solver.model.params:
        solver.model.params[name][...] = 0.0
    for name, value in best.items():
        onp.testing.assert_array_equal(solver.best_params[name], value)


def test_per_parameter_init_rules_and_configs():
    solver = make_solver(init_rule="gaussian", init_config={"stdvar": 0.1},
                         model=TwoLayerNet(batchnorm=True))
    solver.init()
    params = solver.model.params
    onp.testing.assert_array_equal(params["b1"], 0.0)
    onp.testing.assert_array_equal(params["gamma"], 1.0)
    assert 0.05 < params["w1"].std() < 0.15
    assert all(isinstance(v, Array) for v in params.values())


def test_batchnorm_running_stats_move_and_stay_constants():
    model = TwoLayerNet(batchnorm=True)
    solver = make_solver(model=model, num_epochs=3)
    solver.train()
    assert all(type(v) is Array for v in model.aux_params.values())
    assert onp.abs(model.aux_params["running_var"]).sum() > 0
    assert solver.val_acc_history[-1] > 0.8


def test_lr_decay_applies_per_epoch():
    solver = make_solver(update_rule="sgd", optim_config={"learning_rate": 0.1}, lr_decay=0.5,
                         num_epochs=3)
    solver.train()
    assert all(c["learning_rate"] == pytest.approx(0.0125) for c in solver.optim_configs.values())
    assert all(c is not solver.optim_configs["w1"] for k, c in solver.optim_configs.items()
               if k != "w1")


def test_train_acc_num_samples_uses_a_subset():
    solver = make_solver(num_epochs=2, train_acc_num_samples=50)
    asked = []
    getsubiter = solver.train_dataiter.getsubiter
    solver.train_dataiter.getsubiter = lambda n: asked.append(n) or getsubiter(n)
    solver.train()
    assert asked == [50, 50]
    assert all(round(acc * 50, 9) == int(round(acc * 50)) for acc in solver.train_acc_history)


def test_check_accuracy_does_not_count_padding():
    solver = make_solver()
    solver.init()
    X, y = blobs(10)

    class Oracle(ModelBase):
        def forward(self, X, mode):
            return onp.eye(3)[onp.where(onp.arange(len(X)) < 10, 0, 1)]
    solver.model = Oracle()
    it = NDArrayIter(X, onp.zeros(10, int), batch_size=4)  # 12 slots, 2 padded
    assert solver.check_accuracy(it) == 1.0


def test_progress_bar_shows_the_loss(capsys):
    solver = make_solver(num_epochs=1, verbose=True, print_every=2)
    solver.train()
    err = capsys.readouterr()
    text = err.err + err.out
    assert "loss=" in text and "(Iteration 1 / 6) loss:" in text and "(Epoch 1 / 1)" in text


def test_verbose_false_is_silent(capsys):
    make_solver(num_epochs=1).train()
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_regression_task_reports_loss_and_keeps_lowest():
    class Linear(ModelBase):
        def __init__(self):
            super().__init__()
            self.add_param("w", (3, 1)).add_param("b", (1,), init_rule="constant")

        def forward(self, X, mode):
            return layers.affine(X, self.params["w"], self.params["b"])

        def loss(self, predict, y):
            return layers.l2_loss(predict, y)

    rs = onp.random.RandomState(0)
    X = rs.standard_normal((64, 3))
    y = X @ onp.array([1.0, -2.0, 0.5]) + 0.3
    solver = Solver(Linear(), NDArrayIter(X, y, batch_size=16), NDArrayIter(X, y, batch_size=16),
                    task_type="regression", update_rule="sgd_momentum",
                    optim_config={"learning_rate": 0.05}, num_epochs=15, verbose=False)
    solver.train()
    assert solver.best_val_acc == min(solver.val_acc_history) < 0.01
    onp.testing.assert_allclose(solver.model.params["w"].ravel(), [1.0, -2.0, 0.5], atol=0.1)


def test_a_single_parameter_model_trains():
    class Bias(ModelBase):
        def __init__(self):
            super().__init__()
            self.add_param("b", (3,), init_rule="constant")

        def forward(self, X, mode):
            return np.zeros((np.shape(X)[0], 3)) + self.params["b"]

        def loss(self, predict, y):
            return layers.softmax_loss(predict, y)
    solver = make_solver(model=Bias(), num_epochs=1)
    solver.train()
    assert len(solver.loss_history) == 6


@pytest.mark.parametrize("kwargs, match", [
    (dict(update_rule="nesterov"), r"Solver option 'update_rule': expected one of 'sgd', "
                                   r"'sgd_momentum', 'rmsprop', 'adam' or a callable, got "
                                   r"'nesterov'"),
    (dict(task_type="ranking"), "task_type': expected one of 'classification', 'regression'"),
    (dict(learning_rate=0.1), r"Solver: expected options among 'task_type'.*got "
                              r"'learning_rate'"),
])
def test_solver_option_errors(kwargs, match):
    with pytest.raises(UnknownOptionError, match=match):
        make_solver(**kwargs)


def test_unknown_init_rule_names_the_parameter():
    solver = make_solver(init_rule="he")
    with pytest.raises(UnknownOptionError, match=r"init_rule of parameter 'w1': expected one "
                                                 r"of 'xavier', 'gaussian'.*got 'he'"):
        solver.init()


def test_model_declarations_and_errors():
    model = TwoLayerNet()
    model.add_params({"w3": {"shape": (2, 2), "init_rule": "gaussian"}})
    assert model.param_configs["w3"] == {"shape": (2, 2), "init_rule": "gaussian"}
    with pytest.raises(ValueError, match=r"TwoLayerNet.add_param: expected a new parameter "
                                         r"name, got 'w1'"):
        model.add_param("w1", (1,))
    with pytest.raises(NotImplementedError, match="forward"):
        ModelBase().forward(None, "train")
    with pytest.raises(NotImplementedError, match="loss"):
        ModelBase().loss(None, None)


def test_model_save_and_load_round_trip(tmp_path):
    solver = make_solver(model=TwoLayerNet(batchnorm=True), num_epochs=1)
    solver.train()
    prefix = str(tmp_path / "net")
    solver.model.save(prefix)
    other = TwoLayerNet(batchnorm=True).load(prefix)
    for name, value in solver.model.params.items():
        onp.testing.assert_array_equal(other.params[name], value)
    onp.testing.assert_array_equal(other.aux_params["running_mean"],
                                   solver.model.aux_params["running_mean"])
    with pytest.raises(ValueError, match=r"TwoLayerNet.load parameter 'w1': expected shape "
                                         r"\(4, 8\), got shape \(4, 16\)"):
        TwoLayerNet(H=8).load(prefix)
