"""The round-3 primitive cases (the remaining optimizer-step primitives, transposed and
depthwise convolutions, Im2Col/Col2Im, PadV3 and the 3-D pools and resizes) that
``make_ops_prims3_fixture.py`` runs through real MindSpore; encoded as in ``ops_cases.py``.

The optimizer primitives write Parameters, so their cases run through ``ParamView``: its
first ``SLOTS[op]`` Tensor arguments become Parameters, and the call answers ``(output,
(the Parameters' values after the step))``."""
from ops_cases import T, V, _case

# optimizer primitive -> how many leading arguments are Parameters
SLOTS = {"ApplyAdamWithAmsgrad": 4, "ApplyAdamWithAmsgradV2": 4, "ApplyPowerSign": 2,
         "ApplyAddSign": 2, "ApplyAdagradV2": 2, "ApplyAdagradDA": 3, "ApplyFtrl": 3,
         "ApplyKerasMomentum": 2, "ApplyProximalAdagrad": 2}


class ParamView:
    """``ops`` of ``lib`` with each ``SLOTS`` primitive's Parameters made from its Tensors."""

    def __init__(self, lib, ops):
        self.lib, self.ops = lib, ops

    def __getattr__(self, name):
        op = getattr(self.ops, name)
        return op if name not in SLOTS else self._writing(op, SLOTS[name])

    def _writing(self, cls, count):
        lib = self.lib

        def make(*init):
            prim = cls(*init)

            def call(*args):
                params = [lib.Parameter(a, name=f"slot{i}") for i, a in enumerate(args[:count])]
                out = prim(*params, *args[count:])
                return out, tuple(lib.Tensor(p.asnumpy().copy()) for p in params)
            return call
        return make


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


def prims3_cases():
    return apply_cases()
