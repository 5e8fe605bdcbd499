"""Nothing half-updated: an operation that refuses its input part-way leaves every piece of
state it touches (Parameters, optimizer moments and step counters, configs, registries,
running statistics, policy scopes) exactly as it was before the call."""
import json

import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import nn, ops
from minpy_compat.backends import mxnet_backend
from minpy_compat.dispatch import policy as policies
from minpy_compat.errors import (BackendError, CellTypeError, OptimizerError, OptimizerTypeError,
                                 UnknownOptionError)
from minpy_compat.nn import layers, optim
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from minpy_compat.ops import functional


def two_params():
    return (ms.Parameter(ms.Tensor([1.0, 2.0]), name="a"),
            ms.Parameter(ms.Tensor([[1.0, 2.0]]), name="b"))


def snapshot(cell):
    """Every Parameter's data (the optimizer's own state included) and the Python state."""
    values = {p.name: p.asnumpy().copy() for p in cell.get_parameters()}
    return values, {k: getattr(cell, k) for k in ("_powers", "_first") if hasattr(cell, k)}


def assert_same(before, after):
    assert before[0].keys() == after[0].keys()
    for name in before[0]:
        onp.testing.assert_array_equal(after[0][name], before[0][name], err_msg=name)
    assert after[1] == before[1]


GOOD = (ms.Tensor([0.5, 0.25]), ms.Tensor([[1.0, -1.0]]))
OPTIMIZERS = [
    ("sgd_momentum", lambda ps: nn.SGD(ps, 0.1, momentum=0.9)),
    ("sgd_nesterov_decay", lambda ps: nn.SGD(
        ps, [0.1, 0.2], momentum=0.9, nesterov=True, weight_decay=0.1)),
    ("momentum", lambda ps: nn.Momentum(ps, 0.1, 0.9)),
    ("adam", lambda ps: nn.Adam(ps, [0.1, 0.05], use_nesterov=True)),
]


# ---- the Cell layer's optimizers --------------------------------------------------------
@pytest.mark.parametrize("make", [m for _, m in OPTIMIZERS], ids=[n for n, _ in OPTIMIZERS])
def test_optimizer_refusing_the_second_gradient_changes_nothing(make):
    opt = make(two_params())
    opt(GOOD)  # a first step, so moments and the step counter hold values of their own
    before = snapshot(opt)
    with pytest.raises(OptimizerError, match=r"gradient 1 \(Parameter 'b'\): expected shape "
                                             r"\(1, 2\), the Parameter's, got shape \(3,\)"):
        opt((ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, 1.0, 1.0])))
    assert_same(before, snapshot(opt))


@pytest.mark.parametrize("make", [m for _, m in OPTIMIZERS], ids=[n for n, _ in OPTIMIZERS])
def test_optimizer_after_a_refused_step_steps_as_if_it_never_happened(make):
    refused, clean = make(two_params()), make(two_params())
    with pytest.raises(OptimizerError):
        refused((ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, 1.0, 1.0])))
    for opt in (refused, clean):
        opt(GOOD)
        opt(GOOD)
    assert_same(snapshot(clean), snapshot(refused))


def test_optimizer_refuses_a_gradient_that_is_not_numbers():
    opt = nn.Adam(two_params())
    before = snapshot(opt)
    with pytest.raises(OptimizerTypeError, match=r"Adam gradient 1 \(Parameter 'b'\): "
                                                 "expected real numbers, got"):
        opt((ms.Tensor([1.0, 1.0]), onp.array([["x", "y"]])))
    assert_same(before, snapshot(opt))


# ---- ops.assign, Parameter.set_data, Cell attributes ------------------------------------
def test_assign_all_checks_every_value_before_the_first_write():
    a, b = two_params()
    with pytest.raises(CellTypeError, match="ops.assign to Parameter 'b': expected numbers"):
        functional.assign_all([(a, ms.Tensor([5.0, 6.0])), (b, onp.array([["1", "x"]]))])
    assert a.tolist() == [1.0, 2.0] and b.tolist() == [[1.0, 2.0]]


def test_assign_all_reads_every_value_before_writing_any():
    a = ms.Parameter(ms.Tensor([1.0]), name="a")
    b = ms.Parameter(ms.Tensor([2.0]), name="b")
    functional.assign_all([(a, b), (b, a)])  # a swap: b gets the a of before the write
    assert (a.tolist(), b.tolist()) == ([2.0], [1.0])


@pytest.mark.parametrize("write", [
    lambda p, v: ops.assign(p, v),
    lambda p, v: p.set_data(v),
], ids=["ops.assign", "set_data"])
def test_writing_strings_into_a_parameter_writes_nothing(write):
    p = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0]), name="w")
    with pytest.raises(CellTypeError, match=r"Parameter 'w'.*: expected numbers, got"):
        write(p, onp.array(["7", "8", "x"]))  # NumPy would write 7 and 8, then fail
    assert p.tolist() == [1.0, 2.0, 3.0]


def test_cell_attribute_given_strings_keeps_the_parameter():
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    with pytest.raises(CellTypeError, match="Parameter 'weight'.set_data: expected numbers"):
        net.weight = ms.Tensor(onp.array([["1", "x"]]))
    assert net.weight.tolist() == [[1.0, 1.0]]


# ---- Cell containers -------------------------------------------------------------------------
def test_celldict_update_with_a_bad_pair_adds_none():
    cells = nn.CellDict({"first": nn.ReLU()})
    with pytest.raises(CellTypeError, match=r"CellDict\['bad'\]: expected a Cell, got int"):
        cells.update([("dense", nn.Dense(2, 1)), ("bad", 3)])
    with pytest.raises(KeyError, match="CellDict key: expected a non-empty str without"):
        cells.update({"dense": nn.Dense(2, 1), "a.b": nn.ReLU()})
    assert list(cells.keys()) == ["first"] and not list(cells.get_parameters())


def test_celllist_extend_with_a_bad_item_appends_none():
    cells = nn.CellList([nn.ReLU()])
    with pytest.raises(CellTypeError, match="CellList item 1: expected a Cell, got int"):
        cells.extend([nn.Dense(2, 1), 3])
    assert len(cells) == 1 and not list(cells.get_parameters())


# ---- batch normalization ---------------------------------------------------------------------
def test_batchnorm_whose_forward_fails_keeps_its_moving_statistics():
    bn = nn.BatchNorm1d(2).set_train()
    bn.gamma = ms.Parameter(ms.Tensor([1.0, 1.0, 1.0]), name="gamma")  # the wrong width
    with pytest.raises(ValueError):
        bn(ms.Tensor(onp.array([[0.0, 1.0], [2.0, 3.0]], onp.float32)))
    assert bn.moving_mean.tolist() == [0.0, 0.0]
    assert bn.moving_variance.tolist() == [1.0, 1.0]


# ---- dispatch policies ---------------------------------------------------------------------
def test_policy_whose_with_block_cannot_start_leaves_the_scopes_as_they_were(monkeypatch):
    def no_mxnet(where):
        raise ImportError(f"{where}: MXNet is not importable here")
    monkeypatch.setattr(mxnet_backend, "require_mxnet", no_mxnet)
    with policies.wrap_policy("only_numpy"):
        with pytest.raises(ImportError, match="MXNet is not importable"):
            with policies.PreferMXNetPolicy():
                pass
        assert policies.get_global_policy().name == "only_numpy"
    assert policies.get_global_policy().name == "default"  # the outer block's policy is back


def test_load_rules_with_a_rule_that_is_not_a_string_learns_none(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"minpy_compat_blacklist": ["dot(float32[2])", ["x"]]}))
    auto = policies.AutoBlacklistPolicy()
    with pytest.raises(BackendError, match="load_rules.*: expected a file written by save_rules"):
        auto.load_rules(str(path))
    assert auto.rules == set()


# ---- in-place NumPy functions ---------------------------------------------------------------
def test_put_with_an_index_out_of_range_writes_nothing():
    a = np.zeros(3)
    with pytest.raises(IndexError, match="out of bounds"):
        np.put(a, [0, 1, -9], 5.0)  # NumPy's own put writes a[0] and a[1] first
    assert a.tolist() == [0.0, 0.0, 0.0]
    np.put(a, [0, -1], [1.0, 2.0])
    assert a.tolist() == [1.0, 0.0, 2.0]


# ---- MinPy's toolkit: update rules, models, the solver -----------------------------------------
@pytest.mark.parametrize("rule", sorted(optim.RULES))
def test_update_rule_refusing_dw_leaves_the_config_alone(rule):
    config = {"learning_rate": 0.5}
    with pytest.raises(ValueError, match=f"{rule} argument 'dw': expected shape"):
        optim.RULES[rule](onp.ones(3), onp.ones(4), config)
    with pytest.raises(TypeError, match=f"{rule} argument 'dw': expected real numbers"):
        optim.RULES[rule](onp.ones(3), onp.array(["a", "b", "c"]), config)
    assert config == {"learning_rate": 0.5}


@pytest.mark.parametrize("bad, error, match", [
    ({"shape": (2,)}, ValueError, "a new parameter name"),
    ({"size": 3}, ValueError, "add_params 'c': expected a 'shape' entry"),
    ((3,), TypeError, "add_params 'c': expected a dict such as"),
    ({"shape": "x"}, ValueError, "add_params 'c': expected a shape"),
], ids=["taken", "no-shape", "not-a-dict", "bad-shape"])
def test_add_params_with_one_bad_entry_declares_none(bad, error, match):
    model = ModelBase().add_param("w", (2,))
    name = "w" if bad == {"shape": (2,)} else "c"
    with pytest.raises(error, match=match):
        model.add_params({"new": {"shape": (3,)}, name: bad})
    assert list(model.param_configs) == ["w"]


class Linear(ModelBase):
    """Two parameters and a running statistic that the forward pass moves."""

    def __init__(self, b_rule="constant"):
        super().__init__()
        self.add_param("w", (2, 2)).add_param("b", (2,), init_rule=b_rule)
        self.add_aux_param("seen", onp.zeros(1))

    def forward(self, X, mode):
        self.aux_params["seen"] = self.aux_params["seen"] + 1
        return layers.affine(X, self.params["w"], self.params["b"])

    def loss(self, predict, y):
        return layers.softmax_loss(predict, y)


def solver_for(model, rule="sgd"):
    X, y = onp.array([[1.0, 0.0], [0.0, 1.0]] * 2), onp.array([0, 1] * 2)
    return Solver(model, NDArrayIter(X, y, batch_size=2), None, update_rule=rule,
                  num_epochs=1, verbose=False)


def failing_on_second_call(rule):
    calls = []

    def update(w, dw, config):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("update rule failed")
        return rule(w, dw, config)
    return update


def state_of(solver):
    model = solver.model
    return ({k: to_list(v) for k, v in model.params.items()},
            {k: to_list(v) for k, v in model.aux_params.items()},
            {k: dict(c) for k, c in solver.optim_configs.items()}, list(solver.loss_history))


def to_list(value):
    return onp.asarray(value).tolist()


def test_solver_step_whose_update_rule_fails_changes_nothing():
    solver = solver_for(Linear(), failing_on_second_call(optim.adam)).init()
    before = state_of(solver)
    with pytest.raises(RuntimeError, match="update rule failed"):
        solver.train()
    assert state_of(solver) == before  # no moments in any config, no step counted


def test_solver_refuses_an_update_rule_that_returns_no_pair():
    solver = solver_for(Linear(), lambda w, dw, config: w).init()
    before = state_of(solver)
    with pytest.raises(TypeError, match="Solver update_rule for parameter 'w': expected a pair "
                                        r"\(next_w, config\)"):
        solver.train()
    assert state_of(solver) == before


def test_solver_init_with_a_bad_rule_for_one_parameter_replaces_none():
    solver = solver_for(Linear(b_rule="no_such_rule"))
    solver.model.params["w"] = np.ones((2, 2))  # trained (or loaded) values
    with pytest.raises(UnknownOptionError, match="init_rule of parameter 'b'"):
        solver.init()
    assert list(solver.model.params) == ["w"]
    assert to_list(solver.model.params["w"]) == [[1.0, 1.0], [1.0, 1.0]]


class FailingIter(NDArrayIter):
    """Batches for training; evaluation (a sub-iterator or every sample) fails."""

    def every_sample(self):
        raise RuntimeError("validation data unreadable")


def test_solver_epoch_whose_validation_fails_records_nothing():
    model = Linear()
    X, y = onp.array([[1.0, 0.0], [0.0, 1.0]] * 2), onp.array([0, 1] * 2)
    solver = Solver(model, NDArrayIter(X, y, batch_size=2), FailingIter(X, y), num_epochs=1,
                    lr_decay=0.5, optim_config={"learning_rate": 0.1}, verbose=False).init()
    with pytest.raises(RuntimeError, match="validation data unreadable"):
        solver.train()
    assert solver.epoch == 0 and solver.train_acc_history == [] == solver.val_acc_history
    assert {c["learning_rate"] for c in solver.optim_configs.values()} == {0.1}


def test_optimizer_step_with_mxnet_gradients_is_all_or_none():
    pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")
    with policies.wrap_policy("only_mxnet"):
        good, bad = np.ones(2) * 0.5, np.ones(3) * 0.5  # gradients whose values live in MXNet
    assert type(good).__name__ == "MXArray"
    opt = nn.Momentum(two_params(), 0.1, 0.9)
    before = snapshot(opt)
    with pytest.raises(OptimizerError, match=r"Momentum gradient 1 \(Parameter 'b'\)"):
        opt((good, bad))
    assert_same(before, snapshot(opt))
    opt((good, np.ones((1, 2))))
    onp.testing.assert_allclose(opt.parameters[0].asnumpy(), [0.95, 1.95], rtol=1e-6)
