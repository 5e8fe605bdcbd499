"""``minpy_compat.mint.nn.functional``: MindSpore 2.10's ``mint.nn.functional`` (PyTorch-
style activations, convolutions, pools, norms and losses). Each name is imported from its
module (``fn_act``, ``fn_layers``, ``fn_pool``, ``fn_loss``) the first time it is used.

>>> import minpy_compat as ms
>>> from minpy_compat.mint.nn import functional as F
>>> F.relu(ms.Tensor([-1.0, 2.0]))
array([0., 2.], dtype=float32)
"""
from ...lazy_names import lazy_names
from ...ops.checks import named

_EXPORTS = {
    "fn_act": ["broadcast_to", "clamp", "dropout", "dropout2d", "elu", "elu_", "elu_ext", "gelu",
               "glu", "hardshrink", "hardsigmoid", "hardswish", "hardtanh", "hardtanh_",
               "hardtanh_op", "inplace_elu", "inplace_silu", "leaky_relu", "log_softmax",
               "logsigmoid", "mish", "prelu", "relu", "relu6", "relu_", "selu", "sigmoid",
               "sigmoid_", "silu", "silu_func", "softmax", "softplus", "softshrink", "tanh",
               "threshold", "threshold_", "threshold_op"],
    "fn_layers": ["batch_norm", "conv1d", "conv2d", "conv3d", "conv_transpose2d", "embedding",
                  "flatten", "fold", "group_norm", "layer_norm", "linear", "norm_ext",
                  "normalize", "one_hot", "pad", "pixel_shuffle", "unfold"],
    "fn_pool": ["adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
                "adaptive_avg_pool3d_ext", "adaptive_max_pool1d", "adaptive_max_pool2d",
                "avg_pool1d", "avg_pool2d", "avg_pool3d", "grid_sample", "interpolate",
                "max_pool2d", "max_unpool2d", "upsample"],
    "fn_loss": ["binary_cross_entropy", "binary_cross_entropy_with_logits",
                "cosine_embedding_loss", "cross_entropy", "kl_div", "l1_loss", "mse_loss",
                "nll_loss", "smooth_l1_loss", "soft_margin_loss"],
}
__all__ = sorted(name for names in _EXPORTS.values() for name in names)
# each name read from the modules beside this one; its errors name what the user called
# (``mint.nn.functional.gelu input: ...``), not the ``ops`` function beneath
__getattr__, __dir__ = lazy_names(__package__, _EXPORTS, globals(), wrap=lambda name, function:
                                  named(f"mint.nn.functional.{name}", function))
