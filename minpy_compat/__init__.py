"""minpy_compat: write NumPy, get gradients, extend it with your own operators.

>>> import minpy_compat.numpy as np
>>> from minpy_compat import grad
>>> float(grad(lambda x: np.sum(np.tanh(x)))(np.zeros(3))[0])
1.0
"""
from .array import Array, Number
from .core import (convert_args, elementwise_grad, grad_and_loss, hessian,
                   hessian_vector_product, jacobian, make_vjp, minpy_to_numpy, numpy_to_minpy,
                   return_numpy)
from .primitive import Primitive, customop
from .context import Context, cpu, gpu, current_context
from .dispatch.policy import get_global_policy, set_global_policy, wrap_policy

# ---- the Cell layer (MindSpore's API) ----------------------------------------------------
from . import dtype
from .dtype import (bool_, complex64, complex128, float16, float32, float64, int8, int16, int32,
                    int64, uint8, uint16, uint32, uint64)
from .tensor import Parameter, ParameterTuple, Tensor
from .ms_context import (GRAPH_MODE, PYNATIVE_MODE, get_context, get_seed, set_context,
                         set_seed)
from . import common, nn, ops
# One grad for both APIs: MindSpore's rules for Cells and MindSpore's own arguments,
# MinPy's otherwise (ops.grad is always MindSpore's, core.grad always MinPy's).
from .ops.grad import any_grad as grad, any_value_and_grad as value_and_grad
from .ops import jacfwd, jacrev, jvp, vjp, vmap  # top-level names in MindSpore too

__version__ = "0.1.0"
# ``ms.tensor`` is MindSpore's function (served lazily below), not our module ``tensor.py``
# that the imports above bound here; ``from minpy_compat.tensor import ...`` still finds it
del tensor  # noqa: F821

from .module_paths import install as _install_module_paths  # noqa: E402

_install_module_paths()  # MindSpore's module paths (ops.operations, common.dtype, ...)

# MindSpore's training API, loaded on first use (``import minpy_compat`` stays quick)
from .lazy_names import lazy_names  # noqa: E402

__getattr__, __dir__ = lazy_names(__name__, {
    "train": ["Accuracy", "BleuScore", "ConfusionMatrixMetric", "HausdorffDistance",
              "MeanSurfaceDistance", "OcclusionSensitivity", "RootMeanSquareDistance", "Callback",
              "CheckpointConfig", "ConfusionMatrix", "CosineSimilarity",
              "Dice", "DynamicLossScaleManager", "EarlyStopping", "F1", "Fbeta",
              "FixedLossScaleManager", "History", "LambdaCallback", "LearningRateScheduler",
              "Loss", "LossMonitor", "LossScaleManager", "MAE", "MSE", "Metric", "Model",
              "ModelCheckpoint", "Perplexity", "Precision", "ROC", "Recall", "ReduceLROnPlateau",
              "RunContext", "TimeMonitor", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy",
              "TopKCategoricalAccuracy", "auc", "get_metric_fn", "load_checkpoint",
              "load_param_into_net", "names", "save_checkpoint",
              "BackupAndRestore", "DatasetHelper", "OnRequestExit", "SummaryRecord",
              "connect_network_with_dataset", "data_sink", "load_checkpoint_async",
              "merge_sliced_parameter", "rearrange_inputs"],
    "amp": ["build_train_network"],
    "ms_generator": ["Generator", "default_generator", "get_rng_state", "set_rng_state"],
    "ms_decorators": ["constexpr", "lazy_inline", "no_inline", "recompute", "set_deterministic"],
    "ms_functions": ["from_numpy", "initial_seed", "is_tensor", "jit", "jit_class",
                     "manual_seed", "mutable", "seed"],
    "dtype": ["dtype_to_nptype", "dtype_to_pytype", "pytype_to_dtype"],
    "common.dtype_names": ["bool", "byte", "cdouble", "cfloat", "double", "float", "half",
                           "int", "intc", "intp", "long", "short", "single", "ubyte", "uintc",
                           "uintp", "ushort"],
    "sparse_tensors": ["COOTensor", "CSRTensor"],
    "parallel_context": ["ParallelMode", "get_algo_parameters", "get_auto_parallel_context",
                         "get_ps_context", "reset_algo_parameters",
                         "reset_auto_parallel_context", "reset_ps_context",
                         "set_algo_parameters", "set_auto_parallel_context", "set_ps_context"],
    "ms_devices": ["empty_cache", "from_dlpack", "get_current_device", "max_memory_allocated",
                   "max_memory_reserved", "memory_allocated", "memory_reserved",
                   "memory_stats", "memory_summary", "reset_max_memory_allocated",
                   "reset_max_memory_reserved", "reset_peak_memory_stats", "set_device",
                   "run_check", "set_recursion_limit", "synchronize", "to_dlpack"],
    "jit_config": ["JitConfig"],
    "ms_buffers": ["frombuffer"],
    "ops.ctrlflow": ["get_grad"],
    # MindSpore 2.10 top-level names added in session 19: the tensor function, swapping,
    # dtypes NumPy lacks (refused for data), log level and JIT syntax-level switches
    "tensor_functions": ["swap_tensors", "tensor"],
    "common.low_precision": ["bfloat16", "float8_e4m3fn", "float8_e5m2", "hifloat8", "qint4x2"],
    "ms_runtime_flags": ["COMPATIBLE", "LAX", "STRICT", "get_level", "get_log_config",
                         "launch_blocking"],
}, globals(), submodules=("amp", "communication", "dataset", "mint", "parallel", "train",
                          "version",
                          "log", "multiprocessing"))  # MindSpore's modules added in session 19
