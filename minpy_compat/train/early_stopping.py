"""``EarlyStopping``: stop training when a monitored value stops improving."""
import numpy as onp

from .. import log
from ..errors import CellArgumentError, describe, message
from .callbacks import Callback, loss_value


class EarlyStopping(Callback):
    """Stop when ``monitor`` ('loss': the epoch's last loss; else a key of ``eval_results``)
    has not improved by more than ``min_delta`` for ``patience`` epochs (MindSpore's rule:
    ``patience=0`` stops after the first epoch). ``restore_best_weights`` loads the best
    epoch's Parameters back on stopping.

    >>> EarlyStopping(monitor='loss', patience=2).patience
    2
    """

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False,
                 mode="auto", baseline=None, restore_best_weights=False):
        if mode not in ("auto", "min", "max"):
            raise CellArgumentError(message("EarlyStopping 'mode'", "'auto', 'min' or 'max'",
                                            repr(mode)))
        if isinstance(patience, bool) or not isinstance(patience, int) or patience < 0:
            raise CellArgumentError(message("EarlyStopping 'patience'", "an int >= 0",
                                            describe(patience)))
        if isinstance(min_delta, bool) or not isinstance(min_delta, (int, float)):
            raise CellArgumentError(message("EarlyStopping 'min_delta'", "a number",
                                            describe(min_delta)))
        self.monitor, self.patience, self.verbose = monitor, patience, verbose
        self.baseline, self.restore_best_weights = baseline, restore_best_weights
        self._larger = mode == "max" or (mode == "auto" and "acc" in monitor)
        self.min_delta = abs(min_delta) if self._larger else -abs(min_delta)
        self._reset()

    def _reset(self):
        self.wait, self.stopped_epoch, self.best_weights = 0, 0, None
        self.best = -onp.inf if self._larger else onp.inf

    def _improved(self, value, reference):
        if self._larger:
            return value - self.min_delta > reference
        return value - self.min_delta < reference

    def on_train_begin(self, run_context):
        self._reset()

    def on_train_epoch_end(self, run_context):
        params = run_context.original_args()
        if self.monitor == "loss":
            value = loss_value(params.net_outputs)
        else:
            value = params.get("eval_results", {}).get(self.monitor)
        if value is None or value == 0:  # MindSpore warns and skips the epoch (a zero too)
            log.warning("EarlyStopping: expected monitor %r to be 'loss' or a key of "
                        "eval_results %s, got none; this epoch is not judged.",
                        self.monitor, sorted(params.get("eval_results", {})))
            return
        self.wait += 1
        if self._improved(value, self.best):
            self.best = value
            if self.restore_best_weights:
                self.best_weights = {p.name: p.asnumpy().copy()
                                     for p in params.network.get_parameters()}
            if self.baseline is None or self._improved(value, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = params.cur_epoch_num
            run_context.request_stop()
            if self.best_weights is not None:
                for param in params.network.get_parameters():
                    param.set_data(self.best_weights[param.name])

    def on_train_end(self, run_context):
        if self.stopped_epoch and self.verbose:
            print(f"Epoch {self.stopped_epoch}: early stopping.", flush=True)
