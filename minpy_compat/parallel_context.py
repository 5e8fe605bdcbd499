"""MindSpore's parallel settings as a standalone (one-device) script sees them.

``set_auto_parallel_context``/``get_auto_parallel_context``/``reset_auto_parallel_context``,
``set_algo_parameters`` (and its get/reset) and ``set_ps_context`` (and its get/reset)
check and record their keys with MindSpore 2.10's defaults, types and ranges; nothing is
distributed (minpy_compat runs on one device), so a script that configures data
parallelism for one device runs unchanged. A bad call raises before any key is recorded.

>>> import minpy_compat as ms
>>> ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, device_num=1)
>>> ms.get_auto_parallel_context("parallel_mode")
'data_parallel'
>>> ms.reset_auto_parallel_context()
"""
import copy
import numbers

from .errors import CellArgumentError, CellNameError, CellTypeError, message


class ParallelMode:
    """The names ``set_auto_parallel_context(parallel_mode=...)`` accepts."""

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


_SEARCH_MODES = ("recursive_programming", "dynamic_programming", "sharding_propagation")
_COMMUNI_MODES = ("all_group_parallel", "same_server_group_parallel", "no_group_parallel")
_FUSION = {"mode": "auto", "config": None}


def _flag(default):
    return ("bool", default, None)


def _text(default, choices=None):
    return ("str", default, choices)


# key: (kind, default, check); a check is a choice tuple (str) or (low, high, bool allowed)
_AUTO = {
    "device_num": ("int", 1, (1, None, True)),
    "global_rank": ("int", 0, (0, 4095, True)),
    "pipeline_stages": ("int", 1, (1, None, False)),
    "optimizer_weight_shard_size": ("int", -1, (None, None, False)),
    "gradients_mean": _flag(False), "gradient_fp32_sync": _flag(True),
    "parameter_broadcast": _flag(False), "full_batch": _flag(False),
    "enable_parallel_optimizer": _flag(False), "enable_alltoall": _flag(False),
    "pipeline_result_broadcast": _flag(False), "auto_pipeline": _flag(False),
    "dump_local_norm": _flag(False), "dump_device_local_norm": _flag(False),
    "loss_repeated_mean": _flag(True), "sharding_propagation": _flag(False),
    "optimizer_weight_shard_aggregated_save": _flag(False),
    "parallel_mode": _text(ParallelMode.STAND_ALONE, tuple(ParallelMode.MODE_LIST)),
    "search_mode": _text("recursive_programming", _SEARCH_MODES),
    "communi_parallel_mode": _text("all_group_parallel", _COMMUNI_MODES),
    "strategy_ckpt_load_file": _text(""), "strategy_ckpt_save_file": _text(""),
    "dump_local_norm_path": _text(""),
    "all_reduce_fusion_config": ("fusion_indices", [], None),
    "dataset_strategy": ("dataset_strategy", "data_parallel", None),
    "comm_fusion": ("dict", {"openstate": True, "allreduce": dict(_FUSION),
                             "allgather": dict(_FUSION), "reducescatter": dict(_FUSION)}, None),
    "strategy_ckpt_config": ("dict", {"load_file": "", "save_file": "",
                                      "only_trainable_params": True}, None),
    "grad_accumulation_step": ("deprecated", 1, None),
}
_ALGO = {"fully_use_devices": _flag(False), "elementwise_op_strategy_follow": _flag(False),
         "tensor_slice_align_enable": _flag(False),
         "tensor_slice_align_size": ("int", 16, (1, 1024, True))}
_PS = {"enable_ps": _flag(False), "config_file_path": _text(""), "enable_ssl": _flag(False)}
_ALIASES = {"auto_parallel_search_mode": "search_mode"}


def _checked(where, table, key, value):
    """``value`` as it is recorded under ``key``, or the error MindSpore raises for it."""
    kind, default, check = table[key]
    if kind == "bool" and not isinstance(value, bool):
        raise CellTypeError(message(where, f"{key} a bool", repr(value),
                                    f"Pass {key}=True or {key}=False."))
    if kind == "int":
        low, high, bool_ok = check
        if not isinstance(value, numbers.Integral) or (isinstance(value, bool) and not bool_ok):
            raise CellTypeError(message(where, f"{key} an int", repr(value)))
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"in [{low}, {high}]" if high is not None else f">= {low}"
            raise CellArgumentError(message(where, f"{key} {span}", repr(value)))
        return int(value)
    if kind == "str":
        if not isinstance(value, str):
            raise CellTypeError(message(where, f"{key} a str", repr(value)))
        if check is not None and value not in check:
            raise CellArgumentError(message(where, f"{key} one of {list(check)}", repr(value)))
    if kind in ("fusion_indices", "dataset_strategy", "dict", "deprecated"):
        return _CHECKS[kind](where, key, value, default)
    return value


def _fusion_indices(where, key, value, default):
    if not isinstance(value, list):
        raise CellTypeError(message(where, f"{key} a list of ints", repr(value)))
    if any(b <= a for a, b in zip(value, value[1:])):
        raise CellArgumentError(message(where, f"{key} in ascending order", repr(value)))
    return list(value)


def _dataset_strategy(where, key, value, default):
    if isinstance(value, str):
        if value not in ("full_batch", "data_parallel"):
            raise CellArgumentError(message(where, f"{key} 'full_batch' or 'data_parallel'",
                                            repr(value)))
        return value
    if not isinstance(value, tuple):
        raise CellTypeError(message(where, f"{key} a str or a tuple of tuples", repr(value),
                                    "Write the shard strategy with tuples, not lists."))
    return value


def _merged_dict(where, key, value, default):
    if not isinstance(value, dict):
        raise CellTypeError(message(where, f"{key} a dict", repr(value)))
    unknown = sorted(set(value) - set(default))
    if unknown:
        error = CellNameError if key == "comm_fusion" else CellArgumentError
        raise error(message(where, f"{key} keys among {sorted(default)}", repr(unknown)))
    return value


def _deprecated(where, key, value, default):
    raise CellArgumentError(message(
        where, f"no {key} (the interface is deprecated)", repr(value),
        "Use nn.GradAccumulationCell for gradient accumulation."))


_CHECKS = {"fusion_indices": _fusion_indices, "dataset_strategy": _dataset_strategy,
           "dict": _merged_dict, "deprecated": _deprecated}


class _Settings:
    """One table of keys (auto parallel, algorithm or parameter server) and its values."""

    def __init__(self, name, table):
        self.name, self.table = name, table
        self.values = {}
        self.reset()

    def reset(self):
        self.values = {key: copy.deepcopy(spec[1]) for key, spec in self.table.items()}

    def _key(self, where, key):
        key = _ALIASES.get(key, key) if self.table is _AUTO else key
        if key not in self.table:
            raise CellArgumentError(message(
                where, f"a {self.name} key, one of {sorted(self.table)}", repr(key)))
        return key

    def set(self, where, kwargs):
        staged = {}
        for key, value in kwargs.items():
            key = self._key(where, key)
            if value is not None:
                staged[key] = _checked(where, self.table, key, value)
        for key, value in staged.items():  # every key checked before any is recorded
            if self.table[key][0] == "dict":
                self.values[key].update(copy.deepcopy(value))
            else:
                self.values[key] = value
            if self.table is _AUTO:
                self._link(key, value)

    def _link(self, key, value):
        """The keys MindSpore keeps in step (in the order given, the last one wins):
        full_batch and dataset_strategy, the strategy-file names and strategy_ckpt_config."""
        files = self.values["strategy_ckpt_config"]
        if key == "full_batch":
            self.values["dataset_strategy"] = "full_batch" if value else "data_parallel"
        elif key == "dataset_strategy":
            self.values["full_batch"] = value == "full_batch"
        elif key in ("strategy_ckpt_load_file", "strategy_ckpt_save_file"):
            files[key[len("strategy_ckpt_"):]] = value
        elif key == "strategy_ckpt_config":
            for short in set(value) & {"load_file", "save_file"}:
                self.values[f"strategy_ckpt_{short}"] = files[short]

    def get(self, where, key):
        return copy.deepcopy(self.values[self._key(where, key)])


_auto = _Settings("set_auto_parallel_context", _AUTO)
_algo = _Settings("set_algo_parameters", _ALGO)
_ps = _Settings("set_ps_context", _PS)


def set_auto_parallel_context(**kwargs):
    """Record parallel settings (``parallel_mode``, ``device_num``, ``gradients_mean``, ...)."""
    _auto.set("set_auto_parallel_context", kwargs)


def get_auto_parallel_context(attr_key):
    """The value of one ``set_auto_parallel_context`` key (its default until set)."""
    return _auto.get("get_auto_parallel_context", attr_key)


def reset_auto_parallel_context():
    """Every ``set_auto_parallel_context`` key back to its default."""
    _auto.reset()


def set_algo_parameters(**kwargs):
    """Record the strategy-search settings (``fully_use_devices``, ...)."""
    _algo.set("set_algo_parameters", kwargs)


def get_algo_parameters(attr_key):
    """The value of one ``set_algo_parameters`` key."""
    return _algo.get("get_algo_parameters", attr_key)


def reset_algo_parameters():
    """Every ``set_algo_parameters`` key back to its default."""
    _algo.reset()


def set_ps_context(**kwargs):
    """Record the parameter-server settings (``enable_ps``, ``config_file_path``,
    ``enable_ssl``); no server is started."""
    _ps.set("set_ps_context", kwargs)


def get_ps_context(attr_key):
    """The value of one ``set_ps_context`` key."""
    return _ps.get("get_ps_context", attr_key)


def reset_ps_context():
    """Every ``set_ps_context`` key back to its default."""
    _ps.reset()
