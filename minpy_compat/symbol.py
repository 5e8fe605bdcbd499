"""``Function``: an MXNet symbol as one differentiable op (MinPy's ``core.Function``).

>>> import mxnet as mx                                          # doctest: +SKIP
>>> from minpy_compat.core import Function, grad                # doctest: +SKIP
>>> data = mx.sym.Variable('x')                                          # doctest: +SKIP
>>> fc = Function(mx.sym.FullyConnected(data, num_hidden=3, name='fc'))  # doctest: +SKIP
>>> fc(x=x, fc_weight=w, fc_bias=b)                              # doctest: +SKIP

Differences from MinPy: ``input_shapes`` may be omitted (shapes are inferred at the
first call; MinPy crashed); every argument of the symbol is an op input, so ``grad``
reaches data and parameters alike; symbols with one output only.
"""
import threading

import numpy as onp

from .backends.mxnet_backend import current_mxnet_context, require_mxnet
from .errors import message
from .primitive import Primitive


_PARAM_SUFFIXES = ("_weight", "_bias", "_gamma", "_beta")


def _common_float(arrays):
    """The float dtype every argument is bound in: the widest float argument's (float32 when
    every argument holds integers)."""
    floats = [a.dtype for a in arrays if onp.dtype(a.dtype).kind == "f"]
    return onp.result_type(*floats) if floats else onp.dtype(onp.float32)


class MXNetSymbolError(ValueError):
    """A symbol Function cannot run as asked (MinPy's name)."""


class Function:
    """An MXNet symbol as a differentiable op; call it with keyword arrays."""

    def __init__(self, symbol, input_shapes=None, name="mxnet_symbol", is_train=True):
        self._mx = require_mxnet("Function")
        if not isinstance(symbol, self._mx.sym.Symbol):
            raise TypeError(message("Function", "an mxnet.sym.Symbol", type(symbol).__name__))
        if len(symbol.list_outputs()) != 1:
            raise MXNetSymbolError(message(f"Function {name!r}", "a symbol with one output",
                                           f"outputs {symbol.list_outputs()}",
                                           "Wrap each output in its own Function."))
        self.symbol, self.name, self.is_train = symbol, name, is_train
        self.arg_names = symbol.list_arguments()
        self.aux_names = symbol.list_auxiliary_states()
        self._input_names = tuple(input_shapes or ())
        self._shapes = None
        self._aux = None
        self._pending = threading.local()
        if input_shapes:
            self._infer(dict(input_shapes))
        self._op = self._make_op()

    # ---- shapes -------------------------------------------------------------------------
    def _infer(self, shapes):
        arg_shapes, out_shapes, aux_shapes = self.symbol.infer_shape(**shapes)
        if arg_shapes is None:
            raise MXNetSymbolError(message(f"Function {self.name!r}", "shapes MXNet can infer "
                                           "all arguments from", f"{shapes}"))
        self._shapes = dict(zip(self.arg_names, map(tuple, arg_shapes)))
        self._out_shapes = [tuple(s) for s in out_shapes]
        self._aux_shapes = dict(zip(self.aux_names, map(tuple, aux_shapes)))

    def _known(self, what):
        if self._shapes is None:
            raise MXNetSymbolError(message(
                f"Function {self.name!r}.{what}", "known shapes", "none yet",
                "Pass input_shapes={'x': shape} to Function, or call it once first."))

    def get_params(self):
        """``{name: {'shape': shape}}`` for every argument that is not an input (MinPy).

        Without ``input_shapes``, the parameters are the arguments named like MXNet's
        parameters (``*_weight``, ``*_bias``, ``*_gamma``, ``*_beta``).
        """
        self._known("get_params")
        if self._input_names:
            names = [k for k in self._shapes if k not in self._input_names]
        else:  # shapes inferred at a call: parameters are MXNet's named weights
            names = [k for k in self._shapes if k.endswith(_PARAM_SUFFIXES)]
        return {k: {"shape": self._shapes[k]} for k in names}

    def get_output_shapes(self):
        self._known("get_output_shapes")
        return list(self._out_shapes)

    def get_one_output_shape(self):
        return self.get_output_shapes()[0]

    # ---- the op ---------------------------------------------------------------------------
    def _make_op(self):
        def run(*arrays):
            executor = self._bind(arrays)
            out = executor.forward(is_train=self.is_train)[0]
            self._pending.last = (out, executor)
            return out
        run.__name__ = self.name
        op = Primitive(run, "mxnet", type_str="mxnet symbol")
        op.def_multiple_grad(self._grad_maker, argnums=tuple(range(len(self.arg_names))))
        return op

    def _bind(self, arrays):
        mx = self._mx
        ctx = current_mxnet_context()
        dtype = _common_float(arrays)
        # MXNet binds one dtype: integer labels (SoftmaxOutput's) and mixed floats are cast,
        # as MinPy's float32 conversion did.
        arrays = [a if a.dtype == dtype else a.astype(dtype) for a in arrays]
        if self._aux is None:
            self._aux = [mx.nd.zeros(self._aux_shapes[n], ctx=ctx, dtype=dtype)
                         for n in self.aux_names]
        elif self._aux and (self._aux[0].dtype != dtype or self._aux[0].context != ctx):
            # Another dtype or device than the last call: the states (BatchNorm's running
            # mean and variance) carry over, converted.
            self._aux = [a.astype(dtype).as_in_context(ctx) for a in self._aux]
        grads = [mx.nd.zeros(a.shape, ctx=ctx, dtype=a.dtype) for a in arrays]
        return self.symbol.bind(ctx, args=list(arrays), args_grad=grads, grad_req="write",
                                aux_states=self._aux)

    def _grad_maker(self, ans, *arrays):
        last = getattr(self._pending, "last", None)
        self._pending.last = None
        # autograd asks for the gradient right after the forward; else run it again.
        executor = last[1] if last is not None and last[0] is ans else None
        if executor is None:
            executor = self._bind(arrays)
            executor.forward(is_train=self.is_train)

        def grads(g):
            executor.backward(out_grads=[g])
            return tuple(executor.grad_arrays)
        return grads

    def __call__(self, **kwargs):
        missing = [n for n in self.arg_names if n not in kwargs]
        extra = sorted(set(kwargs) - set(self.arg_names))
        if missing or extra:
            raise MXNetSymbolError(message(
                f"Function {self.name!r}", f"keyword arrays for {self.arg_names}",
                f"missing {missing}, unknown {extra}", "Pass every argument by its name."))
        if self._shapes is None:
            self._infer({n: tuple(kwargs[n].shape) for n in self.arg_names})
        return self._op(*[kwargs[n] for n in self.arg_names])

    def __repr__(self):
        return f"<Function {self.name!r} arguments={self.arg_names}>"
