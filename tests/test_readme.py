"""The README's code blocks run as written (with the names their surrounding prose gives
them), and do what the README says they do."""
import pathlib
import re

import numpy as onp
import pytest

from conftest import HAS_MXNET

README = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def _run(number, **names):
    namespace = dict(names)
    exec(compile(BLOCKS[number], f"README.md python block {number + 1}", "exec"), namespace)
    return namespace


def test_the_readme_has_the_blocks_this_test_knows():
    assert len(BLOCKS) == 4, "a block was added or removed: give it a test here"


def test_block_1_differentiates_a_loss_and_defines_a_custom_op():
    names = _run(0)
    np, grad, cube = names["np"], names["grad"], names["cube"]
    assert names["dw"].shape == (3, 1) and isinstance(names["dw"], np.ndarray)
    x = onp.array([0.5, -2.0])
    assert onp.allclose(grad(lambda x: np.sum(cube(x)))(x), 3 * x ** 2)


def test_block_2_cell_bprop_gives_the_gradients_it_returns():
    import minpy_compat as ms
    from minpy_compat import nn, ops
    x, y = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0], [4.0]])
    names = _run(1, nn=nn, ops=ops, x=x, y=y)
    assert onp.array_equal(names["dx"], x + 1) and onp.array_equal(names["dy"], y + 1)


@pytest.mark.skipif(not HAS_MXNET, reason="MXNet is not installed (core environment)")
def test_block_3_runs_under_prefer_mxnet(capsys):
    import minpy_compat.numpy as np
    a, b = onp.ones((2, 3)), onp.full((3, 2), 0.1)
    names = _run(2, np=np, a=a, b=b)
    assert onp.allclose(names["loss"], onp.sum(onp.tanh(a @ b)), rtol=1e-6)
    assert "dot" in capsys.readouterr().out  # the op statistics were shown
    from minpy_compat import grad
    assert onp.allclose(grad(lambda x: np.sum(names["scale"](x)))(onp.ones(3)), 2.0)


def test_block_4_profiles_and_logs(capsys):
    names = _run(3)
    names["step"](1)
    names["logger"].info("hello")
    capsys.readouterr()  # the block's own print_stats ran before step was called
    names["minprof"].print_stats()
    assert "step" in capsys.readouterr().out
