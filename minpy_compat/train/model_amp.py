"""How ``Model`` builds its training network at each ``amp_level`` (MindSpore 2.10's
``Model._build_train_network``, observed on CPU).

- ``O0``: ``TrainOneStepCell`` over ``WithLossCell`` (a loss-scale manager as given).
- ``O1``, ``O2``, ``O3``: ``amp.build_train_network`` with the level, and the
  ``loss_scale_manager`` and ``keep_batchnorm_fp32`` passed to ``Model`` (when passed): the
  network is cast in place, so ``predict`` and the evaluation network run in the level's
  precision too; at ``O2``/``O3`` the evaluation network casts its output to float32.

The ``O2`` default manager (``DynamicLossScaleManager``) trains here on any device; MindSpore
on CPU refuses it (pass ``loss_scale_manager=None`` or a ``FixedLossScaleManager`` with
``drop_overflow_update=False`` for code that must also run there).
"""
from ..errors import CellArgumentError, CellTypeError, describe, message
from .loss_scale_manager import LossScaleManager

LEVELS = ("O0", "O1", "O2", "O3")
_KWARGS = ("loss_scale_manager", "keep_batchnorm_fp32", "boost_config_dict", "acc_level")


def check_amp_args(optimizer, amp_level, boost_level, kwargs):
    """Model's mixed-precision arguments checked; returns the boost level in use."""
    for key in kwargs:
        if key not in _KWARGS:
            raise CellArgumentError(message("Model keyword arguments", "among " +
                                            ", ".join(_KWARGS), repr(key)))
    if amp_level == "auto":
        raise CellArgumentError(message(
            "Model 'amp_level'", "'O0', 'O1', 'O2' or 'O3'", "'auto'",
            "'auto' casts per primitive in MindSpore; use 'O1' or 'O2'."))
    if not isinstance(amp_level, str) or amp_level not in LEVELS:
        raise CellArgumentError(message("Model 'amp_level'", "one of 'O0', 'O1', 'O2', 'O3'",
                                        repr(amp_level)))
    boost_level = kwargs.get("acc_level", boost_level)
    if boost_level != "O0":
        raise CellArgumentError(message("Model 'boost_level'", "'O0'", repr(boost_level),
                                        "Boost mode (mindspore.boost) is not offered here."))
    if optimizer is None and amp_level != "O0":
        raise CellArgumentError(message(
            f"Model 'amp_level' {amp_level!r}", "an optimizer to train with", "optimizer=None",
            "Pass optimizer=..., or amp_level='O0'."))
    manager = kwargs.get("loss_scale_manager")
    if manager is not None and not isinstance(manager, LossScaleManager):
        raise CellTypeError(message("Model 'loss_scale_manager'", "a LossScaleManager",
                                    describe(manager), "Pass ms.FixedLossScaleManager(...)."))
    if manager is not None and optimizer is None:
        raise CellArgumentError(message("Model 'loss_scale_manager'", "an optimizer with it",
                                        "optimizer=None", "Pass optimizer=... to Model."))
    keep_bn = kwargs.get("keep_batchnorm_fp32", False)
    if not isinstance(keep_bn, bool):
        raise CellTypeError(message("Model 'keep_batchnorm_fp32'", "a bool", describe(keep_bn)))


def build_amp_train_network(network, loss_fn, optimizer, amp_level, kwargs):
    """The training Cell of a Model at ``O1``-``O3`` (``amp.build_train_network``)."""
    from ..amp.train_network import build_train_network
    config = {key: kwargs[key] for key in ("loss_scale_manager", "keep_batchnorm_fp32")
              if key in kwargs}
    return build_train_network(network, optimizer, loss_fn, level=amp_level, **config)
