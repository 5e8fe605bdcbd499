"""Cases for the settings that change how MindSpore compiles, not what it computes:
Tensor(shape=..., dtype=...) without data (zeros, or a dynamic-shape description for
Cell.set_inputs), Parameter.requires_grad_, Primitive.recompute, Cell's flags,
recompute, set_boost and set_inputs, and the checks of ms.jit's options. ``run(ms)``
gives the same JSON-able dict on MindSpore (``make_compile_hints_fixture.py`` records
it) and on minpy_compat (``tests/test_compile_hints_replay.py`` replays it); nothing
here names either library.
"""
import numpy as np


def _outcome(call):
    try:
        value = call()
    except Exception as err:  # the builtin class is what both libraries must agree on
        builtin = next(c for c in type(err).__mro__ if c.__module__ == "builtins")
        return {"error": builtin.__name__}
    if hasattr(value, "asnumpy"):
        try:
            values = value.asnumpy().tolist()
        except Exception as err:
            values = "error " + next(c for c in type(err).__mro__
                                     if c.__module__ == "builtins").__name__
        return {"shape": list(value.shape), "dtype": str(value.dtype).lower(),
                "values": values, "repr": repr(value).replace("\n", " ")}
    return {"value": value}


def tensors_without_data(ms):
    cases = {"static_int32": dict(shape=(2,), dtype=ms.int32),
             "static_scalar": dict(shape=(), dtype=ms.float32),
             "static_no_dtype": dict(shape=[2, 2]),
             "dynamic_dim": dict(shape=(None, 3), dtype=ms.float16),
             "dynamic_minus_one": dict(shape=[-1, 2], dtype=ms.float32),
             "dynamic_rank": dict(shape=None, dtype=ms.float32),
             "dynamic_rank_minus_two": dict(shape=[-2], dtype=ms.float32),
             "dynamic_with_init": dict(shape=(None, 3), dtype=ms.float32, init="zeros"),
             "nothing": dict()}
    return {name: _outcome(lambda kw=kw: ms.Tensor(**kw)) for name, kw in cases.items()}


def requires_grad_in_place(ms):
    param = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    steps = [param.requires_grad_(False), param.requires_grad]
    steps += [param.requires_grad_(), param.requires_grad]
    steps += [param.requires_grad_(0), param.requires_grad]
    return steps


def primitive_recompute(ms):
    relu = ms.ops.ReLU()
    returned = relu.recompute() is relu
    return {"returns_op": returned, "repr": repr(relu), "attr": relu.attrs.get("recompute")}


def cell_settings(ms):
    nn = ms.nn
    net = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])
    out = {"inputs_before": net.get_inputs(),
           "flags_from_init": nn.Cell(flags={"fp16": True}).get_flags()}
    net.set_inputs(ms.Tensor(shape=(None, 2), dtype=ms.float32))
    spec = net.get_inputs()
    out["inputs_after"] = [len(spec), list(spec[0].shape), str(spec[0].dtype).lower()]
    out["recompute"] = net[0].recompute()
    net.add_flags_recursive(probe=1)
    out["flags"] = {name or "net": sorted(cell.get_flags().items())
                    for name, cell in net.cells_and_names() if "_recompute" not in name}
    out["bad_recompute_keyword"] = _outcome(lambda: net[1].recompute(foo=1))
    out["bad_boost"] = _outcome(lambda: net.set_boost("fast"))
    out["set_data_parallel"] = net.set_data_parallel()
    out["offload"] = net.offload()
    return out


def _identity(value):
    return value


def jit_options(ms):
    """Each checked when jit is called, before any function is compiled."""
    cases = {"level_O1": dict(jit_level="O1"), "level_O2": dict(jit_level="O2"),
             "level_lower": dict(jit_level="o0"), "level_none": dict(jit_level=None),
             "dynamic_1": dict(dynamic=1), "dynamic_2": dict(dynamic=2),
             "dynamic_str": dict(dynamic="1"), "fullgraph_int": dict(fullgraph=1),
             "capture_bad": dict(capture_mode="graph")}
    return {name: _outcome(lambda kw=kw: callable(ms.jit(_identity, **kw)))
            for name, kw in cases.items()}


def run(ms):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"tensors": tensors_without_data(ms), "requires_grad_": requires_grad_in_place(ms),
            "primitive_recompute": primitive_recompute(ms), "cells": cell_settings(ms),
            "jit": jit_options(ms)}
