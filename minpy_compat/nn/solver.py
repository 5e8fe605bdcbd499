"""``Solver``: trains a ``ModelBase`` on data iterators (MinPy's options and histories).

    solver = Solver(model, train_iter, test_iter, num_epochs=5, update_rule='adam',
                    optim_config={'learning_rate': 1e-3})
    solver.init()
    solver.train()          # a progress bar with the current loss (verbose=True)
    solver.val_acc_history  # one entry per epoch

Differences from MinPy (bug fixes): the best parameters are kept as copies (and
restored with the aux params, such as running statistics, of the same epoch), padded
samples are not counted by ``check_accuracy``, and for ``task_type='regression'``
the "accuracy" is the mean loss and the best epoch is the one with the lowest.
``train()`` without ``init()`` initialises only the parameters that have no value
yet (a loaded model is fine-tuned, not re-initialised); ``check_accuracy`` reads
an ``NDArrayIter``'s samples once each without moving the iterator (so
'roll_over' keeps its leftovers) and accepts one-hot labels. The progress bar is
``utils.progress``'s: a widget in Jupyter (text on standard output in a notebook without
ipywidgets, so no warning and no red stderr box), hidden by ``verbose=False`` or tqdm's
``TQDM_DISABLE`` environment variable, also when it is set after the import
(``%env TQDM_DISABLE=1`` in a notebook).

``test_dataiter`` may be None: training then runs without validation (no
``val_acc_history``) and keeps the last parameters. Batches from MXNet's iterators
(``nn.io.MNISTIter``, ``CSVIter``, ...) are read as Arrays.
"""
import numpy as onp

from ..array import to_numpy, wrap
from ..core import grad_and_loss
from ..errors import UnknownOptionError, message
from . import init as _init, optim as _optim, solver_checkpoint as _checkpoint
from .solver_batches import classes as _classes, epoch_sizes as _epoch_sizes, \
    evaluation_iter as _evaluation_iter, own_batch as _own_batch, trimmed as _trimmed
from .options import check_keys, lookup
from ..utils.progress import progress
from .solver_options import check_options

OPTIONS = {"task_type": "classification", "init_rule": "xavier", "init_config": None,
           "update_rule": "sgd", "optim_config": None, "lr_decay": 1.0, "num_epochs": 10,
           "train_acc_num_samples": 1000, "print_every": 10, "verbose": True}
TASK_TYPES = {"classification": True, "regression": False}


class Solver:
    """Train ``model`` on ``train_dataiter``, validating on ``test_dataiter`` each epoch.

    >>> import numpy
    >>> from minpy_compat.nn import layers
    >>> from minpy_compat.nn.io import NDArrayIter
    >>> from minpy_compat.nn.model import ModelBase
    >>> class Linear(ModelBase):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.add_param('w', (2, 2)).add_param('b', (2,), init_rule='constant')
    ...     def forward(self, X, mode):
    ...         return layers.affine(X, self.params['w'], self.params['b'])
    ...     def loss(self, predict, y):
    ...         return layers.softmax_loss(predict, y)
    >>> X, y = numpy.array([[1.0, 0.0], [0.0, 1.0]] * 4), numpy.array([0, 1] * 4)
    >>> numpy.random.seed(0)
    >>> solver = Solver(Linear(), NDArrayIter(X, y, batch_size=4), NDArrayIter(X, y),
    ...                 num_epochs=3, update_rule='adam', optim_config={'learning_rate': 0.1},
    ...                 verbose=False)
    >>> solver.train().val_acc_history, len(solver.loss_history)
    ([1.0, 1.0, 1.0], 6)
    """

    def __init__(self, model, train_dataiter, test_dataiter, **kwargs):
        check_keys("Solver", kwargs, tuple(OPTIONS))
        options = {**OPTIONS, **kwargs}
        self.model = model
        self.train_dataiter, self.test_dataiter = train_dataiter, test_dataiter
        check_options(options)
        self.task_type = options["task_type"]
        if not isinstance(self.task_type, str) or self.task_type not in TASK_TYPES:
            raise UnknownOptionError(message("Solver option 'task_type'", "one of "
                                             "'classification', 'regression'",
                                             repr(self.task_type)))
        self.init_rule = options["init_rule"]
        self.init_config = dict(options["init_config"] or {})
        self.update_rule = lookup("Solver option 'update_rule'", _optim.RULES,
                                  options["update_rule"])
        self.optim_config = dict(options["optim_config"] or {})
        if isinstance(options["update_rule"], str):  # a typo fails here, not mid-training
            _optim.check_config(options["update_rule"], self.optim_config)
        for name in ("lr_decay", "num_epochs", "train_acc_num_samples", "print_every",
                     "verbose"):
            setattr(self, name, options[name])
        self.epoch, self._last_epoch = 0, self.num_epochs
        self.best_val_acc = None
        self.best_params, self.best_aux_params = {}, {}
        self.loss_history, self.train_acc_history, self.val_acc_history = [], [], []
        self.optim_configs = {}

    def init(self):
        """Initialise every declared parameter and copy the aux params' initial values."""
        return self._init(keep_values=False)

    def _init(self, keep_values):
        """``init``; with ``keep_values``, parameters and aux params that already have a
        value of their own (set or loaded by the user) keep it.
        """
        model, params = self.model, {}
        for name, config in model.param_configs.items():
            if keep_values and name in model.params:
                continue
            rule = config.get("init_rule", self.init_rule)
            init_fn = lookup(f"Solver: init_rule of parameter {name!r}", _init.RULES, rule)
            # The solver's init_config belongs to the solver's rule.
            init_config = dict(self.init_config) if rule == self.init_rule else {}
            init_config.update(config.get("init_config") or {})
            params[name] = _as_declared(init_fn(config["shape"], init_config),
                                        config.get("dtype"))
        aux_params = {name: wrap(onp.array(to_numpy(value), copy=True))
                      for name, value in model.aux_param_configs.items()
                      if not keep_values or model.aux_params.get(name, value) is value}
        # every rule ran: a bad one (a typo, a bad config) has replaced no value
        model.params.update(params)
        model.aux_params.update(aux_params)
        self.optim_configs = {name: dict(self.optim_config) for name in model.params}
        return self

    # ---- one step ----------------------------------------------------------------
    def _step(self, batch):
        """One update of every parameter, all or none: a failing batch, gradient or update
        rule leaves the parameters, their configs and the aux params as they were."""
        model, aux_params, finished = self.model, dict(self.model.aux_params), False
        try:  # the forward pass may have moved running statistics in aux_params
            loss, updates = self._updates(_own_batch(batch))
            finished = True
        finally:
            if not finished:
                model.aux_params = aux_params
        for name, (value, config) in updates.items():
            model.params[name], self.optim_configs[name] = value, config
        model.aux_params = {k: wrap(to_numpy(v)) for k, v in model.aux_params.items()}
        self.loss_history.append(loss)
        return loss

    def _updates(self, batch):
        """The batch's loss and ``{name: (next value, next config)}``; changes no parameter."""
        model, names = self.model, list(self.model.params)

        def loss_func(*values):
            saved = dict(model.params)
            model.params.update(zip(names, values))
            try:
                return model.loss_batch(batch, model.forward_batch(batch, mode="train"))
            finally:
                model.params.update(saved)

        if not names:  # a model without parameters: nothing to differentiate or update
            return float(to_numpy(loss_func())), {}
        grads, loss = grad_and_loss(loss_func, list(range(len(names))))(
            *[model.params[name] for name in names])
        grads = grads if isinstance(grads, list) else [grads]
        updates = {}
        for name, dw in zip(names, grads):  # a copy of the config: MinPy's rules write into it
            result = self.update_rule(model.params[name], dw, dict(self.optim_configs[name]))
            if type(result) not in (tuple, list) or len(result) != 2:
                raise TypeError(message(f"Solver update_rule for parameter {name!r}",
                                        "a pair (next_w, config)", f"{result!r:.60}"))
            if onp.shape(result[0]) != onp.shape(model.params[name]):
                raise ValueError(message(f"Solver update_rule for parameter {name!r}",
                                         f"next_w of shape {onp.shape(model.params[name])}",
                                         f"shape {onp.shape(result[0])}"))
            updates[name] = result
        return float(to_numpy(loss)), updates

    # ---- training ------------------------------------------------------------------
    def train(self):
        """Run ``num_epochs`` epochs; keep the best parameters (as copies) at the end.
        ``num_epochs=0`` trains nothing and leaves the model as it is.

        With ``verbose=True`` a progress bar shows the current loss, and a line per
        epoch gives its mean loss and the accuracies.
        """
        if not self.num_epochs:  # nothing to train: no bar, no init, the model as it is
            self._last_epoch = self.epoch
            return self
        if not self.optim_configs:
            self._init(keep_values=True)
        sizes = _epoch_sizes(self.train_dataiter, self.num_epochs)
        total = sum(sizes) if sizes else None
        with progress(total=total, unit="batch", verbose=self.verbose) as bar:
            self._last_epoch = self.epoch + self.num_epochs  # a resumed run counts on
            for _ in range(self.num_epochs):
                bar.set_description(f"epoch {self.epoch + 1}/{self._last_epoch}")
                losses = self._train_epoch(bar)
                self._end_epoch(bar, onp.mean(losses) if losses else float("nan"))
        if self.best_params:  # with the aux params (running statistics) of the same epoch
            self._stopped_at = (self.model.params, dict(self.model.aux_params))
            self.model.params = self._best_in_model = _copies(self.best_params)
            self.model.aux_params.update(_copies(self.best_aux_params))
        return self

    # ---- checkpoints -----------------------------------------------------------------
    def save(self, prefix):
        """Write a checkpoint: the model's parameters to ``prefix + '.params'`` and the
        optimizer state, epoch count, histories and best epoch to ``prefix + '.states'``
        (see ``nn.solver_checkpoint``); ``prefix`` is a string or a path object."""
        _checkpoint.save(self, prefix)

    def load(self, prefix):
        """Read a checkpoint written by ``save``; ``train()`` then goes on as if it had
        never stopped. Returns ``self``."""
        return _checkpoint.load(self, prefix)

    def resume_point(self):
        """``(params, aux_params)`` where the last ``train()`` stopped, when it put the
        best epoch's parameters in the model since; else None (the model's own)."""
        if self.model.params is getattr(self, "_best_in_model", None):
            return self._stopped_at
        return None

    def _train_epoch(self, bar):
        self.train_dataiter.reset()
        losses = []  # 'roll_over' epochs differ in length: counted after the reset
        per_epoch = getattr(self.train_dataiter, "getnumiterations", lambda: "?")()
        for i, batch in enumerate(self.train_dataiter):
            losses.append(self._step(batch))
            bar.set_postfix(loss=f"{losses[-1]:.4f}", refresh=False)
            bar.update()
            if self.print_every and i % self.print_every == 0:
                self._log(bar, f"(Iteration {i + 1} / {per_epoch}) loss: {losses[-1]:.6f}")
        return losses

    def _end_epoch(self, bar, mean_loss):
        """Count the epoch and record it once everything is measured (or record nothing)."""
        train_acc = self.check_accuracy(self.train_dataiter, self.train_acc_num_samples)
        val_acc = None if self.test_dataiter is None else self.check_accuracy(self.test_dataiter)
        rates = {name: _decayed(config["learning_rate"], self.lr_decay)
                 for name, config in self.optim_configs.items() if "learning_rate" in config}
        self.epoch += 1
        self.train_acc_history.append(train_acc)
        kind = "acc" if TASK_TYPES[self.task_type] else "loss"
        line = f"(Epoch {self.epoch} / {self._last_epoch}) loss: {mean_loss:.6f}; " \
            f"train {kind}: {train_acc:.6f}"
        if val_acc is not None:
            self.val_acc_history.append(val_acc)
            line += f"; val_{kind}: {val_acc:.6f}"
        self._log(bar, line)
        if val_acc is not None and self._is_better(val_acc):
            self.best_val_acc = val_acc
            self.best_params = _copies(self.model.params)
            self.best_aux_params = _copies(self.model.aux_params)
        for name, rate in rates.items():
            self.optim_configs[name]["learning_rate"] = rate

    def _log(self, bar, line):
        """A line above the bar (its own ``write``, so the text bar is not torn)."""
        if self.verbose:
            bar.write(line)

    def _is_better(self, val_acc):
        if self.best_val_acc is None:
            return True
        if TASK_TYPES[self.task_type]:
            return val_acc > self.best_val_acc
        return val_acc < self.best_val_acc

    def check_accuracy(self, dataiter, num_samples=None):
        """Classification: the fraction of samples whose argmax matches the label.
        Regression: the mean loss. ``num_samples`` evaluates a random subset.
        Padded samples are not counted. An ``NDArrayIter`` is read through a separate
        iterator over each of its samples once, so its own position is left alone.
        """
        dataiter = _evaluation_iter(dataiter, num_samples)
        dataiter.reset()
        hits, losses, seen = 0.0, 0.0, 0
        for batch in map(_own_batch, dataiter):
            predict = self.model.forward_batch(batch, mode="test")
            valid = len(batch.label[0]) - (batch.pad or 0)
            if TASK_TYPES[self.task_type]:
                guess = onp.argmax(to_numpy(predict)[:valid], axis=1)
                hits += onp.sum(guess == _classes(to_numpy(batch.label[0])[:valid]))
            else:
                if valid < len(batch.label[0]):  # the loss of the real samples only
                    batch, predict = _trimmed(batch, valid), predict[:valid]
                losses += float(to_numpy(self.model.loss_batch(batch, predict))) * valid
            seen += valid
        dataiter.reset()
        return float((hits if TASK_TYPES[self.task_type] else losses) / max(seen, 1))


def _decayed(rate, decay):
    """``rate * decay`` in the rate's own NumPy type (NumPy 1.x widens float32 * float)."""
    value = rate * decay
    return rate.dtype.type(value) if isinstance(rate, onp.floating) else value


def _as_declared(value, dtype):
    """An init rule's value in the parameter's declared dtype (None: as it came)."""
    return value if dtype is None else wrap(onp.asarray(to_numpy(value)).astype(dtype))


def _copies(arrays):
    return {k: wrap(onp.array(to_numpy(v), copy=True)) for k, v in arrays.items()}
