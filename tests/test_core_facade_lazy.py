"""NumPy's lazily loaded submodules stay lazy: ``import minpy_compat.numpy`` does not
import ``numpy.f2py``, ``numpy.testing``, ``numpy.ma`` or ``numpy.polynomial`` (together
~70 ms, a fifth of the import), yet each is there on first use, as in NumPy."""
import subprocess
import sys

import numpy
import pytest

import minpy_compat.numpy as np

LAZY = ["f2py", "testing", "ma", "polynomial", "ctypeslib", "rec", "char"]


def _imported_after_import():
    code = ("import sys, minpy_compat.numpy\n"
            f"print(' '.join(n for n in {LAZY!r} if 'numpy.' + n in sys.modules))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.split()


@pytest.mark.skipif(int(numpy.__version__.split(".")[0]) < 2,
                    reason="NumPy 1.x imports these submodules itself when numpy is imported")
def test_the_import_leaves_numpys_lazy_submodules_unloaded():
    assert _imported_after_import() == []


def test_each_lazy_submodule_is_there_on_first_use():
    assert np.ma.array([1.0, 2.0], mask=[0, 1]).sum() == 1.0
    assert np.polynomial.Polynomial([1.0, 2.0])(3.0) == 7.0
    np.testing.assert_allclose(np.ones(2), numpy.ones(2))
    assert list(np.char.upper(["a"])) == ["A"]
    assert {"ma", "polynomial", "testing"} <= set(dir(np))


def test_a_name_numpy_gains_later_is_there_too():
    import numpy.linalg.lapack_lite  # noqa: F401  (sets numpy.linalg.lapack_lite)
    assert np.linalg.lapack_lite is numpy.linalg.lapack_lite
    with pytest.raises(AttributeError, match="no attribute '_private'"):
        np.linalg._private
