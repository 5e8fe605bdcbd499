"""conv2d and max_pool2d on MXNet (``mxnet.nd.Convolution`` / ``Pooling``), NCHW layout.

Each is a ``customop('mxnet')``; its gradient replays the op under MXNet's own
autograd and pulls ``g`` back through it, so MXNet's backward kernels do the work.
Built on first use: importing ``minpy_compat.nn`` never imports MXNet. First-order
only (MXNet's kernels have no differentiable backward here); the NumPy versions in
``conv`` are the reference they are tested against.
"""
import functools

from ..primitive import customop


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


@functools.lru_cache(maxsize=None)
def conv2d_op():
    """The MXNet conv2d op ``(x, w, b, stride, pad) -> y`` (built once)."""
    import mxnet as mx

    def convolve(x, w, b, stride, pad):
        return mx.nd.Convolution(x, w, b, kernel=w.shape[2:], num_filter=w.shape[0],
                                 stride=(stride, stride), pad=(pad, pad))

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
    """The MXNet max-pool op ``(x, ph, pw, stride) -> y`` (built once)."""
    import mxnet as mx

    def pool(x, ph, pw, stride):
        return mx.nd.Pooling(x, kernel=(ph, pw), pool_type="max", stride=(stride, stride))

    @customop("mxnet")
    def max_pool2d_mxnet(x, ph, pw, stride):
        return pool(x, ph, pw, stride)

    max_pool2d_mxnet.def_grad(
        lambda ans, x, ph, pw, stride: lambda g: _backward_through(
            lambda x: pool(x, ph, pw, stride), (x,), g)[0])
    return max_pool2d_mxnet
