"""Record MindSpore 2.10's mixed precision (``mindspore.amp``), RNG state and graph decorators
into ``amp_fixture.json`` (replayed by ``tests/test_amp_oracle.py``).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_amp_fixture.py
Recorded: each layer's output dtype and the output of a small Conv/BatchNorm/ReLU/Dense/Softmax
net at O0-O3 (O1's rewritten net runs no hooks: only its output), loss-scaler states over a
run of finite and overflowing steps, ``all_finite``, and the builtin class of each error.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import amp, nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import amp_cases as cases  # noqa: E402
from make_nn_fixture import attempt, encode, set_params  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
STEPS = [True, True, True, True, False, True, False, False, False, True]


def levels(rng):
    x = rng.standard_normal((2, 1, 4, 4)).astype(onp.float32)
    out = {"input": encode(x)}
    for level in ("O0", "O1", "O2", "O3"):
        net = cases.small_net(nn)
        params = set_params(net, onp.random.default_rng(7))
        net = amp.auto_mixed_precision(net, level)
        dtypes = {}
        for name, cell in net.cells_and_names():
            cell.register_forward_hook(
                lambda c, a, o, name=name: dtypes.__setitem__(name, str(o.dtype)))
        y = net(ms.Tensor(x))
        out[level] = {"params": params, "output": encode(y.asnumpy()), "dtypes": dtypes,
                      "top": type(net).__name__,
                      "param_paths": [n for n, _ in net.parameters_and_names()],
                      "param_dtypes": sorted({str(p.dtype) for p in net.get_parameters()})}
    for level in ("O2", "O3"):
        out["f64_" + level] = str(amp.auto_mixed_precision(nn.Dense(3, 2), level)(
            ms.Tensor(onp.ones((1, 3)))).dtype)
    return out


def errors():
    bad = cases.bad_calls(ms, nn, amp)
    return {key: attempt(function) for key, function in bad.items()}


def scalers():
    out = {}
    for key, args in {"dyn_1024_2_3": (1024, 2, 3), "dyn_2_4_1": (2, 4, 1),
                      "dyn_huge": (2.0 ** 127, 2, 1)}.items():
        scaler, log = amp.DynamicLossScaler(*args), []
        for finite in STEPS:
            result = scaler.adjust(ms.Tensor(finite))
            log.append([bool(result), float(scaler.scale_value.asnumpy()),
                        int(scaler.counter.asnumpy())])
        out[key] = log
    grads = (onp.array([2.0, 4.0], onp.float32), onp.array([3.0, 0.5], onp.float16))
    for key, scaler in {"static": amp.StaticLossScaler(8), "dyn": amp.DynamicLossScaler(
            1024, 2, 3)}.items():
        tensors = tuple(ms.Tensor(g) for g in grads)
        out[key + "_scale"] = [encode(t.asnumpy()) for t in scaler.scale(tensors)]
        out[key + "_unscale"] = [encode(t.asnumpy()) for t in scaler.unscale(tensors)]
    out["static_adjust"] = bool(amp.StaticLossScaler(8).adjust(ms.Tensor(False)))
    cases = {"finite": [onp.array([1.0, 2.0], onp.float32)],
             "inf": [onp.array([1.0, onp.inf], onp.float32)],
             "nan16": [onp.array([onp.nan], onp.float16), onp.array([1.0], onp.float32)],
             "int": [onp.array([1, 2], onp.int32)]}
    out["all_finite"] = {key: [bool(r.asnumpy()), str(r.dtype), list(r.shape)] for key, r in (
        (k, amp.all_finite(tuple(ms.Tensor(a) for a in v))) for k, v in cases.items())}
    out["white"] = [k.__name__ for k in amp.get_white_list() if issubclass(k, nn.Cell)]
    out["black"] = [k.__name__ for k in amp.get_black_list()]
    return out


def rng_and_decorators():
    out = {"generator_initial": ms.Generator().initial_seed()}
    generator = ms.Generator()
    out["manual_seed_returns_self"] = generator.manual_seed(5) is generator
    out["generator_seeded"] = generator.initial_seed()
    ms.manual_seed(7)
    out["after_manual_seed"] = ms.default_generator.initial_seed()
    ms.set_seed(11)
    out["after_set_seed"] = ms.default_generator.initial_seed()
    state = ms.get_rng_state()
    first = ms.ops.rand(4).asnumpy()
    ms.set_rng_state(state)
    out["restore_repeats"] = bool((ms.ops.rand(4).asnumpy() == first).all())
    out["state_dtype"] = str(state.dtype)

    def twice(x):
        return 2 * x
    marked = ms.no_inline(twice)
    out["no_inline"] = [marked is twice, marked.no_inline, marked(3)]
    out["constexpr"] = ms.constexpr(twice)(4)
    dense = nn.Dense(2, 2)
    x = ms.Tensor(onp.ones((1, 2), onp.float32))
    out["recompute_same"] = bool((ms.recompute(dense, x) == dense(x)).all())
    ms.set_deterministic(True)
    out["deterministic"] = ms.get_context("deterministic")
    out["deterministic_twice"] = attempt(lambda: ms.set_deterministic(False))
    return out


def main():
    fixture = {"levels": levels(onp.random.default_rng(0)), "errors": errors(),
               "scalers": scalers(), "rng": rng_and_decorators()}
    with open(os.path.join(HERE, "amp_fixture.json"), "w") as file:
        json.dump(fixture, file, sort_keys=True)


if __name__ == "__main__":
    main()
    os.system("rm -rf rank_0 rewritten_network")  # MindSpore's dumps (error cases, O1 rewrite)
