"""MindSpore Tensor methods of ``ops/tensor_methods.py`` (its forwarders) and
``tensor_methods_extra``:
float64 finite differences through traced values, every method called on a traced
value, errors that name the method and argument, docstrings, and that none shadows
NumPy (values and dtypes against MindSpore: ``test_cell_oracle_tensor_methods.py``)."""
import json
import os
import subprocess
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.array import Array
from minpy_compat.errors import CellArgumentError, CellTypeError
from minpy_compat.ops import tensor_methods, tensor_methods_extra

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle")
sys.path.insert(0, HERE)
from oracle_io import decode  # noqa: E402
from tensor_methods_cases import METHODS  # noqa: E402

with open(os.path.join(HERE, "tensor_methods_fixture.json")) as f:
    CASES = json.load(f)["cases"]

# the methods this file covers: the forwarders and tensor_methods_extra's
OWN = dict(tensor_methods.FORWARDED, **tensor_methods_extra.METHODS)
rng = onp.random.RandomState(3)
X = rng.uniform(0.2, 0.8, (3, 4))
MASK = X > 0.5
IDX = ms.Tensor(onp.array([2, 0]))

FD = {
    "acos": lambda x: x.acos(), "erfinv": lambda x: x.erfinv(),
    "logsumexp": lambda x: x.logsumexp(1, keepdim=True),
    "select": lambda x: x.select(1, 2), "select_cond": lambda x: x.select(MASK, x * 3.0),
    "expand": lambda x: x[:, :1].expand(2, 3, 4), "sum_to_size": lambda x: x.sum_to_size(1, 4),
    "masked_scatter": lambda x: x.masked_scatter(MASK, x[::-1] * 2.0),
    "index_put": lambda x: x.index_put((IDX, IDX), x[0, :2], True),
    "fill_diagonal": lambda x: x.fill_diagonal(0.5, True),
    "H": lambda x: x.H, "mH": lambda x: x.reshape(2, 2, 3).mH,
    "add": lambda x: x.add(x.sin(), alpha=2.5),
    "argmax_with_value": lambda x: x.argmax_with_value(1)[0],
    "scatter_add": lambda x: x.scatter_add(1, ms.Tensor([[0], [3], [1]]), x[:, :1]),
    "inplace_update": lambda x: x.inplace_update(x[:2] * 3.0, IDX),
    "where": lambda x: x.where(MASK, x.exp()),
    "repeat_interleave": lambda x: x.repeat_interleave(2, dim=1),
    "split": lambda x: x.split([1, 3], dim=1)[1], "chunk": lambda x: x.chunk(2, dim=1)[0],
    "index_select": lambda x: x.index_select(dim=1, index=IDX),
    "matrix_determinant": lambda x: x[:, :3].matrix_determinant(),
    "xdivy": lambda x: x.xdivy(x + 1.0), "inv": lambda x: x.inv(),
    "masked_select": lambda x: x.masked_select(MASK), "tril": lambda x: x.tril(-1),
    "unbind": lambda x: x.unbind(1)[2], "narrow": lambda x: x.narrow(1, 1, 2),
    "scatter_sub": lambda x: x.scatter_sub(ms.Tensor([[1]]), x[:1] * 2.0),
    "median": lambda x: x.median(dim=0)[0], "diag": lambda x: x[0].diag(),
}


@pytest.mark.parametrize("name", sorted(FD))
def test_float64_gradient_matches_finite_differences(name):
    check_grads(lambda x: ops.sum(FD[name](x)), modes=["rev"], order=1)(ms.Tensor(X))


@pytest.mark.parametrize("name", ["acos", "logsumexp", "masked_scatter", "index_put", "H",
                                  "sum_to_size", "fill_diagonal", "add"])
def test_float32_stays_float32(name):
    assert FD[name](ms.Tensor(X.astype(onp.float32))).dtype == onp.float32


def _traced_call(case):
    """Call the case's method with its Tensor as the traced value of a ``grad``."""
    tensors = []
    args = [decode(a, ms, tensors) for a in case["args"]]
    seen = []

    def loss(x):
        seen.append(METHODS.__getattr__(case["op"])(x, *args[1:], **{
            k: decode(v, ms, []) for k, v in case["kwargs"].items()}))
        return ops.sum(x)
    ops.grad(loss)(args[0])
    return seen


# the float cases ours computes: MindSpore's answer, or a CPU-kernel gap or broken method
# the replay test accepts
FLOAT_CALLS = [c for c in CASES if c["args"][0]["dtype"] in ("float32", "float64") and (
    c["out"].get("error") in (None, "RuntimeError") or c["op"] == "eigvals")]
# ints (or complex) only: called on int Tensors by the replay test, nothing to trace
NOT_FLOAT = {"gcd", "lcm", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
             "bitwise_right_shift", "invert", "bitwise_not", "bincount", "count_nonzero",
             "angle"}


@pytest.mark.parametrize("case", FLOAT_CALLS, ids=[c["op"] for c in FLOAT_CALLS])
def test_every_float_case_runs_on_a_traced_value(case):
    assert len(_traced_call(case)) == 1


def test_every_method_is_called_under_grad():
    called = {c["op"] for c in FLOAT_CALLS} | NOT_FLOAT
    names = set(OWN) | set(tensor_methods_extra.PROPERTIES)
    assert not names - called, sorted(names - called)


def test_every_method_has_a_docstring_and_none_shadows_numpy():
    for name, method in OWN.items():
        assert method.__doc__, name
        assert not hasattr(onp.ndarray, name), name
    assert "ptp" not in OWN and "itemset" not in OWN
    assert isinstance(vars(Array)["H"], property)


def test_importing_numpy_loads_no_lazy_ops_module():
    """The method tables look their ops up at call time: none of ``_LAZY``'s modules
    loads with ``import minpy_compat.numpy``."""
    code = "import sys, minpy_compat.numpy, minpy_compat.ops as o; print(sorted(m for m in " \
           "o._LAZY if 'minpy_compat.ops.' + m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


X32 = ms.Tensor(X.astype(onp.float32))
BAD = [
    (lambda: X32.select(2, 0), CellArgumentError, "Tensor.select dim"),
    (lambda: X32.expand(3, 5), CellArgumentError, "Tensor.expand size"),
    (lambda: X32.expand(2.5, 4), CellTypeError, "Tensor.expand size"),
    (lambda: X32.sum_to_size(2, 4), CellArgumentError, "Tensor.sum_to_size size"),
    (lambda: X32[0].fill_diagonal(1.0), CellArgumentError, "Tensor.fill_diagonal input"),
    (lambda: X32.masked_scatter(X32, X32), CellTypeError, "Tensor.masked_scatter mask"),
    (lambda: X32.masked_scatter(MASK, X32[0, :1]), CellArgumentError,
     "Tensor.masked_scatter source"),
    (lambda: X32.index_put(IDX, X32[0]), CellTypeError, "Tensor.index_put indices"),
    (lambda: X32[0].diag(1), CellArgumentError, "Tensor.diag diagonal"),
    (lambda: X32[0].H, CellArgumentError, "Tensor.H"),
    (lambda: X32[0].mH, CellArgumentError, "Tensor.mH"),
]


@pytest.mark.parametrize("call,kind,words", BAD, ids=[b[2] for b in BAD])
def test_bad_arguments_name_the_method_and_argument(call, kind, words):
    with pytest.raises(kind, match=words.replace(".", r"\.")):
        call()
