"""``ms.mint``: MindSpore 2.10's PyTorch-style function namespace (``mint.sum(x, dim,
keepdim)``, ``mint.cat``, ``mint.zeros``, ``mint.where``, ``mint.softmax(x, dim)`` ...), with
the submodules ``mint.nn``, ``mint.linalg``, ``mint.special`` and ``mint.optim``.

Every name loads on first use (``import minpy_compat`` stays quick). Functions whose
MindSpore signature equals ``ops``' are ``ops``' own; the rest adapt their arguments
(``dim``/``keepdim``, keyword ``dtype``, PyTorch's overloads) and forward to ``ops`` or the
facade, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
>>> mint.max(x, dim=1)
(array([2., 4.], dtype=float32), array([1, 1]))
"""
from ..lazy_names import lazy_names

# the same signature and behaviour as ``ops``' function of that name
SAME_AS_OPS = [
    "abs", "acos", "acosh", "addbmm", "addmm", "addmv", "arange", "arccos", "arccosh", "arcsinh",
    "arctan", "arctan2", "arctanh", "argmax", "asin", "asinh", "atan", "atan2", "atanh",
    "bincount", "bitwise_and", "bitwise_or", "bitwise_xor", "broadcast_to", "ceil", "cos",
    "cosh", "cross", "cumprod", "divide", "dot", "dstack", "einsum", "equal", "erfc", "erfinv",
    "exp", "exp2", "expm1", "eye", "flip", "float_power", "floor", "full", "full_like", "gcd",
    "greater", "gt", "hstack", "inverse", "isclose", "isfinite", "isinf", "isneginf", "le",
    "less_equal", "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and",
    "logical_not", "logical_or", "logical_xor", "logsumexp", "masked_select", "matmul",
    "maximum", "minimum", "mm", "nan_to_num", "ne", "neg", "negative", "nonzero", "not_equal",
    "outer", "polar", "pow", "ravel", "reciprocal", "roll", "round", "rsqrt", "searchsorted",
    "sigmoid", "sign", "sin", "sinc", "sinh", "sqrt", "square", "swapaxes", "tan", "tanh",
    "tile", "trace", "tril", "triu", "trunc", "unbind", "unique_consecutive", "unsqueeze"
]

_EXPORTS = {
    "same": SAME_AS_OPS,
    "tensor_type": ["Tensor"],
    "reductions": [
        "sum", "mean", "prod", "all", "any", "amax", "amin", "argmin", "max", "min", "std",
        "var", "std_mean", "var_mean", "median", "nansum", "count_nonzero", "cumsum", "cummax",
        "cummin", "kthvalue", "norm"],
    "shaping": [
        "cat", "concat", "stack", "chunk", "split", "flatten", "reshape", "squeeze", "permute",
        "transpose", "t", "narrow", "select", "diag", "diff", "meshgrid", "repeat_interleave",
        "take", "clone"],
    "indexing": [
        "gather", "index_select", "index_add", "scatter", "scatter_add", "sort", "argsort",
        "topk", "unique", "where", "histc", "cdist"],
    "elementwise": [
        "add", "sub", "mul", "div", "eq", "ge", "greater_equal", "less", "lt", "clamp", "clip",
        "fmod", "remainder", "floor_divide", "lerp", "xlogy", "bitwise_not", "fix", "allclose",
        "addcdiv", "addcmul", "baddbmm", "arcsin", "erf", "frac", "isnan", "real", "imag",
        "vdot", "bmm", "mv", "item", "softmax"],
    "creation": [
        "zeros", "ones", "empty", "empty_like", "zeros_like", "ones_like", "linspace", "rand",
        "randn", "rand_like", "randn_like", "randint", "randint_like", "randperm", "normal",
        "bernoulli", "multinomial"],
    "linear": [
        "conv2d", "triangular_solve"],
}
__all__ = sorted(name for names in _EXPORTS.values() for name in names)
__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals(),
                                  submodules=("nn", "linalg", "special", "optim"))
