"""ModelBase.load refuses a file that lacks declared parameters or has unknown ones
(strict=False loads the rest) and still takes a complete file."""
import os

import numpy as onp
import pytest
from minpy_compat.nn.model import ModelBase
from test_nn_model_solver import TwoLayerNet, make_solver


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
