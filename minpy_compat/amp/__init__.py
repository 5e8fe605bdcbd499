"""Mixed precision (``mindspore.amp``): ``auto_mixed_precision`` and its white/black lists,
loss scalers, ``all_finite`` and ``build_train_network``. Loaded on first use
(``minpy_compat.amp``).
"""
from .levels import (auto_mixed_precision, custom_mixed_precision, get_black_list,
                     get_white_list)
from .scalers import DynamicLossScaler, LossScaler, StaticLossScaler, all_finite
from .train_network import build_train_network

__all__ = ["DynamicLossScaler", "LossScaler", "StaticLossScaler", "all_finite",
           "auto_mixed_precision", "build_train_network", "custom_mixed_precision",
           "get_black_list", "get_white_list"]
