"""2-D convolution and max pooling for ``nn.layers`` (NCHW layout).

``conv2d`` is a ``customop('numpy')`` over an im2col view of the input: one
tensordot forward, and a gradient (``def_multiple_grad``) that reuses the same
view. Implementations are looked up by backend name in ``IMPLEMENTATIONS``; when
MXNet is installed the default is its ``Convolution`` (``conv_mxnet``), otherwise NumPy.
``max_pool2d`` is written with ``minpy_compat.numpy``, so the tracer differentiates it.

>>> import minpy_compat.numpy as np
>>> x = np.ones((1, 1, 4, 4))
>>> conv2d(x, np.ones((2, 1, 3, 3)), np.zeros(2), pad=1).shape
(1, 2, 4, 4)
>>> max_pool2d(x, 2).shape
(1, 1, 2, 2)
"""
import functools
import importlib.util

import autograd.tracer as _tracer
import numpy as onp
from numpy.lib.stride_tricks import as_strided

from .. import numpy as np
from ..errors import message
from ..primitive import customop
from . import conv_mxnet
from .options import is_int


def _windows(x, kernel_shape, stride, pad):
    """A read-only (N, C, HH, WW, Hout, Wout) view of the padded input's windows."""
    (sh, sw), (ph, pw) = _pair(stride), _pair(pad)
    x = onp.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)))
    N, C, H, W = x.shape
    HH, WW = kernel_shape
    Hout, Wout = (H - HH) // sh + 1, (W - WW) // sw + 1
    sN, sC, sH, sW = x.strides
    return as_strided(x, (N, C, HH, WW, Hout, Wout),
                      (sN, sC, sH, sW, sH * sh, sW * sw), writeable=False)


@customop("numpy")
def conv2d_numpy(x, w, b, stride, pad):
    cols = _windows(x, w.shape[2:], stride, pad)
    out = onp.tensordot(w, cols, axes=([1, 2, 3], [1, 2, 3]))  # (F, N, Hout, Wout)
    return onp.ascontiguousarray(out.transpose(1, 0, 2, 3)) + b.reshape(1, -1, 1, 1)


def conv2d_numpy_grad(ans, x, w, b, stride, pad):
    cols = _windows(x, w.shape[2:], stride, pad)
    (sh, sw), (ph, pw) = _pair(stride), _pair(pad)

    def grads(g):
        dw = onp.tensordot(g, cols, axes=([0, 2, 3], [0, 4, 5]))
        dcols = onp.tensordot(w, g, axes=([0], [1]))  # (C, HH, WW, N, Hout, Wout)
        dx = onp.zeros((x.shape[0], x.shape[1], x.shape[2] + 2 * ph, x.shape[3] + 2 * pw),
                       dtype=g.dtype)
        Hout, Wout = g.shape[2:]
        for i in range(w.shape[2]):
            for j in range(w.shape[3]):
                dx[:, :, i:i + sh * Hout:sh, j:j + sw * Wout:sw] += \
                    dcols[:, i, j].transpose(1, 0, 2, 3)
        dx = dx[:, :, ph:dx.shape[2] - ph, pw:dx.shape[3] - pw]
        return dx, dw.astype(w.dtype), g.sum(axis=(0, 2, 3)).astype(b.dtype)
    return grads


conv2d_numpy.def_multiple_grad(conv2d_numpy_grad, argnums=(0, 1, 2))

IMPLEMENTATIONS = {"numpy": conv2d_numpy,
                   "mxnet": lambda *args: conv_mxnet.conv2d_op()(*args)}


def register_conv2d(backend, op):
    """Make ``op(x, w, b, stride, pad)`` the conv2d of ``backend``. ``stride`` and ``pad``
    come as ints when height and width agree, else as (height, width) pairs."""
    IMPLEMENTATIONS[backend] = op


@functools.lru_cache(maxsize=None)
def default_backend():
    """'mxnet' when MXNet is installed (found, not imported), else 'numpy'."""
    return "mxnet" if importlib.util.find_spec("mxnet") is not None else "numpy"


def conv2d(x, w, b, stride=1, pad=0, backend=None):
    """Convolution of x (N, C, H, W) with filters w (F, C, HH, WW) plus bias b (F,).

    Output (N, F, (H + 2 pad - HH) // stride + 1, (W + 2 pad - WW) // stride + 1).
    ``stride`` and ``pad`` are each an int or a (height, width) pair, as in ``max_pool2d``.
    Runs on MXNet when it is installed (``backend='numpy'`` forces NumPy).

    >>> import minpy_compat.numpy as np
    >>> conv2d(np.ones((1, 1, 5, 6)), np.ones((1, 1, 3, 3)), np.zeros(1), stride=(2, 1),
    ...        pad=(0, 1), backend='numpy').shape
    (1, 1, 2, 6)
    """
    backend = default_backend() if backend is None else backend
    if backend not in IMPLEMENTATIONS:
        raise ValueError(message("conv2d argument 'backend'", "one of "
                                 + ", ".join(map(repr, sorted(IMPLEMENTATIONS))), repr(backend)))
    x, w, b = (v if hasattr(v, "shape") else onp.asarray(v) for v in (x, w, b))
    stride, pad = _check_conv_args(np.shape(x), np.shape(w), np.shape(b), stride, pad)
    if backend == "mxnet" and _empty(x, w):  # MXNet holds no empty arrays
        backend = "numpy"
    return IMPLEMENTATIONS[backend](x, w, b, stride, pad)


def _empty(*arrays):
    """Whether any of ``arrays`` has no elements (a batch, channel or filter count 0)."""
    return any(0 in np.shape(a) for a in arrays)


def _check_conv_args(x_shape, w_shape, b_shape, stride, pad):
    if len(x_shape) != 4:
        raise ValueError(message("conv2d argument 0 'x'", "a 4-d (N, C, H, W) array",
                                 f"shape {x_shape}", "Reshape images to (N, C, H, W)."))
    if len(w_shape) != 4 or w_shape[1] != x_shape[1] or 0 in w_shape[2:]:
        raise ValueError(message("conv2d argument 1 'w'", f"filters (F, {x_shape[1]}, HH, WW)"
                                 " with HH, WW >= 1", f"shape {w_shape}"))
    if tuple(b_shape) != (w_shape[0],):
        raise ValueError(message("conv2d argument 2 'b'", f"a bias of shape ({w_shape[0]},)",
                                 f"shape {b_shape}"))
    (sh, sw), (ph, pw) = _pair(stride, -1), _pair(pad, -1)
    if not (sh >= 1 and sw >= 1 and ph >= 0 and pw >= 0):
        raise ValueError(message("conv2d", "an int stride >= 1 and an int pad >= 0, each "
                                 "alone or as a (height, width) pair",
                                 f"stride={stride!r}, pad={pad!r}"))
    if x_shape[2] + 2 * ph < w_shape[2] or x_shape[3] + 2 * pw < w_shape[3]:
        raise ValueError(message("conv2d", "filters no larger than the padded input",
                                 f"filters {w_shape[2:]} on input {x_shape[2:]} with pad {pad}"))
    # ints when height and width agree: what registered implementations have always had
    return (sh if sh == sw else (sh, sw)), (ph if ph == pw else (ph, pw))


def _pool_backend():
    """``default_backend()``, but NumPy while a gradient of a gradient is traced (two
    traces open on this thread): MXNet's pooling gradient is first order."""
    return "numpy" if _tracer.trace_stack.top >= 1 else default_backend()


def max_pool2d(x, pool=2, stride=None, backend=None):
    """Max over ``pool`` windows of x (N, C, H, W), moving by ``stride``. Each is an int
    or a (height, width) pair; ``stride`` defaults to the window (non-overlapping
    windows, also for a rectangular one). Runs on MXNet when it is installed, except
    under a second-order gradient (MXNet's is first order).

    >>> import minpy_compat.numpy as np
    >>> max_pool2d(np.arange(24.0).reshape(1, 1, 4, 6), (2, 3), backend='numpy')
    array([[[[ 8., 11.],
             [20., 23.]]]])
    """
    if len(np.shape(x)) != 4:
        raise ValueError(message("max_pool2d argument 0 'x'", "a 4-d (N, C, H, W) array",
                                 f"shape {np.shape(x)}", "Reshape images to (N, C, H, W)."))
    H, W = np.shape(x)[2:]
    (ph, pw), (sh, sw) = _pair(pool), _pair(pool if stride is None else stride)
    if not (1 <= ph <= H and 1 <= pw <= W and sh >= 1 and sw >= 1):
        raise ValueError(message("max_pool2d", f"a window within the input {(H, W)} and a "
                                 "stride >= 1 (ints or pairs of ints)",
                                 f"pool={pool!r}, stride={stride!r}"))
    backend = _pool_backend() if backend is None else backend
    if backend not in ("numpy", "mxnet"):
        raise ValueError(message("max_pool2d argument 'backend'", "'numpy' or 'mxnet'",
                                 repr(backend)))
    if backend == "mxnet" and not _empty(x):  # MXNet holds no empty arrays
        return conv_mxnet.max_pool2d_op()(x, ph, pw, sh, sw)
    Hout, Wout = (H - ph) // sh + 1, (W - pw) // sw + 1
    windows = [x[:, :, i:i + sh * (Hout - 1) + 1:sh, j:j + sw * (Wout - 1) + 1:sw]
               for i in range(ph) for j in range(pw)]
    return np.max(np.stack(windows), axis=0)


def _pair(value, invalid=0):
    """An int or a pair of ints as a pair of Python ints; (invalid, invalid) for anything
    else."""
    pair = (value, value) if is_int(value) else \
        tuple(value) if isinstance(value, (tuple, list)) else ()
    return tuple(map(int, pair)) if len(pair) == 2 and all(map(is_int, pair)) \
        else (invalid, invalid)
