"""Run one encoded case on a MindSpore-like library and record what came out.

Shared by ``make_ops_fixture.py`` (real MindSpore) and the replay test (minpy_compat),
so both sides build inputs and take gradients the same way. ``lib`` is the top-level
module (``mindspore`` or ``minpy_compat``); ``ops`` its ops module.
"""
import numpy as onp


def decode(value, lib, tensors):
    """An encoded value as a ``lib`` object; each Tensor built is appended to ``tensors``."""
    if isinstance(value, dict) and "t" in value:
        data = onp.array(value["t"], dtype=value["dtype"]).reshape(value["shape"])
        tensors.append(lib.Tensor(data))
        return tensors[-1]
    if isinstance(value, dict) and "tuple" in value:
        return tuple(decode(v, lib, tensors) for v in value["tuple"])
    if isinstance(value, dict) and "mstype" in value:
        return getattr(lib, value["mstype"])
    if isinstance(value, list):
        return tuple(value)
    return value


def rebuild(value, flat, lib):
    """``value`` with its Tensors taken, in order, from the list ``flat``."""
    if isinstance(value, dict) and "t" in value:
        return flat.pop(0)
    if isinstance(value, dict) and "tuple" in value:
        return tuple(rebuild(v, flat, lib) for v in value["tuple"])
    return decode(value, lib, [])


def decode_init(value, lib):
    """One encoded argument of a case's ``init``: ``D(name)`` is ``lib``'s dtype,
    ``L(values)`` a Python list, any other list a tuple."""
    if isinstance(value, dict) and "mstype" in value:
        return getattr(lib, value["mstype"])
    if isinstance(value, dict) and "list" in value:
        return list(value["list"])
    return tuple(value) if isinstance(value, list) else value


def make_op(case, ops, lib):
    """The callable a case names: ``ops.<op>`` itself, or built from its decoded ``init``."""
    op = getattr(ops, case["op"])
    return op(*[decode_init(a, lib) for a in case["init"]]) if "init" in case else op


def _answer(answer, out, written, lib):
    """What a Parameter-writing call through ``OpsView`` answers (see its ``params``)."""
    if answer == "param":
        return written[0]
    after = tuple(lib.Tensor(p.asnumpy().copy()) for p in written)
    return {"nested": (out, after), "flat": (out,) + after, "params": after}[answer]


class OpsView:
    """Stands in for ``ops`` of ``lib`` in ``run_case``. ``params`` maps an op that writes
    Parameters to ``(slots, answer)`` or ``(slots, answer, steps)``: its Tensor arguments at
    ``slots`` (a tuple of positions, or a count of leading ones) become Parameters
    ``slot<i>`` and the op (a primitive class: once built from its ``init``) is called
    ``steps`` times (once by default; several answers come as a tuple). A call answers
    ``"nested"``: ``(out, after)``, ``"flat"``: ``(out, *after)``, ``"params"``: ``after``
    (``after``: copies of the Parameters' values after the call), or ``"param"``: the first
    Parameter itself. Subclasses change how other ops are called by overriding ``plain``."""

    def __init__(self, lib, ops, params=None):
        self.lib, self.ops, self.params = lib, ops, dict(params or {})

    def plain(self, name, op):
        return op

    def __getattr__(self, name):
        op = getattr(self.ops, name)
        if name not in self.params:
            return self.plain(name, op)
        slots, answer, steps = (self.params[name] + (1,))[:3]
        slots = tuple(range(slots)) if isinstance(slots, int) else tuple(slots)
        lib = self.lib

        def write(fn, *args, **kwargs):
            args = [lib.Parameter(a, name=f"slot{i}") if i in slots else a
                    for i, a in enumerate(args)]
            answers = tuple(_answer(answer, fn(*args, **kwargs), tuple(args[i] for i in slots),
                                    lib) for _ in range(steps))
            return answers[0] if steps == 1 else answers
        if isinstance(op, type):
            return lambda *init: lambda *args, **kwargs: write(op(*init), *args, **kwargs)
        return lambda *args, **kwargs: write(op, *args, **kwargs)


def record(out):
    """A JSON-able summary of an output: value, dtype and shape, or a tuple of them."""
    if isinstance(out, (tuple, list)):
        return {"tuple": [record(o) for o in out]}
    if isinstance(out, (bool, int, float)):
        return {"py": out}
    data = out.asnumpy() if hasattr(out, "asnumpy") else onp.asarray(out)
    if data.dtype.kind == "f":
        value = onp.where(onp.isfinite(data), data, 0).tolist()
        finite = onp.isfinite(data).tolist()
    else:
        value, finite = data.tolist(), True
    return {"value": value, "finite": finite, "dtype": data.dtype.name, "shape": list(data.shape)}


def error(err):
    return {"error": type(err).__name__, "message": str(err).split("\n")[0][:300],
            "bases": [c.__name__ for c in type(err).__mro__]}


def run_case(case, lib, ops, grad_fn):
    """``{"out": ..., "gradient": ...}`` for one case; ``grad_fn(fn, positions)`` is the
    library's ``grad(fn, grad_position=positions)``."""
    result = {}
    try:
        op, tensors = make_op(case, ops, lib), []
        args = [decode(a, lib, tensors) for a in case["args"]]
        kwargs = {k: decode(v, lib, tensors) for k, v in case["kwargs"].items()}
        result["out"] = record(op(*args, **kwargs))
    except Exception as err:  # an oracle records whatever raised
        result["out"] = error(err)
        return result
    positions = tuple(i for i, t in enumerate(tensors) if t.asnumpy().dtype.kind == "f")
    if not case["grad"] or not positions:
        return result

    def flat_fn(*flat):
        flat = list(flat)
        call_args = [rebuild(a, flat, lib) for a in case["args"]]
        return op(*call_args, **{k: rebuild(v, flat, lib) for k, v in case["kwargs"].items()})

    try:
        result["gradient"] = record(grad_fn(flat_fn, positions)(*tensors))
    except Exception as err:
        result["gradient"] = error(err)
    return result


def record_fixture(path, cases, keep=None, skipped_key=True, ops_view=None, **extra):
    """Run ``cases`` (those ``keep(case)`` accepts, when given) on real MindSpore and write
    the fixture every replay test reads: ``{"mindspore", "skipped_ops" (the ops of the
    cases left out, when ``skipped_key``), **extra, "cases"}``. ``ops_view(mindspore, ops)``
    may stand between the cases and ``mindspore.ops`` (complex values as real pairs)."""
    import json
    import os

    import mindspore
    from mindspore import ops

    # without it a kernel error surfaces at a later op's sync, blamed on the wrong case
    mindspore.set_context(pynative_synchronize=True)
    kept = [case for case in cases if keep is None or keep(case)]
    library = ops if ops_view is None else ops_view(mindspore, ops)

    def grad_fn(fn, positions):
        return mindspore.grad(fn, grad_position=positions)

    for case in kept:
        case.update(run_case(case, mindspore, library, grad_fn))
    fixture = {"mindspore": mindspore.__version__}
    if skipped_key:
        fixture["skipped_ops"] = sorted({c["op"] for c in cases} - {c["op"] for c in kept})
    fixture.update(extra, cases=kept)
    with open(path, "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
    print(f"{len(kept)} cases, skipped ops {fixture.get('skipped_ops', [])}, "
          f"{os.path.getsize(path)} bytes")
