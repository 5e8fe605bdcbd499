"""The special-function cases (gamma family, incomplete gamma/beta, zeta, Bessel) that
``make_ops_special_fixture.py`` runs through real MindSpore 2.10 (same record format as
``ops_cases.py``). ``LGamma``/``DiGamma``/``IGamma``/``LBeta`` are ``nn`` Cells, built
with ``init`` like a primitive; the replay finds them through ``special_library``."""
import numpy as onp

from ops_cases import T, V, _case

_rng = onp.random.RandomState(16)
NAN, INF = float("nan"), float("inf")
EDGES = [-2.5, -2.0, -1.0, -0.5, 0.0, -0.0, 0.5, 1.0, 2.0, 10.5, INF, -INF, NAN]
BESSEL = ["bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1",
          "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1"]
CELLS = ["LGamma", "DiGamma", "IGamma", "LBeta"]


def _prim(name):
    return "Bessel" + name[len("bessel_"):].upper().replace("E", "e")


def _n(order, dtype="int64"):
    return V(order, dtype)


def unary_cases():
    cases = []
    names = [("lgamma", "Lgamma"), ("digamma", "Digamma")] + [(b, _prim(b)) for b in BESSEL]
    for op, prim in names:
        positive = op.startswith(("bessel_k", "bessel_y"))
        low = 0.2 if positive else -3.7
        cases += [_case(op, T((2, 3), low=low, high=6.0), grad=True),
                  _case(op, T((4,), "float64", low=low, high=30.0), grad=True),
                  _case(op, V([0.7, 1.5, 3.25], "float16")),
                  _case(op, V(EDGES)), _case(op, V(EDGES, "float64")),
                  _case(op, T((0, 2))), _case(op, V(1.25)),
                  _case(op, V([1, 2, 3], "int32")), _case(op, V([True, False], "bool")),
                  _case(op, 1.5), _case(prim, T((3,), low=0.3, high=4.0), init=(), grad=True)]
    cases += [_case("bessel_j0", V([30.0, 100.0, 1e4, -30.0, 24.9, 25.1], "float64"),
                    grad=True),
              _case("bessel_y1", V([30.0, 100.0, 1e4, 1e-5, 2.0, 2.01], "float64"), grad=True),
              _case("bessel_k1e", V([30.0, 100.0, 1e4, 1e-5, 50.0, 50.5], "float64"),
                    grad=True),
              _case("bessel_i1e", V([30.0, 100.0, 1e4, -1e-5, 49.9, 51.0], "float64"),
                    grad=True),
              _case("lgamma", V([-1.5, 1e-8, 1e20, -1e-8, 3.0, -100.5], "float64"), grad=True),
              _case("digamma", V([-1.5, 1e-8, 1e5, -1e-8, 3.0, -100.5], "float64"), grad=True),
              _case("lgamma", V([1, 2], "int64"))]
    return cases


def gamma_cases():
    x = V([0.3, 1.5, -1.5, 10.0, -2.5, 4.25])
    cases = []
    for order in (0, 1, 2, 3, -1):
        cases += [_case("polygamma", _n(order), x, grad=True),
                  _case("polygamma", _n(order, "int32"), T((2, 2), "float64", 0.1, 5.0),
                        grad=True)]
    cases += [_case("polygamma", _n(1), V(EDGES)), _case("polygamma", _n(2), V(EDGES)),
              _case("polygamma", _n(1), V([0.5, 2.0], "float16")),
              _case("polygamma", _n([1, 2]), x), _case("polygamma", 1, x),
              _case("polygamma", V(1.0), x), _case("polygamma", _n(1, "int8"), x),
              _case("polygamma", _n(1), V([1, 2], "int32")),
              _case("Polygamma", _n(2), T((3,), low=0.2, high=3.0), init=(), grad=True)]
    for p in (1, 2, 3):
        cases += [_case("mvlgamma", T((2, 3), low=1.2, high=5.0), p, grad=True),
                  _case("mvlgamma", T((3,), "float64", low=1.2, high=5.0), p, grad=True),
                  _case("Mvlgamma", T((3,), low=1.2, high=5.0), init=(p,), grad=True)]
    cases += [_case("mvlgamma", V([0.5, 3.0]), 2), _case("mvlgamma", V([2.5]), 0),
              _case("mvlgamma", V([2.5]), 1.5), _case("mvlgamma", V([2.5]), True),
              _case("mvlgamma", V([2], "int32"), 1), _case("mvlgamma", V([1.5], "float16"), 1),
              _case("mvlgamma", 2.0, 1)]
    return cases


def incomplete_cases():
    a = V([0.5, 1.0, 2.0, 3.0, 0.0, -1.0, INF, 1.0, 2.0, NAN])
    x = V([0.3, 1.0, 0.0, 4.0, 1.0, 1.0, 1.0, INF, -1.0, 1.0])
    cases = []
    for op in ("igamma", "igammac", "Igamma", "Igammac"):
        init = () if op[0] == "I" else None
        cases += [_case(op, T((2, 3), low=0.2, high=6.0), T((3,), low=0.1, high=8.0),
                        grad=True, init=init),
                  _case(op, T((4,), "float64", 0.2, 40.0), T((4,), "float64", 0.1, 40.0),
                        grad=True, init=init)]
    for op in ("igamma", "igammac"):
        cases += [_case(op, a, x),
                  _case(op, V([100.0, 0.01, 50.0, 1e-3], "float64"),
                        V([90.0, 1e-3, 60.0, 10.0], "float64"), grad=True),
                  _case(op, V([1.5], "float16"), V([1.5], "float16")),
                  _case(op, V([1, 2], "int32"), V([1, 2], "int32")),
                  _case(op, V([1.5, 2.0]), V([1.5, 2.0, 3.0])),
                  _case(op, V([1.5]), V([1.5], "float64")), _case(op, V([1.5]), 2.0),
                  _case(op, V([[2.0], [3.0]]), V([1.5, 2.0, 3.0]), grad=True)]
    s, q = T((2, 3), low=1.2, high=5.0), T((2, 3), low=0.2, high=4.0)
    cases += [_case("zeta", s, q, grad=True), _case("Zeta", s, q, init=(), grad=True),
              _case("zeta", T((4,), "float64", 1.1, 6.0), T((4,), "float64", 0.1, 9.0),
                    grad=True),
              _case("zeta", V([2.0, 3.0, 1.0, 0.5, 2.0, 4.0]), V([1.0, 2.0, 1.0, 1.0, -1.5, 0.0])),
              _case("zeta", V([2.0, 2.0, 3.0, INF, 2.0, 1.5, 2.5], "float64"),
                    V([-1.0, -2.5, -2.5, 2.0, INF, 0.5, -0.5], "float64")),
              _case("zeta", V([1.5, 2.0]), 2.0, grad=True),
              _case("zeta", V([[2.0, 3.0]]), V([1.5, 2.5]), grad=True),
              _case("zeta", V([1.5, 2.0]), V([1.5, 2.0, 3.0])),
              _case("zeta", V([1.5], "float16"), V([1.5], "float16")),
              _case("zeta", V([2], "int32"), V([2], "int32")),
              _case("zeta", V([1.5]), V([1.5], "float64"))]
    ab = T((2, 3), low=0.3, high=5.0)
    cases += [_case("Betainc", ab, T((2, 3), low=0.3, high=5.0), T((2, 3), low=0.02, high=0.98),
                    init=(), grad=True),
              _case("Betainc", V([0.5, 1.0, 2.0, 0.5, -1.0, 2.0], "float64"),
                    V([0.5, 2.0, 3.0, 0.5, 1.0, 2.0], "float64"),
                    V([0.3, 0.5, 0.9, 1.5, 0.5, 0.0], "float64"), init=()),
              _case("Betainc", V([0.5]), V([0.5]), V([0.5], "float64"), init=()),
              _case("Betainc", V([0.5, 1.0]), V([0.5, 1.0]), V([0.5]), init=()),
              _case("Betainc", V([1.5], "float16"), V([1.5], "float16"), V([0.5], "float16"),
                    init=())]
    return cases


def cell_cases():
    edges = V([-2.5, -0.5, 0.5, 1.0, 3.0, 10.5, INF, NAN])
    return [_case("LGamma", T((2, 3), low=-3.7, high=6.0), init=(), grad=True),
            _case("LGamma", edges, init=()), _case("LGamma", V([1.5], "float64"), init=()),
            _case("LGamma", V([1, 2], "int32"), init=()),
            _case("DiGamma", T((2, 3), low=-3.7, high=6.0), init=(), grad=True),
            _case("DiGamma", edges, init=()), _case("DiGamma", V([1.5], "float64"), init=()),
            _case("IGamma", T((2, 3), low=0.2, high=6.0), T((2, 3), low=0.1, high=8.0),
                  init=(), grad=True),
            _case("IGamma", V([1.5], "float64"), V([1.5], "float64"), init=()),
            _case("LBeta", T((2, 3), low=0.3, high=30.0), T((2, 3), low=0.3, high=40.0),
                  init=(), grad=True),
            _case("LBeta", V([[0.5], [1.0]]), V([1.5, 2.0]), init=()),
            _case("LBeta", V([-0.5, 0.0]), V([1.5, 2.0]), init=()),
            _case("LBeta", V([1.5], "float64"), V([1.5], "float64"), init=())]


def special_cases():
    return unary_cases() + gamma_cases() + incomplete_cases() + cell_cases()


class special_library:
    """``ops`` with the four special-function Cells of ``nn`` reachable by name."""

    def __init__(self, ops, nn):
        self.ops, self.nn = ops, nn

    def __getattr__(self, name):
        return getattr(self.nn, name) if name in CELLS else getattr(self.ops, name)
