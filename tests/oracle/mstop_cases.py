"""The standalone top-level calls recorded on MindSpore 2.10 and replayed on minpy_compat.

A case is ``(call, kwargs, reads)``: ``call`` a dotted name under the library
(``set_auto_parallel_context``, ``communication.get_rank``), ``kwargs`` its keyword
arguments (``{"args": [...]}`` for positional ones), and ``reads`` the
``(getter, key)`` pairs read after it. Every case starts from the default settings.
"""
import json

AUTO, ALGO, PS = "get_auto_parallel_context", "get_algo_parameters", "get_ps_context"
AUTO_KEYS = ["device_num", "global_rank", "gradients_mean", "gradient_fp32_sync",
             "parallel_mode", "auto_parallel_search_mode", "search_mode", "parameter_broadcast",
             "strategy_ckpt_load_file", "strategy_ckpt_save_file", "full_batch",
             "dataset_strategy", "enable_parallel_optimizer", "enable_alltoall",
             "all_reduce_fusion_config", "pipeline_stages", "pipeline_result_broadcast",
             "grad_accumulation_step", "comm_fusion", "strategy_ckpt_config", "auto_pipeline",
             "dump_local_norm", "dump_local_norm_path", "dump_device_local_norm",
             "loss_repeated_mean", "communi_parallel_mode", "sharding_propagation",
             "optimizer_weight_shard_size", "optimizer_weight_shard_aggregated_save",
             "hccl_time_out", "zzz"]
AUTO_SETS = [
    ("device_num", 8), ("device_num", 0), ("device_num", 5000), ("device_num", "8"),
    ("device_num", True), ("device_num", 1.0), ("global_rank", 3), ("global_rank", -1),
    ("global_rank", 5000), ("global_rank", 1.5), ("global_rank", True),
    ("gradients_mean", True), ("gradients_mean", 1), ("gradient_fp32_sync", False),
    ("parallel_mode", "data_parallel"), ("parallel_mode", "DATA_PARALLEL"),
    ("parallel_mode", "bogus"), ("parallel_mode", 1), ("parallel_mode", "semi_auto_parallel"),
    ("parallel_mode", "auto_parallel"), ("parallel_mode", "hybrid_parallel"),
    ("parallel_mode", "stand_alone"), ("search_mode", "bad"),
    ("search_mode", "sharding_propagation"), ("search_mode", "dynamic_programming"),
    ("parameter_broadcast", True), ("parameter_broadcast", 0), ("full_batch", True),
    ("full_batch", 1), ("enable_parallel_optimizer", True), ("enable_parallel_optimizer", 1),
    ("pipeline_stages", 2), ("pipeline_stages", 0), ("pipeline_stages", "2"),
    ("pipeline_stages", True), ("grad_accumulation_step", 4),
    ("all_reduce_fusion_config", [20, 35]), ("all_reduce_fusion_config", 3),
    ("all_reduce_fusion_config", [35, 20]), ("strategy_ckpt_load_file", "/tmp/x.ckpt"),
    ("strategy_ckpt_save_file", "/tmp/y.ckpt"), ("strategy_ckpt_save_file", 3),
    ("dataset_strategy", "full_batch"), ("dataset_strategy", "data_parallel"),
    ("dataset_strategy", "bad"), ("dataset_strategy", [[1, 8]]), ("enable_alltoall", True),
    ("zzz", 1),
    ("loss_repeated_mean", False), ("loss_repeated_mean", 1),
    ("pipeline_result_broadcast", True), ("hccl_time_out", 100),
    ("comm_fusion", {"allreduce": {"mode": "size", "config": 32}}),
    ("comm_fusion", {"openstate": False}), ("comm_fusion", {"zz": 1}), ("comm_fusion", 3),
    ("communi_parallel_mode", "same_server_group_parallel"),
    ("communi_parallel_mode", "bad"), ("sharding_propagation", True),
    ("auto_pipeline", True), ("dump_local_norm", True), ("dump_local_norm_path", "/tmp/n"),
    ("dump_device_local_norm", True), ("optimizer_weight_shard_aggregated_save", True),
    ("strategy_ckpt_config", {"save_file": "/tmp/s.ckpt"}), ("strategy_ckpt_config", {"zz": 1}),
]
ALGO_KEYS = ["fully_use_devices", "elementwise_op_strategy_follow", "tensor_slice_align_enable",
             "tensor_slice_align_size", "enable_algo_approxmation", "zzz"]
ALGO_SETS = [("fully_use_devices", True), ("fully_use_devices", 1),
             ("elementwise_op_strategy_follow", True), ("tensor_slice_align_enable", True),
             ("tensor_slice_align_size", 32), ("tensor_slice_align_size", 0),
             ("tensor_slice_align_size", 2048), ("tensor_slice_align_size", 2.0),
             ("algo_approxmation_epsilon", 0.2), ("zzz", 1)]
PS_KEYS = ["enable_ps", "config_file_path", "enable_ssl", "client_password", "zzz"]
# MindSpore's reset_ps_context keeps config_file_path: its bad call comes before the good one
PS_SETS = [("enable_ps", True), ("enable_ps", 1), ("config_file_path", 3),
           ("config_file_path", "/tmp/a.json"), ("enable_ssl", True), ("zzz", 1)]

F32 = {"mstype": "float32"}
FOUR = {"bytes": bytes(range(16)).hex()}  # 16 bytes: 4 float32
# first: after some of the calls below MindSpore's memory calls raise ("Create device
# context failed ... device:1"), so they run first
CASES = (
    [(name, {}, []) for name in (
        "memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved",
        "reset_max_memory_allocated", "reset_max_memory_reserved", "reset_peak_memory_stats",
        "empty_cache", "synchronize", "memory_stats", "get_current_device")]
    + [(AUTO, {"args": [key]}, []) for key in AUTO_KEYS]
    + [("set_auto_parallel_context", {key: value}, [(AUTO, key)]) for key, value in AUTO_SETS]
    + [("set_auto_parallel_context", {"device_num": 4, "global_rank": 1},
        [(AUTO, "device_num"), (AUTO, "global_rank")]),
       ("set_auto_parallel_context", {"full_batch": True}, [(AUTO, "dataset_strategy")]),
       ("set_auto_parallel_context", {"dataset_strategy": "full_batch"}, [(AUTO, "full_batch")]),
       ("set_auto_parallel_context", {"dataset_strategy": "full_batch", "full_batch": False},
        [(AUTO, "full_batch"), (AUTO, "dataset_strategy")]),
       ("set_auto_parallel_context", {"strategy_ckpt_config": {"save_file": "/tmp/s"}},
        [(AUTO, "strategy_ckpt_save_file")]),
       ("set_auto_parallel_context", {"strategy_ckpt_save_file": "/tmp/q"},
        [(AUTO, "strategy_ckpt_config")]),
       ("set_auto_parallel_context", {"auto_parallel_search_mode": "dynamic_programming"},
        [(AUTO, "search_mode")]),
       ("set_auto_parallel_context", {}, []), ("reset_auto_parallel_context", {}, [])]
    + [(ALGO, {"args": [key]}, []) for key in ALGO_KEYS]
    + [("set_algo_parameters", {key: value}, [(ALGO, key)]) for key, value in ALGO_SETS]
    + [(PS, {"args": [key]}, []) for key in PS_KEYS]
    + [("set_ps_context", {key: value}, [(PS, key)]) for key, value in PS_SETS]
    + [("communication." + name, {}, []) for name in (
        "get_rank", "get_group_size", "get_local_rank", "get_local_rank_size", "release",
        "init", "get_process_group_ranks", "get_comm_name")]
    + [("communication.init", {"args": [name]}, []) for name in ("hccl", "nccl", "zzz")]
    + [("communication.get_rank", {"args": [3]}, []),
       ("communication.get_rank", {"args": ["hccl_world_group"]}, []),
       ("communication.create_group", {"args": ["g", [0]]}, []),
       ("communication.destroy_group", {"args": ["g"]}, []),
       ("communication.get_world_rank_from_group_rank", {"args": ["g", 0]}, []),
       ("communication.get_group_rank_from_world_rank", {"args": [0, "g"]}, [])]
    + [("set_recursion_limit", {"args": [value]}, []) for value in (2000, "x", 0)]
    + [("set_device", {"args": [value]}, []) for value in ("TPU", 3)]
    + [("frombuffer", dict(zip(("args", "count", "offset"), given)), []) for given in (
        [[FOUR, F32]], [[FOUR, F32], 2, 4], [[FOUR, {"mstype": "int32"}]],
        [[FOUR, {"mstype": "uint8"}], -1, 3], [[{"bytes": "0001020304"}, F32]], [[[1, 2], F32]],
        [[FOUR, F32], 10], [[{"bytes": ""}, F32]], [[{"bytes": "0100"}, {"mstype": "bool_"}]])]
    + [("JitConfig", kwargs, []) for kwargs in (
        {}, {"jit_level": "O1"}, {"jit_level": "O2"}, {"args": ["O0"]}, {"jit_level": "O9"},
        {"jit_level": 1}, {"exc_mode": "bad"}, {"jit_syntax_level": "LAX"},
        {"jit_syntax_level": "bad"}, {"debug_level": "DEBUG"}, {"debug_level": "bad"},
        {"infer_boost": "on"}, {"infer_boost": "bad"}, {"foo": 1})]
    # last: MindSpore's reset leaves a tuple strategy behind (read back as ())
    + [("set_auto_parallel_context", {"dataset_strategy": {"tuple": [[1, 8], [1, 8]]}},
        [(AUTO, "dataset_strategy"), (AUTO, "full_batch")])]
)
MODULE_CONSTANTS = ["communication.HCCL_WORLD_COMM_GROUP", "communication.NCCL_WORLD_COMM_GROUP",
                    "communication.MCCL_WORLD_COMM_GROUP", "communication.GlobalComm.INITED",
                    "communication.GlobalComm.BACKEND", "ParallelMode.STAND_ALONE",
                    "ParallelMode.DATA_PARALLEL", "ParallelMode.HYBRID_PARALLEL",
                    "ParallelMode.SEMI_AUTO_PARALLEL", "ParallelMode.AUTO_PARALLEL",
                    "ParallelMode.MODE_LIST"]


def resolve(lib, dotted):
    value = lib
    for part in dotted.split("."):
        value = getattr(value, part)
    return value


def decode(value, lib):
    """``{"tuple": ...}`` as a tuple of tuples (a shard strategy), ``{"bytes": hex}`` as
    bytes, ``{"mstype": name}`` as ``lib``'s dtype, else unchanged."""
    if isinstance(value, dict) and set(value) == {"tuple"}:
        return tuple(tuple(row) for row in value["tuple"])
    if isinstance(value, dict) and set(value) == {"bytes"}:
        return bytes.fromhex(value["bytes"])
    if isinstance(value, dict) and set(value) == {"mstype"}:
        return getattr(lib, value["mstype"])
    return value


def plain(value):
    """A JSON-able form: tuples as lists, other objects by their repr."""
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "asnumpy"):
        return {"array": value.asnumpy().tolist(), "dtype": value.asnumpy().dtype.name}
    if hasattr(value, "jit_config_dict"):
        return {"jit_config_dict": plain(value.jit_config_dict)}
    return repr(value)


def attempt(fn, *args, **kwargs):
    try:
        return {"value": plain(fn(*args, **kwargs))}
    except (ValueError, TypeError, RuntimeError, KeyError) as err:
        return {"error": [c.__name__ for c in type(err).__mro__ if c.__module__ == "builtins"][0],
                "message": str(err).split("\n")[0][:200]}


def run_case(lib, case):
    """What ``case`` does on ``lib``: the call's answer, then each read's."""
    lib.reset_auto_parallel_context()
    lib.reset_algo_parameters()
    lib.reset_ps_context()
    call, kwargs, reads = case
    kwargs = {key: decode(value, lib) for key, value in kwargs.items()}
    args = [decode(arg, lib) for arg in kwargs.pop("args", [])]
    out = {"call": attempt(resolve(lib, call), *args, **kwargs)}
    out["reads"] = [attempt(resolve(lib, getter), key) for getter, key in reads]
    return out


def case_id(case):
    return json.dumps(case, sort_keys=True, default=repr)
