"""MindSpore's module paths (``minpy_compat/module_paths.py``): every path of the table
imports, its names are our own objects, ``import *`` works, a name we lack says so, and
``import minpy_compat`` loads none of it."""
import importlib
import subprocess
import sys

import pytest

import minpy_compat as ms
from minpy_compat import module_paths, ops
from minpy_compat._module_paths import PATHS
from minpy_compat.errors import ModulePathError


def _module(path):
    return importlib.import_module(f"minpy_compat.{path}")


def _loader(path):
    try:
        return _module(path).__loader__
    except ModuleNotFoundError:  # below a real module that is no package (nn.grad)
        return None


# the paths the hook serves, and the real module that falls back on it
LOADERS = {path: _loader(path) for path in PATHS}
SERVED = sorted(p for p, loader in LOADERS.items() if loader is module_paths._PathModules)
SERVED.append("ops.functional")


def test_every_path_is_reachable():  # nn.grad, train.metrics and train.summary are packages
    assert [p for p, loader in LOADERS.items() if loader is None] == []


def test_the_hook_serves_most_paths():
    assert len(SERVED) > 100 and "ops.operations.nn_ops" in SERVED


def _missing(path):
    return sorted(set(PATHS[path]) - set(module_paths.have(path)))


@pytest.mark.parametrize("path", SERVED)
def test_every_path_imports_and_lists_only_our_names(path):
    module = _module(path)
    listed = set(dir(module))
    assert set(module_paths.have(path)) <= listed
    assert not listed & set(_missing(path))


@pytest.mark.parametrize("path", SERVED)
def test_each_name_is_the_object_of_our_namespace(path):
    module = _module(path)
    for name in module_paths.have(path):
        owner = next(importlib.import_module(source) for source in module_paths.sources(path)
                     if name in dir(importlib.import_module(source)))
        assert getattr(module, name) is getattr(owner, name), f"{path}.{name}"


def test_the_usual_script_imports_work():
    from minpy_compat.ops import operations as P, functional as F, composite as C
    import minpy_compat.common.dtype as mstype
    from minpy_compat.common.tensor import Tensor
    from minpy_compat.common.parameter import Parameter, ParameterTuple
    from minpy_compat.common.api import jit
    from minpy_compat.nn.wrap.cell_wrapper import WithLossCell, TrainOneStepCell
    from minpy_compat.nn.wrap.loss_scale import TrainOneStepWithLossScaleCell
    from minpy_compat.nn.optim.optimizer import Optimizer
    from minpy_compat.nn.loss.loss import LossBase
    from minpy_compat.nn.layer.basic import Dense
    from minpy_compat.train.model import Model
    assert (P.MatMul, P.ReLU, F.cast, F.square, C.GradOperation) == (
        ops.MatMul, ops.ReLU, ops.cast, ops.square, ops.GradOperation)
    assert mstype.float32 is ms.float32 and jit is ms.jit
    assert (Tensor, Parameter) == (ms.Tensor, ms.Parameter)
    assert (WithLossCell, Optimizer, LossBase, Dense) == (ms.nn.WithLossCell, ms.nn.Optimizer,
                                                          ms.nn.LossBase, ms.nn.Dense)
    assert ParameterTuple is ms.ParameterTuple and Model is ms.train.Model
    assert TrainOneStepCell is ms.nn.TrainOneStepCell
    assert TrainOneStepWithLossScaleCell is ms.nn.TrainOneStepWithLossScaleCell


@pytest.mark.parametrize("path", ["ops.operations", "ops.operations.nn_ops", "nn.layer.basic",
                                  "common.parameter", "nn.optim.adam"])
def test_import_star_gives_the_names_we_have(path):
    namespace = {}
    exec(f"from minpy_compat.{path} import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(module_paths.have(path))


@pytest.mark.parametrize("path", ["ops.operations", "ops.functional", "common.dtype",
                                  "context"])
def test_a_name_we_lack_says_what_and_where(path):
    name = next(n for n in _missing(path) if n not in vars(_module(path)))
    with pytest.raises(ModulePathError, match=rf"minpy_compat\.{path}: .*'{name}', which "
                       rf"MindSpore 2\.10 has at mindspore\.{path}"):
        getattr(_module(path), name)
    with pytest.raises(ImportError, match=f"{name}.*minpy_compat.{path}"):
        exec(f"from minpy_compat.{path} import {name}", {})


def test_a_name_mindspore_lacks_there_is_a_plain_attribute_error():
    from minpy_compat.ops import operations as P
    with pytest.raises(AttributeError, match="'minpy_compat.ops.operations' has no attribute "
                       "'NoSuchPrimitive'") as info:
        P.NoSuchPrimitive
    assert not isinstance(info.value, ModulePathError) and not hasattr(P, "NoSuchPrimitive")


def test_functional_keeps_its_names_and_gains_mindspores():
    from minpy_compat.ops import functional as F
    assert F.gt is ops.gt and F.fill is ops.fill and F.tensor_add is ops.tensor_add
    assert {"gt", "fill", "assign_all"} <= set(dir(F))
    assert "fill" not in F.__dict__


def test_real_modules_gain_mindspores_names_there():
    from minpy_compat.nn.loss import FocalLoss, MSELoss
    assert FocalLoss is ms.nn.FocalLoss and "FocalLoss" in dir(ms.nn.loss)
    assert MSELoss is ms.nn.MSELoss and ms.nn.loss.loss.LossBase is ms.nn.LossBase


def test_a_path_named_like_an_attribute_of_its_parent_leaves_the_attribute():
    import minpy_compat.nn.optim.adam
    import minpy_compat.common.dtype
    from minpy_compat.nn import optim
    assert callable(optim.adam) and optim.RULES["adam"] is optim.adam
    assert sys.modules['minpy_compat.nn.optim.adam'].Adam is ms.nn.Adam
    assert ms.common.dtype is ms.dtype


def test_import_minpy_compat_loads_no_path():
    code = ("import sys, minpy_compat, minpy_compat.numpy; "
            "print(sorted(m for m in sys.modules if m.startswith('minpy_compat.') and "
            "m.rpartition('.')[2] in ('_module_paths', 'operations', 'composite', "
            "'cell_wrapper', 'cell_wrapper')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
