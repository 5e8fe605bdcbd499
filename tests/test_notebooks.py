"""Every notebook in examples/notebooks runs top to bottom without an error.

The kernel is ``python3``; it gets this checkout on its PYTHONPATH (so it imports
this checkout's minpy_compat) and runs in the notebooks' folder. Notebooks are
committed without outputs; this test never writes them back. Each notebook runs
once per session; the checks on what a notebook printed read that run.
"""
import functools
import glob
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "examples", "notebooks")
NOTEBOOKS = sorted(glob.glob(os.path.join(FOLDER, "*.ipynb")))

nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed (the notebook "
                               "tests run in the full environment)")
nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed (the notebook "
                               "tests run in the full environment)")
pytest.importorskip("ipykernel", reason="ipykernel is not installed (the notebook tests run "
                    "in the full environment)")


def kernel_env():
    path = os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)
    return dict(os.environ, PYTHONPATH=path, MPLBACKEND="Agg")


@functools.lru_cache(maxsize=None)
def executed(name):
    """The notebook ``name`` after running it top to bottom (in memory only)."""
    book = nbformat.read(os.path.join(FOLDER, name), as_version=4)
    client = nbclient.NotebookClient(book, kernel_name="python3", timeout=120,
                                     resources={"metadata": {"path": FOLDER}})
    client.execute(env=kernel_env())  # raises CellExecutionError, naming the cell, on any error
    return book


def printed(name):
    """What the code cells of the executed notebook wrote to stdout, in order."""
    return "".join(output.text for cell in executed(name).cells if cell.cell_type == "code"
                   for output in cell.outputs
                   if output.output_type == "stream" and output.name == "stdout")


def stderr_of(name):
    return "".join(output.text for cell in executed(name).cells if cell.cell_type == "code"
                   for output in cell.outputs
                   if output.output_type == "stream" and output.name == "stderr")


def test_there_are_notebooks():
    names = {os.path.basename(p) for p in NOTEBOOKS}
    assert {"01_numpy_under_minpy.ipynb", "01b_policies_and_contexts.ipynb",
            "02_autograd.ipynb", "03_custom_operators.ipynb", "04_cell_layer.ipynb",
            "05_training_with_solver.ipynb", "06_cell_conv_net.ipynb",
            "07_recurrent_cells.ipynb", "08_mindspore_training.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[os.path.basename(p) for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path):
    book = nbformat.read(path, as_version=4)
    for index, cell in enumerate(book.cells):
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, \
                f"{os.path.basename(path)} cell {index} has outputs: clear them before committing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[os.path.basename(p) for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path):
    executed(os.path.basename(path))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[os.path.basename(p) for p in NOTEBOOKS])
def test_notebook_writes_no_warnings(path):
    # A newcomer reads stderr as trouble: warnings and library log lines do not belong there.
    # (Solver's progress bar is a widget in Jupyter, not stderr text.)
    assert stderr_of(os.path.basename(path)) == ""


def test_the_cell_conv_net_learns_the_digits():
    out = printed("06_cell_conv_net.ipynb")
    losses = [float(v) for v in re.findall(r"epoch \d+: mean loss (\d+\.\d+)", out)]
    assert len(losses) == 5 and losses == sorted(losses, reverse=True)
    assert losses[-1] < 0.25 * losses[0]
    accuracy = float(re.search(r"test accuracy: (\d\.\d+)", out).group(1))
    assert accuracy >= 0.9
    one, batch = (re.search(rf"first ten, {when}: *(\[.*\])", out).group(1)
                  for when in ("one at a time", "all at once"))
    assert one == batch  # inference mode: BatchNorm's moving statistics, not the batch's
    assert "both ways agree: True" in out and "pixel gradient: (8, 1, 8, 8) float32" in out


def test_the_recurrent_cells_notebook_learns_to_add():
    out = printed("07_recurrent_cells.ipynb")
    assert "h_n is the output at the last real step: True" in out   # seq_length
    losses = [float(v) for v in re.findall(r"steps +\d+-\d+: mean loss (\d\.\d+)", out)]
    assert len(losses) == 8 and losses[-1] < 0.1 * losses[0]
    mses = {name: float(re.search(rf"{name} test mean squared error: (\d\.\d+)", out).group(1))
            for name in ("LSTM", "Conv1d")}
    assert max(mses.values()) < 0.02   # always answering the mean: 0.167


def test_the_ported_mindspore_script_trains_resumes_and_checks_its_gradients():
    out = printed("08_mindspore_training.ipynb")
    assert "batches per epoch: 30" in out and "a batch: (50, 64) float32 (50,) int32" in out
    monitored = [float(v) for v in re.findall(r"epoch: \d step: 30, loss is (\d\.\d+)", out)]
    assert len(monitored) == 4 and monitored[-1] < 0.5 * monitored[0]
    # ModelCheckpoint kept the newest three, and the resumed run continued exactly
    assert "checkpoints: ['digits-2_30.ckpt', 'digits-3_30.ckpt', 'digits-4_30.ckpt']" in out
    assert "network Parameters not in the checkpoint: []" in out
    assert "resumed run matches step for step: True" in out
    assert float(re.search(r"test accuracy: (\d\.\d+)", out).group(1)) > 0.9
    predicted, truth = (re.findall(r"\d", re.search(rf"{name}: *(\[.*\])", out).group(1))
                        for name in ("predicted", "labels"))
    assert len(predicted) == 10 and sum(a == b for a, b in zip(predicted, truth)) >= 8
    pairs = re.findall(r"(?:ms\.grad|GradOperation) (-?\d\.\d+), finite differences "
                       r"(-?\d\.\d+)", out)
    assert len(pairs) == 2 and all(a == b for a, b in pairs)
    assert "pixel gradient: (8, 64) float64" in out
    assert "Dense 'fc1' input: expected a last dimension of 64 (in_channels), " \
           "got shape (4, 8, 8)" in out
    assert "/tmp" not in out and os.sep + "work" not in out   # no absolute paths


def test_the_constant_buffer_cell_gets_its_gradient():
    # 02_autograd once said this was refused; the output shows the gradient it gets.
    assert "gradient through the buffer: [3. 3. 3.]" in printed("02_autograd.ipynb")


def test_a_failing_cell_fails_the_run():
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import minpy_compat"),
                                           nbformat.v4.new_code_cell("1 / 0")])
    client = nbclient.NotebookClient(book, kernel_name="python3", timeout=60,
                                     resources={"metadata": {"path": FOLDER}})
    with pytest.raises(nbclient.exceptions.CellExecutionError, match="ZeroDivisionError"):
        client.execute(env=kernel_env())
