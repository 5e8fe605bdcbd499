"""The round-3 primitive cases (the remaining optimizer-step primitives, transposed and
depthwise convolutions, Im2Col/Col2Im, PadV3 and the 3-D pools and resizes) that
``make_ops_prims3_fixture.py`` runs through real MindSpore; encoded as in ``ops_cases.py``.

The optimizer primitives write Parameters, so their cases run through ``param_view``: its
first ``SLOTS[op]`` Tensor arguments become Parameters, and the call answers ``(output,
(the Parameters' values after the step))``."""
from ops_cases import T, V, _case
from oracle_io import OpsView

# optimizer primitive -> how many leading arguments are Parameters
SLOTS = {"ApplyAdamWithAmsgrad": 4, "ApplyAdamWithAmsgradV2": 4, "ApplyPowerSign": 2,
         "ApplyAddSign": 2, "ApplyAdagradV2": 2, "ApplyAdagradDA": 3, "ApplyFtrl": 3,
         "ApplyKerasMomentum": 2, "ApplyProximalAdagrad": 2}


def param_view(lib, ops):
    """``ops`` of ``lib`` with each ``SLOTS`` primitive's Parameters made from its Tensors."""
    return OpsView(lib, ops, {name: (count, "nested") for name, count in SLOTS.items()})


def apply_cases():
    s = (3,)
    p = [T(s, "float32", 0.1, 1.0) for _ in range(4)]
    g, g64 = T(s), T(s, "float64")
    c = [
        _case("ApplyAdamWithAmsgrad", *p, V(0.9), V(0.999), V(0.01), g, init=()),
        _case("ApplyAdamWithAmsgrad", *p, 0.5, 0.25, 0.1, g, init=(0.5, 0.75, 1e-3)),
        _case("ApplyAdamWithAmsgrad", *p, V(0.9), V(0.999), V(0.01), T((2,)), init=()),
        _case("ApplyAdamWithAmsgrad", *p, V(0.9), V(0.999), V(0.01), g, init=(1,)),
        _case("ApplyAdamWithAmsgradV2", *p, V(0.9), V(0.999), V(0.01), V(0.9), V(0.99),
              V(1e-6), g, init=()),
        _case("ApplyAdamWithAmsgradV2", *p, 0.5, 0.25, 0.1, 0.6, 0.7, 1e-3, g, init=()),
        _case("ApplyAdamWithAmsgradV2", *p, 0.5, 0.25, 0.1, 0.6, 0.7, 1e-3, g, init=(1,)),
    ]
    for op, base in (("ApplyPowerSign", 0.7), ("ApplyAddSign", 1.2)):
        c += [
            _case(op, p[0], T(s), V(0.1), V(base), V(0.5), V(0.9), g, init=()),
            _case(op, p[0], T(s), 0.1, base, 0.5, 0.9, g, init=()),
            _case(op, p[0], T(s), 0.1, base, 0.5, 0.9, T((2,)), init=()),
            _case(op, p[0], T(s), 0.1, base, 0.5, 0.9, V([1, 2, 3], "int32"), init=()),
        ]
    c += [
        _case("ApplyAdagradV2", p[0], p[1], V(0.1), g, init=(1e-6,)),
        _case("ApplyAdagradV2", p[0], p[1], 0.1, g, init=(1e-2, False)),
        _case("ApplyAdagradV2", p[0], p[1], 0.1, g, init=(1,)),
        _case("ApplyAdagradV2", p[0], p[1], 0.1, g, init=(1e-6, 1)),
        _case("ApplyAdagradV2", p[0], p[1], 0.1, T((2,)), init=(1e-6,)),
        _case("ApplyAdagradDA", p[0], T(s), p[1], g, V(0.1), V(0.05), V(0.2), V(3, "int32"),
              init=()),
        _case("ApplyAdagradDA", p[0], T(s), p[1], g, V(0.1), V(0.0), V(0.2), V(2, "int64"),
              init=()),
        _case("ApplyAdagradDA", p[0], T(s), p[1], g, V(0.1), V(0.05), V(0.2), V(3.0),
              init=()),
        _case("ApplyAdagradDA", p[0], T(s), p[1], g, V(0.1), V(0.05), V(0.2), V(3, "int32"),
              init=(1,)),
        _case("ApplyFtrl", p[0], p[1], T(s), g, V(0.1), V(0.05), V(0.2), V(-0.5), init=()),
        _case("ApplyFtrl", p[0], p[1], T(s), g, 0.1, 0.5, 0.0, -0.3, init=()),
        _case("ApplyFtrl", p[0], p[1], T(s), g, 0.1, 0.0, 0.1, 0.0, init=()),
        _case("ApplyFtrl", p[0], p[1], T(s), T((2,)), 0.1, 0.0, 0.1, -0.5, init=()),
        _case("ApplyFtrl", p[0], p[1], T(s), g, 0.1, 0.0, 0.1, -0.5, init=(1,)),
        _case("ApplyKerasMomentum", p[0], T(s), V(0.1), g, V(0.9), init=()),
        _case("ApplyKerasMomentum", p[0], T(s), V(0.1), g, V(0.9), init=(False, True)),
        _case("ApplyKerasMomentum", p[0], T(s), V(0.1), T((2,)), V(0.9), init=()),
        _case("ApplyKerasMomentum", p[0], T(s), V(0.1), g, V(0.9), init=(False, 1)),
        _case("ApplyProximalAdagrad", p[0], p[1], V(0.1), V(0.05), V(0.2), g, init=()),
        _case("ApplyProximalAdagrad", p[0], p[1], 0.5, 0.5, 0.0, g, init=()),
        _case("ApplyProximalAdagrad", p[0], p[1], 0.5, 0.5, 0.0, T((2,)), init=()),
        _case("ApplyProximalAdagrad", p[0], p[1], 0.5, 0.5, 0.0, g, init=(1,)),
    ]
    c += [_case("ApplyAdagradV2", T(s, "float64", 0.1, 1), T(s, "float64", 0.1, 1), 0.1,
                g64, init=(1e-6,)),
          _case("ApplyKerasMomentum", T(s, "float64"), T(s, "float64"), 0.1, g64, 0.9,
                init=())]
    return c


def conv_cases():
    d, w = T((1, 2, 3, 3, 3)), T((2, 3, 2, 2, 2))
    x, pad = T((1, 2, 4, 5)), V([1, 2], "int64")
    c = [
        _case("Conv3DTranspose", d, w, init=(2, 3, 2), grad=True),
        _case("Conv3DTranspose", d, w, init=(2, 3, 2, 1, "pad", 1), grad=True),
        _case("Conv3DTranspose", d, T((2, 3, 3, 3, 3)), init=(2, 3, 3, 1, "same"), grad=True),
        _case("Conv3DTranspose", d, w, init=(2, 3, 2, 1, "valid", 0, 2), grad=True),
        _case("Conv3DTranspose", d, T((2, 3, 3, 3, 3)), init=(2, 3, 3, 1, "same", 0, 2),
              grad=True),
        _case("Conv3DTranspose", d, w, init=(2, 3, 2, 1, "pad", (1, 0, 0, 1, 1, 1), 2, 1, 1,
                                             1), grad=True),
        _case("Conv3DTranspose", d, w, init=(2, 3, 2, 1, "valid", 0, 1, 2), grad=True),
        _case("Conv3DTranspose", d, w, init=(2, 3, 2, 1, "valid", 0, 2, 1, 1, 1)),
        _case("Conv3DTranspose", d, w, init=(2, 4, 2)),
        _case("Conv3DTranspose", d, w, init=(2, 3, 2, 1, "full")),
        _case("Conv3DTranspose", T((1, 2, 3, 3)), w, init=(2, 3, 2)),
        _case("Conv3DTranspose", d, w, init=(2, 3, 2, 1, "valid", 0, 1, 1, 1, 0, "NHWC")),
        _case("Im2Col", x, init=(2,), grad=True),
        _case("Im2Col", x, init=((2, 3), 2, 1, 1), grad=True),
        _case("Im2Col", x, init=(2, 1, 2, (1, 0)), grad=True),
        _case("Im2Col", T((1, 2, 3, 3), "float64"), init=(2,), grad=True),
        _case("Im2Col", T((2, 4, 5)), init=(2,)),
        _case("Im2Col", x, init=(0,)),
        _case("Im2Col", x, init=((2, 2, 2),)),
        _case("Col2Im", T((1, 2, 4, 20)), V([5, 6], "int32"), init=(2,), grad=True),
        _case("Col2Im", T((1, 2, 6, 4)), V([4, 5], "int64"), init=((2, 3), 1, 1, 2),
              grad=True),
        _case("Col2Im", T((2, 1, 4, 4)), V([3, 3], "int32"), init=(2, 2, 1, 2), grad=True),
        _case("Col2Im", T((1, 2, 4, 5)), V([5, 6], "int32"), init=(2,)),
        _case("Col2Im", T((1, 2, 3, 20)), V([5, 6], "int32"), init=(2,)),
        _case("Col2Im", T((1, 2, 4, 20)), V([5.0, 6.0]), init=(2,)),
        _case("Col2Im", T((1, 2, 4, 20)), V([5, 6], "int32"), init=(0,)),
        _case("col2im", T((1, 2, 4, 20)), V([5, 6], "int32"), 2, 1, 0, 1, grad=True),
        _case("col2im", T((1, 2, 6, 4)), V([4, 5], "int32"), (2, 3), 1, 1, 2, grad=True),
        _case("col2im", T((1, 2, 4, 20)), V([5, 6], "int32"), 2, 1, -1, 1),
        _case("col2im", T((1, 2, 4, 20)), V([5, 6], "int32"), 2, 0, 0, 1),
    ]
    for mode in ("constant", "reflect", "edge", "circular"):
        c += [
            _case("PadV3", T((1, 2, 4)), pad, init=(mode,), grad=True),
            _case("PadV3", T((1, 2, 3, 4)), V([1, 0, 2, 1], "int64"), init=(mode,),
                  grad=True),
            _case("PadV3", T((1, 2, 3, 4)), V([1, 2, 0, 1], "int32"), init=(mode, False),
                  grad=True),
            _case("PadV3", T((1, 2, 3, 4)), pad, init=(mode,)),
            _case("PadV3", T((2, 3)), pad, init=(mode,)),
        ]
    c += [
        _case("PadV3", T((1, 2, 4)), pad, V(0.5), init=(), grad=True),
        _case("PadV3", T((2, 3)), V([1, 1, 2, 0], "int64"), V(-1.0), init=(), grad=True),
        _case("PadV3", T((2, 2, 3), "int32", 0, 9), pad, V(7, "int32"), init=()),
        _case("PadV3", T((2, 3)), V([1, 1, 2], "int64"), init=()),
        _case("PadV3", T((2, 3)), V([1, 1, 2, 0, 1, 1], "int64"), init=()),
        _case("PadV3", T((1, 2, 3, 3, 3)), V([1, 1, 1, 1, 1, 1], "int64"), init=("reflect",)),
        _case("PadV3", T((1, 2, 3, 3, 3)), V([1, 1, 1, 1, 1, 1], "int64"), init=("edge",),
              grad=True),
        _case("PadV3", T((1, 2, 4)), pad, init=("wrap",)),
        _case("PadV3", T((1, 2, 4)), pad, init=("constant", 1)),
    ]
    return c


def prims3_cases():
    return apply_cases() + conv_cases()
