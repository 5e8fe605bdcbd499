"""The functional-composite cases (``MultitypeFuncGraph``, ``HyperMap``, ``Map``,
``Partial``, ``partial``) that ``make_ops_composite_fixture.py`` runs through real
MindSpore and ``tests/test_cell_oracle_ops_composite.py`` replays on minpy_compat.

A case names its op and, as its first argument, a scenario of ``SCENARIOS``: one function
``scenario(lib, ops, *args)`` written once for both libraries (functions cannot be stored
in JSON). ``ScenarioOps`` stands in for ``ops`` so ``oracle_io.run_case`` calls it."""
from oracle_io import OpsView
from ops_cases import T, V, _case

_REST = ("String", "String", "String")  # a second registration, so types are checked


def _value(lib, ops, kind):
    """A value of one kind, built with ``lib``."""
    if kind.startswith("tensor_"):
        return lib.Tensor(__import__("numpy").ones(2, kind[7:]))
    if kind.startswith("np_"):
        return getattr(__import__("numpy"), kind[3:])(2)
    simple = {"int": 3, "float": 2.5, "bool": True, "str": "a", "tuple": (1, 2),
              "list": [1, 2], "empty": (), "none": None, "complex": 1j,
              "dict": {"a": 1}, "slice": slice(1, 2)}
    if kind in simple:
        return simple[kind]
    return {"param": lambda: lib.Parameter(lib.Tensor([1.0]), name="p"),
            "func": lambda: (lambda x: x), "prim": lambda: ops.ReLU(),
            "partial": lambda: ops.partial(lambda a, b: a, 1),
            "cell": lambda: lib.nn.ReLU(), "dtype": lambda: lib.float32}[kind]()


def _name(lib, name):
    return getattr(lib, name[1:]) if name.startswith("@") else name


def dispatch(lib, ops, kind, names):
    """Which of ``names`` (registered in order) a value of ``kind`` picks."""
    graph = ops.MultitypeFuncGraph("pick")
    for name in names:
        graph.register(_name(lib, name))(lambda x, name=name: name)
    graph.register(*_REST)(lambda a, b, c: "never")
    return graph(_value(lib, ops, kind))


def _adder(ops):
    add = ops.MultitypeFuncGraph("add")
    add.register("Tensor", "Tensor")(lambda a, b: a + b)
    add.register("Number", "Tensor")(lambda a, b: a * b)
    return add


def graph_call(lib, ops, how, *args):
    """Calls of a two-registration graph and a one-registration graph."""
    if how == "lone":
        lone = ops.MultitypeFuncGraph("lone")
        lone.register("Tensor")(lambda x: x * 2)
        return lone(*args)
    add = _adder(ops)
    if how == "kwargs":
        return add(args[0], b=args[1])
    if how == "ndarray":
        return add(args[0].asnumpy(), args[1])
    return add(*args)


def register_bad(lib, ops, what):
    """Registering a name or type MindSpore refuses, or building a badly named graph."""
    if what == "graph_name":
        return ops.MultitypeFuncGraph(3)
    graph = ops.MultitypeFuncGraph("bad")
    graph.register(*what)(lambda *a: a)
    return len(what)


def _loss(out):
    leaves, todo = [], [out]
    while todo:
        item = todo.pop()
        todo.extend(item) if isinstance(item, (tuple, list)) else leaves.append(item)
    total = (leaves[0] * leaves[0]).sum()  # not sum(): 0 + a 0-d float32 is float64 in NumPy 1
    for leaf in leaves[1:]:
        total = total + (leaf * leaf).sum()
    return total


def hyper(lib, ops, how, *args):
    """``HyperMap`` with the function at construction or at the call."""
    add = _adder(ops)
    fns = {"mfg": add, "fn": lambda a, b: a - b, "prim": ops.Mul(),
           "partial": ops.partial(add, 3), "partial_t": ops.partial(add, args[-1]),
           "identity": lambda a: a}
    kind, _, rest = how.partition(":")
    fn = fns[kind]
    args = args[:-1] if kind == "partial_t" else args
    structure = {"flat": lambda a, b: ((a, b), (b, a)), "nested": lambda a, b:
                 ((a, (b, [a])), (b, [a, (b,)])), "one": lambda a, b: ((a, [b]),),
                 "leaf": lambda a, b: (a, b), "empty": lambda a, b: ((), ()),
                 "difflen": lambda a, b: ((a, b, a), (b, a)),
                 "notseq": lambda a, b: ((a, b), 2), "first_scalar": lambda a, b: (2, (a, b)),
                 "dict": lambda a, b: ({"k": a},)}[rest.split("+")[0]](*args)
    if "ctor" in rest:
        return ops.HyperMap(fn)(*structure)
    out = ops.HyperMap()(fn, *structure)
    if isinstance(out, dict):
        return tuple(out.values())
    return _loss(out) if "loss" in rest else out


def mapped(lib, ops, how, *args):
    """``Map``: one level only; any iterable is mapped."""
    add = _adder(ops)
    fn = {"mfg": add, "identity": lambda a: a}[how.split(":")[0]]
    rest = how.split(":")[1]
    a, b = (args + (None, None))[:2]
    structure = {"flat": ((a, b), (b, a)), "nested": ((a, (b, a)),), "leaf": (a, b),
                 "dict": ({"x": 1, "y": 2},), "str": ("ab",), "empty": ((), ()),
                 "difflen": ((a, b, a), (b, a)), "notseq": ((a, b), 2), "none": ()}[rest]
    if rest == "flat" and "ctor" in how:
        return ops.Map(fn)(*structure)
    out = ops.Map()(fn, *structure)
    return _loss(out) if "loss" in how else out


def order(lib, ops, which):
    """The order of calls with side effects under ``reverse=True`` (PyNative ignores it)."""
    seen = []
    values = tuple(lib.Tensor([float(i)]) for i in range(4))
    if which == "HyperMap":
        ops.HyperMap(reverse=True)(lambda v: seen.append(int(v.asnumpy()[0])) or v,
                                   (values[0], values[1], (values[2], values[3])))
    else:
        ops.Map(reverse=True)(lambda v: seen.append(int(v.asnumpy()[0])) or v, values[:3])
    return tuple(seen)


def bound(lib, ops, how, *args):
    """``ops.partial`` and ``ops.Partial()`` binding leading positional arguments."""
    make = ops.Partial() if how.startswith("P_") else ops.partial
    how = how[2:] if how.startswith("P_") else how
    three = (lambda a, b, c=5: (a, b, c))
    calls = {
        "fn": lambda: make(three, args[0])(args[1]),
        "call_kwargs": lambda: make(three, args[0])(args[1], c=args[0]),
        "prim": lambda: make(ops.Mul(), args[0])(args[1]),
        "mfg": lambda: make(_adder(ops), 2)(args[0]),
        "nested": lambda: make(make(three, args[0]), args[1])(args[0]),
        "too_many": lambda: make(lambda a: a, args[0])(args[1]),
        "bind_kwargs": lambda: make(three, b=args[0]),
        "not_callable": lambda: make(3, args[0]),
        "hyper_ctor": lambda: ops.HyperMap(lambda v: v * 2)((args[0], (args[1],))),
        "hyper_ctor_int": lambda: ops.HyperMap(3),
    }
    return calls[how]()


def augassign(lib, ops, name, how, *args):
    """``ops.augassign_<name>``: Python's operator in PyNative, a zero divisor refused."""
    a, b = args[0], args[1]
    pairs = {"tt": (a, b), "tn": (a, 2), "nt": (3, b), "nn": (7, 2), "zero": (7, 0),
             "tuple": ((a, 1), (b, 2)), "list": ([1], [2]), "str": ("a", "b"),
             "str_n": ("ab", 2), "one": (a[:1], b[:1])}
    return getattr(ops, "augassign_" + name)(*pairs[how])


def hyper_add(lib, ops, how, *args):
    """``ops.hyper_add``: a HyperMap adding Numbers, Tensors and Nones, nested."""
    a, b = args[0], args[1]
    pairs = {"tt": (a, b), "nn": (7, 2), "tn": (a, 2), "tuple": ((a, 1), (b, 2)),
             "nested": ((a, [b, 3]), (b, [a, 4])), "none": ((None, a), (None, b)),
             "loss": ((a, [b]), (b, [a]))}
    out = ops.hyper_add(*pairs[how])
    return _loss(out) if how == "loss" else tuple(o is None for o in out) \
        if how == "none" else out


def flags(lib, ops, how):
    """``ops.add_flags`` on a function, as a decorator, and on what takes no attribute."""
    def fn(x):
        return x
    made = {"fn": lambda: ops.add_flags(fn, a=True, b=False),
            "deco": lambda: ops.add_flags(a=True)(ops.add_flags(fn, b=True)),
            "not_bool": lambda: ops.add_flags(fn, a=3),
            "builtin": lambda: ops.add_flags(abs, a=True),
            "none": lambda: ops.add_flags(None, a=True)(fn)}[how]()
    return (made is fn, tuple(sorted(made._func_graph_flags.items())))


SCENARIOS = {f.__name__: f for f in (dispatch, graph_call, register_bad, hyper, mapped,
                                     order, bound, augassign, hyper_add, flags)}


class ScenarioOps(OpsView):
    """``ops`` whose composite names run a scenario: ``ops.HyperMap(scenario, *args)``."""

    def plain(self, name, op):
        lib, ops = self.lib, self.ops
        return lambda scenario, *args: SCENARIOS[scenario](lib, ops, *args)


KINDS = ("tensor_float32", "tensor_float64", "tensor_int32", "tensor_bool", "param", "int",
         "float", "bool", "str", "tuple", "list", "empty", "none", "complex", "func", "prim",
         "partial", "cell", "dtype", "np_int32", "np_float32", "dict", "slice")
ORDERS = (("Bool", "Number"), ("Number", "Bool"), ("Int", "Float", "Number"),
          ("Float32", "Float64", "Int32", "Int64", "Number"), ("Complex", "TypeType"),
          ("Tensor[Float32]", "Tensor[Int32]", "Tensor[Bool]", "Tensor"),
          ("Tensor", "Number", "String", "Tuple", "List", "None", "Function"),
          ("@float32", "@int32", "@bool_", "Number"), ("Dictionary", "Slice", "Tensor"))


def composite_cases():
    x, y = T((3,)), T((3,))
    x64, y64 = T((2,), "float64"), T((2,), "float64")
    cases = [_case("MultitypeFuncGraph", "dispatch", kind, list(names))
             for names in ORDERS for kind in KINDS]
    cases += [_case("MultitypeFuncGraph", "graph_call", how, *args, grad=grad)
              for how, args, grad in (
                  ("two", (x, y), True), ("two", (2, y), True), ("two", (x, 2), False),
                  ("two", (x,), False), ("two", (x, y, x), False), ("lone", (x,), True),
                  ("lone", (3,), False), ("lone", (x, y), False), ("kwargs", (x, y), False),
                  ("ndarray", (x, y), False), ("two", (x64, y64), True))]
    cases += [_case("MultitypeFuncGraph", "register_bad", what) for what in
              (["Foo"], ["Parameter"], ["tensor"], [3], [], ["Tensor", "Number"],
               "graph_name")]
    for fn in ("mfg", "fn", "prim", "partial", "partial_t", "identity"):
        for rest in ("flat", "nested", "one", "leaf", "empty", "difflen", "notseq",
                     "first_scalar", "flat+loss", "nested+loss", "flat+ctor"):
            if fn == "identity" and rest != "nested" or (fn, rest) == ("prim", "first_scalar"):
                continue
            extra = [T(())] if fn == "partial_t" else []
            args = (x, y) if rest != "one" or fn == "identity" else (x, y)
            cases.append(_case("HyperMap", "hyper", f"{fn}:{rest}", *args, *extra,
                               grad="loss" in rest))
    cases += [_case("HyperMap", "hyper", "mfg:flat+loss", x64, y64, grad=True),
              _case("HyperMap", "hyper", "identity:dict", x, y),
              _case("HyperMap", "order", "HyperMap"), _case("Map", "order", "Map")]
    for how in ("mfg:flat", "mfg:flat+ctor", "identity:nested", "identity:leaf",
                "identity:dict", "identity:str", "mfg:empty", "mfg:difflen", "mfg:notseq",
                "mfg:none", "mfg:flat+loss"):
        cases.append(_case("Map", "mapped", how, x, y, grad="loss" in how))
    for make in ("", "P_"):
        name = "Partial" if make else "partial"
        cases += [_case(name, "bound", make + how, x, y, grad=how in ("prim", "mfg"))
                  for how in ("fn", "call_kwargs", "prim", "mfg", "nested", "too_many",
                              "bind_kwargs", "not_callable")]
    cases += [_case("HyperMap", "bound", how, x, y)
              for how in ("hyper_ctor", "hyper_ctor_int")]
    for name in ("add", "sub", "mul", "div", "floordiv", "mod"):
        cases += [_case("augassign_" + name, "augassign", name, how, x, y,
                        grad=how in ("tt", "tn", "one"))
                  for how in ("tt", "tn", "nt", "nn", "zero", "tuple", "list", "str", "str_n",
                              "one")]
    cases += [_case("hyper_add", "hyper_add", how, x, y, grad=how == "loss") for how in
              ("tt", "nn", "tn", "tuple", "nested", "none", "loss")]
    cases += [_case("add_flags", "flags", how) for how in
              ("fn", "deco", "not_bool", "builtin", "none")]
    return cases
