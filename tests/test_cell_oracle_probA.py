"""Replaying ``oracle_nn/probA_fixture.json`` (recorded from MindSpore 2.10 by
``make_probA_fixture.py``): every method of the continuous distributions on scalar and
broadcast parameters, with per-call parameters, their input gradients, the errors MindSpore
raises (methods a distribution lacks, bad constructor arguments), sample shapes/dtypes."""
import builtins
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat.nn.probability import distribution as D

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
from nn_replay import assert_close  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:divide by zero")  # log(0) = -inf, as recorded

with open(os.path.join(HERE, "probA_fixture.json")) as _file:
    FIXTURE = json.load(_file)

# (class, method) -> why our result may differ from MindSpore's
ACCEPTED = {
    ("Beta", "sample"): "MindSpore's CPU has no kernel for C.gamma (RuntimeError); we sample",
    ("Gamma", "sample"): "MindSpore's CPU has no kernel for C.gamma (RuntimeError); we sample",
}
# classes whose recorded gradients have NaN where the math is finite: MindSpore's nn.LBeta and
# nn.DiGamma give NaN gradients at a concentration of 2.5; the other entries are compared
NAN_GRADS = {"Beta"}
# MindSpore's Gumbel reports its base Uniform(0, 1)'s batch shape (); ours is loc's and scale's
BATCH_ACCEPTED = {"Gumbel_batched": [2, 2]}


def arg(spec):
    if isinstance(spec, list) and spec[0] == "t":
        return ms.Tensor(onp.array(spec[1], onp.float32))
    if isinstance(spec, list) and spec[0] == "shape":
        return tuple(spec[1])
    return spec


def build(name, init):
    kwargs = {k: (ms.int32 if v == "int32" else arg(v)) for k, v in init.items()}
    return getattr(D, name)(**kwargs)


def check_call(dist, call, nan_grads=False):
    method, args = call["method"], [arg(a) for a in call["args"]]
    if "error" in call:
        with pytest.raises(getattr(builtins, call["error"])):
            dist(method, *args)
        return
    out = dist(method, *args)
    if method == "sample":
        assert list(out.shape) == call["shape"] and str(out.dtype) == call["dtype"]
        return
    if isinstance(call["output"], str):
        assert out == call["output"]
        return
    assert_close(out, call["output"], f"{method} value", rtol=2e-5, atol=1e-5)
    positions = tuple(i for i, a in enumerate(args) if not isinstance(a, (str, tuple)))
    if "grads" not in call or not positions:
        return

    def total(*tensors):
        full = list(args)
        for i, tensor in zip(positions, tensors):
            full[i] = tensor
        return dist(method, *full).sum()
    grads = ms.grad(total, grad_position=tuple(range(len(positions))))(
        *[args[i] for i in positions])
    grads = grads if isinstance(grads, tuple) else (grads,)
    for number, (ours, item) in enumerate(zip(grads, call["grads"])):
        assert_grad(ours, item, f"{method} gradient {number}", nan_grads)


def assert_grad(ours, item, what, nan_grads):
    """A gradient checked against MindSpore's, but where it recorded a NaN if ``nan_grads``."""
    if nan_grads:
        item = dict(item, data=[o if e != e else e for o, e in zip(
            onp.asarray(ours, onp.float64).ravel().tolist(), item["data"])])
    assert_close(ours, item, what, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("case_id", sorted(FIXTURE["cases"]))
def test_every_method_matches_mindspore(case_id):
    record = FIXTURE["cases"][case_id]
    dist = build(record["class"], record["init"])
    batch = None if dist.batch_shape is None else list(dist.batch_shape)
    assert batch == BATCH_ACCEPTED.get(case_id, record["batch_shape"])
    failures = []
    for call in record["calls"]:
        key = (case_id, call["method"], len(call["args"]))
        if (record["class"], call["method"]) in ACCEPTED:  # then only the shape and dtype
            out = dist(call["method"], *[arg(a) for a in call["args"]])
            assert out.shape == (3,) + tuple(batch) and out.dtype == onp.float32
            continue
        try:
            check_call(dist, call, record["class"] in NAN_GRADS)
        except AssertionError as exc:  # collect every mismatch of the case, then fail once
            failures.append(f"{key}: {str(exc)[:300]}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("case_id", sorted(FIXTURE["bad"]))
def test_bad_constructor_arguments_raise_mindspores_class(case_id):
    name, init = next((c[1], c[2]) for c in __import__("probA_cases").BAD if c[0] == case_id)
    init = {k: (list(v) if isinstance(v, tuple) else v) for k, v in init.items()}
    expected = FIXTURE["bad"][case_id]
    assert expected is not None, f"MindSpore accepted {case_id}"
    with pytest.raises(getattr(builtins, expected[0]), match=name):
        build(name, init)


@pytest.mark.parametrize("name", sorted(FIXTURE["params"]))
def test_parameters_given_at_init_are_trained_as_in_mindspore(name):
    from minpy_compat import nn, ops
    from probA_cases import PARAM_CASES, PARAM_VALUE
    init, method = next((c[1], c[2]) for c in PARAM_CASES if c[0] == name)
    record = FIXTURE["params"][name]
    kwargs = {k: (ms.Parameter(ms.Tensor(onp.array(v[1], onp.float32)), name=k)
                  if isinstance(v, tuple) else v) for k, v in init.items()}
    dist = getattr(D, name)(**kwargs)

    class Method(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dist = dist

        def construct(self, value):
            return self.dist(method, value).sum()
    net, value = Method(), ms.Tensor(onp.array(PARAM_VALUE, onp.float32))
    assert [[n, p.name] for n, p in dist.parameters_and_names()] == record["names"]
    params = net.trainable_params()
    assert [p.name for p in params] == record["trainable"]
    assert_close(net(value), record["output"], "output", rtol=2e-5, atol=1e-5)
    grads = ops.GradOperation(get_all=True, get_by_list=True)(net, params)(value)
    for ours, item in zip(grads[0] + grads[1], record["grads"] + record["param_grads"]):
        assert_grad(ours, item, f"{name} gradient", name in NAN_GRADS)
