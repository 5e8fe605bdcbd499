"""Callbacks that change the optimizer's learning rate while ``Model.train`` runs:
``ReduceLROnPlateau`` (after each epoch) and ``LearningRateScheduler`` (after each step).

>>> from minpy_compat.train import LearningRateScheduler
>>> halve = LearningRateScheduler(lambda lr, step: lr / 2 if step % 10 == 0 else lr)
"""
import math

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter
from .callbacks import Callback, loss_value

# MindSpore's monitors where smaller is better when mode='auto'
_SMALLER_BETTER = ("hausdorff_distance", "mae", "mse", "loss", "perplexity",
                   "mean_surface_distance", "root_mean_square_distance", "eval_loss")


def _learning_rate(where, params):
    """The optimizer's one learning-rate Parameter (not a schedule, nor group rates)."""
    optimizer = params.get("optimizer")
    rate = getattr(optimizer, "learning_rate", None)
    if not isinstance(rate, Parameter) or getattr(optimizer, "_lr_schedule", None) is not None \
            or any(lr is not None for lr in getattr(optimizer, "_group_lr", ())):
        raise CellArgumentError(message(
            where, "an optimizer with one fixed learning rate", describe(optimizer),
            "Drop the LearningRateSchedule, per-step list or group 'lr' from the optimizer."))
    if len(getattr(optimizer, "_schedule", ())) > 1:
        raise CellArgumentError(message(where, "an optimizer with one fixed learning rate",
                                        "a list of rates, one per step",
                                        "Pass one number as learning_rate."))
    return rate


def _number(where, value, low=0.0, high=None, integral=False):
    kinds = int if integral else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or value < low \
            or (high is not None and value >= high):
        expected = f"an int >= {low}" if integral else \
            f"a number in ({low}, {high})" if high is not None else f"a number >= {low}"
        raise CellArgumentError(message(where, expected, describe(value)))
    return value


class ReduceLROnPlateau(Callback):
    """Multiply the learning rate by ``factor`` (not below ``min_lr``) when ``monitor`` has
    not improved by ``min_delta`` for ``patience`` epochs, then wait ``cooldown`` epochs.
    ``monitor``: 'loss' (the epoch's last loss) or a key of ``eval_results``."""

    def __init__(self, monitor="eval_loss", factor=0.1, patience=10, verbose=False,
                 mode="auto", min_delta=1e-4, cooldown=0, min_lr=0):
        if not isinstance(monitor, str):
            raise CellTypeError(message("ReduceLROnPlateau 'monitor'", "a str", describe(monitor)))
        if factor == 0 or not isinstance(factor, float):
            raise CellArgumentError(message("ReduceLROnPlateau 'factor'", "a float in (0, 1)",
                                            describe(factor)))
        self.factor = _number("ReduceLROnPlateau 'factor'", factor, 0.0, 1.0)
        self.patience = _number("ReduceLROnPlateau 'patience'", patience, 0, integral=True)
        self.cooldown = _number("ReduceLROnPlateau 'cooldown'", cooldown, 0, integral=True)
        self.min_lr = _number("ReduceLROnPlateau 'min_lr'", min_lr, -math.inf)
        self.min_delta = abs(_number("ReduceLROnPlateau 'min_delta'", min_delta, -math.inf))
        if mode not in ("auto", "min", "max"):
            raise CellArgumentError(message("ReduceLROnPlateau 'mode'", "'auto', 'min' or 'max'",
                                            repr(mode)))
        self.monitor, self.mode, self.verbose = monitor, mode, bool(verbose)
        self._smaller = mode == "min" or (mode == "auto" and monitor in _SMALLER_BETTER)
        self.on_train_begin(None)

    def on_train_begin(self, run_context):
        self.cooldown_counter, self.wait = 0, 0
        self.best = onp.inf if self._smaller else -onp.inf

    def _improved(self, value):
        if self._smaller:
            return value < self.best - self.min_delta
        return value > self.best + self.min_delta

    def _monitored(self, params):
        if self.monitor == "loss":
            return loss_value(params.get("net_outputs"))
        value = params.get("eval_results", {}).get(self.monitor)
        if value is not None and onp.ndim(value) != 0:
            raise CellArgumentError(message("ReduceLROnPlateau 'monitor'", "a scalar value",
                                            f"shape {onp.shape(value)}"))
        return value

    def on_train_epoch_end(self, run_context):
        params = run_context.original_args()
        rate = _learning_rate("ReduceLROnPlateau", params)
        value = self._monitored(params)
        if value is None or value == 0:  # MindSpore skips a missing (or zero) value
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self._improved(value):
            self.best, self.wait = value, 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                current = float(onp.asarray(rate))
                if current > self.min_lr:
                    new_rate = max(current * self.factor, self.min_lr)
                    rate.set_data(onp.asarray(new_rate, onp.float32))
                    if self.verbose:
                        print(f"Epoch {params.get('cur_epoch_num', 0):05d}: ReduceLROnPlateau "
                              f"reducing learning rate to {new_rate}.", flush=True)
                self.cooldown_counter, self.wait = self.cooldown, 0


class LearningRateScheduler(Callback):
    """After each step, set the learning rate to
    ``learning_rate_function(lr, cur_step_num)`` (``lr`` a float)."""

    def __init__(self, learning_rate_function):
        if not callable(learning_rate_function):
            raise CellTypeError(message("LearningRateScheduler 'learning_rate_function'",
                                        "a callable (lr, step) -> lr",
                                        describe(learning_rate_function)))
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context):
        params = run_context.original_args()
        rate = _learning_rate("LearningRateScheduler", params)
        current = float(str(onp.asarray(rate, onp.float32)))  # MindSpore's: 0.05, not 0.050000001
        new_rate = self.learning_rate_function(current, params.cur_step_num)
        if isinstance(new_rate, bool) or not isinstance(new_rate, (int, float, onp.floating)):
            raise CellTypeError(message("LearningRateScheduler 'learning_rate_function'",
                                        "a number returned", describe(new_rate)))
        if not math.isclose(current, new_rate, rel_tol=1e-10):
            rate.set_data(onp.asarray(new_rate, onp.float32))
