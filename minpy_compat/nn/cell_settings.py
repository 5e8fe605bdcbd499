"""The Cell methods that set how MindSpore compiles or places a network: flags, bprop_debug,
recompute, dynamic-shape inputs, the jit config, boost, data parallel, comm fusion, offload; and
``apply``. In PyNative on one CPU none of them changes a value or a gradient, so here they
record what they were given (``get_flags`` and ``get_inputs`` read it back) and check their
arguments as MindSpore does. ``Cell`` inherits them.

>>> from minpy_compat import nn
>>> net = nn.SequentialCell([nn.Dense(2, 2), nn.ReLU()])
>>> seen = []
>>> net.apply(lambda cell: seen.append(type(cell).__name__)) is net, seen
(True, ['Dense', 'ReLU', 'SequentialCell'])
"""
from ..errors import CellArgumentError, CellTypeError, describe, message

_RECOMPUTE_KWARGS = ("mp_comm_recompute", "parallel_optimizer_comm_recompute",
                     "recompute_slice_activation")
_BOOST_TYPES = ("less_bn",)


class CellSettings:
    """Mixed into ``Cell``: compile and placement settings, kept as flags."""

    @property
    def bprop_debug(self):
        """Kept for MindSpore code: in graph mode it ran bprop in Python; eager always does."""
        return self.__dict__.get("_bprop_debug", False)

    @bprop_debug.setter
    def bprop_debug(self, value):
        if not isinstance(value, bool):
            raise CellTypeError(message(f"{type(self).__name__}.bprop_debug", "a bool",
                                        f"{type(value).__name__} {value!r}"))
        self.__dict__["_bprop_debug"] = value

    def _flags(self):
        return self.__dict__.setdefault("_cell_flags", {})

    def get_flags(self):
        """The flags set on this Cell (``add_flags``, ``recompute``, ``set_boost``, ...)."""
        return self._flags()

    def add_flags(self, **flags):
        """Set ``flags`` on this Cell; returns the Cell."""
        self._flags().update(flags)
        return self

    def add_flags_recursive(self, **flags):
        """Set ``flags`` on this Cell and every sub-cell; returns the Cell."""
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    def apply(self, fn):
        """``fn(cell)`` for every sub-cell (depth first, children before their parent) and
        then this Cell, as MindSpore orders it; returns the Cell. The usual use: initialise
        the weights of each layer of one type."""
        if not callable(fn):
            raise CellTypeError(message(f"{type(self).__name__}.apply fn",
                                        "a function of one Cell", describe(fn)))
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    def recompute(self, *, use_reentrant=True, output_recompute=False, early_stop=True,
                  context_fn=None, **kwargs):
        """Mark the Cell's activations for recomputation in the backward pass (memory, not
        values: the results and gradients stay as they are); returns None."""
        unknown = [key for key in kwargs if key not in _RECOMPUTE_KWARGS]
        if unknown:
            raise CellArgumentError(message(f"{type(self).__name__}.recompute keyword",
                                            f"one of {', '.join(_RECOMPUTE_KWARGS)}",
                                            repr(unknown[0])))
        self._flags()["output_recompute"] = bool(output_recompute)
        self.__dict__["_recompute_settings"] = dict(
            use_reentrant=use_reentrant and not output_recompute, early_stop=early_stop,
            context_fn=context_fn, **kwargs)

    def set_inputs(self, *inputs, **kwargs):
        """Record the (possibly dynamic-shape) inputs graph mode would compile for."""
        self.__dict__["_compile_inputs"] = (inputs, kwargs) if kwargs else inputs

    def get_inputs(self):
        """What ``set_inputs`` recorded, or None."""
        return self.__dict__.get("_compile_inputs")

    def set_jit_config(self, jit_config):
        """Record the JitConfig graph mode would compile with."""
        self.__dict__["_jit_config"] = jit_config

    def set_boost(self, boost_type):
        """Turn on a boost algorithm (only ``'less_bn'`` exists); returns the Cell."""
        if boost_type not in _BOOST_TYPES:
            raise CellArgumentError(message(f"{type(self).__name__}.set_boost boost_type",
                                            "'less_bn'", repr(boost_type)))
        return self.add_flags_recursive(less_bn=True)

    def set_data_parallel(self):
        """Mark the Cell data parallel (a no-op on one device)."""
        self._flags()["data_parallel"] = True

    def set_comm_fusion(self, fusion_type, recurse=True):
        """Record the communication fusion group of the Cell's Parameters; returns the Cell."""
        if not isinstance(fusion_type, int) or isinstance(fusion_type, bool):
            raise CellTypeError(message(f"{type(self).__name__}.set_comm_fusion fusion_type",
                                        "an int", describe(fusion_type)))
        for param in self.trainable_params(recurse):
            param.comm_fusion = fusion_type
        return self

    def offload(self, backward_prefetch="Auto"):
        """Mark the Cell's activations for host offload (memory only); returns None."""
        self._flags()["offload"] = True
        self.__dict__["_offload_prefetch"] = backward_prefetch
