"""common.initializer: names, numbers, Tensors, custom Initializers, re-initialising a network."""
import math

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.common.initializer import (Constant, Dirac, HeNormal, HeUniform, Identity,
                                             Initializer, Normal, One, Orthogonal, Sparse,
                                             TruncatedNormal, Uniform, VarianceScaling,
                                             XavierNormal, XavierUniform, Zero, initializer)
from minpy_compat.errors import InitializerError, InitializerTypeError

ALIASES = ["dirac", "he_normal", "he_uniform", "henormal", "heuniform", "identity", "normal",
           "one", "ones", "orthogonal", "sparse", "truncatednormal", "uniform", "variancescaling",
           "xavier_normal", "xavier_uniform", "xaviernormal", "xavieruniform", "zero", "zeros"]


@pytest.mark.parametrize("name", ALIASES + ["Uniform", "XAVIER_UNIFORM"])
def test_every_alias_gives_an_array_of_the_shape_and_dtype(name):
    shape = (4, 4, 3) if name == "dirac" else (4, 4)
    arr = initializer(name, shape, ms.float32)
    assert isinstance(arr, ms.Tensor) and arr.shape == shape and arr.dtype == onp.float32


def test_numbers_tensors_and_initializers():
    onp.testing.assert_array_equal(initializer(3.5, [2]), [3.5, 3.5])
    assert initializer(2, [2]).dtype == onp.float32
    onp.testing.assert_array_equal(initializer(Constant(2), (2,), ms.float64), [2, 2])
    onp.testing.assert_array_equal(initializer(One(), 3), [1, 1, 1])
    onp.testing.assert_array_equal(initializer("zeros", (1, 2), ms.int32), [[0, 0]])
    t = ms.Tensor(onp.ones((2, 3), onp.float32))
    assert initializer(t, (2, 3)) is t
    a = onp.zeros(3)
    assert One()(a) is a and a.tolist() == [1, 1, 1]


def test_distributions_have_their_documented_scale():
    onp.random.seed(0)
    normal = initializer(Normal(sigma=0.5, mean=1.0), (200, 200))
    assert abs(normal.mean() - 1.0) < 0.01 and abs(normal.std() - 0.5) < 0.01
    uniform = initializer(Uniform(scale=0.2), (200, 200))
    assert uniform.min() >= -0.2 and uniform.max() <= 0.2 and uniform.max() > 0.19
    truncated = initializer(TruncatedNormal(sigma=1.0, a=-0.5, b=0.5), (100, 100))
    assert truncated.min() >= -0.5 and truncated.max() <= 0.5
    xavier = initializer(XavierUniform(), (300, 100))
    bound = math.sqrt(6 / 400)
    assert xavier.max() <= bound and xavier.max() > 0.95 * bound
    he = initializer(HeUniform(), (100, 300))
    assert he.max() <= math.sqrt(6 / 300) and he.max() > 0.95 * math.sqrt(6 / 300)
    assert abs(initializer(HeNormal(), (300, 300)).std() - math.sqrt(2 / 300)) < 0.005
    assert abs(initializer(XavierNormal(), (300, 300)).std() - math.sqrt(2 / 600)) < 0.005
    scaled = initializer(VarianceScaling(scale=2.0, distribution="uniform"), (300, 300))
    assert abs(scaled.std() - math.sqrt(2 / 300)) < 0.005


def test_structured_initializers():
    onp.testing.assert_array_equal(initializer(Identity(), (2, 3)), onp.eye(2, 3))
    q = initializer(Orthogonal(), (3, 5), ms.float64)
    onp.testing.assert_allclose(q @ q.T, onp.eye(3), atol=1e-12)
    dirac = initializer(Dirac(), (2, 2, 3))
    onp.testing.assert_array_equal(dirac[:, :, 1], onp.eye(2))
    sparse = initializer(Sparse(sparsity=0.5), (4, 6))
    assert ((sparse == 0).sum(axis=0) >= 2).all()


def test_seeded_initializers_repeat():
    ms.set_seed(7)
    first = initializer("normal", (3,))
    ms.set_seed(7)
    onp.testing.assert_array_equal(initializer("normal", (3,)), first)


def test_custom_initializer():
    class Twos(Initializer):
        def __init__(self):
            super().__init__()

        def _initialize(self, arr):
            assert type(arr) is onp.ndarray and arr.flags.writeable
            arr[:] = 2
    onp.testing.assert_array_equal(initializer(Twos(), (2, 2)), onp.full((2, 2), 2.0))
    p = ms.Parameter(initializer(Twos(), [3]), name="w")
    onp.testing.assert_array_equal(p, [2, 2, 2])

    class Lazy(Initializer):
        pass
    with pytest.raises(NotImplementedError, match="Lazy._initialize: expected an override"):
        initializer(Lazy(), (2,))


def test_reinitialising_a_network_by_traversal():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(3, 4)
            self.relu = nn.ReLU()
            self.fc2 = nn.Dense(4, 2)

        def construct(self, x):
            return self.fc2(self.relu(self.fc1(x)))
    net = Net()
    for name, param in net.parameters_and_names():
        if "weight" in name:
            param.set_data(initializer(Constant(0.5), param.shape, param.dtype))
        if "bias" in name:
            param.set_data(initializer("zeros", param.shape, param.dtype))
    onp.testing.assert_array_equal(net(ms.Tensor([[1.0, 1.0, 1.0]])), [[3.0, 3.0]])
    for _, cell in net.cells_and_names():
        if isinstance(cell, nn.Dense):
            cell.weight.set_data(initializer(One(), cell.weight.shape, cell.weight.dtype))
    onp.testing.assert_array_equal(net(ms.Tensor([[1.0, 1.0, 1.0]])), [[12.0, 12.0]])


def test_dense_defaults_are_bounded_by_one_over_sqrt_in():
    onp.random.seed(1)
    dense = nn.Dense(25, 400)
    assert dense.weight.shape == (400, 25) and dense.bias.shape == (400,)
    assert onp.abs(dense.weight).max() <= 0.2 and onp.abs(dense.weight).max() > 0.19
    assert onp.abs(dense.bias).max() <= 0.2


@pytest.mark.parametrize("init, shape, error, match", [
    ("constant", (2,), InitializerError, "initializer init: expected one of the names .*got "
                                         "'constant'. For a constant, pass the number"),
    ([1, 2], (2,), InitializerTypeError, "initializer init: expected a Tensor, a number, a str or "
                                         "an Initializer, got list"),
    ("ones", (2, 0), InitializerError, r"initializer shape: expected a tuple of positive ints, "
                                       r"got \(2, 0\)"),
    ("ones", (-1,), InitializerError, "expected a tuple of positive ints"),
    ("ones", None, InitializerError, "initializer shape: expected a shape for a non-Tensor init"),
    (ms.Tensor(onp.ones((2, 3))), (3, 2), InitializerError,
     r"initializer init \(a Tensor\): expected the shape \(3, 2\), got shape \(2, 3\)"),
    ("xavier_uniform", (3,), InitializerError, r"XavierUniform: expected a shape with at least 2 "
                                               r"dimensions .*got shape \(3,\)"),
])
def test_bad_initializer_arguments(init, shape, error, match):
    with pytest.raises(error, match=match):
        initializer(init, shape)


def test_bad_initializer_parameters():
    assert issubclass(InitializerError, ValueError) and issubclass(InitializerTypeError, TypeError)
    with pytest.raises(InitializerError, match="Normal sigma: expected a number >= 0, got -1"):
        Normal(sigma=-1)
    with pytest.raises(InitializerError, match="HeUniform mode: expected 'fan_in' or 'fan_out'"):
        HeUniform(mode="fan")
    with pytest.raises(InitializerError, match="calculate_gain nonlinearity"):
        HeNormal(nonlinearity="swish")
    with pytest.raises(InitializerError, match="TruncatedNormal: expected a < b"):
        TruncatedNormal(a=1, b=0)
    with pytest.raises(InitializerError, match="Identity: expected a 2-D shape"):
        initializer("identity", (2, 2, 2))
    assert repr(Normal()) == "Normal(sigma=0.01, mean=0.0)"
    assert isinstance(Zero(), Initializer)
