"""Claims of README.md (and benchmarks/README.md) that no other test pinned.

Each test names the claim it checks. Claims already pinned elsewhere are listed in the
report of the session that added this file, not tested twice.
"""
import inspect
import pathlib
import re
import sys

import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import Array, grad
from minpy_compat.errors import NoGradientFuncError

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
PACKAGE = ROOT / "minpy_compat"


def _section(title):
    """The text of the README section under `## title`, up to the next heading."""
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


# ---- "What you get": drop-in NumPy -------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: np.sum(np.arange(3.0)),
    lambda: np.dot(np.ones(3), np.ones(3)),
    lambda: np.argmax(np.arange(3.0)),
    lambda: np.linalg.norm(np.ones(3)),
    lambda: np.linalg.det(np.eye(2)),
    lambda: np.sin(1.0),
    lambda: np.arange(3.0).sum(),
    lambda: np.arange(3.0).max(),
    lambda: np.arange(3.0).mean(),
    lambda: np.arange(3.0).argmax(),
    lambda: np.arange(3.0).argmin(),
    lambda: np.eye(2).trace(),
    lambda: np.ones(3).dot(np.ones(3)),
    lambda: np.arange(3.0).searchsorted(1.5),
])
def test_a_functions_scalar_result_is_a_0d_array(call):
    """Claim: "a function's scalar result is a 0-d Array (np.sum(a), np.dot(u, v),
    np.argmax(a)), as are those of the methods (a.sum(), a.argmax(), a.dot(v))"."""
    result = call()
    assert isinstance(result, Array) and result.shape == ()


def test_an_element_and_a_sizeless_draw_are_scalars_as_in_numpy():
    """Claim: "as in NumPy, one element read by indexing (a[0]) is a NumPy scalar and a
    draw without size (np.random.rand()) a Python number"."""
    assert type(np.arange(3.0)[1]) is type(numpy.arange(3.0)[1]) is onp.float64
    assert type(np.random.rand()) is type(numpy.random.rand()) is float
    assert type(np.random.default_rng(0).normal()) is float


def test_float32_stays_float32_in_a_0d_result_and_its_gradient():
    """Claim: "float32 stays float32, gradients included" (for a scalar mean)."""
    x = onp.ones(3, onp.float32)
    assert np.mean(x).dtype == onp.float32
    assert grad(lambda v: np.mean(v * 2.0))(x).dtype == onp.float32


# ---- "What you get": gradients -------------------------------------------------------------

@pytest.mark.parametrize("argnum", [[0, 0], (1, 0, 1)])
def test_an_argnum_given_twice_gets_its_gradient_twice(argnum):
    """Claim: "an argnum given twice gets its gradient twice" (plain arrays)."""
    a, b = onp.array([1.0, 2.0]), onp.array([3.0, 5.0])
    got = grad(lambda x, y: np.sum(x * x * y), argnum=argnum)(a, b)
    want = {0: 2 * a * b, 1: a * a}
    assert len(got) == len(argnum)
    for g, index in zip(got, argnum):
        onp.testing.assert_array_equal(g, want[index])
    got[0][0] = -1.0  # separate arrays: writing the first leaves the repeat alone
    assert got[-1][0] == want[argnum[-1]][0]


# ---- "What you get": plain NumPy on traced values ------------------------------------------

def test_a_facade_keyword_the_rule_handles_is_kept():
    """Claim: the facade refuses only the keywords a gradient rule lacks; dtype= of a ufunc
    is one it handles (np.sin(x, dtype=...) is differentiated)."""
    x = onp.array([0.5, 1.0])
    g = grad(lambda v: np.sum(np.sin(v, dtype=onp.float64)))(x)
    onp.testing.assert_allclose(g, onp.cos(x))


def test_numpys_own_ufunc_takes_the_facades_keywords_on_a_traced_value():
    """Claim: NumPy's own ufuncs on a traced value are the facade's: numpy.sin(x, dtype=...)
    is differentiated, and a keyword no gradient rule handles is refused by name."""
    x = onp.array([0.5, 1.0], onp.float32)
    g = grad(lambda v: np.sum(numpy.sin(v, dtype=onp.float64)))(x)
    onp.testing.assert_allclose(g, onp.cos(x), rtol=1e-6)
    assert g.dtype == onp.float32
    with pytest.raises(NoGradientFuncError, match=r"minpy_compat\.numpy\.sin: expected keyword "
                                                  r"arguments its gradient rule handles"):
        grad(lambda v: np.sum(numpy.sin(v, order="F")))(x)


# ---- MXNet: an ImportError that gives the install command -----------------------------------

@pytest.fixture
def no_mxnet(monkeypatch):
    from minpy_compat.backends import mxnet_backend
    monkeypatch.setitem(sys.modules, "mxnet", None)  # "import mxnet" now raises ImportError
    monkeypatch.setattr(mxnet_backend, "_mx", None)


def test_an_mxnet_custom_kernel_without_mxnet_gives_the_install_command(no_mxnet):
    """Claim: "asking for an MXNet feature without it (... ops.Custom(func_type='mxnet') ...)
    raises an ImportError that gives this command"."""
    import minpy_compat as ms
    from minpy_compat import ops
    with pytest.raises(ImportError, match=r"Custom\(<lambda>\): expected MXNet to be "
                                          r"importable.*pip install \"mxnet==1\.9\.1\" "
                                          r"\"numpy<1\.24\""):
        ops.Custom(lambda x: x * 2, lambda s: s, lambda d: d, func_type="mxnet")(
            ms.Tensor([1.0]))


# ---- Training: examples and notebooks ---------------------------------------------------------

def test_the_examples_named_are_the_examples_there():
    """Claim: the examples list (examples/demo.py, mlp_digits.py, cnn_digits.py,
    rnn_adding.py, seed_004_customop.py, examples/cell/) names every example script."""
    text = _section("Training: MinPy's nn toolkit, examples, notebooks")
    paragraph = text.split("Examples (", 1)[1].split("\n\n", 1)[0]
    named = set(re.findall(r"`(?:examples/)?(\w+\.py)`", paragraph))
    there = {path.name for path in (ROOT / "examples").glob("*.py")} - {"example_utils.py"}
    assert named == there
    assert "`examples/cell/`" in paragraph and list((ROOT / "examples" / "cell").glob("*.py"))
    layout = README.split("## Layout", 1)[1]
    assert "seed_004_customop.py" in layout and "demo.py" in layout


def test_the_notebooks_named_are_the_notebooks_there():
    """Claim: the notebook list (01_numpy_under_minpy, 01b_policies_and_contexts, 02_autograd,
    03_custom_operators, 04_cell_layer, 05_training_with_solver) is the folder's contents
    (the notebook tests run every notebook in the folder)."""
    text = _section("Training: MinPy's nn toolkit, examples, notebooks")
    paragraph = text.split("Notebooks in `examples/notebooks/`", 1)[1].split("\n\n", 1)[0]
    named = set(re.findall(r"`(\w+)`", paragraph))
    there = {path.stem for path in (ROOT / "examples" / "notebooks").glob("*.ipynb")}
    assert named == there


# ---- Layout and make targets ----------------------------------------------------------------

def test_the_layout_names_every_module_and_subpackage():
    """Claim: the Layout section lists the package's modules (minpy_compat/: errors, context,
    array, ...) and its subpackages (numpy/, backends/, dispatch/, nn/, ops/, common/,
    utils/)."""
    layout = README.split("## Layout", 1)[1].split("```", 2)[1]
    words = set(re.findall(r"[a-z_]+", layout))
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert sorted(modules - words) == []
    assert sorted(p for p in packages if f"{p}/" not in layout) == []
    for name in ("bench_core.py", "bench_floor.py", "bench_mxnet.py"):
        assert name in layout and (ROOT / "benchmarks" / name).exists()


def test_every_make_command_the_readmes_give_is_a_target():
    """Claim: the make commands of README.md and benchmarks/README.md (make demo, make test,
    make bench) exist; make bench runs benchmarks/bench_core.py in the full environment."""
    makefile = (ROOT / "Makefile").read_text()
    texts = README + (ROOT / "benchmarks" / "README.md").read_text()
    commands = set(re.findall(r"(?:^\s*|`)make ([\w-]+)", texts, flags=re.M))
    assert {"demo", "test", "bench"} <= commands
    for target in commands:
        assert re.search(rf"^{target}:", makefile, flags=re.M), target
    bench = makefile.split("\nbench:", 1)[1].split("\n\n", 1)[0]
    assert "$(FULL)/bin/python benchmarks/bench_core.py" in bench


def test_the_mxnet_extra_is_the_install_command():
    """Claim: "Install it with pip install "mxnet==1.9.1" "numpy<1.24" ..., or use the mxnet
    extra": the extra pins the same two versions."""
    setup = (ROOT / "setup.cfg").read_text()
    extra = setup.split("\nmxnet =", 1)[1].split("\ntest =", 1)[0]
    assert "mxnet==1.9.1" in extra and "numpy<1.24" in extra
    assert 'pip install "mxnet==1.9.1" "numpy<1.24"' in README


# ---- The Cell layer: every name given exists, every nn name is given --------------------------

def _cell_tables():
    """(piece, where, notes) of each table row in the Cell-layer section."""
    text = _section("The Cell layer: MindSpore's custom higher-order programming")
    rows = [re.split(r"(?<!\\)\|", line)[1:-1] for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| ---")]
    return [[cell.strip() for cell in row] for row in rows if row[0].strip() not in
            ("piece", "family")]


def _resolve(name):
    """The object a README name stands for: nn., ops., ms. and minpy_compat. name modules;
    a bare name is one of nn's, ops', ms', a Cell method or a Tensor method."""
    import minpy_compat as ms
    from minpy_compat import nn, ops
    modules = {"nn": nn, "ops": ops, "ms": ms, "minpy_compat": ms}
    first, *rest = name.split(".")
    if first in modules:
        found, parts = modules[first], rest
    else:
        found = next((space for space in (nn, ops, ms, nn.Cell, ms.Tensor)
                      if hasattr(space, first)), None)
        parts = name.split(".")
    for part in parts:
        found = getattr(found, part, None)
    return found


# what a user defines on a Cell subclass, as in MindSpore: the Cell layer reads these names
CELL_PROTOCOL = {"construct", "bprop", "internal_params"}


def test_every_name_the_cell_layer_tables_give_exists():
    """Claim: the "where" column of the Cell-layer tables names things that exist, each in
    full (no `2d` fragments of an earlier name); a bare name after a class may be one of
    its parameters (`nn.Adam` (`use_amsgrad` too)); and each `nn.X`, `ops.X` or `ms.X` the
    section writes elsewhere (notes, the list of differences) exists too."""
    missing, count = [], 0
    for _, where, _ in _cell_tables():
        owner = None
        for span in re.findall(r"`([^`]+)`", where):
            count += 1
            name = re.match(r"[A-Za-z_][\w.]*", span)
            found = _resolve(name.group()) if name else None
            if found is None and name and owner is not None:
                parameters = inspect.signature(owner).parameters
                found = True if name.group() in parameters else None
            if found is None and not (name and name.group() in CELL_PROTOCOL):
                missing.append(span)
            owner = found if inspect.isclass(found) else owner
    text = _section("The Cell layer: MindSpore's custom higher-order programming")
    named = set(re.findall(r"`((?:nn|ops|ms)\.[A-Za-z_][\w.]*)", text))  # notes, list too
    missing += [name for name in sorted(named) if _resolve(name) is None]
    assert count > 150 and missing == []


def test_every_exported_nn_name_is_in_the_cell_layer_section():
    """Claim: the Cell-layer section lists what nn exports, each name written in full."""
    from minpy_compat import nn
    text = _section("The Cell layer: MindSpore's custom higher-order programming")
    assert [name for name in nn.__all__ if f"`nn.{name}`" not in text] == []


def test_the_ops_mindspore_gets_wrong_are_accepted_differences_of_the_oracle():
    """Claim: "where MindSpore 2.10 is wrong (`selu`'s gradient ..., `ReduceProd()`'s
    gradient ...)": each is a gradient difference tests/test_cell_oracle_ops.py accepts."""
    import test_cell_oracle_ops as oracle
    notes = next(notes for piece, _, notes in _cell_tables() if piece == "ops")
    wrong = notes.split("where MindSpore 2.10 is wrong (", 1)[1].split(")", 1)[0]
    ops_named = re.findall(r"`(\w+)(?:\(\))?`'s gradient", wrong)
    assert ops_named
    for op in ops_named:
        assert any(case["op"] == op and oracle.accepted(case, "gradient")
                   for case in oracle.CASES), op
