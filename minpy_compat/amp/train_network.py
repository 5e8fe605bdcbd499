"""``build_train_network``: a network, a loss and an optimizer as one mixed-precision training
step (MindSpore 2.10's ``mindspore.amp.build_train_network``).

Levels (MindSpore's table): ``O0``/``O1`` keep the model in float32 (``O1`` casts the
white-list Cells, as ``auto_mixed_precision`` does), ``O2`` casts it to float16 with BatchNorm
kept in float32 and trains with a ``DynamicLossScaleManager``, ``O3`` casts all of it to
float16. The keyword arguments ``cast_model_type``, ``keep_batchnorm_fp32`` and
``loss_scale_manager`` override the level's entries.

One difference: MindSpore on CPU refuses a loss-scale manager that updates its scale (the
``O2`` default among them); this library trains with it on any device.
"""
import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..nn.cell import Cell
from .levels import _OutputTo16, _black_list, _cast_floats, auto_mixed_precision

_KEYS = ("cast_model_type", "keep_batchnorm_fp32", "loss_scale_manager")


def _config(level):
    from ..train.loss_scale_manager import DynamicLossScaleManager
    fp16, fp32 = onp.dtype(onp.float16), onp.dtype(onp.float32)
    return {"O0": (False, fp32, None), "O1": (False, fp32, None),
            "O2": (True, fp16, DynamicLossScaleManager()),
            "O3": (False, fp16, None)}[level]


class _WithLossCell(Cell):
    """The loss Cell of a float16 model: the output and label reach the loss in float32."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        out = self._backbone(data)
        fp32 = onp.dtype(onp.float32)
        return self._loss_fn(_cast_floats(out, fp32), _cast_floats(label, fp32))


def _keep_batchnorm_fp32(network):
    for name, cell in list(network.name_cells().items()):
        if isinstance(cell, tuple(_black_list())):
            network._cells[name] = _OutputTo16(cell.to_float(onp.float32))
        else:
            _keep_batchnorm_fp32(cell)


def _check(network, optimizer, loss_fn, level, kwargs):
    from ..nn.optimizer import Optimizer
    from ..train.loss_scale_manager import LossScaleManager
    where = "build_train_network"
    if not isinstance(network, Cell):
        raise CellTypeError(message(f"{where} network", "a Cell", describe(network)))
    if not isinstance(optimizer, Optimizer):
        raise CellTypeError(message(f"{where} optimizer", "an nn.Optimizer",
                                    describe(optimizer)))
    if loss_fn is not None and not isinstance(loss_fn, Cell):
        raise CellTypeError(message(f"{where} loss_fn", "a Cell or None", describe(loss_fn)))
    if not isinstance(level, str) or level not in ("O0", "O1", "O2", "O3"):
        raise CellArgumentError(message(f"{where} level", "one of 'O0', 'O1', 'O2', 'O3'",
                                        repr(level)))
    for key, value in kwargs.items():
        if key not in _KEYS:
            raise CellArgumentError(message(where, "keyword arguments among " + ", ".join(_KEYS),
                                            repr(key)))
    if "cast_model_type" in kwargs and kwargs["cast_model_type"] not in (onp.float16,
                                                                         onp.float32):
        raise CellTypeError(message(f"{where} cast_model_type", "ms.float16 or ms.float32",
                                    repr(kwargs["cast_model_type"])))
    if not isinstance(kwargs.get("keep_batchnorm_fp32", False), bool):
        raise CellTypeError(message(f"{where} keep_batchnorm_fp32", "a bool",
                                    describe(kwargs["keep_batchnorm_fp32"])))
    manager = kwargs.get("loss_scale_manager")
    if manager is not None and not isinstance(manager, LossScaleManager):
        raise CellTypeError(message(f"{where} loss_scale_manager", "a LossScaleManager or None",
                                    describe(manager)))


def build_train_network(network, optimizer, loss_fn=None, level="O0", boost_level="O0",
                        **kwargs):
    """A training Cell: call it with ``(data, label)`` (with ``loss_fn``) to run one step and
    get the loss. ``boost_level`` other than ``"O0"`` is MindSpore's Ascend-only boost mode
    and is refused here."""
    _check(network, optimizer, loss_fn, level, kwargs)
    if boost_level != "O0":
        raise CellArgumentError(message("build_train_network boost_level", "'O0'",
                                        repr(boost_level), "Boost mode is Ascend-only."))
    from ..nn.loss_scale import TrainOneStepWithLossScaleCell
    from ..nn.wrappers import TrainOneStepCell, WithLossCell
    keep_bn, cast_type, manager = _config(level)
    keep_bn = kwargs.get("keep_batchnorm_fp32", keep_bn)
    cast_type = onp.dtype(kwargs.get("cast_model_type", cast_type))
    manager = kwargs.get("loss_scale_manager", manager)
    if cast_type == onp.float16:
        network.to_float(onp.float16)
        if keep_bn:
            _keep_batchnorm_fp32(network)
    elif not keep_bn and level == "O2":
        network.to_float(onp.float16)
    elif level in ("O0", "O1"):
        network = auto_mixed_precision(network, level)
    if loss_fn is not None:
        low = cast_type == onp.float16 or network.__dict__.get("_amp_level") in ("O2", "O3")
        network = (_WithLossCell if low else WithLossCell)(network, loss_fn)
    update_cell = manager.get_update_cell() if manager is not None else None
    if update_cell is not None:
        return TrainOneStepWithLossScaleCell(network, optimizer,
                                             scale_sense=update_cell).set_train()
    sens = manager.get_loss_scale() if manager is not None else None
    return TrainOneStepCell(network, optimizer, sens).set_train()
