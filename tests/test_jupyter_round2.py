"""The Jupyter experience, round 2: progress bars, notebooks without their optional
packages, and printing values inside ``grad``.

Notebook tests need the full environment (nbclient, ipykernel); they hide a package from
the kernel with a ``sitecustomize`` that puts ``None`` in ``sys.modules`` for it.
"""
import doctest
import importlib
import io
import os
import sys

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import customop, grad
from minpy_compat.errors import TracedValueError
from minpy_compat.utils import progress as progress_module
from minpy_compat.utils.progress import bar_disabled, progress

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")
NOTEBOOKS = os.path.join(EXAMPLES, "notebooks")
WIDGET = "application/vnd.jupyter.widget-view+json"


def example_utils():
    sys.path.insert(0, EXAMPLES)
    try:
        return importlib.import_module("example_utils")
    finally:
        sys.path.remove(EXAMPLES)


def needs_notebooks():
    for module in ("nbformat", "nbclient", "ipykernel"):
        pytest.importorskip(module, reason=f"{module} is not installed (the notebook tests "
                            "run in the full environment)")


def run_notebook(tmp_path, cells=None, path=None, hide=(), stop_on_error=True):
    """Run a notebook (a file or a list of code cells) in a kernel that cannot import the
    modules in ``hide``; returns the executed notebook."""
    import nbclient
    import nbformat
    hider = tmp_path / "hide"
    hider.mkdir(exist_ok=True)
    (hider / "sitecustomize.py").write_text(
        "import sys\nfor name in %r:\n    sys.modules[name] = None\n" % (list(hide),))
    if path is not None:
        book = nbformat.read(path, as_version=4)
    else:
        book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(hider), ROOT, EXAMPLES]),
               MPLBACKEND="Agg")
    env.pop("TQDM_DISABLE", None)
    client = nbclient.NotebookClient(book, kernel_name="python3", timeout=120,
                                     allow_errors=not stop_on_error,
                                     resources={"metadata": {"path": NOTEBOOKS}})
    client.execute(env=env)
    return book


def outputs(cell, kind):
    return [o for o in cell.outputs if o.output_type == kind]


def stream(cell, name):
    return "".join(o.text for o in outputs(cell, "stream") if o.name == name)


# ---- progress bars ---------------------------------------------------------------------
@pytest.mark.parametrize("setting, disabled", [("1", True), ("True", True), (" yes ", True),
                                               ("", False), ("0", False), ("off", False)])
def test_tqdm_disable_is_read_at_each_call(monkeypatch, setting, disabled):
    monkeypatch.setenv("TQDM_DISABLE", setting)
    assert bar_disabled() is disabled
    assert progress(range(2), file=io.StringIO()).disable is disabled


def test_progress_draws_nothing_when_not_verbose(monkeypatch, capsys):
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    assert list(progress(range(3), verbose=False)) == [0, 1, 2]
    assert capsys.readouterr() == ("", "")


def test_progress_in_a_terminal_is_text_on_stderr_and_lines_go_to_stdout(monkeypatch, capsys):
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    with progress(range(2), desc="steps", unit="batch") as bar:
        for _ in bar:
            bar.write("a line")
    out, err = capsys.readouterr()
    assert out == "a line\na line\n"
    assert "steps" in err and "2/2" in err and "batch" in err


def test_the_progress_doctests_pass():
    result = doctest.testmod(progress_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted and not result.failed


def test_the_examples_training_loop_hides_its_bar_under_tqdm_disable(monkeypatch, capsys):
    # tqdm reads TQDM_DISABLE once, when it is imported: setting it later did nothing here
    train_steps = example_utils().train_steps
    monkeypatch.setenv("TQDM_DISABLE", "1")
    assert train_steps(lambda a: a * 2.0, [(1.0,), (2.0,)], total=2) == [2.0, 4.0]
    assert capsys.readouterr() == ("", "")
    monkeypatch.setenv("TQDM_DISABLE", "0")
    train_steps(lambda a: a * 2.0, [(1.0,)], total=1, desc="epoch 1/1")
    assert "epoch 1/1" in capsys.readouterr().err


def test_in_a_notebook_the_examples_bar_is_a_widget_and_tqdm_disable_silences_it(tmp_path):
    needs_notebooks()
    pytest.importorskip("ipywidgets", reason="ipywidgets is not installed (full environment)")
    step = "from example_utils import train_steps\nprint(train_steps(lambda a: a, [(1.0,)], 1))"
    book = run_notebook(tmp_path, [step, "%env TQDM_DISABLE=1\n" + step])
    shown, silenced = ([o for o in cell.outputs if WIDGET in o.get("data", {})]
                       for cell in book.cells)
    assert len(shown) == 1 and not silenced
    assert all(stream(cell, "stdout").endswith("[1.0]\n") for cell in book.cells)
    assert not any(stream(cell, "stderr") for cell in book.cells)


def test_a_notebook_without_ipywidgets_gets_a_text_bar_and_no_stderr(tmp_path):
    needs_notebooks()
    cells = ["from example_utils import train_steps\n"
             "print(train_steps(lambda a: a, [(1.0,), (2.0,)], 2, desc='epoch 1'))",
             "from minpy_compat.utils.progress import progress\n"
             "print(sum(progress(range(4), desc='sum')))"]
    book = run_notebook(tmp_path, cells, hide=["ipywidgets"])
    first, second = book.cells
    assert not any(stream(cell, "stderr") for cell in book.cells)  # no TqdmWarning, no red box
    assert "epoch 1" in stream(first, "stdout") and "2/2" in stream(first, "stdout")
    assert stream(second, "stdout").endswith("6\n") and "4/4" in stream(second, "stdout")
    assert not any(WIDGET in o.get("data", {}) for cell in book.cells for o in cell.outputs)


# ---- notebooks without their optional packages ------------------------------------------
@pytest.mark.parametrize("name, hidden, install", [
    ("01b_policies_and_contexts.ipynb", "mxnet", 'pip install "mxnet==1.9.1" "numpy<1.24"'),
    ("05_training_with_solver.ipynb", "sklearn", "pip install scikit-learn"),
    ("06_cell_conv_net.ipynb", "sklearn", "pip install scikit-learn"),
    ("08_mindspore_training.ipynb", "sklearn", "pip install scikit-learn"),
])
def test_a_notebook_stops_at_once_saying_what_to_install(tmp_path, name, hidden, install):
    needs_notebooks()
    import nbclient
    with pytest.raises(nbclient.exceptions.CellExecutionError) as raised:
        run_notebook(tmp_path, path=os.path.join(NOTEBOOKS, name), hide=[hidden])
    text = str(raised.value)
    assert "this notebook: expected" in text and install in text
    assert "NameError" not in text and "ModuleNotFoundError" not in text


@pytest.mark.parametrize("name", ["04_cell_layer.ipynb", "05_training_with_solver.ipynb"])
def test_a_notebook_without_matplotlib_runs_and_says_how_to_get_the_plot(tmp_path, name):
    needs_notebooks()
    pytest.importorskip("sklearn", reason="scikit-learn is not installed (full environment)")
    book = run_notebook(tmp_path, path=os.path.join(NOTEBOOKS, name), hide=["matplotlib"])
    printed = "".join(stream(cell, "stdout") for cell in book.cells if cell.cell_type == "code")
    assert "need" in printed and "matplotlib: pip install matplotlib" in printed


# ---- printing inside grad ---------------------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_format_float_functions_print_a_traced_value(dtype):
    seen = []

    def loss(x):
        value = np.sum(x * x)
        seen.append((np.format_float_positional(value, precision=3),
                     np.format_float_scientific(value, precision=2)))
        return value

    grad(loss)(np.array([1.0, 0.5], dtype=dtype))
    plain = onp.sum(onp.array([1.0, 0.5], dtype=dtype) ** 2)
    assert seen == [(onp.format_float_positional(plain, precision=3),
                     onp.format_float_scientific(plain, precision=2))]


def test_percent_formatting_a_traced_value_says_how_to_print_it():
    def loss(x):
        value = np.sum(x)
        print("loss %.3f" % value)
        return value

    with pytest.raises(TracedValueError, match=r"float\(\)/int\(\) of a traced value: .*to "
                       r"print it, use f'\{x:.4f\}' or print\(x\)"):
        grad(loss)(np.ones(2))


@pytest.fixture
def mxnet_double():
    pytest.importorskip("mxnet", reason="MXNet is not installed (the MXNet tests run in the "
                        "full environment)")

    @customop("mxnet")
    def double(x):
        return x * 2

    double.def_grad(lambda ans, x: lambda g: g * 2)
    return double


@pytest.mark.parametrize("policy", ["prefer_mxnet", "only_mxnet"])
def test_numpy_printing_functions_print_mxnet_values_under_every_policy(mxnet_double, policy):
    from minpy_compat.dispatch.policy import wrap_policy
    expected = onp.array([2.0, 4.5])
    with wrap_policy(policy):
        y = mxnet_double(np.array([1.0, 2.25]))
        assert np.array_repr(y) == onp.array_repr(expected)  # array(...), not MXArray(...)
        assert np.array2string(y) == onp.array2string(expected)
        assert np.array_str(y) == onp.array_str(expected)
        assert np.format_float_positional(np.sum(y)) == "6.5"
        seen = []

        def loss(x):
            traced = mxnet_double(x)
            seen.append((np.array2string(traced, precision=1), np.array_repr(traced)))
            return np.sum(traced)

        grad(loss)(np.array([1.0, 2.25]))
    assert seen == [(onp.array2string(expected, precision=1), onp.array_repr(expected))]
