"""MindSpore's module paths below and at our real modules: ``nn.grad``, ``train.metrics`` and
``train.summary`` are packages, so ``nn.grad.cell_grad``, ``train.metrics.accuracy``, ...
import; ``nn.cell``, ``nn.wrap``, ``nn.grad``, ``train``, ``train.metrics``,
``train.serialization`` and ``train.summary`` keep their own names first and then read
MindSpore's names there from our namespaces, naming the ones we lack."""
import importlib

import pytest

import minpy_compat as ms
from minpy_compat import module_paths
from minpy_compat._module_paths import PATHS
from minpy_compat.errors import ModulePathError

BELOW = sorted(p for p in PATHS if p.startswith(("nn.grad.", "train.metrics.",
                                                 "train.summary.")))
REAL = ["nn.cell", "nn.wrap", "nn.grad", "train", "train.metrics", "train.serialization",
        "train.summary"]


def _module(path):
    return importlib.import_module(f"minpy_compat.{path}")


def test_the_paths_below_the_former_plain_modules_are_many():
    assert len(BELOW) >= 20 and "train.metrics.accuracy" in BELOW


@pytest.mark.parametrize("path", BELOW)
def test_a_path_below_imports_and_serves_our_objects(path):
    module = _module(path)
    assert module.__loader__ is module_paths._PathModules
    for name in module_paths.have(path):
        assert getattr(module, name) is getattr(ms.train if path.startswith("train")
                                                else ms.nn, name), f"{path}.{name}"


def test_the_usual_imports_below_work():
    from minpy_compat.nn.grad.cell_grad import Jvp, Vjp
    from minpy_compat.train.metrics.accuracy import Accuracy
    from minpy_compat.train.metrics.topk import Top5CategoricalAccuracy
    from minpy_compat.train.summary.summary_record import SummaryRecord
    assert (Jvp, Vjp) == (ms.nn.Jvp, ms.nn.Vjp) and Accuracy is ms.train.Accuracy
    assert Top5CategoricalAccuracy is ms.train.Top5CategoricalAccuracy
    assert SummaryRecord is ms.train.SummaryRecord


@pytest.mark.parametrize("path", ["nn.cell", "nn.wrap", "train", "train.serialization"])
def test_a_real_module_names_what_mindspore_has_there_and_we_lack(path):
    lacking = sorted(set(PATHS[path]) - set(dir(_module(path))))
    with pytest.raises(ModulePathError, match=rf"minpy_compat\.{path}: expected a name "
                       rf"minpy_compat implements .*'{lacking[0]}', which MindSpore 2\.10 has "
                       rf"at mindspore\.{path}"):
        getattr(_module(path), lacking[0])


@pytest.mark.parametrize("path", REAL)
def test_a_real_module_keeps_a_plain_attribute_error_for_other_names(path):
    with pytest.raises(AttributeError) as info:
        getattr(_module(path), "no_such_name")
    assert not isinstance(info.value, ModulePathError)


@pytest.mark.parametrize("path", REAL)
def test_a_real_module_lists_mindspores_names_that_we_have(path):
    assert set(module_paths.have(path)) <= set(dir(_module(path)))


def test_a_real_module_gains_the_names_we_have_elsewhere():
    from minpy_compat.train.metrics import get_metrics
    assert get_metrics is ms.train.get_metrics
    assert ms.train.metrics.Accuracy is ms.train.Accuracy  # its own names still win
    assert ms.nn.wrap.WithLossCell is ms.nn.WithLossCell


def test_ops_primitive_has_every_name_of_mindspores():
    assert set(module_paths.have("ops.primitive")) == set(PATHS["ops.primitive"])
