"""Fuzz cases for ``mint.nn`` Cells, ``mint.optim``, this session's metrics and Cells, and
the in-place Tensor methods under the gradient functions, recorded from MindSpore 2.10
(``make_fuzznn16_fixture.py``) and replayed by ``tests/test_cell_oracle_fuzznn16.py``.

A case is (id, code): Python run with ``ms``, ``mint``, ``nn``, ``ops`` bound to either
side's modules, and ``T(shape, dtype)`` / ``I(shape, high)`` drawing seeded normal floats /
int64s; the code leaves its result in ``out``. The cases are generated from the tables below.
"""
import zlib

import numpy as onp

N = "N"  # the batch size placeholder in an input shape
# (Cell, kwargs, input shapes (N = the batch), second-order?): float inputs unless 'I:<high>'
CELLS = [
    ("ReLU", {}, [(N, 3)], True), ("ReLU6", {}, [(N, 3)], False),
    ("ELU", {"alpha": 0.7}, [(N, 3)], True), ("GELU", {"approximate": "tanh"}, [(N, 3)], True),
    ("GLU", {"dim": 1}, [(N, 4)], False), ("Hardshrink", {"lambd": 0.2}, [(N, 3)], False),
    ("Hardsigmoid", {}, [(N, 3)], False), ("Hardswish", {}, [(N, 3)], False),
    ("Hardtanh", {"min_val": -0.3, "max_val": 0.4}, [(N, 3)], False),
    ("LogSigmoid", {}, [(N, 3)], True), ("LogSoftmax", {"dim": 0}, [(N, 3)], True),
    ("Mish", {}, [(N, 3)], True), ("PReLU", {"num_parameters": 3, "init": 0.1}, [(N, 3)], False),
    ("SELU", {}, [(N, 3)], False), ("SiLU", {}, [(N, 3)], True), ("Sigmoid", {}, [(N, 3)], True),
    ("Softmax", {"dim": 1}, [(N, 3)], True), ("Softshrink", {"lambd": 0.3}, [(N, 3)], False),
    ("Tanh", {}, [(N, 3)], True), ("Threshold", {"threshold": 0.2, "value": -1.0}, [(N, 3)],
                                   False),
    ("Linear", {"in_features": 3, "out_features": 2, "bias": False}, [(N, 3)], False),
    ("Conv1d", {"in_channels": 2, "out_channels": 3, "kernel_size": 2, "dilation": 2},
     [(N, 2, 6)], False),
    ("Conv2d", {"in_channels": 2, "out_channels": 2, "kernel_size": (2, 1), "stride": (1, 2),
                "padding_mode": "reflect", "padding": 1}, [(N, 2, 4, 5)], False),
    ("ConvTranspose2d", {"in_channels": 2, "out_channels": 3, "kernel_size": 2, "groups": 1,
                         "dilation": 2}, [(N, 2, 3, 3)], False),
    ("BatchNorm1d", {"num_features": 3, "momentum": 0.3}, [(N, 3, 2)], False),
    ("BatchNorm2d", {"num_features": 2, "track_running_stats": False}, [(N, 2, 2, 2)], False),
    ("GroupNorm", {"num_groups": 1, "num_channels": 2, "affine": False}, [(N, 2, 3)], False),
    ("LayerNorm", {"normalized_shape": (2, 3), "eps": 1e-3}, [(N, 2, 3)], False),
    ("Embedding", {"num_embeddings": 4, "embedding_dim": 2, "padding_idx": 0},
     [(N, 3, "I:4")], False),
    ("AdaptiveAvgPool1d", {"output_size": 3}, [(N, 2, 7)], False),
    ("AdaptiveMaxPool2d", {"output_size": (2, 3), "return_indices": True}, [(N, 1, 5, 5)],
     False),
    ("AvgPool2d", {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True,
                   "count_include_pad": False}, [(N, 1, 5, 6)], False),
    ("MaxPool2d", {"kernel_size": 2, "stride": 2, "dilation": 2, "ceil_mode": True},
     [(N, 1, 6, 7)], False),
    ("ConstantPad2d", {"padding": (1, 0, 0, 2), "value": 3.0}, [(N, 1, 2, 2)], False),
    ("ReflectionPad2d", {"padding": (2, 1, 1, 0)}, [(N, 1, 3, 3)], False),
    ("ReplicationPad1d", {"padding": 2}, [(N, 2, 3)], False),
    ("Flatten", {"start_dim": 1, "end_dim": -2}, [(N, 2, 3, 2)], False),
    ("Unfold", {"kernel_size": 2, "dilation": 1, "padding": 1, "stride": 2}, [(N, 2, 3, 3)],
     False),
    ("Fold", {"output_size": (3, 4), "kernel_size": (2, 2)}, [(N, 4, 6)], False),
    ("PixelShuffle", {"upscale_factor": 2}, [(N, 4, 2, 3)], False),
    ("Upsample", {"scale_factor": (2.0, 1.5), "mode": "bilinear", "align_corners": False},
     [(N, 1, 2, 4)], False),
    ("UpsamplingNearest2d", {"scale_factor": 2.0}, [(N, 1, 2, 3)], False),
    ("L1Loss", {"reduction": "none"}, [(N, 3), (N, 3)], False),
    ("MSELoss", {"reduction": "mean"}, [(N, 3), (N, 3)], False),
    ("SmoothL1Loss", {"reduction": "sum", "beta": 2.0}, [(N, 3), (N, 3)], False),
    ("SoftMarginLoss", {"reduction": "none"}, [(N, 3), (N, 3)], False),
    ("KLDivLoss", {"reduction": "sum", "log_target": True}, [(N, 3), (N, 3)], False),
    ("NLLLoss", {"reduction": "sum", "ignore_index": 1}, [(N, 3), (N, "I:3")], False),
    ("CrossEntropyLoss", {"reduction": "mean", "ignore_index": 0}, [(N, 3), (N, "I:3")], False),
    ("CrossEntropyLoss", {"label_smoothing": 0.1, "reduction": "none"},
     [(N, 4, 2), (N, 2, "I:4")], False),
    ("BCEWithLogitsLoss", {"reduction": "sum"}, [(N, 3), (N, 3, "P")], False),
    ("CosineEmbeddingLoss", {"margin": 0.2, "reduction": "none"}, [(N, 3), (N, 3), (N, "S")],
     False),
]


def _inputs(specs, batch, dtype):
    parts = []
    for spec in specs:
        shape = tuple(batch if d == N else d for d in spec if not isinstance(d, str) or d == N)
        kind = [d for d in spec if isinstance(d, str) and d != N]
        if not kind:
            parts.append(f"T({shape}, {dtype!r})")
        elif kind[0].startswith("I:"):
            parts.append(f"I({shape}, {kind[0][2:]})")
        elif kind[0] == "P":
            parts.append(f"P({shape}, {dtype!r})")
        else:
            parts.append(f"S({shape})")
    return "[" + ", ".join(parts) + "]"


def _cell_case(name, kwargs, specs, variant):
    batch, dtype, train = {"b1": (1, "float32", False), "b0": (0, "float32", False),
                           "f64": (2, "float64", False), "f16": (2, "float16", False),
                           "train": (3, "float32", True), "twice": (2, "float32", False),
                           "gg": (2, "float64", False)}[variant]
    code = [f"net = mint.nn.{name}(**{kwargs!r})", f"net.set_train({train})",
            "for p in net.trainable_params():\n    p.set_data(T(p.shape))",
            f"xs = {_inputs(specs, batch, dtype)}"]
    if variant == "twice":
        code += ["net.set_train(False)", "a = net(*xs)", "out = (a, net(*xs))"]
    elif variant == "gg":
        code += ["f = lambda x: net(x).sum()",
                 "out = ms.grad(lambda x: ms.grad(f)(x).sum())(xs[0])"]
    else:
        code += ["y = net(*xs)", "first = y[0] if isinstance(y, tuple) else y",
                 "w = net.trainable_params()",
                 "g = ms.grad(lambda *a: (lambda r: r[0] if isinstance(r, tuple) else r)("
                 "net(*a)).sum(), 0, w)(*xs) if w else ms.grad(lambda *a: (lambda r: r[0] "
                 "if isinstance(r, tuple) else r)(net(*a)).sum(), 0)(*xs)",
                 "out = (y, g)"]
    return "\n".join(code)


def cell_cases():
    cases = []
    for i, (name, kwargs, specs, second) in enumerate(CELLS):
        variants = ("b1", "b0", "f64", "f16", "train", "twice") + (("gg",) if second else ())
        for variant in variants:
            cases.append((f"cell{i}_{name}_{variant}", _cell_case(name, kwargs, specs,
                                                                  variant)))
    return cases


def seed_of(case_id):
    return zlib.crc32(case_id.encode())


def namespace(modules, case_id):
    """The names a case's code sees: ``modules`` (ms, mint, nn, ops) and the seeded makers."""
    rng = onp.random.default_rng(seed_of(case_id))
    ms = modules["ms"]

    def T(shape, dtype="float32"):
        return ms.Tensor(rng.standard_normal(shape).astype(dtype))

    def I(shape, high):  # noqa: E743  (a maker's one-letter name, like T)
        return ms.Tensor(rng.integers(0, high, shape).astype(onp.int64))

    def P(shape, dtype="float32"):
        return ms.Tensor((rng.random(shape) * 0.8 + 0.1).astype(dtype))

    def S(shape):
        return ms.Tensor(onp.where(rng.random(shape) > 0.5, 1, -1).astype(onp.int64))

    def A(shape, dtype="float32"):
        return rng.standard_normal(shape).astype(dtype)

    return dict(modules, T=T, I=I, P=P, S=S, A=A, rng=rng, onp=onp, __name__="fuzznn16_case")


def record(value):
    """A result as JSON: arrays as {value, dtype, shape}, sequences as lists."""
    if isinstance(value, (tuple, list)):
        return [record(v) for v in value]
    if isinstance(value, dict):
        return {str(k): record(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return {"value": value, "dtype": "pyfloat", "shape": []}
    if not hasattr(value, "asnumpy") and not isinstance(value, (onp.ndarray, onp.generic)):
        return {"object": type(value).__name__}
    data = value.asnumpy() if hasattr(value, "asnumpy") else onp.asarray(value)
    if data.dtype.kind == "f":
        data = data.astype(onp.float64)
        values = onp.where(onp.isfinite(data), data, 0).tolist()
        return {"value": values, "nan": onp.isnan(data).tolist() if data.size else [],
                "dtype": (value.asnumpy() if hasattr(value, "asnumpy")
                          else onp.asarray(value)).dtype.name, "shape": list(data.shape)}
    return {"value": data.tolist(), "dtype": data.dtype.name, "shape": list(data.shape)}


def run(modules, case):
    case_id, code = case
    env = namespace(modules, case_id)
    try:
        exec(code, env)  # the case's code is this module's own generated text
        return {"out": record(env["out"])}
    except Exception as err:  # an oracle records whatever raised
        return {"error": type(err).__name__, "message": str(err).split("\n")[0][:300],
                "classes": [c.__name__ for c in type(err).__mro__]}
