"""The MXNet backend: custom ops see ``mxnet.nd.NDArray``s. MXNet loads on first use."""
from ..errors import MXNET_INSTALL, MXNetUnavailableError, message

NAME = "mxnet"
_mx = None


def require_mxnet(where="minpy_compat"):
    """Import MXNet, or raise an ImportError that gives the install command."""
    global _mx
    if _mx is None:
        try:
            import mxnet
        except ImportError as err:
            raise MXNetUnavailableError(message(
                where, "MXNet to be importable", f"ImportError ({err})",
                f"Install it with: {MXNET_INSTALL}")) from None
        _mx = mxnet
    return _mx


def mxnet_context(ctx):
    mx = require_mxnet("Context.as_mxnet_context")
    return mx.gpu(ctx.device_id) if ctx.device_type == "gpu" else mx.cpu(ctx.device_id)


def to_backend(value):
    raise NotImplementedError("customop('mxnet') arrives with the MXNet backend issue")


grad_view = from_backend = to_backend
