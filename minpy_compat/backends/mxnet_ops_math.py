"""MXNet implementations: unary math and dot/matmul, with their gradients.

Part of the table ``mxnet_ops`` starts (its argument checks and adapters' rules apply).
"""
import numpy as onp

from ..numpy import _sigmoid as _raw_sigmoid
from ..primitive import customop
from .mxnet_backend import current_mxnet_context
from .mxnet_ops import (TABLE, Invalid, Unsupported, _result, _shape_kwargs, float_dtype, nd,
                        register, shape_of)


# ---- unary math -------------------------------------------------------------------------------
def _unary(name, compute, grad):
    """An elementwise op: ``compute(x)``; ``grad(ans, x, g)`` its gradient."""
    def func(x, scalar=False):
        return _result(compute(x), scalar)
    func.__name__ = name
    op = register(customop('mxnet')(func))
    op.def_grad(lambda ans, x, **kw: lambda g: grad(ans, x, g), argnum=0)
    return op


def _unary_call(op):
    def call(x, out=None, **kwargs):
        if out is not None or kwargs:
            raise Unsupported("keyword arguments")
        float_dtype((x,))
        return op(x, **_shape_kwargs(x))
    return call


for _raw, _name, _compute, _grad in (
        (onp.exp, "mx_exp", nd.exp, lambda ans, x, g: g * ans),
        (onp.log, "mx_log", nd.log, lambda ans, x, g: g / x),
        (onp.tanh, "mx_tanh", nd.tanh, lambda ans, x, g: g * (1 - ans * ans)),
        (onp.sin, "mx_sin", nd.sin, lambda ans, x, g: g * nd.cos(x)),
        (onp.cos, "mx_cos", nd.cos, lambda ans, x, g: -g * nd.sin(x)),
        (onp.sqrt, "mx_sqrt", nd.sqrt, lambda ans, x, g: g * 0.5 / ans),
        (onp.abs, "mx_abs", nd.abs, lambda ans, x, g: g * nd.sign(x)),
        (onp.absolute, "mx_absolute", nd.abs, lambda ans, x, g: g * nd.sign(x)),
        (onp.negative, "mx_negative", lambda x: -x, lambda ans, x, g: -g),
        (_raw_sigmoid, "mx_sigmoid", nd.sigmoid, lambda ans, x, g: g * ans * (1 - ans))):
    TABLE[_raw] = _unary_call(_unary(_name, _compute, _grad))


# ---- dot / matmul (1-d and 2-d) ---------------------------------------------------------------
def _as_matrix(a, is_left):
    if a.ndim == 2:
        return a
    return a.reshape((1, -1)) if is_left else a.reshape((-1, 1))


def _dot_grads(ans, a, b, **kwargs):
    a2, b2 = _as_matrix(a, True), _as_matrix(b, False)

    def grads(g):
        g2 = g.reshape((a2.shape[0], b2.shape[1]))
        return (nd.dot(g2, b2, transpose_b=True).reshape(a.shape),
                nd.dot(a2, g2, transpose_a=True).reshape(b.shape))
    return grads


@register
@customop('mxnet')
def mx_dot(a, b, scalar=False):
    return _result(nd.dot(a, b), scalar)


mx_dot.def_multiple_grad(_dot_grads, argnums=(0, 1))


def _dot_call(a, b, out=None):
    if out is not None:
        raise Unsupported("out=")
    if float_dtype((a, b)) == onp.float16 and current_mxnet_context().device_type == "cpu":
        raise Unsupported("float16 on a CPU (MXNet's CPU dot takes float32 and float64)")
    sa, sb = shape_of(a), shape_of(b)
    if not (1 <= len(sa) <= 2 and 1 <= len(sb) <= 2):
        raise Unsupported("dot of arrays with more than 2 or fewer than 1 dimensions")
    if sa[-1] != sb[0]:
        raise Invalid("shapes not aligned")
    return mx_dot(a, b, **({"scalar": True} if len(sa) == len(sb) == 1 else {}))


TABLE[onp.dot] = _dot_call
TABLE[onp.matmul] = lambda a, b, **kwargs: _dot_call(a, b) if not kwargs else _refuse(kwargs)


def _refuse(kwargs):
    raise Unsupported(f"keyword arguments {sorted(kwargs)}")
