"""conv2d and max_pool2d on MXNet (``mxnet.nd.Convolution`` / ``Pooling``), NCHW layout.

Each is a ``customop('mxnet')``; its gradient replays the op under MXNet's own
autograd and pulls ``g`` back through it, so MXNet's backward kernels do the work.
Built on first use: importing ``minpy_compat.nn`` never imports MXNet. First-order
only (MXNet's kernels have no differentiable backward here); the NumPy versions in
``conv`` are the reference they are tested against.

MXNet's ``Convolution`` wants one floating dtype for data, filters and bias; mixed
inputs (float32 images, float64 weights from ``nn.init``) are promoted as NumPy
promotes them, integer inputs are convolved in float64 and float16 in float32 on
the CPU, so both backends give the same dtype, and each gradient has its input's dtype.
"""
import functools

import numpy as onp

from ..primitive import customop


def _promoted(*arrays):
    """``arrays`` cast to their common NumPy result type (a recorded cast under autograd)."""
    dtype = onp.result_type(*(a.dtype for a in arrays))
    return [a if a.dtype == dtype else a.astype(dtype) for a in arrays]


def _compute_dtype(dtype, context):
    """The dtype MXNet's Convolution can run ``dtype`` in: integers and bools in float64
    (exact below 2**53), float16 in float32 on the CPU (MXNet has no CPU float16 gemm)."""
    dtype = onp.dtype(dtype)
    if dtype.kind != "f":
        return onp.dtype(onp.float64)
    if dtype == onp.float16 and context.device_type == "cpu":
        return onp.dtype(onp.float32)
    return dtype


def _backward_through(forward, inputs, g):
    """Gradients of ``forward(*inputs)`` w.r.t. each input, for head gradient ``g``."""
    from mxnet import autograd
    copies = [x.copy() for x in inputs]
    for x in copies:
        x.attach_grad()
    with autograd.record():
        out = forward(*copies)
    out.backward(g)
    return tuple(x.grad for x in copies)


def _pair(value):
    """An int or a (height, width) pair as a pair."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value, value)


@functools.lru_cache(maxsize=None)
def conv2d_op():
    """The MXNet conv2d op ``(x, w, b, stride, pad) -> y`` (built once); ``stride`` and
    ``pad`` are ints or (height, width) pairs."""
    import mxnet as mx

    def convolve(x, w, b, stride, pad):
        x, w, b = _promoted(x, w, b)
        dtype = onp.dtype(x.dtype)
        compute = _compute_dtype(dtype, x.context)
        if compute != dtype:  # computed in a dtype MXNet supports, returned in NumPy's
            x, w, b = (a.astype(compute) for a in (x, w, b))
        out = mx.nd.Convolution(x, w, b, kernel=w.shape[2:], num_filter=w.shape[0],
                                stride=_pair(stride), pad=_pair(pad))
        return out if compute == dtype else out.astype(dtype)

    @customop("mxnet")
    def conv2d_mxnet(x, w, b, stride, pad):
        return convolve(x, w, b, stride, pad)

    conv2d_mxnet.def_multiple_grad(
        lambda ans, x, w, b, stride, pad: lambda g: _backward_through(
            lambda x, w, b: convolve(x, w, b, stride, pad), (x, w, b), g),
        argnums=(0, 1, 2))
    return conv2d_mxnet


@functools.lru_cache(maxsize=None)
def max_pool2d_op():
    """The MXNet max-pool op ``(x, ph, pw, sh, sw=sh) -> y``: window (ph, pw), stride
    (sh, sw) (built once)."""
    import mxnet as mx

    def pool(x, ph, pw, sh, sw):
        return mx.nd.Pooling(x, kernel=(ph, pw), pool_type="max",
                             stride=(sh, sh if sw is None else sw))

    @customop("mxnet")
    def max_pool2d_mxnet(x, ph, pw, sh, sw=None):
        return pool(x, ph, pw, sh, sw)

    max_pool2d_mxnet.def_grad(
        lambda ans, x, ph, pw, sh, sw=None: lambda g: _backward_through(
            lambda x: pool(x, ph, pw, sh, sw), (x,), g)[0])
    return max_pool2d_mxnet
