"""get_logger prints each line once when the root logger is configured; NDArrayIter checks
its data; ModelBase files that would not load are refused; the epoch line's accuracies."""
import io
import logging
import os

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.nn import layers
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.model import ModelBase
from minpy_compat.utils import log


# ---- get_logger ----------------------------------------------------------------------
class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


def test_get_logger_prints_once_when_the_root_logger_is_configured(request):
    root, collect = logging.getLogger(), Collect()
    root.addHandler(collect)
    request.addfinalizer(lambda: root.removeHandler(collect))
    stream = io.StringIO()
    name = f"minpy_compat.test.{request.node.name}"
    logger = log.get_logger(name, stream=stream)
    request.addfinalizer(lambda: [logger.removeHandler(h) for h in list(logger.handlers)])
    logger.warning("first line")
    assert stream.getvalue().count("] first line") == 1
    assert collect.records == []  # the root's handler printed it a second time
    logger.propagate = True  # the documented way to send records up as well
    logger.warning("second line")
    assert [r.getMessage() for r in collect.records] == ["second line"]


# ---- NDArrayIter ---------------------------------------------------------------------
@pytest.mark.parametrize("data, match", [
    ([], r"NDArrayIter argument 'data': expected at least one array, got an empty list\."),
    ({}, r"NDArrayIter argument 'data': expected at least one array, got an empty dict\."),
])
def test_ndarrayiter_refuses_empty_data(data, match):
    with pytest.raises(ValueError, match=match):  # built, then failed at data[0] later
        NDArrayIter(data, onp.arange(4))


def test_ndarrayiter_compares_sizes_of_same_named_data_and_labels():
    # The sizes were keyed by name, so a label named like the data hid its length.
    with pytest.raises(ValueError, match=r"NDArrayIter: expected data and labels with one "
                       r"number of samples, got \{'a': 5, 'a': 4\}\."):
        NDArrayIter({"a": onp.zeros((5, 2))}, {"a": onp.arange(4)})
    it = NDArrayIter({"a": onp.zeros((4, 2))}, {"a": onp.arange(4)}, batch_size=2)
    assert [b.label[0].tolist() for b in it] == [[0, 1], [2, 3]]


# ---- ModelBase files -----------------------------------------------------------------
def test_save_refuses_a_value_that_would_not_load(tmp_path):
    model = ModelBase().add_aux_param("running_mean", None)
    prefix = os.path.join(tmp_path, "m")
    # It wrote a pickled object array that load() then refused.
    with pytest.raises(ValueError, match=r"ModelBase.save aux param 'running_mean': expected "
                       r"numbers, got None\. Give it a value"):
        model.save(prefix)
    assert not os.path.exists(prefix + ".params")


def test_load_checks_aux_shapes_and_changes_nothing_on_a_mistake(tmp_path):
    prefix = os.path.join(tmp_path, "m")
    saved = ModelBase().add_param("w", (2,)).add_aux_param("rm", onp.zeros(3))
    saved.params["w"], saved.aux_params["rm"] = onp.ones(2), onp.ones(3)
    saved.save(prefix)
    other = ModelBase().add_param("w", (2,)).add_aux_param("rm", onp.zeros(4))
    other.params["w"] = onp.zeros(2)
    with pytest.raises(ValueError, match=r"ModelBase.load aux param 'rm': expected shape "
                       r"\(4,\), got shape \(3,\)"):
        other.load(prefix)
    onp.testing.assert_array_equal(other.params["w"], onp.zeros(2))  # was half loaded
    scalar = ModelBase().add_param("w", (2,)).add_aux_param("rm", 0.0).load(prefix)
    onp.testing.assert_array_equal(scalar.aux_params["rm"], onp.ones(3))  # a placeholder


def test_the_epoch_line_prints_both_accuracies_with_six_decimals(capsys):
    # MinPy's line: "(Epoch 1 / 1) train acc: %f; val_acc: %f" (the same precision for both;
    # :.6g printed "train acc: 0.9; val_acc: 0.892256").
    import re

    from minpy_compat.nn.model import ModelBase
    from minpy_compat.nn.solver import Solver

    class Linear(ModelBase):
        def __init__(self):
            super().__init__()
            self.add_param("w", (2, 2))

        def forward(self, X, mode):
            return np.dot(X, self.params["w"])

        def loss(self, predict, y):
            return layers.softmax_loss(predict, y)
    X = onp.array([[1.0, 0.0], [0.0, 1.0]] * 5)
    y = onp.array([0, 1] * 5)
    Solver(Linear(), NDArrayIter(X, y, batch_size=5), NDArrayIter(X, y, batch_size=5),
           num_epochs=1, update_rule="sgd", optim_config={"learning_rate": 0.1},
           verbose=True).train()
    line = [text for text in capsys.readouterr().out.splitlines()
            if text.startswith("(Epoch 1")][0]
    assert re.search(r"train acc: \d\.\d{6}; val_acc: \d\.\d{6}$", line), line
