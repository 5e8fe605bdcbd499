"""``mindspore.train`` callbacks: hooks ``Model.train``/``Model.eval`` call, and a few built in.

>>> from minpy_compat.train import Callback
>>> class Steps(Callback):
...     def on_train_step_end(self, run_context):
...         print(run_context.original_args().cur_step_num)
"""
import time

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message

TRAIN_HOOKS = ("on_train_begin", "on_train_epoch_begin", "on_train_step_begin",
               "on_train_step_end", "on_train_epoch_end", "on_train_end")
EVAL_HOOKS = ("on_eval_begin", "on_eval_epoch_begin", "on_eval_step_begin",
              "on_eval_step_end", "on_eval_epoch_end", "on_eval_end")


class CallbackParams(dict):
    """``cb_params``: a dict whose keys read as attributes (``cb_params.cur_step_num``)."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(message("cb_params", f"a field among {sorted(self)}",
                                         repr(name))) from None

    def __setattr__(self, name, value):
        self[name] = value


class RunContext:
    """What a hook receives: ``original_args()`` gives ``cb_params``; a hook may stop training."""

    def __init__(self, original_args):
        if not isinstance(original_args, dict):
            raise CellTypeError(message("RunContext 'original_args'", "a dict",
                                        describe(original_args)))
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        return self._original_args

    def request_stop(self):
        """Stop training after the current step."""
        self._stop_requested = True

    def get_stop_requested(self):
        return self._stop_requested


class Callback:
    """Base class; MindSpore 2's ``on_train_*``/``on_eval_*`` hooks default to the 1.x names
    (``begin``, ``epoch_begin``, ``step_begin``, ``step_end``, ``epoch_end``, ``end``)."""

    def begin(self, run_context):
        """Called once before the loop starts."""

    def epoch_begin(self, run_context):
        """Called before each epoch."""

    def epoch_end(self, run_context):
        """Called after each epoch."""

    def step_begin(self, run_context):
        """Called before each step."""

    def step_end(self, run_context):
        """Called after each step."""

    def end(self, run_context):
        """Called once after the loop."""

    def __enter__(self):
        return self

    def __exit__(self, *err):
        return False


def _default_hook(hook, legacy):
    def call(self, run_context):
        getattr(self, legacy)(run_context)
    call.__name__ = hook
    return call


for _hook in TRAIN_HOOKS + EVAL_HOOKS:
    _legacy = _hook.split("_", 2)[2]
    setattr(Callback, _hook, _default_hook(_hook, "begin" if _legacy == "begin" else
                                           "end" if _legacy == "end" else _legacy))


def check_callbacks(where, callbacks):
    """None, one Callback, or a list of them, as a list."""
    if callbacks is None:
        return []
    items = list(callbacks) if isinstance(callbacks, (list, tuple)) else [callbacks]
    for i, item in enumerate(items):
        if not isinstance(item, Callback):
            raise CellTypeError(message(f"{where} 'callbacks' item {i}", "a Callback",
                                        describe(item), "Subclass minpy_compat.train.Callback."))
    return items


def loss_value(outputs):
    """The loss as a float from a step's ``net_outputs`` (a Tensor, or a tuple's first item)."""
    if isinstance(outputs, (tuple, list)) and outputs:
        outputs = outputs[0]
    value = onp.asarray(outputs.asnumpy() if hasattr(outputs, "asnumpy") else outputs)
    return float(value.mean()) if value.size else float("nan")


class LossMonitor(Callback):
    """Print ``epoch: E step: S, loss is L`` every ``per_print_times`` steps (0: never),
    and in ``Model.fit`` ``Eval result: epoch E, metrics: {...}`` after each evaluation."""

    def __init__(self, per_print_times=1):
        if isinstance(per_print_times, bool) or not isinstance(per_print_times, int) \
                or per_print_times < 0:
            raise CellArgumentError(message("LossMonitor 'per_print_times'", "an int >= 0",
                                            describe(per_print_times)))
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def on_train_step_end(self, run_context):
        params = run_context.original_args()
        loss = loss_value(params.net_outputs)
        step_in_epoch = (params.cur_step_num - 1) % params.batch_num + 1
        if onp.isnan(loss) or onp.isinf(loss):
            raise ValueError(message(f"LossMonitor at epoch {params.cur_epoch_num} step "
                                     f"{step_in_epoch}", "a finite loss", loss,
                                     "Lower the learning rate or check the data."))
        if self._per_print_times and \
                params.cur_step_num - self._last_print_time >= self._per_print_times:
            self._last_print_time = params.cur_step_num
            print(f"epoch: {params.cur_epoch_num} step: {step_in_epoch}, loss is {loss}",
                  flush=True)

    def on_train_epoch_end(self, run_context):
        """In ``Model.fit``, the epochs that evaluated print their metrics."""
        params = run_context.original_args()
        if params.get("metrics"):
            print(f"Eval result: epoch {params.cur_epoch_num}, metrics: {params.metrics}",
                  flush=True)


class TimeMonitor(Callback):
    """Print each epoch's time and time per step in milliseconds, as MindSpore 2.10's:
    ``Train epoch time: 12.345 ms, per step time: 3.086 ms``; ``Eval ...`` for evaluations
    (``Model.eval``, and inside ``Model.fit``). Steps are the epoch's batches (``data_size``
    when the count is unknown); ``data_time=True`` adds the mean time spent fetching a
    training batch, `` (data time: 0.123 ms)``."""

    def __init__(self, data_size=None, data_time=False):
        if data_size is not None and (isinstance(data_size, bool) or
                                      not isinstance(data_size, int) or data_size < 1):
            raise CellArgumentError(message("TimeMonitor 'data_size'", "an int >= 1 or None",
                                            describe(data_size)))
        if not isinstance(data_time, bool):
            raise CellTypeError(message("TimeMonitor 'data_time'", "a bool",
                                        describe(data_time)))
        self.data_size, self.data_time = data_size, data_time
        self._starts, self._fetched, self._step_ended = {}, 0.0, None

    def epoch_begin(self, run_context):  # train and eval epochs: each timed on its own
        self._starts[run_context.original_args().get("mode", "")] = time.time()
        self._fetched, self._step_ended = 0.0, time.time()

    def on_train_step_begin(self, run_context):
        self._fetched += time.time() - self._step_ended

    def on_train_step_end(self, run_context):
        self._step_ended = time.time()

    def epoch_end(self, run_context):
        params = run_context.original_args()
        mode = params.get("mode", "")
        elapsed = (time.time() - self._starts.pop(mode)) * 1000
        steps = params.get("batch_num")
        steps = steps if isinstance(steps, int) and steps > 0 else self.data_size or 1
        line = f"{mode.title()} epoch time: {elapsed:5.3f} ms, per step time: " \
               f"{elapsed / steps:5.3f} ms"
        if self.data_time and mode == "train":
            line += f" (data time: {self._fetched * 1000 / steps:5.3f} ms)"
        print(line, flush=True)


class History(Callback):
    """Records each epoch's last loss: ``history['net_output']``, and the epoch numbers in
    ``epoch['epoch']`` (a dict, as in MindSpore)."""

    def __init__(self):
        self.epoch, self.history = {"epoch": []}, {}

    def on_train_begin(self, run_context):
        self.epoch, self.history = {"epoch": []}, {}

    def on_train_epoch_end(self, run_context):
        params = run_context.original_args()
        self.epoch["epoch"].append(params.cur_epoch_num)
        self.history.setdefault("net_output", []).append(loss_value(params.net_outputs))
        for name, value in params.get("eval_results", {}).items():
            self.history.setdefault(name, []).append(value)


class LambdaCallback(Callback):
    """A Callback from functions: ``LambdaCallback(on_train_epoch_end=fn)``, ``fn(run_context)``."""

    def __init__(self, **hooks):
        for name, fn in hooks.items():
            if name not in TRAIN_HOOKS + EVAL_HOOKS:
                raise CellTypeError(message(
                    "LambdaCallback", f"hooks among {TRAIN_HOOKS} or {EVAL_HOOKS}", repr(name)))
            if fn is not None:
                if not callable(fn):
                    raise CellTypeError(message(f"LambdaCallback '{name}'", "a callable",
                                                describe(fn)))
                setattr(self, name, fn)
