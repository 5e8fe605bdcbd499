"""Replays ``tests/oracle_nn/amp_fixture.json`` (MindSpore 2.10, recorded by
``make_amp_fixture.py``): mixed-precision levels, loss scalers, ``all_finite``, the RNG state
and the graph decorators, and the builtin class of each error."""
import builtins
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import amp, nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn"))
import amp_cases as cases  # noqa: E402
from nn_replay import decode  # noqa: E402

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn",
                       "amp_fixture.json")) as _file:
    FIXTURE = json.load(_file)
LEVELS = FIXTURE["levels"]


def run_level(level):
    net = cases.small_net(nn)
    named = dict(net.parameters_and_names())
    for name, item in LEVELS[level]["params"].items():
        named[name].set_data(ms.Tensor(decode(item)))
    net = amp.auto_mixed_precision(net, level)
    dtypes = {}
    for name, cell in net.cells_and_names():
        cell.register_forward_hook(lambda c, a, o, name=name: dtypes.__setitem__(name, o.dtype))
    return net, net(ms.Tensor(decode(LEVELS["input"]))), dtypes


@pytest.mark.parametrize("level", ["O0", "O1", "O2", "O3"])
def test_level_output_matches_mindspore(level):
    recorded = LEVELS[level]
    net, out, dtypes = run_level(level)
    expected = decode(recorded["output"])
    assert out.dtype == expected.dtype
    tolerance = 1e-5 if level == "O0" else 2e-2  # float16 layers round
    onp.testing.assert_allclose(out.asnumpy(), expected, rtol=tolerance, atol=tolerance)
    if level != "O1":  # MindSpore's O1 rewrites the net into a new class that runs no hooks
        assert type(net).__name__ == recorded["top"]
        assert {k: str(v) for k, v in dtypes.items()} == \
            {k: v.lower() for k, v in recorded["dtypes"].items()}
    assert [n for n, _ in net.parameters_and_names()] == recorded["param_paths"]
    assert sorted({str(p.dtype) for p in net.get_parameters()}) == ["float32"]


@pytest.mark.parametrize("level", ["O2", "O3"])
def test_float64_input_gives_float32_output(level):
    out = amp.auto_mixed_precision(nn.Dense(3, 2), level)(ms.Tensor(onp.ones((1, 3))))
    assert str(out.dtype) == LEVELS["f64_" + level].lower()


def test_white_and_black_lists():
    assert [k.__name__ for k in amp.get_white_list()] == FIXTURE["scalers"]["white"]
    assert [k.__name__ for k in amp.get_black_list()] == FIXTURE["scalers"]["black"]


@pytest.mark.parametrize("key,args", [("dyn_1024_2_3", (1024, 2, 3)), ("dyn_2_4_1", (2, 4, 1)),
                                      ("dyn_huge", (2.0 ** 127, 2, 1))])
def test_dynamic_loss_scaler_steps(key, args):
    scaler = amp.DynamicLossScaler(*args)
    steps = [True, True, True, True, False, True, False, False, False, True]
    log = []
    for finite in steps:
        result = scaler.adjust(ms.Tensor(finite))
        log.append([bool(result), float(scaler.scale_value.asnumpy()),
                    int(scaler.counter.asnumpy())])
    assert log == FIXTURE["scalers"][key]
    assert scaler.scale_value.dtype == onp.float32 and scaler.counter.dtype == onp.int32


@pytest.mark.parametrize("kind", ["static", "dyn"])
def test_scale_and_unscale(kind):
    scaler = amp.StaticLossScaler(8) if kind == "static" else amp.DynamicLossScaler(1024, 2, 3)
    grads = (ms.Tensor(onp.array([2.0, 4.0], onp.float32)),
             ms.Tensor(onp.array([3.0, 0.5], onp.float16)))
    for method in ("scale", "unscale"):
        recorded = FIXTURE["scalers"][f"{kind}_{method}"]
        for got, item in zip(getattr(scaler, method)(grads), recorded):
            assert got.dtype == onp.dtype(item["dtype"])
            onp.testing.assert_array_equal(got.asnumpy(), decode(item))
    assert amp.StaticLossScaler(8).adjust(ms.Tensor(False)) is FIXTURE["scalers"]["static_adjust"]


def test_all_finite():
    cases = {"finite": [onp.array([1.0, 2.0], onp.float32)],
             "inf": [onp.array([1.0, onp.inf], onp.float32)],
             "nan16": [onp.array([onp.nan], onp.float16), onp.array([1.0], onp.float32)],
             "int": [onp.array([1, 2], onp.int32)]}
    for key, arrays in cases.items():
        result = amp.all_finite(tuple(ms.Tensor(a) for a in arrays))
        value, dtype, shape = FIXTURE["scalers"]["all_finite"][key]
        assert [bool(result.asnumpy()), result.dtype, list(result.shape)] == \
            [value, onp.bool_, shape]


BAD = cases.bad_calls(ms, nn, amp)


@pytest.mark.parametrize("key", sorted(BAD))
def test_errors_are_the_builtin_mindspore_raises(key):
    with pytest.raises(getattr(builtins, FIXTURE["errors"][key]["builtin"])):
        BAD[key]()


def test_generators_and_seeds():
    recorded = FIXTURE["rng"]
    assert ms.Generator().initial_seed() == recorded["generator_initial"]
    generator = ms.Generator()
    assert (generator.manual_seed(5) is generator) is recorded["manual_seed_returns_self"]
    assert generator.initial_seed() == recorded["generator_seeded"]
    ms.manual_seed(7)
    assert ms.default_generator.initial_seed() == recorded["after_manual_seed"]
    ms.set_seed(11)  # set_seed leaves the default generator's initial seed alone
    assert ms.default_generator.initial_seed() == recorded["after_set_seed"]
    assert str(ms.get_rng_state().dtype).lower() == recorded["state_dtype"].lower()


def test_decorators_run_the_code():
    recorded = FIXTURE["rng"]

    def twice(x):
        return 2 * x
    marked = ms.no_inline(twice)
    assert [marked is twice, marked.no_inline, marked(3)] == recorded["no_inline"]
    assert ms.constexpr(twice)(4) == recorded["constexpr"]
    dense = nn.Dense(2, 2)
    x = ms.Tensor(onp.ones((1, 2), onp.float32))
    assert bool((ms.recompute(dense, x) == dense(x)).all()) is recorded["recompute_same"]
