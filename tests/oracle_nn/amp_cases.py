"""The network and the bad calls of ``amp_fixture.json``, shared by ``make_amp_fixture.py``
(MindSpore 2.10) and ``tests/test_amp_oracle.py``: each takes the library it runs on."""


def small_net(nn):
    """A Conv/BatchNorm/ReLU/Dense/Softmax net: every kind of Cell the levels treat apart."""
    return nn.SequentialCell([nn.Conv2d(1, 2, 3, pad_mode="valid", has_bias=True),
                              nn.BatchNorm2d(2), nn.ReLU(), nn.Flatten(), nn.Dense(8, 3),
                              nn.Softmax()])


def bad_calls(ms, nn, amp):
    """Each bad argument, by name, as a call that should raise."""
    import numpy as onp

    def net():
        return small_net(nn)
    return {"level_O4": lambda: amp.auto_mixed_precision(net(), "O4"),
            "level_int": lambda: amp.auto_mixed_precision(net(), 1),
            "level_None": lambda: amp.auto_mixed_precision(net(), None),
            "network_int": lambda: amp.auto_mixed_precision(3, "O1"),
            "custom_none": lambda: amp.custom_mixed_precision(net()),
            "custom_both": lambda: amp.custom_mixed_precision(
                net(), white_list=[nn.Dense], black_list=[nn.ReLU]),
            "custom_elem": lambda: amp.custom_mixed_precision(net(), black_list=[3]),
            "dyn_scale_0": lambda: amp.DynamicLossScaler(0, 2, 3),
            "dyn_scale_str": lambda: amp.DynamicLossScaler("a", 2, 3),
            "dyn_window_0": lambda: amp.DynamicLossScaler(1024, 2, 0),
            "dyn_factor_0": lambda: amp.DynamicLossScaler(1024, 0, 3),
            "static_scale_0": lambda: amp.StaticLossScaler(0),
            "static_scale_str": lambda: amp.StaticLossScaler("a"),
            "all_finite_empty": lambda: amp.all_finite(()),
            "all_finite_tensor": lambda: amp.all_finite(ms.Tensor(onp.ones(2, onp.float32))),
            "rng_state_str": lambda: ms.set_rng_state("a"),
            "rng_state_int64": lambda: ms.set_rng_state(ms.Tensor(onp.array([1, 2]))),
            "generator_seed_str": lambda: ms.Generator().manual_seed("a"),
            "lazy_inline_function": lambda: ms.lazy_inline(lambda x: x),
            "recompute_function": lambda: ms.recompute(lambda x: x, ms.Tensor(1.0)),
            "deterministic_int": lambda: ms.set_deterministic(1)}
