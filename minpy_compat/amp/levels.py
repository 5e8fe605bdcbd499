"""``auto_mixed_precision`` and ``custom_mixed_precision``: which Cells run in float16.

MindSpore 2.10, PyNative on CPU (observed):

- ``O0``: the network unchanged (the same object).
- ``O1``: the Cells of the white list (``get_white_list()``: Conv, Dense, RNN cells) run in
  float16: their float inputs are cast to float16 and their outputs back to float32. MindSpore
  rewrites the network's source to insert these casts, and also casts around the white-list
  *primitives* a ``construct`` calls directly (``ops.MatMul``); here the Cells are cast in
  place (the same object is returned) and primitives called directly keep their dtype.
- ``O2``: the whole network runs in float16 (``Cell.to_float``) except the black list
  (``get_black_list()``: BatchNorm, LayerNorm), which runs in float32 inside a wrapper that
  casts its output back to float16; the returned network wraps it to give float32 outputs.
- ``O3``: like ``O2`` with no black list.
- ``auto``: MindSpore casts per primitive through an operator-level strategy; that needs a
  dtype policy in every op and is not offered here (a clear error says so).

Parameters keep their float32 dtype at every level (as in MindSpore): Cells read them in the
Cell's float type, and their gradients stay float32.
"""
import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from ..nn.cell import Cell

LEVELS = ("O0", "O1", "O2", "O3", "auto")


def _white_list():
    from .. import nn
    return [nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.Conv1dTranspose, nn.Conv2dTranspose,
            nn.Conv3dTranspose, nn.Dense, nn.LSTMCell, nn.RNNCell, nn.GRUCell]


def _black_list():
    from .. import nn
    return [nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d, nn.LayerNorm]


def get_white_list():
    """The Cells ``O1`` runs in float16 (a new list each call: editing it changes nothing).
    MindSpore's list also names primitives (Conv2D, MatMul, ...); only Cells are cast here."""
    return _white_list()


def get_black_list():
    """The Cells ``O2`` keeps in float32 (a new list each call)."""
    return _black_list()


def _cast_floats(value, dtype):
    """Float Tensors in ``value`` (a Tensor or a tuple/list of them) cast to ``dtype``."""
    if type(value) in (tuple, list):
        return type(value)(_cast_floats(item, dtype) for item in value)
    if is_tensor(value) and value.dtype.kind == "f" and value.dtype != dtype:
        return value.astype(dtype)
    return value


class _OutputTo16(Cell):
    """A black-list Cell run in float32, its output cast back to the low float type."""

    def __init__(self, backbone, dtype=onp.float16):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self.dtype = onp.dtype(dtype)

    def construct(self, *args, **kwargs):
        return _cast_floats(self._backbone(*args, **kwargs), self.dtype)


class _OutputTo32(Cell):
    """The network of ``O2``/``O3``: its float outputs cast to float32."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *args, **kwargs):
        return _cast_floats(self._backbone(*args, **kwargs), onp.dtype(onp.float32))


def _to_float32_after(cell, args, output):
    return _cast_floats(output, onp.dtype(onp.float32))


def _cast_white_list(network, white_list, dtype):
    """``O1``: each Cell of ``white_list`` (and everything under it) in ``dtype``, its output
    back in float32; a Cell whose precision the user set with ``to_float`` is left alone."""
    for name, cell in list(network.name_cells().items()):
        if cell.__dict__.get("_float_type") is not None:
            continue
        if isinstance(cell, tuple(white_list)):
            cell.to_float(dtype)
            cell.register_forward_hook(_to_float32_after)
        else:
            _cast_white_list(cell, white_list, dtype)
    return network


def _o1(network, white_list, dtype):
    """``O1`` on ``network``, itself cast when it is of the white list (MindSpore casts the
    white-list primitives its construct calls: a bare ``Dense`` runs its MatMul in float16)."""
    if isinstance(network, tuple(white_list)) and network.__dict__.get("_float_type") is None:
        network.to_float(dtype)
        network.register_forward_hook(_to_float32_after)
        return network
    return _cast_white_list(network, white_list, dtype)


def _keep_black_list(network, black_list, dtype):
    """``O2``: the network in ``dtype``, each Cell of ``black_list`` swapped for a wrapper that
    runs it in float32 and casts its output back to ``dtype`` (MindSpore's ``_OutputTo16``)."""
    network.to_float(dtype)
    for name, cell in list(network.name_cells().items()):
        if isinstance(cell, tuple(black_list)):
            network._cells[name] = _OutputTo16(cell.to_float(onp.float32), dtype)
        else:
            _keep_black_list(cell, black_list, dtype)
    return network


def _check_dtype(where, dtype):
    if isinstance(dtype, str) or dtype is None or onp.dtype(dtype) != onp.float16:
        raise CellArgumentError(message(f"{where} dtype", "ms.float16", repr(dtype),
                                        "bfloat16 has no NumPy type here: use ms.float16."))
    return onp.dtype(onp.float16)


def auto_mixed_precision(network, amp_level="O0", dtype=onp.float16):
    """Run ``network`` in mixed precision at ``amp_level`` (``"O0"``, ``"O1"``, ``"O2"``,
    ``"O3"``; see the module's doc for what each casts). Returns the network to call: the same
    Cell for ``O0``/``O1``, a wrapper giving float32 outputs for ``O2``/``O3``."""
    if isinstance(amp_level, str) and amp_level == "auto":
        raise CellArgumentError(message(
            "auto_mixed_precision amp_level", "'O0', 'O1', 'O2' or 'O3'", "'auto'",
            "'auto' casts per primitive in MindSpore; use 'O1' (white-list Cells in float16) "
            "or 'O2'."))
    if not isinstance(network, Cell):
        raise CellTypeError(message(f"auto_mixed_precision network (amp_level {amp_level!r})",
                                    "a Cell", describe(network)))
    dtype = _check_dtype("auto_mixed_precision", dtype)
    if not isinstance(amp_level, str) or amp_level not in LEVELS:
        raise CellArgumentError(message("auto_mixed_precision amp_level",
                                        "one of 'O0', 'O1', 'O2', 'O3'", repr(amp_level)))
    if amp_level == "O0":
        return network
    if amp_level == "O1":
        network = _o1(network, _white_list(), dtype)
    elif amp_level == "O2":
        network = _OutputTo32(_keep_black_list(network, _black_list(), dtype))
    else:
        network = _OutputTo32(network.to_float(dtype))
    network.__dict__["_amp_level"] = amp_level
    return network


def _check_list(name, classes):
    if not isinstance(classes, list):
        raise CellTypeError(message(f"custom_mixed_precision {name}", "a list of Cell classes",
                                    describe(classes)))
    for item in classes:
        if not isinstance(item, type):
            raise CellTypeError(message(f"custom_mixed_precision {name}", "Cell classes",
                                        f"the element {item!r}"))
    return classes


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=onp.float16):
    """``O1`` with your own ``white_list`` or ``O2`` with your own ``black_list`` (one of the
    two, as in MindSpore). Returns the network to call."""
    if not isinstance(network, Cell):
        raise CellTypeError(message("custom_mixed_precision network", "a Cell",
                                    describe(network)))
    if white_list is None and black_list is None:
        raise CellArgumentError(message("custom_mixed_precision", "white_list or black_list",
                                        "neither", "Pass one of them."))
    if white_list is not None and black_list is not None:
        raise CellArgumentError(message("custom_mixed_precision", "white_list or black_list",
                                        "both", "Pass only one of them."))
    dtype = _check_dtype("custom_mixed_precision", dtype)
    if white_list is not None:
        return _o1(network, _check_list("white_list", white_list), dtype)
    return _OutputTo32(_keep_black_list(network, _check_list("black_list", black_list), dtype))
