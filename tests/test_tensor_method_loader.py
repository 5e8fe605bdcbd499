"""The one loader of MindSpore's Tensor methods (``ops/tensor_methods.py``): every name is on
``Array`` and the traced values, none shadows a ``numpy.ndarray`` attribute, no name is in
two tables, and each hand-written method's module loads on its first use only (in a fresh
process: ``import minpy_compat`` stays quick), even when that first use is traced."""
import json
import subprocess
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat.array import Array
from minpy_compat.ops import tensor_methods
from minpy_compat.traced_methods import NdarrayMethods

PACKAGE = "minpy_compat.ops."
TABLED = [(m, n) for m, names in tensor_methods.MODULES.items() for n in names]
PROPERTIES = [(m, n) for m, names in tensor_methods.PROPERTY_MODULES.items() for n in names]


def _fresh(code):
    """Run ``code`` in a new interpreter; it prints one JSON value, returned here."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_importing_the_package_loads_no_method_module():
    for statement in ("import minpy_compat", "import minpy_compat.numpy",
                      "import minpy_compat.ops, minpy_compat.nn"):
        loaded = _fresh(f"import sys, json; {statement}; from minpy_compat.ops import "
                        "tensor_methods as t; print(json.dumps(sorted(m for m in "
                        f"list(t.MODULES) + ['tensor_methods_more', 'tensor_extra'] "
                        f"if '{PACKAGE}' + m in sys.modules)))")
        assert loaded == [], statement


# (call in a fresh process, the module that first call must load, the method modules
# loaded after it: tensor_inplace_more builds on tensor_inplace)
FIRST_CALLS = [
    ("x.permute(1, 0)", "tensor_methods_basic", ["tensor_methods_basic"]),
    ("x.H", "tensor_methods_extra", ["tensor_methods_extra"]),
    ("x.sum_to_size(1, 2)", "tensor_methods_extra", ["tensor_methods_extra"]),
    ("x.add_(1.0)", "tensor_inplace", ["tensor_inplace"]),
    ("x.uniform_()", "tensor_inplace_more", ["tensor_inplace", "tensor_inplace_more"]),
    ("x.clone()", "tensor_utils", ["tensor_utils"]),
]


@pytest.mark.parametrize("call,module,loaded", FIRST_CALLS, ids=[c[0] for c in FIRST_CALLS])
def test_a_method_loads_its_module_on_first_use(call, module, loaded):
    code = ("import sys, json, minpy_compat as ms\n"
            "from minpy_compat.array import Array\n"
            "from minpy_compat.ops import tensor_methods as t\n"
            "x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])\n"
            f"before = sorted(m for m in t.MODULES if '{PACKAGE}' + m in sys.modules)\n"
            f"{call}\n"
            f"after = sorted(m for m in t.MODULES if '{PACKAGE}' + m in sys.modules)\n"
            f"real = sys.modules['{PACKAGE}{module}'].METHODS\n"
            f"print(json.dumps([before, after, all(vars(Array)[n].__wrapped__ is real[n] "
            f"for n in t.MODULES['{module}'])]))")
    before, after, replaced = _fresh(code)  # each real method, named Tensor.<name>
    assert before == [] and after == loaded and replaced


def test_a_first_use_under_grad_loads_and_differentiates():
    """The first call of a stub on a traced value (and a Parameter's in-place write)."""
    code = ("import json, minpy_compat as ms\n"
            "f = lambda x: (x.permute(1, 0) * ms.Tensor([[1.0, 2.0]]).T).sum() + "
            "x.sum_to_size(1, 1).sum()\n"
            "g = ms.grad(f)(ms.Tensor([[3.0, 4.0]]))\n"
            "p = ms.Parameter(ms.Tensor([1.0, 2.0]), name='w')\n"
            "def h(a):\n"
            "    a.mul_(ms.Tensor([5.0, 7.0]))\n"
            "    return (a * a).sum()\n"
            "print(json.dumps([g.tolist(), ms.grad(h)(ms.Tensor([2.0, 3.0])).tolist(),\n"
            "                  p.add_(1) is p, p.tolist()]))")
    assert _fresh(code) == [[[2.0, 3.0]], [100.0, 294.0], True, [2.0, 3.0]]


def test_every_name_is_on_both_classes_and_shadows_no_ndarray_attribute():
    names = list(tensor_methods.FORWARDED) + [n for _, n in TABLED + PROPERTIES]
    assert len(names) == len(set(names)) == 311
    for name in names:
        assert not hasattr(onp.ndarray, name), name
        assert name in vars(Array) and name in vars(NdarrayMethods), name


def test_the_property_stubs_stay_properties():
    for module_name, name in PROPERTIES:
        tensor_methods.load(module_name)
        assert isinstance(vars(Array)[name], property)
        assert vars(Array)[name] is vars(NdarrayMethods)[name]


def test_a_stub_taken_before_its_module_loads_still_works():
    stub = tensor_methods._stub("tensor_methods_basic", "permute")
    assert stub.__name__ == "permute" and "loaded on use" in stub.__doc__
    x = ms.Tensor([[1.0, 2.0]])
    assert stub(x, 1, 0).shape == (2, 1)
    getter = tensor_methods._property_stub("tensor_methods_extra", "mH")
    assert getter.fget(x).tolist() == [[1.0], [2.0]]


def test_forwarded_and_loaded_methods_have_float64_gradients():
    check_grads(lambda a: ms.Tensor(a).tril().exp().sum_to_size(1, 3), modes=["rev"],
                order=1)(onp.array([[0.3, -0.2, 0.5], [0.1, 0.4, -0.6]]))
    check_grads(lambda a: ms.Tensor(a).permute(1, 0).clamp(-0.5, 0.5).norm(), modes=["rev"],
                order=1)(onp.array([[0.3, -0.2], [0.1, 0.4]]))
