"""``Solver.save`` / ``Solver.load``: a checkpoint to resume training from.

A checkpoint is a pair of files: ``prefix + '.params'``, the model's parameters as
``ModelBase.save`` writes them (``ModelBase.load`` reads it alone, for prediction),
and ``prefix + '.states'``, the rest of the training state in NumPy's .npz format:
each parameter's optimizer config (learning rate after decay, momentum's velocity,
Adam's moments and step count), the epoch count, the histories, the best
validation accuracy, and the parameters where training stopped when ``train()``
has put the best epoch's ones in the model, and, when the training iterator is a
'roll_over' ``NDArrayIter``, the samples it carries into the next epoch. A solver
that loads it and trains on goes exactly as one that never stopped, given a training
iterator built as the first one was (the same data, batch size and shuffle order):
NumPy's global random state, which shuffling, sub-sampling and dropout draw from, is
the caller's to keep.

>>> import os, tempfile, numpy
>>> from minpy_compat.nn.io import NDArrayIter
>>> from minpy_compat.nn.model import ModelBase
>>> from minpy_compat.nn.solver import Solver
>>> class Mean(ModelBase):
...     def __init__(self):
...         super().__init__()
...         self.add_param('w', (1,))
...     def forward(self, X, mode):
...         return X * 0 + self.params['w']
...     def loss(self, predict, y):
...         return ((predict[:, 0] - y) ** 2).mean()
>>> data = NDArrayIter(numpy.zeros((4, 1)), numpy.full(4, 2.0), batch_size=4)
>>> def solver(epochs):
...     return Solver(Mean(), data, None, task_type='regression', num_epochs=epochs,
...                   update_rule='sgd_momentum', init_rule='constant', verbose=False)
>>> prefix = os.path.join(tempfile.mkdtemp(), 'checkpoint')
>>> solver(2).train().save(prefix)
>>> resumed = solver(1).load(prefix).train()
>>> resumed.epoch, bool(resumed.model.params['w'] == solver(3).train().model.params['w'])
(3, True)
"""
import copy
import json
import os

import numpy as onp

from ..array import to_numpy, wrap
from ..errors import message
from .io import NDArrayIter
from .model import read_arrays

FORMAT = 1
_PYTHON_SCALARS = tuple(map(onp.dtype, (bool, int, float, complex)))
HISTORIES = ("loss_history", "train_acc_history", "val_acc_history")


def save(solver, prefix):
    """Write ``prefix.params`` and ``prefix.states`` (see the module docstring)."""
    where, arrays = f"{type(solver).__name__}.save", {}

    def stored(value, what):
        array = onp.asarray(to_numpy(value))
        if array.dtype.kind not in "biufc":
            raise ValueError(message(f"{where} {what}", "numbers or arrays of numbers",
                                     f"{value!r:.60}", "Keep other values out of the "
                                     "optimizer config."))
        arrays[f"s{len(arrays)}"] = array
        return f"s{len(arrays) - 1}"

    def group(part):
        return {name: stored(value, f"parameter {name!r}") for name, value in part.items()}

    resume = solver.resume_point()
    index = {"format": FORMAT, "epoch": solver.epoch, "best_val_acc": solver.best_val_acc,
             "optim": {name: {key: stored(value, f"optim config of {name!r}, {key!r}")
                              for key, value in config.items()}
                       for name, config in solver.optim_configs.items()},
             "histories": {name: stored(onp.asarray(getattr(solver, name), float), name)
                           for name in HISTORIES},
             "best": [group(solver.best_params), group(solver.best_aux_params)],
             "resume": None if resume is None else [group(part) for part in resume],
             "carry": None if _rolling(solver) is None else
             stored(_rolling(solver).carried_over(), "training iterator's carried samples")}
    arrays["index"] = onp.array(json.dumps(index))
    solver.model.save(prefix)
    with open(os.fspath(prefix) + ".states", "wb") as handle:
        onp.savez(handle, **arrays)


def _rolling(solver):
    """The solver's training iterator if it is a 'roll_over' ``NDArrayIter``, else None."""
    dataiter = solver.train_dataiter
    if isinstance(dataiter, NDArrayIter) and dataiter.last_batch_handle == "roll_over":
        return dataiter
    return None


def load(solver, prefix):
    """Read both files into ``solver`` and its model; nothing changes on a mistake."""
    where = f"{type(solver).__name__}.load"
    path = os.fspath(prefix) + ".states"
    arrays = read_arrays(where, path)
    index = json.loads(str(arrays.pop("index", "{}")))
    if index.get("format") != FORMAT:
        raise ValueError(message(f"{where} {path!r}", f"a checkpoint of format {FORMAT} "
                                 "written by Solver.save", f"format {index.get('format')!r}"))

    def value(key):  # a float32 learning rate stays a numpy.float32 (Python's would widen it)
        array = arrays[key]
        if array.ndim:
            return array
        return array.item() if array.dtype in _PYTHON_SCALARS else array[()]

    optim = {name: {key: value(k) for key, k in config.items()}
             for name, config in index["optim"].items()}
    declared = set(solver.model.param_configs)
    if optim and not declared <= set(optim):
        raise ValueError(message(f"{where} {path!r}", "an optimizer config for each of "
                                 f"{sorted(declared)}", f"configs for {sorted(optim)}",
                                 "Load a checkpoint saved from the same model."))
    best, resume = ([{k: wrap(arrays[v]) for k, v in part.items()} for part in parts]
                    for parts in (index["best"], index["resume"] or [{}, {}]))
    rolling, carry = _rolling(solver), index.get("carry")
    if rolling is not None and carry is not None:
        probe = copy.copy(rolling)  # checks the positions before anything changes
        probe.carry_over(arrays[carry])
    solver.model.load(prefix)  # checks the parameters; changes the model only if they fit
    if rolling is not None and carry is not None:
        rolling.carry_over(arrays[carry])
    solver.model.params.update(resume[0])
    solver.model.aux_params.update(resume[1])
    solver.best_params, solver.best_aux_params = best
    solver.best_val_acc = index["best_val_acc"]
    solver.optim_configs = optim
    solver.epoch = index["epoch"]
    for name, key in index["histories"].items():
        setattr(solver, name, arrays[key].tolist())
    return solver
