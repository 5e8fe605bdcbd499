"""``Conv3DTranspose``, ``Im2Col``, ``Col2Im``/``ops.col2im`` and ``PadV3``
(``ops/prims_conv3.py``): float64 finite-difference checks, float32 stays float32, the
adjoint pairing of Im2Col and Col2Im, and bad arguments named."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

_rng = onp.random.RandomState(3)


def _x(*shape, dtype=onp.float64):
    return _rng.uniform(-1, 1, shape).astype(dtype)


def _fd(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


def test_conv3d_transpose_gradients():
    op = ops.Conv3DTranspose(2, 3, 2, pad_mode="pad", pad=(1, 0, 0, 1, 1, 1), stride=2,
                             output_padding=1)
    _fd(lambda d, w: op(d, w), _x(1, 2, 2, 3, 2), _x(2, 3, 2, 2, 2))


def test_conv3d_transpose_groups_and_float32():
    out = ops.Conv3DTranspose(2, 4, 2, group=2)(ms.Tensor(_x(1, 2, 2, 2, 2, dtype=onp.float32)),
                                                ms.Tensor(_x(2, 2, 2, 2, 2, dtype=onp.float32)))
    assert out.shape == (1, 4, 3, 3, 3) and out.dtype == ms.float32


@pytest.mark.parametrize("make, error, match", [
    (lambda: ops.Conv3DTranspose(2, 3, 2, output_padding=1), CellArgumentError,
     "Conv3DTranspose output_padding: expected 0 with pad_mode='valid'"),
    (lambda: ops.Conv3DTranspose(2, 3, 2, output_padding=(1, -1, 0)), CellArgumentError,
     "Conv3DTranspose output_padding: expected an int or 3 ints >= 0"),
    (lambda: ops.Conv3DTranspose(2, 3, 2, data_format="NDHWC"), CellArgumentError,
     "Conv3DTranspose data_format"),
    (lambda: ops.Conv3DTranspose(0, 3, 2), CellArgumentError, "Conv3DTranspose in_channel"),
    (lambda: ops.Im2Col((2, 2, 2)), CellArgumentError, "Im2Col ksizes"),
    (lambda: ops.Im2Col(2, pads=-1), CellArgumentError, "Im2Col pads"),
    (lambda: ops.Col2Im(2, stride=0), CellArgumentError, "Col2Im stride"),
    (lambda: ops.PadV3("wrap"), CellArgumentError, "PadV3 mode"),
    (lambda: ops.PadV3("constant", 1), CellTypeError, "PadV3 paddings_contiguous"),
])
def test_constructor_arguments_are_named(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_conv3d_transpose_weight_shape_is_checked():
    with pytest.raises(CellArgumentError, match="Conv3DTranspose weight: expected shape "
                                                r"\(2, 3, 2, 2, 2\)"):
        ops.Conv3DTranspose(2, 3, 2)(ms.Tensor(_x(1, 2, 3, 3, 3)), ms.Tensor(_x(2, 2, 2, 2, 2)))


def test_im2col_gradients_and_float32():
    op = ops.Im2Col((2, 3), strides=2, dilations=1, pads=(1, 0))
    _fd(op, _x(1, 2, 4, 5))
    out = op(ms.Tensor(_x(1, 2, 4, 5, dtype=onp.float32)))
    assert out.dtype == ms.float32 and out.shape == (1, 2, 6, 6)


def test_col2im_is_im2col_adjoint_and_has_gradients():
    im2col, col2im = ops.Im2Col(2, 2, 1, 1), ops.Col2Im(2, 1, 1, 2)
    x, cols = _x(1, 2, 4, 5), _x(1, 2, 4, 9)
    size = ms.Tensor([4, 5])
    lhs = float(onp.sum(im2col(ms.Tensor(x)).asnumpy() * cols))
    rhs = float(onp.sum(x * col2im(ms.Tensor(cols), size).asnumpy()))
    assert abs(lhs - rhs) < 1e-9
    _fd(lambda c: col2im(c, size), cols)
    _fd(lambda c: ops.col2im(c, size, 2, 1, 1, 2), cols)


def test_col2im_float32_and_errors():
    cols = ms.Tensor(_x(1, 2, 4, 20, dtype=onp.float32))
    assert ops.Col2Im(2)(cols, ms.Tensor([5, 6])).dtype == ms.float32
    with pytest.raises(CellArgumentError, match=r"Col2Im x: expected x.shape\[2\] = kh \* kw"):
        ops.Col2Im(3)(cols, ms.Tensor([5, 6]))
    with pytest.raises(CellTypeError, match="Col2Im output_size: expected an int Tensor"):
        ops.Col2Im(2)(cols, ms.Tensor([5.0, 6.0]))
    with pytest.raises(CellArgumentError, match="ops.col2im padding_value"):
        ops.col2im(cols, ms.Tensor([5, 6]), 2, 1, -1, 1)


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge", "circular"])
def test_padv3_gradients_and_float32(mode):
    op = ops.PadV3(mode, paddings_contiguous=False)
    pads = ms.Tensor([1, 2, 0, 1])
    _fd(lambda x: op(x, pads), _x(1, 2, 3, 4))
    out = op(ms.Tensor(_x(1, 2, 3, 4, dtype=onp.float32)), pads)
    assert out.dtype == ms.float32 and out.shape == (1, 2, 6, 5)


def test_padv3_constant_value_and_layouts():
    x = ms.Tensor([[1.0, 2.0]])
    out = ops.PadV3()(x, ms.Tensor([1, 2, 0, 0]), ms.Tensor(9.0))
    assert out.asnumpy().tolist() == [[9.0, 1.0, 2.0, 9.0, 9.0]]
    out = ops.PadV3(paddings_contiguous=False)(x, ms.Tensor([1, 2, 0, 0]), ms.Tensor(9.0))
    assert out.asnumpy().tolist() == [[9.0, 9.0, 9.0], [9.0, 9.0, 9.0], [9.0, 1.0, 2.0]]


@pytest.mark.parametrize("mode, x, pads, error, match", [
    ("constant", (2, 3), [1, 1, 2], CellArgumentError, "PadV3 paddings: expected an even"),
    ("constant", (2, 3), [1, 1, 2, 0, 1, 1], CellArgumentError, "PadV3 paddings: expected at "
     "most 4 values"),
    ("reflect", (1, 2, 3, 3, 3), [1] * 6, CellArgumentError, "PadV3 paddings: expected 6 "
     "values for a rank-5 x \\(mode 'reflect'"),
    ("edge", (2, 3), [1, 1], CellArgumentError, "PadV3 paddings"),
    ("constant", (2, 3), [1.0, 1.0], CellTypeError, "PadV3 paddings: expected a 1-D int"),
])
def test_padv3_bad_paddings_are_named(mode, x, pads, error, match):
    with pytest.raises(error, match=match):
        ops.PadV3(mode)(ms.Tensor(_x(*x)), ms.Tensor(pads))


def test_padv3_constant_value_only_in_constant_mode():
    with pytest.raises(CellArgumentError, match="PadV3 constant_value: expected None with "
                                                "mode='reflect'"):
        ops.PadV3("reflect")(ms.Tensor(_x(1, 2, 3)), ms.Tensor([1, 1]), ms.Tensor(0.0))
