"""``nn.Cell``: MindSpore's building block, eager (PyNative) on minpy_compat's tracer.

Attributes holding Parameters or Cells are registered (``trainable_params``,
``parameters_and_names``, ``cells_and_names``); Parameter names get the attribute
path as a prefix (``fc1.weight``). Calling a Cell runs its hooks and ``construct``;
a Cell that defines ``bprop`` runs as one op whose gradient is that ``bprop``
(``nn/bprop.py``).

>>> import minpy_compat as ms
>>> from minpy_compat import nn, ops
>>> class Double(nn.Cell):
...     def construct(self, x):
...         return x * 2
...     def bprop(self, x, out, dout):
...         return (dout * 3,)          # a deliberately different gradient
>>> float(ms.grad(Double())(ms.Tensor(1.0)))
3.0
"""
from collections import OrderedDict

import numpy as onp
from autograd.tracer import getval, trace_stack

from ..errors import CellArgumentError, CellTypeError, ConstructMissingError, describe, message
from ..substitution import OPEN, traced_value
from ..tensor import Parameter, ParameterTuple, is_tensor
from ..write_journal import undo_writes_on_error
from . import bprop as _bprop
from . import hooks as _hooks
from .cell_settings import CellSettings
from .cell_tree import CellTree
from .float_type import in_float_type, out_of_float_type


class Cell(CellTree, CellSettings):
    """Base class of every layer and network: subclass it and define ``construct``."""
    requires_grad = False  # set_grad(); a class default, so Cells without __init__ run too

    def __init__(self, auto_prefix=True, flags=None):
        state = self.__dict__
        state["_params"] = OrderedDict()
        state["_cells"] = OrderedDict()
        state["_param_tuples"] = OrderedDict()  # attribute -> (ParameterTuple, its _params keys)
        state["_hooks"] = {"forward_pre": OrderedDict(), "forward": OrderedDict(),
                           "backward": OrderedDict(), "backward_pre": OrderedDict()}
        state["_auto_prefix"] = auto_prefix
        state["_bprop_debug"] = state["training"] = False
        state["_cell_flags"] = dict(flags or {})

    def __getstate__(self):  # copies and pickles leave a recorded forward behind
        return {k: v for k, v in self.__dict__.items() if k != "_forward_record"}

    # ---- attribute registration ------------------------------------------------------
    def _registry(self, name):
        table = self.__dict__.get(name)
        if table is None:
            raise AttributeError(message(
                f"{type(self).__name__}.__init__", "super().__init__() before assigning "
                "Parameters or Cells", "an assignment first",
                "Call super().__init__() at the top of __init__."))
        return table

    def __setattr__(self, name, value):
        state = self.__dict__
        if self._replaces_registered(name, value):
            return
        self._forget(name)
        if isinstance(value, Parameter):
            params = self._registry("_params")
            if value._auto_name:  # the first name wins: a later alias attribute keeps it
                value.name = name
            params[name] = value
        elif isinstance(value, Cell):
            cells = self._registry("_cells")
            if self._auto_prefix:
                value.update_parameters_name(name + ".")
            cells[name] = value
        elif isinstance(value, ParameterTuple):
            self._registry("_params")
            state["_param_tuples"][name] = (value, self._register_tuple(name, value))
        else:
            object.__setattr__(self, name, value)

    def _replaces_registered(self, name, value):
        """MindSpore's rule for a name that holds a Parameter or a Cell: a Tensor becomes the
        Parameter's new data (``net.w = Tensor(...)`` keeps ``w`` trainable); None, a
        Parameter or a Cell replaces the entry; anything else is refused."""
        if value is None or isinstance(value, (Parameter, ParameterTuple, Cell)):
            return False
        param = self.__dict__.get("_params", {}).get(name)
        if param is not None:
            if not is_tensor(value):
                raise CellTypeError(message(
                    f"{type(self).__name__}.{name}", "a Tensor (new data for the Parameter), "
                    "a Parameter or None", describe(value)))
            param.set_data(getval(value))
            return True
        if name in self.__dict__.get("_cells", {}):
            raise CellTypeError(message(f"{type(self).__name__}.{name}", "a Cell or None",
                                        describe(value), "The name holds a sub-cell."))
        return False

    def _forget(self, name):
        """Unregister whatever ``name`` held (a Parameter, a Cell, a ParameterTuple, a value)."""
        state = self.__dict__
        params = state.get("_params", {})
        params.pop(name, None)
        state.get("_cells", {}).pop(name, None)
        held = state.get("_param_tuples", {}).pop(name, None)
        for key in held[1] if held else ():
            params.pop(key, None)
        state.pop(name, None)

    def _register_tuple(self, name, params_tuple):
        """A ParameterTuple's Parameters join ``_params`` under their own names (MindSpore's)."""
        params, keys = self.__dict__["_params"], []
        for i, param in enumerate(params_tuple):
            key = param.name if param.name not in params else f"{name}.{i}"
            params[key] = param
            keys.append(key)
        return tuple(keys)

    def __getattr__(self, name):
        state = self.__dict__
        params = state.get("_params")
        if params is not None and name in params:
            # outside every gradient pass with weights (OPEN[0] == 0) a Parameter reads as
            # itself, and outside to_float it is not cast: neither call is needed then
            value = traced_value(params[name]) if OPEN[0] else params[name]
            return value if state.get("_float_type") is None else in_float_type(state, value)
        cells = state.get("_cells")
        if cells is not None and name in cells:
            return cells[name]
        held = state.get("_param_tuples", {}).get(name)
        if held is not None:
            if not OPEN[0]:
                return held[0]
            values = tuple([traced_value(p) for p in held[0]])
            for value, param in zip(values, held[0]):
                if value is not param:
                    return values
            return held[0]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        state = self.__dict__
        if any(name in state.get(table, {}) for table in ("_params", "_cells", "_param_tuples")):
            self._forget(name)
            return
        object.__delattr__(self, name)

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        setattr(self, param_name, param)

    def insert_child_to_cell(self, child_name, child_cell):
        setattr(self, child_name, child_cell)

    def update_parameters_name(self, prefix="", recurse=True):
        """Name every Parameter ``prefix`` + its path in this Cell (MindSpore's rule: a Cell
        assigned twice gets the newer path, not both prefixes)."""
        for path, param in self.parameters_and_names(expand=recurse):
            param.name = prefix + path  # no longer automatic: an alias attribute keeps it

    # ---- modes ------------------------------------------------------------------------
    def set_train(self, mode=True):
        """Training mode for this Cell and every sub-cell (Dropout drops only in training)."""
        for _, cell in self.cells_and_names():
            cell.__dict__["training"] = bool(mode)
        return self

    def set_grad(self, requires_grad=True):
        """With ``requires_grad``, a gradient reuses a recorded call (``ops/forward_record``)."""
        self.__dict__["requires_grad"] = requires_grad
        return self

    def to_float(self, dst_type):
        """Run this Cell and its sub-cells in ``dst_type`` (ms.float16 or ms.float32): float
        inputs, and Parameters as construct reads them, are cast; the Parameters keep their
        dtype, and so do their gradients. Int inputs stay ints; where they meet floats the
        result is ``dst_type``, as in MindSpore (not NumPy's float64). Returns this Cell."""
        if isinstance(dst_type, str) or dst_type not in (onp.float16, onp.float32):
            raise CellArgumentError(message(f"{type(self).__name__}.to_float dst_type",
                                            "ms.float16 or ms.float32", repr(dst_type),
                                            "bfloat16 has no NumPy type here."))
        for _, cell in self.cells_and_names():
            cell.__dict__["_float_type"] = onp.dtype(dst_type)
        return self

    @property
    def cls_name(self):
        """The class name (MindSpore's Cells word their messages with it)."""
        return type(self).__name__

    # ---- hooks ------------------------------------------------------------------------
    def register_forward_pre_hook(self, hook_fn, prepend=False, with_kwargs=False):
        """``hook_fn(cell, args)`` before construct; a non-None return replaces args."""
        return _hooks.add_hook(self._hooks["forward_pre"], hook_fn, self._hook_where(),
                               prepend, with_kwargs=with_kwargs)

    def register_forward_hook(self, hook_fn, prepend=False, with_kwargs=False, always_call=False):
        """``hook_fn(cell, args, output)`` after construct; a non-None return replaces output."""
        return _hooks.add_hook(self._hooks["forward"], hook_fn, self._hook_where(), prepend,
                               with_kwargs=with_kwargs, always_call=always_call)

    def register_backward_hook(self, hook_fn):
        """``hook_fn(cell, grad_input, grad_output)``; a non-None return replaces grad_input."""
        return _hooks.add_hook(self._hooks["backward"], hook_fn, self._hook_where())

    def register_backward_pre_hook(self, hook_fn):
        """``hook_fn(cell, grad_output)``; a non-None return replaces grad_output."""
        return _hooks.add_hook(self._hooks["backward_pre"], hook_fn, self._hook_where())

    def _hook_where(self):
        return f"{type(self).__name__}.register_hook"

    # ---- calling ----------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        if getattr(type(self), "construct", None) is None:
            raise ConstructMissingError(message(
                type(self).__name__, "a construct method", "none",
                "Define construct(self, ...) in the Cell subclass."))
        if "_names_checked" not in self.__dict__:  # MindSpore's first-call renaming
            self.__dict__["_names_checked"] = self.check_names_and_refresh_name() or True
        if self.requires_grad:  # set_grad: a call outside gradients records its forward
            if trace_stack.top < 0:  # it calls this Cell again, inside its trace
                from ..ops.forward_record import call_recorded
                return call_recorded(self, args, kwargs)
            self.__dict__.pop("_forward_record", None)  # a call inside a pass ends it
        hooks = self._hooks
        # all or nothing: a call that raises puts back the Parameters it wrote (an optimizer
        # stopped half-way, BatchNorm statistics moved before a later layer failed)
        with undo_writes_on_error():
            if hooks["forward_pre"]:
                args, kwargs = _hooks.run_forward_pre_hooks(self, hooks["forward_pre"], args,
                                                            kwargs)
            if hooks["backward"] or hooks["backward_pre"]:
                return _hooks.call_with_backward_hooks(self, hooks["backward"],
                                                       hooks["backward_pre"], args, kwargs,
                                                       self._run)
            return self._run(args, kwargs)

    def _run(self, args, kwargs):
        state, finished, given = self.__dict__, False, (args, kwargs)  # hooks get them uncast
        with_bprop = getattr(type(self), "bprop", None) is not None
        # to_float: float inputs in that type (a Cell with bprop casts inside its op, so that
        # bprop gets the inputs as given, as in MindSpore)
        if state.get("_float_type") is not None and not with_bprop:
            args = tuple(in_float_type(state, a, True) for a in args)
            kwargs = {k: in_float_type(state, v, True) for k, v in kwargs.items()}
        state["_running"] = state.get("_running", 0) + 1
        try:
            if with_bprop:
                output = _bprop.call_with_bprop(self, args, kwargs)
            else:
                output = self.construct(*args, **kwargs)
            finished = True
        finally:
            state["_running"] -= 1
            if not finished:  # construct raised: hooks registered with always_call still run
                _hooks.run_always_call_hooks(self, self._hooks["forward"], *given)
        if state.get("_float_type") is not None:
            output = out_of_float_type(state["_float_type"], output)
        if self._hooks["forward"]:
            output = _hooks.run_forward_hooks(self, self._hooks["forward"], *given, output)
        return output


# MindSpore's other names here, read from minpy_compat's namespaces (a ModulePathError names
# the ones we lack)
from ..module_paths import fallback  # noqa: E402

__getattr__, __dir__ = fallback(__name__)
