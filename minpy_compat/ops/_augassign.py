"""The composites of ``mindspore.ops.composite`` that act in PyNative: the ``augassign_*``
graphs (what ``x += y`` runs in MindSpore's graph mode; in PyNative, Python's operator, a
zero divisor refused), ``hyper_add`` (a ``HyperMap`` adding nested gradients) and
``add_flags`` (flags on a function, which graph mode reads)."""
import numbers
import operator

from ..errors import CellArgumentError, message


def _divide(name, divide):
    def default(x, y):
        if isinstance(y, numbers.Number) and y == 0:
            raise CellArgumentError(message(f"augassign_{name} argument 1", "a nonzero divisor",
                                            repr(y)))
        return divide(x, y)
    return default


# MindSpore 2.10 runs each through its default function in PyNative: Python's operator
_DEFAULTS = {"add": operator.add, "sub": operator.sub, "mul": operator.mul,
             "div": _divide("div", operator.truediv),
             "floordiv": _divide("floordiv", operator.floordiv), "mod": operator.mod}


def _augassign(name):
    from .multitype import MultitypeFuncGraph
    graph = MultitypeFuncGraph(f"augassign_{name}", True)
    graph.default_func = _DEFAULTS[name]
    return graph


def _hyper_add():
    from .multitype import HyperMap, MultitypeFuncGraph
    add = MultitypeFuncGraph("add")
    for pair in (("Number", "Number"), ("Tensor", "Tensor"), ("RowTensor", "Tensor"),
                 ("Tensor", "RowTensor"), ("None", "None")):  # None + None: a TypeError there too
        add.register(*pair)(operator.add)
    return HyperMap(add)


augassign_add, augassign_sub, augassign_mul, augassign_div, augassign_floordiv, \
    augassign_mod = (_augassign(name) for name in _DEFAULTS)
hyper_add = _hyper_add()


def add_flags(fn=None, **flags):
    """Adds ``flags`` to ``fn._func_graph_flags`` (a decorator when ``fn`` is None)."""
    def deco(target):
        if not hasattr(target, "_func_graph_flags"):
            target._func_graph_flags = {}
        target._func_graph_flags.update(flags)
        return target
    return deco if fn is None else deco(fn)
