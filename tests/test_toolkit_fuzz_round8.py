"""Round 8 of fuzzing MinPy's nn toolkit, each bug pinned by a test.

``Solver(num_epochs=0).train()`` trains nothing, draws no bar and leaves the model as it
is; a ``verbose`` that is not a bool, and configs that are not dicts, are refused;
``add_param`` / ``add_params`` refuse keywords MinPy's Solver would never read (a typo
such as ``init_rul``); ``getsubiter`` keeps eleven or more data arrays in order;
``quick_grad_check`` takes an int seed or a Generator and refuses a step eps <= 0.
"""
import numpy as onp
import pytest

from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.nn.solver import Solver
from toolkit_helpers import Linear

X = onp.array([[1.0, 0.0], [0.0, 1.0]] * 4)
Y = onp.array([0, 1] * 4)


def solver(**options):
    options.setdefault("verbose", False)
    return Solver(Linear(), NDArrayIter(X, Y, batch_size=4), NDArrayIter(X, Y), **options)


# ---- num_epochs=0 ------------------------------------------------------------------------
def test_zero_epochs_draw_no_bar(capsys):
    solver(num_epochs=0, verbose=True).train()
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_zero_epochs_leave_an_uninitialised_model_alone():
    trained = solver(num_epochs=0).train()
    assert trained.model.params == {} and trained.epoch == 0
    assert trained.loss_history == [] and trained.val_acc_history == []


def test_zero_epochs_after_training_keep_where_training_stopped():
    s = solver(num_epochs=2, update_rule="sgd", optim_config={"learning_rate": 0.5})
    s.train()
    model_params = s.model.params
    s.num_epochs = 0
    s.train()
    assert s.model.params is model_params and s.epoch == 2


# ---- verbose -----------------------------------------------------------------------------
@pytest.mark.parametrize("verbose", ["no", "False", 0, 1, None, [True]])
def test_verbose_must_be_a_bool(verbose):
    with pytest.raises(TypeError, match=r"Solver option 'verbose': expected True or False, "
                                        r"got .*verbose=False"):
        solver(verbose=verbose)


@pytest.mark.parametrize("verbose", [True, False, onp.bool_(False)])
def test_bool_verbose_is_accepted(verbose):
    assert solver(verbose=verbose).verbose == verbose


# ---- add_param keywords ------------------------------------------------------------------
def test_add_param_refuses_an_unknown_keyword_by_name():
    with pytest.raises(UnknownOptionError, match=r"ModelBase.add_param 'w': expected options "
                                                 r"among 'init_rule', 'init_config', 'dtype',"
                                                 r" got 'init_rul'"):
        ModelBase().add_param("w", (2,), init_rul="constant")


def test_add_params_refuses_an_unknown_key_and_declares_nothing():
    model = ModelBase()
    with pytest.raises(UnknownOptionError, match=r"ModelBase.add_params 'b': .* got 'intit'"):
        model.add_params({"a": {"shape": (2,)}, "b": {"shape": (2,), "intit": "x"}})
    assert model.param_configs == {}


def test_add_param_keeps_minpy_keywords():
    model = ModelBase().add_param("w", (2,), init_rule="constant",
                                  init_config={"value": 2.0}, dtype="float32")
    model.add_params({"b": {"shape": (2,), "init_rule": "gaussian", "init_config": None}})
    assert model.param_configs["w"]["init_config"] == {"value": 2.0}
    assert model.param_configs["b"]["init_rule"] == "gaussian"


def test_add_param_init_config_must_be_a_dict():
    with pytest.raises(TypeError, match=r"ModelBase.add_param 'w' 'init_config': expected a "
                                        r"dict .*got 3"):
        ModelBase().add_param("w", (2,), init_config=3)


@pytest.mark.parametrize("name, value", [("init_config", 3), ("optim_config", "adam"),
                                         ("optim_config", [("learning_rate", 0.1)])])
def test_solver_configs_must_be_dicts(name, value):
    with pytest.raises(TypeError, match=rf"Solver option '{name}': expected a dict or None"):
        solver(**{name: value})


# ---- io: a sub-iterator keeps the order of the data arrays ---------------------------------
def test_getsubiter_keeps_eleven_or_more_data_arrays_in_order():
    data = [onp.full((4, 1), float(i)) for i in range(12)]
    it = NDArrayIter(data, onp.arange(4), batch_size=2)
    batch = next(iter(it.getsubiter(3)))
    assert [float(d[0, 0]) for d in batch.data] == [float(i) for i in range(12)]
    assert [name for name, _ in it.getsubiter(3).data] == [name for name, _ in it.data]


def test_check_accuracy_on_a_subset_reads_the_model_s_data_array():
    class Second(ModelBase):  # scores are the second data array
        def forward(self, X, mode):
            return X

        def forward_batch(self, batch, mode):
            return batch.data[1]

        def loss(self, predict, y):
            raise AssertionError("not called")

    scores = onp.eye(3)[[0, 1, 2, 0, 1, 2]]
    data = [onp.zeros((6, 3)), scores] + [onp.zeros((6, 3))] * 9
    it = NDArrayIter(data, onp.array([0, 1, 2, 0, 1, 2]), batch_size=4)
    assert Solver(Second(), it, None, verbose=False).check_accuracy(it, num_samples=5) == 1.0


# ---- utils.gradient_checker --------------------------------------------------------------
def test_quick_grad_check_takes_a_seed_or_a_generator():
    import minpy_compat.numpy as np
    from minpy_compat.utils.gradient_checker import quick_grad_check
    for rs in (3, onp.random.default_rng(1), onp.random.RandomState(2)):
        assert quick_grad_check(lambda x: np.sum(x ** 2), np.ones(3), verbose=False, rs=rs)


@pytest.mark.parametrize("options, match", [
    ({"rs": "a"}, r"quick_grad_check argument 'rs': expected a numpy.random.RandomState"),
    ({"rs": True}, r"argument 'rs': .* got bool True"),
    ({"eps": 0}, r"quick_grad_check argument 'eps': expected a finite step > 0, got 0"),
    ({"eps": -0.1}, r"argument 'eps': .* got -0.1"),
    ({"eps": float("nan")}, r"argument 'eps': .* got nan")])
def test_quick_grad_check_refuses_bad_rs_and_eps(options, match):
    import minpy_compat.numpy as np
    from minpy_compat.utils.gradient_checker import quick_grad_check
    with pytest.raises((TypeError, ValueError), match=match):
        quick_grad_check(lambda x: np.sum(x ** 2), np.ones(3), verbose=False, **options)


# ---- Solver against hand-computed updates (two steps) ------------------------------------
def softmax_grads(w, b, X, y):
    p = onp.exp(X @ w + b - (X @ w + b).max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    p[onp.arange(len(y)), y] -= 1
    return {"w": X.T @ p / len(y), "b": p.sum(0) / len(y)}


def by_hand(rule, c, dw, s):
    """One cs231n step from state ``s`` (a dict, updated); returns the step to add."""
    if rule == "sgd":
        return -c["learning_rate"] * dw
    if rule == "sgd_momentum":
        s["v"] = c["momentum"] * s.get("v", 0) - c["learning_rate"] * dw
        return s["v"]
    if rule == "rmsprop":
        s["c"] = c["decay_rate"] * s.get("c", 0) + (1 - c["decay_rate"]) * dw ** 2
        return -c["learning_rate"] * dw / (onp.sqrt(s["c"]) + c["epsilon"])
    s["t"] = t = s.get("t", 0) + 1
    s["m"] = c["beta1"] * s.get("m", 0) + (1 - c["beta1"]) * dw
    s["v"] = c["beta2"] * s.get("v", 0) + (1 - c["beta2"]) * dw ** 2
    m_hat, v_hat = s["m"] / (1 - c["beta1"] ** t), s["v"] / (1 - c["beta2"] ** t)
    return -c["learning_rate"] * m_hat / (onp.sqrt(v_hat) + c["epsilon"])


CONFIGS = {"sgd": {"learning_rate": 0.3},
           "sgd_momentum": {"learning_rate": 0.3, "momentum": 0.8},
           "rmsprop": {"learning_rate": 0.05, "decay_rate": 0.9, "epsilon": 1e-6},
           "adam": {"learning_rate": 0.05, "beta1": 0.8, "beta2": 0.95, "epsilon": 1e-6}}


@pytest.mark.parametrize("dtype", [None, "float32"])
@pytest.mark.parametrize("rule", sorted(CONFIGS))
def test_two_solver_steps_match_the_rule_by_hand(rule, dtype):
    r = onp.random.RandomState(0)
    X, y = r.randn(8, 2), r.randint(0, 2, 8)
    s = Solver(Linear(dtype=dtype), NDArrayIter(X, y, batch_size=4), None, num_epochs=1,
               update_rule=rule, optim_config=CONFIGS[rule], verbose=False).init()
    params = {k: onp.array(v, dtype=onp.float64) for k, v in s.model.params.items()}
    states = {k: {} for k in params}
    for rows in (slice(0, 4), slice(4, 8)):
        grads = softmax_grads(params["w"], params["b"], X[rows], y[rows])
        params = {k: v + by_hand(rule, CONFIGS[rule], grads[k], states[k])
                  for k, v in params.items()}
    s.train()
    for k, v in params.items():
        assert s.model.params[k].dtype == (dtype or onp.float64)
        onp.testing.assert_allclose(s.model.params[k], v, rtol=1e-4 if dtype else 1e-10)
