"""Checkpoints: ``save_checkpoint``, ``load_checkpoint``, ``load_param_into_net``, and the
``ModelCheckpoint`` callback. Files are NumPy ``.npz`` archives (no pickle) named ``*.ckpt``;
they are not readable by MindSpore itself.

>>> import os, tempfile
>>> from minpy_compat import nn, train
>>> net = nn.Dense(2, 1, weight_init='ones')
>>> path = os.path.join(tempfile.mkdtemp(), 'net.ckpt')
>>> train.save_checkpoint(net, path)
>>> sorted(train.load_checkpoint(path))
['bias', 'weight']
"""
import os

import numpy as onp

from ..errors import (CellArgumentError, CellTypeError, CheckpointShapeError, describe,
                      message)
from ..nn.cell import Cell
from ..tensor import Parameter
from .callbacks import Callback


def _file_name(where, name):
    if not isinstance(name, str) or not name:
        raise CellTypeError(message(f"{where} 'ckpt_file_name'", "a file path (str)",
                                    describe(name)))
    return name if name.endswith(".ckpt") else name + ".ckpt"


def _appended(append_dict):
    """``save_checkpoint``'s ``append_dict`` as arrays, typed as MindSpore saves them: an
    int as int64, a float as float32, a bool, a str (loaded back as a str), a Tensor."""
    if append_dict is None:
        return {}
    if not isinstance(append_dict, dict):
        raise CellTypeError(message("save_checkpoint 'append_dict'", "a dict from str to int, "
                                    "float, bool, str or Tensor", describe(append_dict)))
    arrays = {}
    for key, value in append_dict.items():
        if not isinstance(key, str) or not (isinstance(value, (int, float, str))
                                            or hasattr(value, "asnumpy")):
            raise CellTypeError(message(f"save_checkpoint 'append_dict' entry {key!r}",
                                        "a str key and an int, float, bool, str or Tensor "
                                        "value", f"{describe(key)}: {describe(value)}"))
        if hasattr(value, "asnumpy"):
            arrays[key] = value.asnumpy()
        else:
            kind = {bool: onp.bool_, int: onp.int64, float: onp.float32}.get(type(value))
            arrays[key] = onp.asarray(value, dtype=kind)
    return arrays


def _prefixes(name, prefix):
    """``load_checkpoint``'s ``specify_prefix``/``filter_prefix`` as a tuple (or None)."""
    if prefix is None:
        return None
    items = (prefix,) if isinstance(prefix, str) else prefix
    if not isinstance(items, (list, tuple)) or not items \
            or not all(isinstance(p, str) and p for p in items):
        raise CellTypeError(message(f"load_checkpoint '{name}'", "a non-empty str, or a "
                                    "non-empty list or tuple of them", describe(prefix)))
    return tuple(items)


def _chosen(where, choice_func):
    if choice_func is not None and not callable(choice_func):
        raise CellTypeError(message(f"{where} 'choice_func'", "a function of a Parameter "
                                    "name returning a bool, or None", describe(choice_func)))
    return choice_func or (lambda name: True)


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False,
                    append_dict=None, enc_key=None, enc_mode="AES-GCM", choice_func=None,
                    **ignored):
    """Save a Cell's Parameters (or a dict name -> value, or a list of dicts with
    'name' and 'data') to ``ckpt_file_name`` ('.ckpt' is appended when missing), and the
    entries of ``append_dict`` (``{'epoch_num': 3}``) after them. ``choice_func(name)``
    picks the Parameters saved."""
    path = _file_name("save_checkpoint", ckpt_file_name)
    extra, chosen = _appended(append_dict), _chosen("save_checkpoint", choice_func)
    if isinstance(save_obj, Cell):
        arrays = {p.name: p for p in save_obj.get_parameters()}
    elif isinstance(save_obj, dict):
        arrays = dict(save_obj)
    elif isinstance(save_obj, list) and all(isinstance(d, dict) and {"name", "data"} <= set(d)
                                            for d in save_obj):
        arrays = {d["name"]: d["data"] for d in save_obj}
    else:
        raise CellTypeError(message("save_checkpoint 'save_obj'", "a Cell, a dict or a list "
                                    "of {'name', 'data'} dicts", describe(save_obj)))
    arrays = {name: onp.asarray(v.asnumpy() if hasattr(v, "asnumpy") else v)
              for name, v in arrays.items() if chosen(name)}
    arrays.update(extra)
    with open(path, "wb") as handle:  # a handle: savez would append '.npz' to a name
        onp.savez(handle, **arrays)


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None,
                    dec_key=None, dec_mode="AES-GCM", specify_prefix=None, choice_func=None,
                    **ignored):
    """A dict from Parameter name to Parameter (a str saved through ``append_dict`` comes
    back a str); with ``net``, also loaded into it. Only the names that start with one of
    ``specify_prefix``, none of ``filter_prefix``, and that ``choice_func(name)`` accepts
    are loaded (``filter_prefix=['moments', 'learning_rate']`` drops optimizer state)."""
    path = _file_name("load_checkpoint", ckpt_file_name)
    specify, dropped = _prefixes("specify_prefix", specify_prefix), \
        _prefixes("filter_prefix", filter_prefix)
    chosen = _chosen("load_checkpoint", choice_func)
    if not os.path.isfile(path):
        raise CellArgumentError(message("load_checkpoint 'ckpt_file_name'",
                                        "an existing checkpoint file", repr(path)))
    with onp.load(path, allow_pickle=False) as archive:
        names = [name for name in archive.files if chosen(name)
                 and (specify is None or name.startswith(specify))
                 and (dropped is None or not name.startswith(dropped))]
        params = {name: str(archive[name]) if archive[name].dtype.kind == "U"
                  else Parameter(archive[name], name=name) for name in names}
    if net is not None:
        load_param_into_net(net, params, strict_load)
    return params


def load_param_into_net(net, parameter_dict, strict_load=False):
    """Copy values into ``net``'s Parameters by name (in place); returns MindSpore 2's
    ``(param_not_load, ckpt_not_load)``: the net's names left unloaded, and the dict's
    names the net does not have. Unless ``strict_load``, a Parameter whose name is missing
    is looked up under the prefix the checkpoint adds (``net.`` when the checkpoint was
    saved from a wrapping Cell), as MindSpore does."""
    if not isinstance(net, Cell):
        raise CellTypeError(message("load_param_into_net 'net'", "a Cell", describe(net)))
    if not isinstance(parameter_dict, dict):
        raise CellTypeError(message("load_param_into_net 'parameter_dict'", "a dict",
                                    describe(parameter_dict)))
    own = {p.name: p for p in net.get_parameters()}
    sources = _checkpoint_names(own, parameter_dict, strict_load)
    for name, key in sources.items():
        value = parameter_dict[key]
        value = value.asnumpy() if hasattr(value, "asnumpy") else onp.asarray(value)
        if value.shape != own[name].shape:
            raise CheckpointShapeError(message(
                f"load_param_into_net: Parameter '{name}'", f"shape {own[name].shape}",
                f"shape {value.shape} in the checkpoint ('{key}')"))
    for name, key in sources.items():  # all shapes checked first: no half-loaded net
        own[name].set_data(parameter_dict[key])
    return ([name for name in own if name not in sources],
            [name for name in parameter_dict if name not in own])


def _checkpoint_names(own, parameter_dict, strict_load):
    """Net name -> checkpoint name: the same name; then, unless ``strict_load``, MindSpore's
    fallback: the first checkpoint name ending with a missing name gives a prefix, every
    missing name found under that prefix loads from there, and the search repeats."""
    sources = {name: name for name in own if name in parameter_dict}
    missing = [name for name in own if name not in parameter_dict]
    while missing and not strict_load:
        prefix = next((key[:-len(name)] for name in missing for key in parameter_dict
                       if key.endswith(name)), None)
        if prefix is None:
            break
        for name in missing:
            if prefix + name in parameter_dict:
                sources[name] = prefix + name
        missing = [name for name in missing if name not in sources]
    return sources


def _append_info(append_info):
    """``CheckpointConfig``'s ``append_info`` (``['epoch_num', 'step_num', {name: value}]``)
    as the dict each checkpoint appends, or None."""
    if not append_info:
        return None
    where = "CheckpointConfig 'append_info'"
    if not isinstance(append_info, list):
        raise CellTypeError(message(where, "a list of 'epoch_num', 'step_num' and one dict",
                                    describe(append_info)))
    names = [item for item in append_info if isinstance(item, str)]
    dicts = [item for item in append_info if isinstance(item, dict)]
    wrong = [item for item in append_info if not isinstance(item, (str, dict))
             or isinstance(item, str) and item not in ("epoch_num", "step_num")]
    if wrong or len(dicts) > 1:
        raise CellArgumentError(message(where, "items 'epoch_num', 'step_num' and at most "
                                        "one dict", describe(wrong[0] if wrong else dicts)))
    info = {name: 0 for name in ("epoch_num", "step_num") if name in names}
    for extra in dicts:
        _appended(extra)  # checked as save_checkpoint checks it
        info.update(extra)
    return info


class CheckpointConfig:
    """When ``ModelCheckpoint`` saves: every ``save_checkpoint_steps`` steps, keeping the
    newest ``keep_checkpoint_max`` files. ``append_info`` adds ``'epoch_num'`` and
    ``'step_num'`` (counted on from a value its dict gives them) and its dict's entries to
    each file."""

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0,
                 keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0, integrated_save=True,
                 async_save=False, saved_network=None, append_info=None, **ignored):
        for name, value in (("save_checkpoint_steps", save_checkpoint_steps),
                            ("keep_checkpoint_max", keep_checkpoint_max)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise CellArgumentError(message(f"CheckpointConfig '{name}'", "an int >= 1",
                                                describe(value)))
        self.save_checkpoint_steps = save_checkpoint_steps
        self.keep_checkpoint_max = keep_checkpoint_max
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise CellTypeError(message("CheckpointConfig 'saved_network'", "a Cell or None",
                                        describe(saved_network)))
        self.saved_network = saved_network
        self.append_dict = _append_info(append_info)


def _free_prefix(directory, prefix):
    """MindSpore's prefix for checkpoints when ``directory`` already has some under
    ``prefix``: ``net`` becomes ``net_1`` (then ``net_2``, ...), so a second run in the same
    folder keeps the first run's files."""
    suffix = 0
    for name in os.listdir(directory) if os.path.isdir(directory) else ():
        rest = name[len(prefix):]
        if not name.startswith(prefix) or not name.endswith(".ckpt") or rest[:1].isalpha() \
                or name.endswith("_breakpoint.ckpt"):
            continue
        dash = rest.find("-")
        if dash == 0:
            suffix = max(suffix, 1)
        elif dash > 0 and rest[1:dash].isdigit():
            suffix = max(suffix, int(rest[1:dash]) + 1)
    return f"{prefix}_{suffix}" if suffix else prefix


class ModelCheckpoint(Callback):
    """Save ``{prefix}-{epoch}_{step in epoch}.ckpt`` under ``directory`` during training:
    the network's Parameters with the optimizer's (as MindSpore's training Cell holds them),
    or those of ``config.saved_network``."""

    def __init__(self, prefix="CKP", directory=None, config=None):
        if not isinstance(prefix, str) or not prefix or "/" in prefix:
            raise CellArgumentError(message("ModelCheckpoint 'prefix'",
                                            "a non-empty name without '/'", describe(prefix)))
        if config is not None and not isinstance(config, CheckpointConfig):
            raise CellTypeError(message("ModelCheckpoint 'config'", "a CheckpointConfig",
                                        describe(config)))
        self._directory = os.path.abspath(directory or ".")
        self._prefix = _free_prefix(self._directory, prefix)
        self._config = config or CheckpointConfig()
        self._saved, self._last_saved_step = [], None

    def on_train_begin(self, run_context):
        self._last_saved_step = None

    def on_train_step_end(self, run_context):
        params = run_context.original_args()
        if params.cur_step_num % self._config.save_checkpoint_steps == 0:
            self._save(params)

    def on_train_end(self, run_context):
        # as MindSpore's: the last step is saved too (an early stop, or steps that do not
        # divide save_checkpoint_steps), so a run can always be resumed from where it ended
        params = run_context.original_args()
        if params.cur_step_num and params.cur_step_num != self._last_saved_step:
            self._save(params)

    def _save(self, params):
        self._last_saved_step = params.cur_step_num
        os.makedirs(self._directory, exist_ok=True)
        step = (params.cur_step_num - 1) % params.batch_num + 1
        path = os.path.join(self._directory,
                            f"{self._prefix}-{params.cur_epoch_num}_{step}.ckpt")
        # MindSpore saves the training Cell: the net's Parameters and the optimizer's state
        # (learning_rate, global_step, moments), so that a loaded run resumes exactly
        network = self._config.saved_network
        if network is None:
            network = params.get("train_network")
        appended = dict(self._config.append_dict or {})
        for name, count in (("epoch_num", params.cur_epoch_num),
                            ("step_num", params.cur_step_num)):
            if name in appended:
                appended[name] += count
        save_checkpoint(params.network if network is None else network, path,
                        append_dict=appended)
        if path in self._saved:  # written again by a later train() call: one file, kept once
            self._saved.remove(path)
        self._saved.append(path)
        while len(self._saved) > self._config.keep_checkpoint_max:
            os.remove(self._saved.pop(0))

    @property
    def latest_ckpt_file_name(self):
        return self._saved[-1] if self._saved else None
