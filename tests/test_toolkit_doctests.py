"""The MinPy toolkit's docstring examples run and show what they say; arrays and the
Solver's progress bar behave in Jupyter as they do in NumPy and tqdm.

The examples print floats through ``float``/``round``/``tolist`` or array reprs, so
they read the same under NumPy 1.x and 2.x (NumPy 2 writes scalars as ``np.float64(..)``).
"""
import doctest
import importlib
import inspect
import os
import re

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.solver import Solver
from minpy_compat.utils import progress as progress_module
from toolkit_helpers import Linear

TOOLKIT = ["minpy_compat.nn.layers", "minpy_compat.nn.layers_dense",
           "minpy_compat.nn.layers_losses", "minpy_compat.nn.layers_recurrent",
           "minpy_compat.nn.model", "minpy_compat.nn.solver",
           "minpy_compat.nn.io", "minpy_compat.nn.io_files", "minpy_compat.nn.optim",
           "minpy_compat.nn.init",
           "minpy_compat.utils.gradient_checker", "minpy_compat.utils.minprof",
           "minpy_compat.utils.log", "minpy_compat.utils.common"]
# Also run, not walked for missing examples: conv is the Cell-layer owner's file.
OTHERS = ["minpy_compat.nn.conv", "minpy_compat.array"]
# Public names whose example lives elsewhere, with the reason.
NO_EXAMPLE_NEEDED = {"DataIter": "an abstract base; NDArrayIter's examples show the protocol",
                     "ColourHandler": "get_logger's example logs through it"}


@pytest.mark.parametrize("name", TOOLKIT + OTHERS)
def test_docstring_examples(name):
    before = onp.get_printoptions()
    try:
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    finally:
        onp.set_printoptions(**before)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", TOOLKIT)
def test_every_public_name_appears_in_an_example(name):
    module = importlib.import_module(name)
    examples = "\n".join(line for text in _docstrings(module) for line in text.splitlines()
                         if line.lstrip().startswith((">>>", "...")))
    missing = [key for key, value in vars(module).items()
               if not key.startswith("_") and key not in NO_EXAMPLE_NEEDED
               and (inspect.isfunction(value) or inspect.isclass(value))
               and value.__module__ == name and not re.search(rf"\b{key}\b", examples)]
    assert not missing, f"{name}: public names with no runnable example: {missing}"


def _docstrings(module):
    yield module.__doc__ or ""
    for value in vars(module).values():
        if getattr(value, "__module__", None) == module.__name__:
            yield getattr(value, "__doc__", None) or ""
            for member in vars(value).values() if inspect.isclass(value) else ():
                yield getattr(member, "__doc__", None) or ""


# ---- arrays print as NumPy's do (a notebook shows repr) -------------------------------------
ARRAYS = {"float": lambda: np.array([1.0, 2.5]), "0-d": lambda: np.array(3.0),
          "reduction": lambda: np.sum(np.ones(3)), "float32": lambda: np.ones(2, np.float32),
          "summarised": lambda: np.arange(5000.0), "complex": lambda: np.array([1 + 2j, 3j]),
          "int": lambda: np.arange(3), "bool": lambda: np.array([True, False]),
          "empty": lambda: np.zeros((0, 3)), "matrix": lambda: np.ones((2, 3)) / 3,
          "float16": lambda: np.ones(2, np.float16), "strided": lambda: np.ones((3, 3))[::2].T}


@pytest.fixture(params=sorted(ARRAYS))
def array_pair(request):
    ours = ARRAYS[request.param]()
    assert type(ours).__name__ == "Array"
    return ours, onp.array(ours.view(onp.ndarray))


def test_an_array_prints_as_numpy_prints_it(array_pair):
    ours, plain = array_pair
    assert repr(ours) == repr(plain) and str(ours) == str(plain)
    assert "..." not in repr(ours) or plain.size > 1000  # summarised exactly where NumPy does


def test_print_options_apply_to_our_arrays(array_pair):
    ours, plain = array_pair
    with np.printoptions(precision=2, threshold=4, edgeitems=1, sign="+", floatmode="fixed"):
        assert repr(ours) == repr(plain) and str(ours) == str(plain)
    before = onp.get_printoptions()
    try:
        np.set_printoptions(precision=3, suppress=True, linewidth=30)
        assert repr(ours) == repr(plain)
    finally:
        onp.set_printoptions(**before)


def test_ipython_shows_our_arrays_as_numpy_arrays(array_pair):
    interactiveshell = pytest.importorskip(
        "IPython.core.interactiveshell", reason="IPython is not installed (full environment)")
    ours, plain = array_pair
    formatter = interactiveshell.InteractiveShell.instance().display_formatter
    assert formatter.format(ours) == formatter.format(plain)


# ---- traced values print their numbers ----------------------------------------------------
def test_a_traced_value_prints_its_array():
    seen = {}

    def f(x):
        total = np.sum(x * 2)
        seen.update(vector=repr(x), scalar=repr(total), text=str(total), spec=f"{total:.1f}")
        return total

    grad(f)(np.array([1.0, 2.0]))
    assert seen == {"vector": "TracedArray(array([1., 2.]))", "scalar": "TracedArray(array(6.))",
                    "text": "6.0", "spec": "6.0"}


def test_a_traced_float32_scalar_keeps_its_dtype_in_the_repr():
    seen = []
    grad(lambda x: seen.append(repr(np.sum(x))) or np.sum(x))(np.ones(2, np.float32))
    assert seen == ["TracedArray(array(2., dtype=float32))"]


def test_print_options_apply_inside_grad():
    seen = []

    def f(x):
        with np.printoptions(precision=2):
            seen.append(repr(x))
        return np.sum(x)

    grad(f)(np.array([1.23456, 2.0]))
    assert seen == ["TracedArray(array([1.23, 2.  ]))"]


# ---- the Solver's progress bar ---------------------------------------------------------------
def tiny_solver():
    X, y = onp.array([[1.0, 0.0], [0.0, 1.0]] * 4), onp.array([0, 1] * 4)
    return Solver(Linear(), NDArrayIter(X, y, batch_size=4), NDArrayIter(X, y, batch_size=4),
                  num_epochs=1, print_every=0)


@pytest.mark.parametrize("value, shown", [("1", False), ("True", False), ("0", True),
                                          ("", True), ("false", True)])
def test_tqdm_disable_set_after_import_decides_the_bar(value, shown, monkeypatch, capsys):
    monkeypatch.setenv("TQDM_DISABLE", value)
    tiny_solver().train()
    out, err = capsys.readouterr()
    assert ("batch/s" in err or "batch]" in err) is shown
    assert "(Epoch 1 / 1)" in out  # the epoch lines stay


@pytest.mark.parametrize("disabled", [True, False])
def test_the_jupyter_bar_is_a_widget_that_tqdm_disable_turns_off(
        disabled, monkeypatch, capsys):
    pytest.importorskip("ipywidgets", reason="ipywidgets is not installed (full environment)")
    from tqdm.notebook import tqdm as notebook_tqdm
    bars = []

    class Recorded(notebook_tqdm):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            bars.append((self, self.disable))  # close() sets disable

    monkeypatch.setattr(progress_module, "_bar_class", lambda: (Recorded, {}))
    if disabled:
        monkeypatch.setenv("TQDM_DISABLE", "1")
    else:
        monkeypatch.delenv("TQDM_DISABLE", raising=False)
    tiny_solver().train()
    capsys.readouterr()
    ((bar, was_disabled),) = bars
    assert was_disabled is disabled and hasattr(bar, "container") is not disabled
    if not disabled:
        assert bar.n == bar.total == 2


def test_in_a_notebook_the_bar_shows_and_tqdm_disable_silences_it(monkeypatch):
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed (full env)")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed (full env)")
    pytest.importorskip("ipykernel", reason="ipykernel is not installed (full environment)")
    pytest.importorskip("ipywidgets", reason="ipywidgets is not installed (full environment)")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tests = os.path.join(root, "tests")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([root, tests]))
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    cells = ["from test_toolkit_doctests import tiny_solver\ntiny_solver().train();",
             "%env TQDM_DISABLE=1\ntiny_solver().train();"]
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nbclient.NotebookClient(book, kernel_name="python3", timeout=120,
                            resources={"metadata": {"path": tests}}).execute()
    widget = "application/vnd.jupyter.widget-view+json"
    shown, silenced = ([o for o in cell.outputs if widget in o.get("data", {})]
                       for cell in book.cells)
    assert len(shown) == 1 and not silenced
    assert all("(Epoch 1 / 1)" in "".join(o.get("text", "") for o in cell.outputs)
               for cell in book.cells)
