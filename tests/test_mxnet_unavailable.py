"""Without MXNet: the package works; MXNet features raise ImportError with the install command.

Runs in both environments: in the full one, MXNet is hidden for the test (sys.modules).
"""
import subprocess
import sys

import numpy as onp
import pytest

import minpy_compat
import minpy_compat.numpy as np
from minpy_compat.backends import mxnet_backend
from minpy_compat.errors import MXNET_INSTALL

INSTALL = r'pip install "mxnet==1\.9\.1" "numpy<1\.24"'


@pytest.fixture
def no_mxnet(monkeypatch):
    monkeypatch.setitem(sys.modules, "mxnet", None)  # "import mxnet" now raises ImportError
    monkeypatch.setattr(mxnet_backend, "_mx", None)


def test_install_command_is_the_documented_one():
    assert MXNET_INSTALL == 'pip install "mxnet==1.9.1" "numpy<1.24"'


def test_importing_the_package_does_not_import_mxnet():
    code = ("import sys, minpy_compat, minpy_compat.numpy as np, minpy_compat.core, "
            "minpy_compat.dispatch.policy, minpy_compat.context\n"
            "np.sum(np.ones(3)); print('mxnet' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_customop_mxnet_needs_mxnet(no_mxnet):
    with pytest.raises(ImportError, match=r"customop: expected MXNet to be importable.*" + INSTALL):
        minpy_compat.customop("mxnet")


@pytest.mark.parametrize("name", ["prefer_mxnet", "only_mxnet", "auto_blacklist"])
def test_mxnet_policies_need_mxnet(no_mxnet, name):
    with pytest.raises(ImportError, match=rf"set_global_policy\('{name}'\).*" + INSTALL):
        minpy_compat.set_global_policy(name)
    assert minpy_compat.get_global_policy().name == "default"


def test_function_needs_mxnet(no_mxnet):
    from minpy_compat.core import Function
    with pytest.raises(ImportError, match=r"Function: expected MXNet to be importable.*" + INSTALL):
        Function(object())


def test_everything_else_works_without_mxnet(no_mxnet):
    from minpy_compat import grad, wrap_policy
    with wrap_policy("only_numpy"):
        g = grad(lambda x: np.sum(np.tanh(x) ** 2))(onp.zeros(3))
    onp.testing.assert_array_equal(g, onp.zeros(3))
    np.record_op_stat()
    try:
        np.sum(np.ones(2))
        assert "copies numpy->mxnet: 0" in np.show_op_stat()
    finally:
        np.record_op_stat(False)
    with minpy_compat.gpu(0):  # a GPU context can be made and entered
        assert minpy_compat.current_context() == minpy_compat.gpu(0)
        with pytest.raises(ImportError, match=INSTALL):  # computing on it needs MXNet
            np.sum(np.ones(2))
    assert float(np.sum(np.ones(2))) == 2.0
