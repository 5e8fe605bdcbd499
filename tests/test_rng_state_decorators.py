"""``ms.Generator``, ``ms.get_rng_state``/``set_rng_state`` and the graph decorators
(``recompute``, ``lazy_inline``, ``no_inline``, ``constexpr``, ``set_deterministic``)."""
import doctest
import importlib

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ms_decorators, nn
from minpy_compat.errors import CellArgumentError, CellTypeError, ContextError, OpInputError


def test_rng_state_restores_the_random_ops_and_the_initial_seed():
    ms.manual_seed(3)
    state = ms.get_rng_state()
    first = (ms.ops.rand(3).asnumpy(), ms.ops.randn(2).asnumpy(), onp.random.normal())
    ms.manual_seed(9)
    ms.ops.rand(5)
    ms.set_rng_state(state)
    again = (ms.ops.rand(3).asnumpy(), ms.ops.randn(2).asnumpy(), onp.random.normal())
    for a, b in zip(first, again):
        onp.testing.assert_array_equal(a, b)
    assert ms.default_generator.initial_seed() == 3 and ms.initial_seed() == 3


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2 ** 40))
def test_generators_are_independent_and_reproducible(seed):
    one, two = ms.Generator().manual_seed(seed), ms.Generator().manual_seed(seed)
    state = one.get_state()
    draws = one._numpy().random_sample(4)
    onp.testing.assert_array_equal(draws, two._numpy().random_sample(4))
    other = ms.Generator()
    other.set_state(state)  # a state moves between generators, its initial seed with it
    assert other.initial_seed() == seed
    onp.testing.assert_array_equal(other._numpy().random_sample(4), draws)


def test_generator_seed_returns_the_seed_it_set():
    generator = ms.Generator()
    value = generator.seed()
    assert isinstance(value, int) and generator.initial_seed() == value
    assert ms.default_generator.manual_seed(4) is ms.default_generator
    assert ms.initial_seed() == 4


@pytest.mark.parametrize("call,error,match", [
    (lambda: ms.set_rng_state("a"), OpInputError,
     "default_generator.set_state state: expected a uint8 Tensor from get_state"),
    (lambda: ms.set_rng_state(ms.Tensor(onp.zeros(16, onp.uint8))), OpInputError,
     r"set_state state: expected a uint8 Tensor of shape \(2528,\).*recorded by MindSpore"),
    (lambda: ms.Generator().manual_seed(1.5), CellTypeError,
     "Generator.manual_seed seed: expected an int, got float 1.5"),
    (lambda: ms.default_generator.manual_seed("a"), CellTypeError,
     "default_generator.manual_seed seed: expected an int"),
])
def test_rng_error_messages(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_recompute_runs_the_block_and_keeps_gradients():
    dense = nn.Dense(3, 2)
    x = ms.Tensor(onp.ones((2, 3), onp.float32))
    onp.testing.assert_array_equal(ms.recompute(dense, x).asnumpy(), dense(x).asnumpy())
    want = ms.grad(lambda v: dense(v).sum())(x)
    got = ms.grad(lambda v: ms.recompute(dense, v).sum())(x)
    onp.testing.assert_array_equal(got.asnumpy(), want.asnumpy())
    assert ms.recompute(lambda v: v * 2, 3, use_reentrant=False) == 6
    with pytest.raises(CellTypeError, match=r"recompute block: expected a Cell \(use_reentrant"):
        ms.recompute(lambda v: v, x)
    with pytest.raises(CellTypeError, match="recompute block: expected a Cell or a function"):
        ms.recompute(3, x, use_reentrant=False)


def test_lazy_inline_decorates_init_only():
    class Block(nn.Cell):
        @ms.lazy_inline
        def __init__(self, width):
            super().__init__()
            self.dense = nn.Dense(width, 2)

        def construct(self, x):
            return self.dense(x)

    class Block2(Block):
        @ms.lazy_inline(attrs=["width"])
        def __init__(self, width):
            super().__init__(width)

    for cls in (Block, Block2):
        assert cls(3)(ms.Tensor(onp.ones((1, 3), onp.float32))).shape == (1, 2)
    with pytest.raises(CellArgumentError, match="lazy_inline: expected the __init__ function"):
        ms.lazy_inline(lambda x: x)
    with pytest.raises(CellTypeError, match="lazy_inline attrs: expected a str"):
        ms.lazy_inline(attrs=3)


def test_no_inline_and_constexpr():
    @ms.no_inline()
    def add(a, b):
        return a + b
    assert add(1, 2) == 3 and add.no_inline is True
    square = ms.constexpr(lambda v: v * v, name="square")
    assert square(3) == 9 and repr(square) == "Prim[square]"
    cls = ms.constexpr(get_instance=False)(lambda v: v + 1)
    assert cls()(1) == 2
    with pytest.raises(CellTypeError, match="constexpr fn: expected a function, got int 3"):
        ms.constexpr(3)


def test_set_deterministic_once(monkeypatch):
    monkeypatch.setattr(ms_decorators, "_deterministic", {})
    from minpy_compat import ms_context
    monkeypatch.setitem(ms_context._settings, "deterministic", "OFF")
    with pytest.raises(CellTypeError, match="set_deterministic deterministic: expected a bool"):
        ms.set_deterministic(1)
    ms.set_deterministic(False)
    assert ms.get_context("deterministic") == "OFF"
    with pytest.raises(ContextError, match="set_deterministic: expected a single call"):
        ms.set_deterministic(True)


@pytest.mark.parametrize("module", ["amp.scalers", "ms_generator", "ms_decorators"])
def test_doctests(module):
    found = doctest.testmod(importlib.import_module(f"minpy_compat.{module}"))
    assert found.attempted and not found.failed
