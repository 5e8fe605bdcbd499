"""Backends: how a custom op's function sees its arrays ('numpy' or 'mxnet')."""
from ..errors import BackendError, message

BACKENDS = ("numpy", "mxnet")


def get_backend(name, where="customop"):
    """The backend module for ``name``; MXNet is imported only when asked for."""
    if name == "numpy":
        from . import numpy_backend
        return numpy_backend
    if name == "mxnet":
        from . import mxnet_backend
        mxnet_backend.require_mxnet(where)
        return mxnet_backend
    raise BackendError(message(where, "backend 'numpy' or 'mxnet'", repr(name)))
