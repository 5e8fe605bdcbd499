"""Checks of ``Solver``'s number, flag and config options, made when it is built (a
mistake fails there, not mid-training)."""
import math
import numbers

import numpy as onp

from ..errors import message
from .options import is_int


def check_options(options):
    """``init_config`` and ``optim_config`` are dicts (or None); ``verbose`` is a bool
    (MinPy's flag: a string such as 'no' would read as true); counts are ints
    (``print_every`` and ``train_acc_num_samples`` may be None); ``lr_decay`` is a
    finite real number >= 0.

    >>> check_options({'init_config': None, 'optim_config': {}, 'verbose': True,
    ...                'num_epochs': 1, 'print_every': None, 'train_acc_num_samples': None,
    ...                'lr_decay': float('inf')})
    Traceback (most recent call last):
    ...
    ValueError: Solver option 'lr_decay': expected a real number >= 0, got inf.
    """
    _check_kinds(options)
    for name, least in (("num_epochs", 0), ("print_every", 0), ("train_acc_num_samples", 1)):
        value = options[name]
        if (value is None and name != "num_epochs") or (is_int(value) and value >= least):
            continue
        wanted = f"an int >= {least}" + ("" if name == "num_epochs" else " or None")
        raise ValueError(message(f"Solver option {name!r}", wanted, repr(value)))
    decay = options["lr_decay"]
    if not isinstance(decay, numbers.Real) or isinstance(decay, bool) or \
            not 0 <= decay < math.inf:
        raise ValueError(message("Solver option 'lr_decay'", "a real number >= 0",
                                 repr(decay)))


def _check_kinds(options):
    """The config dicts and the ``verbose`` flag."""
    for name, example in (("init_config", "{'stdvar': 0.01}"),
                          ("optim_config", "{'learning_rate': 0.1}")):
        if not isinstance(options[name] or {}, dict):
            raise TypeError(message(f"Solver option {name!r}", "a dict or None",
                                    f"{options[name]!r:.60}", f"Pass {example}, say."))
    if not isinstance(options["verbose"], (bool, onp.bool_)):
        raise TypeError(message("Solver option 'verbose'", "True or False",
                                repr(options["verbose"]), "Pass verbose=False to hide the "
                                "progress bar and the log."))
