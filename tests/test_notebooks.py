"""Every notebook in examples/notebooks runs top to bottom without an error.

The kernel is ``python3``; it gets this checkout on its PYTHONPATH (so it imports
this checkout's minpy_compat) and runs in the notebooks' folder. Notebooks are
committed without outputs; this test never writes them back.
"""
import glob
import os

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


def test_there_are_notebooks():
    names = {os.path.basename(p) for p in NOTEBOOKS}
    assert {"01_numpy_under_minpy.ipynb", "02_autograd.ipynb", "03_custom_operators.ipynb",
            "04_cell_layer.ipynb", "05_training_with_solver.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[os.path.basename(p) for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path):
    book = nbformat.read(path, as_version=4)
    for index, cell in enumerate(book.cells):
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, \
                f"{os.path.basename(path)} cell {index} has outputs: clear them before committing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[os.path.basename(p) for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (ROOT, os.environ.get("PYTHONPATH")) if p))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    book = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(book, kernel_name="python3", timeout=120,
                                     resources={"metadata": {"path": FOLDER}})
    client.execute()  # raises CellExecutionError, naming the cell, on any error


def test_a_failing_cell_fails_the_run():
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import minpy_compat"),
                                           nbformat.v4.new_code_cell("1 / 0")])
    client = nbclient.NotebookClient(book, kernel_name="python3", timeout=60,
                                     resources={"metadata": {"path": FOLDER}})
    with pytest.raises(nbclient.exceptions.CellExecutionError, match="ZeroDivisionError"):
        client.execute()
