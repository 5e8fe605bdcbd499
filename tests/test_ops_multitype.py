"""``ops.MultitypeFuncGraph``, ``HyperMap``, ``Map``, ``Partial`` and ``partial``: the
gradient-scaling pattern of MindSpore optimizers, finite differences in float64, float32
kept, and every error message (MindSpore's own answers: test_cell_oracle_ops_composite)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

NAMES = ("HyperMap", "Map", "MultitypeFuncGraph", "Partial", "partial", "add_flags",
         "augassign_add", "augassign_sub", "augassign_mul", "augassign_div",
         "augassign_floordiv", "augassign_mod", "hyper_add")


def _grad_scale():
    scale = ops.MultitypeFuncGraph("grad_scale")

    @scale.register("Tensor", "Tensor")
    def _tensor_scale(s, g):
        return g * ops.cast(ops.Reciprocal()(s), g.dtype)

    @scale.register("Number", "Tensor")
    def _number_scale(s, g):
        return g * s
    return scale


def _loss(s, a, b):
    out = ops.HyperMap()(ops.partial(_grad_scale(), s), (a, [b, (a,)]))
    return (out[0] ** 2).sum() + (out[1][0] ** 3).sum() + ops.sin(out[1][1][0]).sum()


def test_hyper_map_loss_matches_finite_differences():
    rng = onp.random.RandomState(0)
    s, a, b = (ms.Tensor(v) for v in (onp.array(1.7), rng.normal(size=3), rng.normal(size=2)))
    check_grads(lambda s, a, b: _loss(s, a, b), modes=["rev"], order=1)(s, a, b)


def test_map_loss_matches_finite_differences():
    rng = onp.random.RandomState(1)
    a, b = ms.Tensor(rng.normal(size=3)), ms.Tensor(rng.normal(size=3))
    fn = ops.Map(_grad_scale())
    check_grads(lambda a, b: sum(ops.tanh(o).sum() for o in fn((a, b), (b, a))),
                modes=["rev"], order=1)(a, b)


def test_float32_stays_float32_through_grad_and_value_and_grad():
    a, b = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0])
    loss, grads = ms.value_and_grad(lambda a, b: _loss(ms.Tensor(2.0), a, b),
                                    grad_position=(0, 1))(a, b)
    assert loss.dtype == onp.float32 and [g.dtype for g in grads] == [onp.float32] * 2
    by_op = ops.GradOperation(get_all=True)(lambda a, b: _loss(3, a, b))(a, b)
    assert by_op[1].dtype == onp.float32  # d/db (3 b)^3 = 81 b^2 at b = 3
    onp.testing.assert_allclose(by_op[1], [729.0], rtol=1e-5)


def test_first_matching_registration_wins_and_a_lone_one_is_unchecked():
    pick = ops.MultitypeFuncGraph("pick")
    pick.register("Bool")(lambda x: "Bool")
    pick.register("Number")(lambda x: "Number")
    pick.register(ms.float32)(lambda x: "float32")
    assert (pick(True), pick(2), pick(onp.float32(1))) == ("Bool", "Number", "Number")
    lone = ops.MultitypeFuncGraph("lone")
    lone.register("Tensor")(lambda x: x)
    assert lone("not a tensor") == "not a tensor"


def test_hyper_map_returns_nested_tuples_and_ignores_reverse():
    seen = []
    out = ops.HyperMap(reverse=True)(lambda v: seen.append(v) or v * 2, [1, (2, [3])])
    assert out == (2, (4, (6,))) and seen == [1, 2, 3]
    assert ops.Map()(lambda v: v, (1, (2, 3))) == (1, (2, 3))


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.MultitypeFuncGraph(3), TypeError, "MultitypeFuncGraph argument 'name'"),
    (lambda: ops.MultitypeFuncGraph("g").register("Parameter"), RuntimeError,
     "MultitypeFuncGraph.register: expected a MindSpore type name.*'Parameter'"),
    (lambda: ops.MultitypeFuncGraph("g").register(3), TypeError,
     "MultitypeFuncGraph.register: expected a type name"),
    (lambda: _grad_scale()(ms.Tensor([1.0]), 2), ValueError,
     r"MultitypeFuncGraph 'grad_scale': expected arguments matching.*got \(Tensor\[Float32\], "
     r"Int64\)"),
    (lambda: _grad_scale()(onp.ones(2), ms.Tensor([1.0])), TypeError,
     "MultitypeFuncGraph 'grad_scale' argument 0: .*numpy.ndarray"),
    (lambda: ops.HyperMap(3), TypeError, "HyperMap argument 'ops'"),
    (lambda: ops.Map("f"), TypeError, "Map argument 'ops'"),
    (lambda: ops.HyperMap()(), TypeError, "HyperMap: expected the function to map"),
    (lambda: ops.HyperMap()(3, (1,)), TypeError, "HyperMap argument 'ops'"),
    (lambda: ops.HyperMap(abs)(), TypeError, "HyperMap: expected at least one argument"),
    (lambda: ops.HyperMap()(max, (1, 2), 3), TypeError, "HyperMap argument 1: expected a tuple"),
    (lambda: ops.HyperMap()(max, (1, 2), (3,)), ValueError,
     r"HyperMap arguments: expected sequences of one length, got lengths \[2, 1\]"),
    (lambda: ops.Map()(max, (1, 2), (3,)), ValueError, "Map arguments: expected sequences"),
    (lambda: ops.Map()(max, (1, 2), 3), TypeError, "Map argument 1: expected a tuple"),
    (lambda: ops.Map(abs)(), TypeError, "Map: expected at least one sequence"),
    (lambda: ops.partial(), TypeError, "Partial: expected the function"),
    (lambda: ops.Partial()(3, 1), TypeError, "Partial argument 0 'func': expected a callable"),
    (lambda: ops.augassign_div(1.0, 0), ValueError,
     "augassign_div argument 1: expected a nonzero divisor, got 0"),
    (lambda: ops.augassign_floordiv(ms.Tensor([1.0]), 0.0), ValueError,
     "augassign_floordiv argument 1: expected a nonzero divisor"),
    (lambda: ops.hyper_add(ms.Tensor([1.0]), 2), ValueError, "MultitypeFuncGraph 'add'"),
])
def test_errors_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_names_are_exported_with_docstrings():
    for name in NAMES:
        assert name in ops.__all__ and getattr(ops, name).__doc__, name
    assert isinstance(ops.partial, ops.Partial) and repr(ops.partial) == "Prim[Partial]"


@pytest.mark.parametrize("name", ["add", "sub", "mul", "div"])
def test_augassign_matches_finite_differences(name):
    rng = onp.random.RandomState(2)
    a, b = ms.Tensor(rng.normal(size=3)), ms.Tensor(rng.uniform(1, 2, size=3))
    fn = getattr(ops, "augassign_" + name)
    check_grads(lambda a, b: ops.sin(fn(a, b)).sum() + fn(a, 2.0).sum(), modes=["rev"],
                order=1)(a, b)
    assert fn(ms.Tensor([1.0]), 2).dtype == onp.float32


def test_hyper_add_sums_nested_gradients_and_differentiates():
    rng = onp.random.RandomState(3)
    a, b = ms.Tensor(rng.normal(size=2)), ms.Tensor(rng.normal(size=2))
    assert ops.hyper_add((1, [2]), (3, [4])) == (4, (6,))
    check_grads(lambda a, b: sum(ops.exp(t).sum() for t in ops.hyper_add((a, b), (b, b))),
                modes=["rev"], order=1)(a, b)


def test_add_flags_sets_flags_directly_and_as_a_decorator():
    def fn(x):
        return x
    assert ops.add_flags(fn, a=True) is fn and ops.add_flags(b=False)(fn) is fn
    assert fn._func_graph_flags == {"a": True, "b": False}


def test_an_optimizer_step_maps_over_parameters_and_their_gradients():
    update = ops.MultitypeFuncGraph("update")

    @update.register("Number", "Tensor", "Tensor")
    def _step(lr, param, grad):
        ops.assign(param, param - lr * grad)
        return True

    w = ms.Parameter(ms.Tensor(onp.array([1.0, 2.0], onp.float32)), name="w")
    b = ms.Parameter(ms.Tensor(onp.array([0.5], onp.float32)), name="b")
    x = ms.Tensor(onp.array([1.0, 1.0], onp.float32))
    grads = ops.GradOperation(get_by_list=True)(
        lambda x: ((x * w).sum() + b.sum()) ** 2, (w, b))(x)
    assert ops.HyperMap()(ops.partial(update, 0.1), (w, b), grads) == (True, True)
    onp.testing.assert_allclose(w.asnumpy(), [0.3, 1.3], rtol=1e-6)
    assert w.dtype == onp.float32 and b.asnumpy().tolist() == pytest.approx([-0.2])
