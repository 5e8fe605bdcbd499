"""Runs of MXNet table ops, recorded by MXNet's own autograd and differentiated in one call.

Why: a traced MXNet op is a node of autograd's graph like any other, and its VJP
issues a handful of MXNet calls from Python. On a small MLP that is ~60 calls per
training step, each with MXNet's Python-side cost, while ``mxnet.autograd`` runs the
whole backward pass in C++; the step was 1.8x slower than raw MXNet.

How: under ``grad``, a *recordable* table op (its MXNet gradient is ours, see
``recordable``) still makes an ordinary autograd node, so the graph, autograd's own
backward pass and every autograd operator stay as they were. It also runs its MXNet
code inside ``mxnet.autograd.record()``:

* an argument made by another recorded op of the same trace is used as it is (it is
  already in MXNet's graph);
* any other traced argument (a root, a NumPy result, a custom op's result) enters as
  an MXNet *variable*: a detached handle on the same data, marked once per trace;
* the node's vjp is a ``RecordedVJP``, a member of the trace's ``RecordingGroup``.

Our backward pass (``tracing.backward_to_roots``) gives the group each member's
output gradient and, before a node that owns a variable needs its gradient, calls
``mxnet.autograd.grad`` once for all heads so far and all variables they reach. In a
graph that is MXNet ops from end to end that is one call per backward pass.

Ties: MXNet's ``max``/``min`` reductions give every tied element the whole gradient
(not a subgradient: the row's gradient would count the tie several times); ours, on
both backends, splits it. These two ops record a formulation whose MXNet gradient
splits ties (``record_as`` in ``recordable``, next to the ops in ``mxnet_ops_shape``):
five more MXNet calls on the reduced array in the forward pass, no wait for data.
(``maximum``/``minimum`` follow MXNet's rule, the whole gradient to the first array
argument, op by op as well: see ``mxnet_ops``.) A ``RecordedVJP`` called directly
(autograd's backward pass, ``jacobian``, ...) is the op's own registered VJP.
"""
import functools
import threading
from contextlib import contextmanager

from autograd.core import VJPNode, primitive_vjps
from autograd.tracer import Box

from ..tracing import DeferredGroup, trace_scratch
from .mxnet_array import MXArray
from .mxnet_backend import (Logical, current_mxnet_context, from_backend, grad_from_backend,
                            require_mxnet, to_backend)

mx = require_mxnet("recording MXNet ops")
_autograd = mx.autograd
_set_recording = _autograd.set_recording
_NDArray = mx.nd.NDArray
_box_types = Box.types
_box_of = Box.type_mappings
_new_node = object.__new__
_SCRATCH_KEY = "mxnet recording"
_CONSTANTS = {}  # (fill, shape, dtype, context) -> NDArray; see _constant
_local = threading.local()
_CONSTANT_TYPES = (float, int, bool, tuple, type(None), str)  # what table ops take as is


@contextmanager
def op_by_op():
    """Trace MXNet table ops as ordinary nodes in this block (this thread): each runs its
    own VJP. For comparisons and debugging; the gradients are the same."""
    before = getattr(_local, "off", False)
    _local.off = True
    try:
        yield
    finally:
        _local.off = before


def recordable(op, record_as=None, unless_traced=()):
    """Run table op ``op`` recorded under ``grad``: MXNet's gradient of the recorded code
    is the op's registered gradient.

    ``record_as``: the code to record instead of ``op.func`` (same arguments, same
    value), where MXNet's gradient of ``op.func`` differs (ties). ``unless_traced``:
    argnums whose gradient MXNet computes differently anyway (``power``'s exponent):
    when one is traced, the op runs as an ordinary node. Keyword arguments of a table
    op are constants.
    """
    op.call_hook = functools.partial(_call, op, record_as or op.func, frozenset(unless_traced))
    return op


class RecordingGroup(DeferredGroup):
    """The recorded ops of one trace: their variables and pending heads."""

    def __init__(self, context):
        self.context = context
        self.variables = {}  # owner node -> (handle, value)
        self.heads, self.head_grads, self.head_vjps = [], [], []

    def variable(self, node, value):
        """The MXNet variable standing for traced value ``value`` (made by ``node``)."""
        known = self.variables.get(node)
        if known is not None:
            return known[0]
        data = value.on(self.context) if type(value) is MXArray else to_backend(value, self.context)
        handle = data.detach()  # a new handle on the same data: the caller's stays unmarked
        _autograd.mark_variables(
            [handle], [_constant(0.0, handle.shape, handle.dtype, self.context)])
        self.variables[node] = (handle, value)
        return handle

    # ---- DeferredGroup ------------------------------------------------------------------
    def add_head(self, node, vjp, g):
        head = vjp.head
        self.heads.append(head)
        self.head_vjps.append(vjp)
        self.head_grads.append(_head_grad(g, head, self.context))

    def feeds(self, node):
        return node in self.variables

    def flush(self):
        if not self.heads:
            return []
        owners = self._reached_variables()
        handles = [self.variables[owner][0] for owner in owners]
        grads = _autograd.grad(self.heads, handles, head_grads=self.head_grads,
                               retain_graph=True)
        self.heads, self.head_grads, self.head_vjps = [], [], []
        return [(owner, grad_from_backend(grad, self.variables[owner][1]))
                for owner, grad in zip(owners, grads)]

    def _reached_variables(self):
        """The owners of every variable the pending heads reach (MXNet refuses others)."""
        owners, seen = {}, set()
        stack = list(self.head_vjps)
        while stack:
            vjp = stack.pop()
            for parent, recorded in vjp.inputs:
                if not recorded:
                    owners[parent] = None
                elif parent not in seen:
                    seen.add(parent)
                    stack.append(parent.vjp)
        return list(owners)


class RecordedVJP:
    """A recorded op's vjp: a member of its trace's group, or (called) the op's own VJP."""

    __slots__ = ("group", "head", "inputs", "_op", "_ans", "_args", "_kwargs", "_argnums",
                 "_own")

    def __init__(self, group, head, inputs, op, ans, args, kwargs, argnums):
        self.group, self.head, self.inputs = group, head, inputs
        self._op, self._ans, self._args, self._kwargs = op, ans, args, kwargs
        self._argnums = argnums
        self._own = None

    def __call__(self, g):
        if self._own is None:
            self._own = primitive_vjps[self._op.primitive](
                self._argnums, self._ans, self._args, self._kwargs)
        return self._own(g)


def _call(op, record_as, unless_traced, args, kwargs):
    """``op(*args, **kwargs)``, recorded when traced by one ``grad`` (else as usual)."""
    top = -1
    for arg in args:
        if type(arg) in _box_types and arg._trace > top:
            top = arg._trace
    if top < 0:
        return op._run(*args, **kwargs)
    if getattr(_local, "off", False):
        return op.plain_call(args, kwargs)
    scratch = trace_scratch(top)
    group = scratch.get(_SCRATCH_KEY)
    if group is None:
        group = scratch[_SCRATCH_KEY] = RecordingGroup(current_mxnet_context())
    context = group.context
    handles, values, inputs, argnums, parents = [], [], [], [], []
    for argnum, arg in enumerate(args):
        kind = type(arg)
        if kind not in _box_types:
            handles.append(arg.on(context) if kind is MXArray else
                           arg if kind in _CONSTANT_TYPES else to_backend(arg, context))
            values.append(arg)
            continue
        value, node = arg._value, arg._node
        if (arg._trace != top or type(node) is not VJPNode or type(value) in _box_types
                or argnum in unless_traced):
            return op.plain_call(args, kwargs)  # nested traces, forward mode: as usual
        vjp = node.vjp
        if type(vjp) is RecordedVJP and vjp.group is group:
            handles.append(value.nd)
            inputs.append((node, True))
        elif type(value) is MXArray or getattr(value, "dtype", None) is not None:
            handles.append(group.variable(node, value))
            inputs.append((node, False))
        else:
            return op.plain_call(args, kwargs)  # a traced Python float: no variable for it
        values.append(value)
        argnums.append(argnum)
        parents.append(node)
    was_recording = _set_recording(True)
    try:
        result = record_as(*handles, **kwargs)
    finally:
        _set_recording(was_recording)
    if type(result) is Logical:
        head, ans = result.nd, MXArray(result.nd, result.shape, result.dtype,
                                       mxnet_context=context)
    elif isinstance(result, _NDArray):
        head, ans = result, MXArray(result, mxnet_context=context)
    else:
        head, ans = None, from_backend(result)  # a tuple of results
    node = _new_node(VJPNode)
    node.parents = parents
    if head is None or any(handle is head for handle in handles):
        # Not one new NDArray (a tuple, or an argument handed back): an ordinary node.
        node.vjp = primitive_vjps[op.primitive](tuple(argnums), ans, tuple(values), kwargs)
    else:
        node.vjp = RecordedVJP(group, head, inputs, op, ans, tuple(values), kwargs,
                               tuple(argnums))
    return _box_of[type(ans)](ans, top, node)


def _head_grad(g, head, context):
    """A head's output gradient as an NDArray of the head's shape and dtype."""
    if type(g) is not MXArray and getattr(g, "shape", None) == () and g == 1:
        return _constant(1.0, head.shape, head.dtype, context)  # the seed of a backward pass
    data = to_backend(g, context)
    if data.shape != head.shape:
        data = data.reshape(head.shape)
    if data.dtype != head.dtype:
        data = data.astype(head.dtype)
    return data


def _constant(fill, shape, dtype, context):
    """A cached NDArray full of ``fill``, for arrays MXNet only reads: the buffers that
    ``mark_variables`` wants (``autograd.grad`` never writes them) and the seed ``ones``."""
    key = (fill, shape, dtype, context)
    array = _CONSTANTS.get(key)
    if array is None:
        if len(_CONSTANTS) >= 64:
            _CONSTANTS.clear()
        array = _CONSTANTS[key] = mx.nd.full(shape, fill, context, dtype=dtype)
    return array
