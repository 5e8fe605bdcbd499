"""``ms.mint``: lazily loaded, float64 finite-difference checks of the adapted functions,
float32 kept, and errors naming ``mint.<name>`` (values are replayed against MindSpore in
``test_cell_oracle_mint.py``)."""
import subprocess
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import mint
from minpy_compat.errors import CellArgumentError, CellTypeError

rng = onp.random.RandomState(0)
X = rng.uniform(0.5, 2.0, (2, 3, 4))
IDX = onp.array([[[0, 2, 1, 1]] * 3] * 2)
GRAD_CASES = {
    "sum": lambda x: mint.sum(x, 1, True), "mean": lambda x: mint.mean(x, (0, 2)),
    "prod": lambda x: mint.prod(x, 2), "amax": lambda x: mint.amax(x, 1),
    "amin": lambda x: mint.amin(x, (0, 1)), "max": lambda x: mint.max(x, 1)[0],
    "min": lambda x: mint.min(x, x[0]), "std": lambda x: mint.std(x, 2),
    "var": lambda x: mint.var(x, correction=0), "std_mean": lambda x: mint.std_mean(x, 1)[0],
    "var_mean": lambda x: mint.var_mean(x, 1)[1], "median": lambda x: mint.median(x, 1)[0],
    "nansum": lambda x: mint.nansum(x, 0), "cumsum": lambda x: mint.cumsum(x, 2),
    "cummax": lambda x: mint.cummax(x, 1)[0], "cummin": lambda x: mint.cummin(x, 1)[0],
    "kthvalue": lambda x: mint.kthvalue(x, 2)[0], "norm": lambda x: mint.norm(x, 3.0, 1),
    "cat": lambda x: mint.cat([x, x * 2], 1), "stack": lambda x: mint.stack([x, x], -1),
    "chunk": lambda x: mint.chunk(x, 2, 2)[1], "split": lambda x: mint.split(x, [1, 2], 1)[1],
    "flatten": lambda x: mint.flatten(x, 1), "squeeze": lambda x: mint.squeeze(x[:1], 0),
    "permute": lambda x: mint.permute(x, (2, 0, 1)), "transpose": lambda x: mint.transpose(
        x, 0, 2), "t": lambda x: mint.t(x[0]), "narrow": lambda x: mint.narrow(x, 2, 1, 2),
    "select": lambda x: mint.select(x, 1, 2), "diag": lambda x: mint.diag(x[0], 1),
    "diff": lambda x: mint.diff(x, 1, 1), "meshgrid": lambda x: mint.meshgrid(
        x[0, 0], x[1, 1])[0], "repeat_interleave": lambda x: mint.repeat_interleave(x, 2, 1),
    "take": lambda x: mint.take(x, ms.Tensor([0, 5, -1])), "clone": mint.clone,
    "gather": lambda x: mint.gather(x, 2, ms.Tensor(IDX)),
    "index_select": lambda x: mint.index_select(x, 2, ms.Tensor([3, 0])),
    "index_add": lambda x: mint.index_add(x, 2, ms.Tensor([1, 1]), x[..., :2], alpha=2),
    "scatter": lambda x: mint.scatter(x, 2, ms.Tensor(IDX[..., :2] + [0, 1]), x[..., :2]),
    "scatter_add": lambda x: mint.scatter_add(x, 2, ms.Tensor(IDX), x),
    "sort": lambda x: mint.sort(x, dim=1, descending=True)[0],
    "topk": lambda x: mint.topk(x, 2)[0], "where": lambda x: mint.where(x > 1, x, -x),
    "cdist": lambda x: mint.cdist(x, x[:, :2]), "add": lambda x: mint.add(x, x ** 2, alpha=3),
    "sub": lambda x: mint.sub(x, 1.0, alpha=2), "mul": lambda x: mint.mul(x, x),
    "div": lambda x: mint.div(1.0, x), "clamp": lambda x: mint.clamp(x, 0.8, 1.5),
    "clip": lambda x: mint.clip(x, max=1.2), "fmod": lambda x: mint.fmod(x, 0.7),
    "remainder": lambda x: mint.remainder(x, 0.7), "lerp": lambda x: mint.lerp(x, x ** 2, 0.3),
    "xlogy": lambda x: mint.xlogy(x, x), "addcdiv": lambda x: mint.addcdiv(x, x, x + 1, value=2),
    "addcmul": lambda x: mint.addcmul(x, x, x, value=2),
    "baddbmm": lambda x: mint.baddbmm(x[:, :, :3], x, mint.transpose(
        x, 1, 2)[:, :, :3], beta=2, alpha=0.5),
    "arcsin": lambda x: mint.arcsin(x / 3), "erf": mint.erf, "frac": mint.frac,
    "vdot": lambda x: mint.vdot(x[0, 0], x[1, 1]), "bmm": lambda x: mint.bmm(
        x, mint.transpose(x, 1, 2)), "mv": lambda x: mint.mv(x[0], x[1, 0]),
    "softmax": lambda x: mint.softmax(x, 1), "fix": mint.fix, "real": mint.real,
    "conv2d": lambda x: mint.conv2d(x[None], x[None, :, :2, :2], padding=1),
    "triangular_solve": lambda x: mint.triangular_solve(x[0, :, :2], mint.tril(
        x[0, :, :3]) + 2, upper=False)[0],
    "linalg.vector_norm": lambda x: mint.linalg.vector_norm(x, 1, 2),
    "special.log_softmax": lambda x: mint.special.log_softmax(x, 1),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_gradients_match_finite_differences_in_float64(name):
    check_grads(GRAD_CASES[name], modes=["rev"], order=1)(ms.Tensor(X))


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_float32_stays_float32(name):
    out = GRAD_CASES[name](ms.Tensor(X.astype(onp.float32)))
    assert onp.asarray(out).dtype == onp.float32


def test_every_adapted_function_has_a_gradient_case_or_is_not_differentiable():
    from minpy_compat.mint import _EXPORTS
    not_float = {"all", "any", "argmin", "count_nonzero", "argsort", "unique", "histc", "eq",
                 "ge", "greater_equal", "less", "lt", "floor_divide", "bitwise_not",
                 "allclose", "isnan", "imag", "item", "reshape", "concat", "Tensor"}
    adapted = {n for m, names in _EXPORTS.items() if m not in ("same", "creation")
               for n in names}
    assert adapted - set(GRAD_CASES) - not_float == set()


@pytest.mark.parametrize("call, error, words", [
    (lambda: mint.sum(ms.Tensor(X), 3), CellArgumentError, "mint.sum dim"),
    (lambda: mint.sum([1.0], 0), CellTypeError, "mint.sum input"),
    (lambda: mint.max(ms.Tensor(X), 1, False, 2), CellTypeError, "mint.max"),
    (lambda: mint.std(ms.Tensor(X), correction="1"), CellTypeError, "mint.std correction"),
    (lambda: mint.kthvalue(ms.Tensor(X), 9), CellArgumentError, "mint.kthvalue k"),
    (lambda: mint.norm(ms.Tensor(X), "inf"), CellArgumentError, "mint.norm p"),
    (lambda: mint.cat([ms.Tensor(X), ms.Tensor(X[:, :1, :2])], 1), CellArgumentError,
     r"mint.cat tensors\[1\]"),
    (lambda: mint.cat(ms.Tensor(X)), CellTypeError, "mint.cat tensors"),
    (lambda: mint.squeeze(ms.Tensor(X)), CellTypeError, "mint.squeeze dim"),
    (lambda: mint.permute(ms.Tensor(X), (0, 0, 1)), CellArgumentError, "mint.permute dims"),
    (lambda: mint.t(ms.Tensor(X)), CellArgumentError, "mint.t input"),
    (lambda: mint.narrow(ms.Tensor(X), 1, 0, 5), CellArgumentError, "mint.narrow length"),
    (lambda: mint.select(ms.Tensor(X), 1, 3), CellArgumentError, "mint.select index"),
    (lambda: mint.diag(ms.Tensor(X)), CellArgumentError, "mint.diag input"),
    (lambda: mint.meshgrid(ms.Tensor(X[0, 0]), indexing="yx"), CellArgumentError,
     "mint.meshgrid indexing"),
    (lambda: mint.take(ms.Tensor(X), ms.Tensor([99])), CellArgumentError, "mint.take index"),
    (lambda: mint.gather(ms.Tensor(X), 2, ms.Tensor(X)), CellTypeError, "mint.gather index"),
    (lambda: mint.topk(ms.Tensor(X), 5), CellArgumentError, "mint.topk k"),
    (lambda: mint.where(ms.Tensor(X), 1.0, 2.0), CellTypeError, "mint.where condition"),
    (lambda: mint.where(), CellTypeError, "mint.where"),
    (lambda: mint.histc(ms.Tensor(X), 0), CellArgumentError, "mint.histc bins"),
    (lambda: mint.cdist(ms.Tensor(X), ms.Tensor(X), -1), CellArgumentError, "mint.cdist p"),
    (lambda: mint.add(ms.Tensor(X), 1.0, alpha="2"), CellTypeError, "mint.add alpha"),
    (lambda: mint.div(ms.Tensor(X), 2.0, rounding_mode="up"), CellArgumentError,
     "mint.div rounding_mode"),
    (lambda: mint.clamp(ms.Tensor(X)), CellArgumentError, "mint.clamp min, max"),
    (lambda: mint.bitwise_not(ms.Tensor(X)), CellTypeError, "mint.bitwise_not input"),
    (lambda: mint.vdot(ms.Tensor(X), ms.Tensor(X)), CellArgumentError, "mint.vdot"),
    (lambda: mint.item(ms.Tensor(X)), CellArgumentError, "mint.item input"),
    (lambda: mint.softmax(ms.Tensor(X), 5), CellArgumentError, "mint.softmax dim"),
    (lambda: mint.zeros((2, -1)), CellTypeError, "mint.zeros size"),
    (lambda: mint.rand(2, generator=object()), CellTypeError, "mint.rand generator"),
    (lambda: mint.randint(1.5, (2,)), CellTypeError, "mint.randint high"),
    (lambda: mint.randperm(-1), CellArgumentError, "mint.randperm n"),
    (lambda: mint.normal(0.0, 1.0), CellArgumentError, "mint.normal size"),
    (lambda: mint.linspace(0, 1, 0), CellArgumentError, "mint.linspace steps"),
    (lambda: mint.conv2d(ms.Tensor(X[None]), ms.Tensor(X[None]), padding="full"),
     CellArgumentError, "mint.conv2d padding"),
    (lambda: mint.triangular_solve(ms.Tensor(X[0]), ms.Tensor(X[0])), CellArgumentError,
     "mint.triangular_solve A"),
    (lambda: mint.special.log_softmax(ms.Tensor(X), 4), CellArgumentError,
     "mint.special.log_softmax dim"),
    (lambda: mint.linalg.inv([[1.0]]), CellTypeError, "mint.linalg.inv input"),
])
def test_bad_arguments_name_the_function(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_every_adapted_name_has_a_docstring():
    from minpy_compat.mint import SAME_AS_OPS  # ops' own functions: documented with ops
    subs = ["linalg." + n for n in ("inv", "norm", "qr")]
    for name in sorted(set(mint.__all__) - set(SAME_AS_OPS)) + subs:
        fn = mint
        for part in name.split("."):
            fn = getattr(fn, part)
        assert (fn.__doc__ or "").strip(), name


def test_creation_keeps_torch_defaults():
    assert mint.zeros((2, 3)).shape == (2, 3) and mint.ones((2,)).dtype == onp.float32
    assert mint.randint(3, 5, (4,)).dtype == onp.int64 and mint.randperm(3).dtype == onp.int64
    assert mint.linspace(0, 1, 3, dtype=ms.float64).dtype == onp.float64


def test_mint_loads_lazily():
    code = "import sys, minpy_compat; print('minpy_compat.mint' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr
