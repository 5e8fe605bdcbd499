"""Area ctrlflow's cases (``ForiLoop``, ``WhileLoop``, ``Scan``, ``jet``, ``derivative``,
``linearize``, ``get_grad``) that ``make_ops_ctrlflow_fixture.py`` runs through real
MindSpore; encoded as in ``ops_cases.py``.

These ops take functions, which JSON cannot hold: a case names them by string and both
sides call the ops through ``FunctionView``, which swaps each name for the function of that
name built on the library's own ops (``functions``). ``lists=[i, ...]`` makes tuple
arguments i lists. ``linearize`` answers ``(out, jvp_fn(v))`` for the extra argument v;
``get_grad`` is called on ``grad(Net, position, weights, return_ids=True)`` of a small
net (``scenario``), the identifier a position or the name of one of its Parameters.
"""
from ops_cases import T, V, _case
from oracle_io import OpsView


def functions(lib, ops):
    """The named functions the cases use, written with ``lib``'s ``ops``."""
    def body_double(i, v):
        return v * 2 + i

    def body_pair(i, v):
        return (v[0] * 2, v[1] + i)

    def body_list(i, v):
        return [v[0] * 2, v[1] + i]

    def body_nested(i, v):
        return (v[0] + 1, (v[1][0] * v[0], v[1][1]))

    def body_sin(i, v):
        return ops.sin(v) * v

    def count(i, total):
        return i + total

    def below_20(v):
        return v.sum() < 20

    def first_below_3(v):
        return v[0] < 3

    def double(v):
        return v * 2

    def step_pair(v):
        return (v[0] + 1, v[1] * 2)

    def cumulate(c, x):
        return c + x, c * x

    def cumulate_pair(c, x):
        return (c[0] + x, c[1] * x), c[0]

    def not_a_pair(c, x):
        return c + x

    def sum_sq(v):
        return (v * v).sum()

    def poly(x):
        return x * x * x + 2 * x

    def product(x):
        return ops.sin(x) * ops.exp(x)

    def mul(x, y):
        return x * y

    def sin_exp(x):
        return ops.sin(x), ops.exp(x)

    def cube_pow(x):
        return x ** 3

    def matmul(x, y):
        return ops.matmul(x, y)
    table = {name: fn for name, fn in locals().items() if callable(fn)}
    table.update(sin=ops.sin, exp=ops.exp, cos=ops.cos, log=ops.log, tanh=ops.tanh)
    return table


class Net:
    """``grad(net, ...)``'s net: ``sum(a * w * c + b)`` with Parameters w and b."""

    @staticmethod
    def build(lib):
        class Weighted(lib.nn.Cell):
            def __init__(self):
                super().__init__()
                self.w = lib.Parameter(lib.Tensor([2.0, 3.0], lib.float32), name="w")
                self.b = lib.Parameter(lib.Tensor([1.0], lib.float32), name="b")

            def construct(self, a, c):
                return (a * self.w * c + self.b).sum()
        return Weighted()


class FunctionView(OpsView):
    """``ops`` with function names swapped for functions (module doc)."""

    def _resolve(self, value, table):
        if isinstance(value, str) and value in table:
            return table[value]
        return value

    def _wrap(self, name, op):
        table = functions(self.lib, self.ops)
        lib = self.lib

        def call(*args, lists=(), **kwargs):
            args = [list(a) if i in lists else self._resolve(a, table)
                    for i, a in enumerate(args)]
            if name == "linearize":
                out, jvp_fn = op(args[0], args[1])
                return out, jvp_fn(list(args[2]) if 2 in lists else args[2])
            if name == "get_grad":
                (positions, weights, ident), (a, c) = args[:3], args[3:]
                net = Net.build(lib)
                params = {"all": net.trainable_params(), "w": net.w, "none": None}[weights]
                grads = lib.grad(net, positions, params, return_ids=True)(a, c)
                return op(grads, getattr(net, ident) if isinstance(ident, str) else ident)
            return op(*args, **kwargs)
        return call

    def plain(self, name, op):
        if isinstance(op, type):
            return lambda *init: self._wrap(name, op(*init))
        return self._wrap(name, op)


def loop_cases():
    x, x64 = T((2,)), T((3,), "float64")
    s = T(())
    xs = {"tuple": [T(()), T(()), T(())]}
    return [
        _case("ForiLoop", 0, 3, "body_double", x, init=[], grad=True),
        _case("ForiLoop", 0, 3, "body_double", x64, False, init=[], grad=True),
        _case("ForiLoop", 1, 4, "body_pair", {"tuple": [x, s]}, init=[], grad=True),
        _case("ForiLoop", 1, 4, "body_list", {"tuple": [x, s]}, init=[], grad=True, lists=[3]),
        _case("ForiLoop", 0, 2, "body_nested", {"tuple": [s, {"tuple": [x, s]}]}, init=[],
              grad=True),
        _case("ForiLoop", 0, 3, "body_sin", x, init=[], grad=True),
        _case("ForiLoop", 0, 4, "count", 0, init=[]),
        _case("ForiLoop", 3, 3, "body_double", x, init=[], grad=True),
        _case("ForiLoop", 4, 1, "body_double", x, init=[]),
        _case("ForiLoop", V(0, "int32"), V(3, "int32"), "body_double", x, init=[], grad=True),
        _case("ForiLoop", 0.5, 3, "body_double", x, init=[]),
        _case("ForiLoop", 0, 3, 3, x, init=[]),
        _case("WhileLoop", "below_20", "double", V([1.0, 2.0]), init=[], grad=True),
        _case("WhileLoop", "first_below_3", "step_pair", {"tuple": [0, x]}, init=[], grad=True),
        _case("WhileLoop", "first_below_3", "step_pair", {"tuple": [0, x]}, init=[], lists=[2]),
        _case("WhileLoop", "first_below_3", "step_pair", {"tuple": [5, x64]}, init=[],
              grad=True),
        _case("WhileLoop", 3, "double", x, init=[]),
        _case("WhileLoop", "below_20", 3, x, init=[]),
        _case("WhileLoop", "below_20", "step_pair", V([1.0, 2.0]), init=[]),
        _case("Scan", "cumulate", x, xs, init=[], grad=True),
        _case("Scan", "cumulate", x64, {"tuple": [T((), "float64"), T((), "float64")]},
              init=[], grad=True, lists=[2]),
        _case("Scan", "cumulate", 0, [1, 2, 3, 4], init=[]),
        _case("Scan", "cumulate", x, xs, 2, False, init=[], grad=True),
        _case("Scan", "cumulate_pair", {"tuple": [x, s]}, xs, init=[], grad=True),
        _case("Scan", "cumulate", x, {"tuple": []}, init=[], grad=True),
        _case("Scan", "cumulate", x, T((3,)), init=[]),
        _case("Scan", 3, x, xs, init=[]),
        _case("Scan", "not_a_pair", x, xs, init=[]),
        _case("Scan", "cumulate", x, None, 3, init=[]),
    ]


def taylor_cases():
    """Few: MindSpore compiles a graph for each jet (10-30 s), and more for its gradient."""
    p, p64 = V([0.5, -1.2]), V([0.5, -1.2], "float64")
    e3 = V([[1.0, 1.0], [0.0, 0.0], [0.0, 0.0]])
    mixed = V([[1.0, 0.5], [1.0, 0.0], [0.0, 2.0]])
    pair = {"tuple": [V([2.0]), V([3.0])]}
    cases = [_case("jet", fn, p, e3) for fn in ("sin", "exp", "poly", "product")]
    cases += [
        _case("jet", "sin", p, mixed),
        _case("jet", "cos", p64, V([[1.0, 1.0], [0.0, 0.0]], "float64")),
        _case("jet", "mul", pair, {"tuple": [V([[1.0], [2.0]]), V([[0.5], [0.0]])]}),
        _case("jet", "sin_exp", p, V([[1.0, 1.0], [0.0, 0.0]])),
        _case("jet", "sin", p, V([1.0, 0.0])),
        _case("jet", "sin", V([1, 2], "int32"), V([[1, 1]], "int32")),
        _case("jet", "sin", p64, e3),
        _case("jet", "sin", p, V([[1.0, 0.0, 2.0]])),
        _case("jet", "mul", pair, V([[1.0]])),
        _case("jet", "cube_pow", p, e3),
    ]
    cases += [_case("derivative", fn, p, 4) for fn in ("sin", "exp", "poly", "product")]
    cases += [
        _case("derivative", "sin", p, 1, grad=True),
        _case("derivative", "product", p, 2),
        _case("derivative", "sin", p64, 3),
        _case("derivative", "mul", pair, 2),
        _case("derivative", "sin_exp", p, 2),
        _case("derivative", "sin", V([1], "int32"), 2),
        _case("derivative", "sin", p, 0),
        _case("derivative", "sin", p, 2.0),
    ]
    return cases


def linearize_cases():
    a, b = V([[1.0, 2.0], [3.0, 4.0]]), V([[1.0], [2.0]])
    va, vb = V([[1.0, 1.0], [1.0, 1.0]]), V([[1.0], [0.0]])
    return [
        _case("linearize", "sin", V([0.5, 1.0]), V([1.0, 2.0])),
        _case("linearize", "sin", V([0.5], "float64"), V([2.0], "float64")),
        _case("linearize", "matmul", {"tuple": [a, b]}, {"tuple": [va, vb]}),
        _case("linearize", "matmul", {"tuple": [a, b]}, {"tuple": [va, vb]}, lists=[1, 2]),
        _case("linearize", "sin_exp", V([0.5]), V([1.0])),
        _case("linearize", "poly", V([1.5]), V([2.0])),
        _case("linearize", "sin", 3.0, V([1.0])),
        _case("linearize", "sin", V([0.5]), {"tuple": [V([1.0])]}),
        _case("linearize", "sin", V([0.5]), V([1.0], "float64")),
        _case("linearize", "sin", V([0.5, 1.0]), V([1.0, 2.0, 3.0])),
    ]


def get_grad_cases():
    a, c = V([1.0, 2.0]), V([3.0, 4.0])
    rows = [((0, 1), "all", 0), ((0, 1), "all", 1), ((0, 1), "all", "w"), ((0, 1), "all", "b"),
            ((0, 1), "all", 5), (0, "none", 0), (0, "none", 1), (0, "none", "w"),
            (None, "w", "w"), (None, "w", "b"), ((0, 1), "all", True), ((0, 1), "all", -1),
            ((0, 1), "all", 1.0), ((1,), "none", 1)]
    return [_case("get_grad", {"tuple": list(p)} if isinstance(p, tuple) else p, w, i, a, c)
            for p, w, i in rows]


def ctrlflow_cases():
    return loop_cases() + taylor_cases() + linearize_cases() + get_grad_cases()
