"""The Solver's bar is ``utils.progress``'s (no tqdm warning or red stderr box in a notebook
without ipywidgets), and the file helpers of nn.io live in io_files."""
import os
import sys

import numpy as onp
import pytest
from minpy_compat.nn import io as nnio
from minpy_compat.nn.io import NDArrayIter
from minpy_compat.nn.solver import Solver
from toolkit_helpers import Linear
from toolkit_float32_helpers import data


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
WIDGET = "application/vnd.jupyter.widget-view+json"


def run_notebook(tmp_path, cells, hide=()):
    """Run code cells in a kernel that cannot import the modules in ``hide``."""
    for module in ("nbformat", "nbclient", "ipykernel"):
        pytest.importorskip(module, reason=f"{module} is not installed (the notebook tests "
                            "run in the full environment)")
    import nbclient
    import nbformat
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\nfor name in %r:\n    sys.modules[name] = None\n" % (list(hide),))
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), ROOT, TESTS]))
    env.pop("TQDM_DISABLE", None)
    nbclient.NotebookClient(book, kernel_name="python3", timeout=120,
                            resources={"metadata": {"path": TESTS}}).execute(env=env)
    return book


def stream(cell, name):
    return "".join(o.text for o in cell.outputs
                   if o.output_type == "stream" and o.name == name)


def two_epochs():
    X, y = data(8)
    return Solver(Linear(), NDArrayIter(X, y, batch_size=4), NDArrayIter(X, y),
                  num_epochs=2, print_every=0)


# ---- the Solver's progress bar ---------------------------------------------------------
@pytest.mark.parametrize("hide", [(), ("ipywidgets",)], ids=["widgets", "no-ipywidgets"])
def test_in_a_notebook_the_solver_writes_nothing_to_stderr_and_each_epoch_line_once(
        tmp_path, hide):
    if not hide:
        pytest.importorskip("ipywidgets", reason="ipywidgets is not installed (full env)")
    # Without ipywidgets, tqdm.auto printed its "IProgress not found" warning and drew
    # a text bar on stderr: a red box under the cell.
    cell = "from test_toolkit_progress_bar_and_io_names import two_epochs\ntwo_epochs().train();"
    (done,) = run_notebook(tmp_path, [cell], hide=hide).cells
    assert stream(done, "stderr") == ""
    out = stream(done, "stdout")
    assert out.count("(Epoch 1 / 2)") == 1 and out.count("(Epoch 2 / 2)") == 1
    widgets = [o for o in done.outputs if WIDGET in o.get("data", {})]
    assert len(widgets) == (0 if hide else 1)
    if hide:
        assert "4/4" in out and "IProgress" not in out


def test_the_solver_no_longer_imports_tqdm_itself():
    from minpy_compat.nn import solver as solver_module
    assert not hasattr(solver_module, "tqdm")


def test_the_solvers_epoch_lines_go_through_the_bars_own_write(monkeypatch, capsys):
    from minpy_compat.utils import progress as progress_module
    from tqdm.std import tqdm as text_bar
    written = []

    class Recorded(text_bar):
        def write(self, line, *args, **kwargs):  # an instance's write, not tqdm.write
            written.append(line)

    monkeypatch.setattr(progress_module, "_bar_class", lambda: (Recorded, {"file": sys.stdout}))
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    two_epochs().train()
    capsys.readouterr()
    assert [line[:13] for line in written] == ["(Epoch 1 / 2)", "(Epoch 2 / 2)"]


def test_a_solver_with_verbose_false_prints_nothing(capsys):
    solver = two_epochs()
    solver.verbose = False
    solver.train()
    assert capsys.readouterr() == ("", "")


# ---- nn.io split -----------------------------------------------------------------------
def test_the_file_helpers_live_in_io_files_and_are_still_nn_io_names(tmp_path):
    from minpy_compat.nn import io_files
    assert nnio.save_data_labels is io_files.save_data_labels
    assert nnio.load_data_labels is io_files.load_data_labels
    path = tmp_path / "data.npz"
    nnio.save_data_labels(onp.ones((2, 3), onp.float32), onp.array([0, 1]), str(path))
    X, y = nnio.load_data_labels(str(path))
    assert X.dtype == onp.float32 and y.tolist() == [0, 1]
    with open(os.path.join(ROOT, "minpy_compat", "nn", "io.py")) as handle:
        assert len(handle.readlines()) <= 300
