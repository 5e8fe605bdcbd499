"""The sparse optimizer-step primitives and ``EmbeddingLookup`` that
``make_ops_sparseapply_fixture.py`` runs through real MindSpore 2.10; encoded as in
``ops_cases.py``.

The optimizer primitives write Parameters, so their cases run through ``three_steps``: its
first ``SLOTS[op]`` Tensor arguments (those in the range ``SLOTS[op]``, when a pair) become
Parameters, the primitive is called three times and each call answers ``(output, (the
Parameters' values after it))``. The ``FusedSparse*``, ``FusedCastAdamWeightDecay`` and
``FusedAdaFactor*`` outputs are documented as useless (MindSpore's CPU kernels leave them
unset), so only their Parameters are kept."""
from ops_cases import T, V, _case
from oracle_io import OpsView

# optimizer primitive -> how many leading arguments are Parameters
SLOTS = {"SparseApplyAdagrad": 2, "SparseApplyAdagradV2": 2, "SparseApplyFtrl": 3,
         "SparseApplyRMSProp": 3, "FusedSparseAdam": 3, "FusedSparseLazyAdam": 3,
         "FusedSparseFtrl": 3, "FusedSparseProximalAdagrad": 2, "AdamNoUpdateParam": 2,
         "FusedCastAdamWeightDecay": 3,
         # their Parameters are arguments 7 to 11 (after the rates and the gradient)
         "FusedAdaFactor": (7, 12), "FusedAdaFactorWithGlobalNorm": (7, 12)}
NO_OUTPUT = {"FusedSparseAdam", "FusedSparseLazyAdam", "FusedSparseFtrl",
             "FusedSparseProximalAdagrad", "FusedCastAdamWeightDecay", "FusedAdaFactor",
             "FusedAdaFactorWithGlobalNorm"}


def three_steps(lib, ops):
    """``ops`` of ``lib`` with each ``SLOTS`` primitive's Parameters made from its Tensors,
    called three times (``oracle_io.OpsView``)."""
    return OpsView(lib, ops, {name: (slots if isinstance(slots, int) else tuple(range(*slots)),
                                     "params" if name in NO_OUTPUT else "nested", 3)
                              for name, slots in SLOTS.items()})


IDX = V([0, 2, 0], "int32")


def _slots(count, dtype="float32", rows=3):
    return [T((rows, 2), dtype, 0.1, 1.0) for _ in range(count)]


def adagrad_cases():
    g, g16 = T((3, 2)), T((3, 2), "float16")
    c = []
    for op, init in (("SparseApplyAdagrad", (0.1,)), ("SparseApplyAdagradV2", (0.1, 1e-6))):
        p, p16 = _slots(2), _slots(2, "float16")
        c += [
            _case(op, *p, g, IDX, init=init),
            _case(op, *p, g, V([1, 2, 1], "int64"), init=init),
            _case(op, *p16, g16, IDX, init=init),
            _case(op, *p, T((2, 2)), IDX, init=init),
            _case(op, *p, T((3, 3)), IDX, init=init),
            _case(op, *p, g16, IDX, init=init),
            _case(op, *p, g, V([[0, 1, 2]], "int32"), init=init),
            _case(op, *p, g, V([0.0, 1.0, 2.0]), init=init),
            _case(op, p[0], T((2, 2), "float32", 0.1, 1.0), g, IDX, init=init),
            _case(op, *p, g, IDX, init=(1,) + init[1:]),
        ]
    p = _slots(2)
    c += [_case("SparseApplyAdagrad", *p, g, IDX, init=(0.1, False)),
          _case("SparseApplyAdagrad", *p, g, IDX, init=(0.1, 1)),
          _case("SparseApplyAdagradV2", *p, g, IDX, init=(0.1, 1e-6, False, False))]
    return c


def ftrl_rmsprop_cases():
    g = T((3, 2))
    c = []
    for op in ("SparseApplyFtrl", "FusedSparseFtrl"):
        p = _slots(3)
        c += [
            _case(op, *p, g, IDX, init=(0.1, 0.01, 0.02, -0.5)),
            _case(op, *p, T((2, 2)), V([2, 1], "int32"),
                  init=(0.1, 0.0, 0.0, -0.5)),
            _case(op, *p, T((3, 2)), IDX, init=(0.1, 0.3, 0.02, -0.5)),
            _case(op, *p, T((2, 2)), IDX, init=(0.1, 0.01, 0.02, -0.5)),
            _case(op, *p, g, IDX, init=(1, 0.01, 0.02, -0.5)),
        ]
    p, p16 = _slots(3), _slots(3, "float16")
    op = "SparseApplyRMSProp"
    c += [
        _case(op, *p, V(0.1), g, IDX, init=(0.9, 0.5, 1e-6)),
        _case(op, *p, 0.05, g, V([1, 0, 1], "int64"), init=(0.8, 0.0, 1e-3)),
        _case(op, *p16, V(0.1, "float16"), T((3, 2), "float16"), IDX, init=(0.9, 0.5, 1e-6)),
        _case(op, *p, V(0.1), T((2, 2)), IDX, init=(0.9, 0.5, 1e-6)),
        _case(op, *p, V([0.1, 0.2]), g, IDX, init=(0.9, 0.5, 1e-6)),
        _case(op, *p, V(0.1), g, IDX, init=(1, 0.5, 1e-6)),
    ]
    return c


def fused_cases():
    g = T((3, 2))
    c = []
    rates = [V(0.9), V(0.999), V(0.01), V(0.9), V(0.999), V(1e-8)]
    for op in ("FusedSparseAdam", "FusedSparseLazyAdam"):
        p = _slots(3)
        c += [
            _case(op, *p, *rates, g, IDX, init=()),
            _case(op, *p, *rates, g, IDX, init=(False, True)),
            _case(op, *p, V(0.5), V(0.25), V(0.1), V(0.6), V(0.7), V(1e-3), g,
                  V([2, 1, 2], "int32"), init=()),
            _case(op, *p, *rates, T((2, 2)), IDX, init=()),
            _case(op, *p, *rates, g, IDX, init=(1,)),
        ]
    op = "FusedSparseProximalAdagrad"
    p = _slots(2)
    c += [
        _case(op, *p, V(0.1), V(0.01), V(0.02), g, IDX, init=()),
        _case(op, *p, V(0.5), V(0.3), V(0.0), T((3, 2)), V([1, 2, 1], "int32"), init=()),
        _case(op, *p, V(0.1), V(0.01), V(0.02), T((2, 2)), IDX, init=()),
    ]
    op = "AdamNoUpdateParam"
    p = _slots(2)
    c += [
        _case(op, *p, *rates, g, init=()),
        _case(op, *p, V(0.5), V(0.25), V(0.1), V(0.6), V(0.7), V(1e-3), g, init=(False, True)),
        _case(op, *p, *rates, T((2, 2)), init=()),
        _case(op, *p, *rates, g, init=(1,)),
    ]
    return c


def cast_adam_cases():
    op = "FusedCastAdamWeightDecay"
    g, g16 = T((3, 2)), T((3, 2), "float16")
    rates = [V(0.01), V(0.9), V(0.999), V(1e-8), V(0.1)]
    p, p16 = _slots(3), [T((3, 2), "float16", 0.1, 1.0)] + _slots(2)
    return [
        _case(op, *p, *rates, g, V(2.0), init=()),
        _case(op, *p16, *rates, g16, V(0.5), init=()),
        _case(op, *p, *rates, g16, V(1.0), init=()),
        _case(op, *p, *rates, T((2, 2)), V(2.0), init=()),
        _case(op, *_slots(3, "float64"), *rates, T((3, 2), "float64"), V(2.0), init=()),
        _case(op, *p, *rates, g, V(2.0), init=(1,)),
    ]


def adafactor_cases():
    c = []
    eps = V([1e-30, 1e-3])
    rates = [V(1.0), V(0.9), V(0.8), V(0.01), V(0.1)]
    for op, extra in (("FusedAdaFactor", []), ("FusedAdaFactorWithGlobalNorm", [V(2.0)])):
        for shape, init in (((2, 3), ()), ((2, 3), (True, True, True)), ((4,), (True, False)),
                            ((2, 2, 3), (False, True, True))):
            row, col = (shape[:-1], shape[:-2] + shape[-1:]) if len(shape) > 1 else ((1,), (1,))
            full = (1,) if len(shape) > 1 else shape
            slots = [T(shape, "float32", 0.5, 2.0), T(shape, "float32", -0.1, 0.1),
                     T(row, "float32", 0.1, 1.0), T(col, "float32", 0.1, 1.0),
                     T(full, "float32", 0.1, 1.0)]
            c.append(_case(op, eps, *rates, T(shape), *slots, *extra, init=init))
        c += [
            _case(op, V(1e-30), *rates, T((2, 3)), *slots[:1] * 2, T((2,)), T((3,)), T((1,)),
                  *extra, init=()),
            _case(op, eps, *rates, T((3, 2)), T((2, 3)), T((2, 3)), T((2,)), T((3,)), T((1,)),
                  *extra, init=()),
            _case(op, eps, *rates, T((2, 3)), T((2, 3)), T((2, 3)), T((2,)), T((3,)), T((1,)),
                  *extra, init=(1,)),
        ]
    return c


def embedding_cases():
    x, x64 = T((4, 3)), T((4, 3), "float64")
    op = "EmbeddingLookup"
    return [
        _case(op, x, V([[1, 3], [4, 0]], "int32"), 1, grad=True, init=()),
        _case(op, x, V([-1, 2, 2], "int32"), 0, grad=True, init=()),
        _case(op, x64, V([0, 3], "int64"), 0, grad=True, init=()),
        _case(op, T((4,)), V([0, 5, 2], "int32"), 2, grad=True, init=()),
        _case(op, x, V([0, 1], "int32"), V(1, "int32"), init=()),
        _case(op, x, V([0.0, 1.0]), 0, init=()),
        _case(op, x, V([0, 1], "int32"), 0.5, init=()),
        _case(op, T((4, 3), "int32"), V([0, 1], "int32"), 0, init=()),
    ]


def sparseapply_cases():
    return adagrad_cases() + ftrl_rmsprop_cases() + fused_cases() + cast_adam_cases() \
        + adafactor_cases() + embedding_cases()
