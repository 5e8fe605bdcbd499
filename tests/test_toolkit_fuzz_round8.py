"""Round 8 of fuzzing MinPy's nn toolkit, each bug pinned by a test.

``Solver(num_epochs=0).train()`` trains nothing, draws no bar and leaves the model as it
is; a ``verbose`` that is not a bool is refused; ``add_param`` / ``add_params`` refuse
keywords MinPy's Solver would never read (a typo such as ``init_rul``).
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
