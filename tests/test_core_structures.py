"""Argument and output structures beyond plain lists, tuples and dicts, and outputs with no
numbers in them.

A namedtuple is a tuple and an OrderedDict is a dict: ``grad`` refused both as arguments,
and a namedtuple output was taken for one opaque value (``hessian`` of a function of a
namedtuple came back all zeros). An output of ``None`` (a function that forgot its
``return``) or a string gave zero gradients that looked like an answer.
"""
import collections

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, grad_and_loss, hessian, jacobian, make_vjp, value_and_grad
from minpy_compat.errors import OutputTypeError
from conftest import check_grad

Params = collections.namedtuple("Params", "w b")
W = onp.array([1.0, 2.0])
B = onp.array([3.0, 4.0])


def _loss(p):
    return np.sum(p.w ** 2 * p.b) + np.sum(np.tanh(p.b))


def _loss_of_mapping(p):
    return np.sum(p["w"] ** 2 * p["b"]) + np.sum(np.tanh(p["b"]))


def test_namedtuple_argument_gets_a_namedtuple_gradient():
    g = grad(_loss)(Params(W, B))
    assert type(g) is Params
    assert onp.allclose(g.w, 2 * W * B)
    assert onp.allclose(g.b, W ** 2 + 1 - onp.tanh(B) ** 2)
    check_grad(lambda w, b: _loss(Params(w, b)), W, B)


@pytest.mark.parametrize("make", [collections.OrderedDict,
                                  lambda **kw: collections.defaultdict(list, **kw)])
def test_dict_subclass_argument_gets_the_same_kind_back(make):
    params = make(b=B, w=W)
    g = grad(_loss_of_mapping)(params)
    assert type(g) is type(params) and list(g) == ["b", "w"]
    assert getattr(g, "default_factory", None) is getattr(params, "default_factory", None)
    assert onp.allclose(g["w"], 2 * W * B)
    assert onp.allclose(g["b"], W ** 2 + 1 - onp.tanh(B) ** 2)


def test_nested_namedtuples_in_a_list_and_float32_kept():
    layers = [Params(W.astype(onp.float32), B.astype(onp.float32)),
              Params(W.astype(onp.float32) * 2, B.astype(onp.float32))]
    g = grad(lambda ps: sum(np.sum(p.w * p.b) for p in ps))(layers)
    assert type(g) is list and all(type(p) is Params for p in g)
    assert all(a.dtype == onp.float32 for p in g for a in p)
    assert onp.allclose(g[1].w, B)


def test_hessian_of_a_namedtuple_function_nests_as_the_argument():
    h = hessian(lambda p: np.sum(p.w ** 2 * p.b))(Params(W, B))
    assert type(h) is Params and type(h.w) is Params
    assert onp.allclose(h.w.w, onp.diag(2 * B))
    assert onp.allclose(h.w.b, onp.diag(2 * W))
    assert onp.allclose(h.b.w, onp.diag(2 * W))
    assert onp.allclose(h.b.b, 0)


def test_namedtuple_outputs_add_up_and_come_back_as_namedtuples():
    g, out = grad_and_loss(lambda x: Params(x * 2.0, x * 3.0))(W)
    assert onp.allclose(g, 5.0)
    assert type(out) is Params and onp.allclose(out.b, 3 * W)
    vjp, value = make_vjp(lambda x: Params(x * 2.0, x * 3.0))(W)
    assert type(value) is Params
    assert onp.allclose(vjp(Params(onp.ones(2), onp.zeros(2))), 2.0)
    j = jacobian(lambda x: collections.OrderedDict(a=x * 2.0, b=x[0]))(W)
    assert type(j) is collections.OrderedDict
    assert onp.allclose(j["a"], 2 * onp.eye(2)) and onp.allclose(j["b"], [1.0, 0.0])


def test_argnum_twice_with_a_namedtuple_gives_independent_copies():
    g = grad(lambda a, b: np.sum(a.w * b.w), [0, 0])(Params(W, B), Params(W, B))
    assert all(type(p) is Params for p in g)
    g[0].w[0] = 100.0
    assert g[1].w[0] != 100.0


@pytest.mark.parametrize("output, shown", [
    (None, r"got None \(does the function end without a return\?\)"),
    ("loss", "got str 'loss'"),
    ([W, None], r"got None"),
    ({"loss": object()}, "got object"),
])
def test_an_output_without_numbers_is_refused(output, shown):
    pattern = (r"the output of f: expected a number or an array \(or lists, tuples and dicts "
               r"of them\), " + shown)

    def f(x):
        np.sum(x)
        return output
    for operator in (grad, value_and_grad, jacobian):
        with pytest.raises(OutputTypeError, match=pattern):
            operator(f)(W)
    assert onp.allclose(grad(lambda x: np.sum(x))(W), 1.0)  # nothing left behind


@pytest.mark.parametrize("output", [3, True, onp.float32(2.0)])
def test_a_constant_number_output_still_gives_zeros(output):
    g = grad(lambda x: output)(W)
    assert onp.array_equal(g, onp.zeros(2))


@pytest.mark.parametrize("outer, inner", [(list, tuple), (tuple, list), (list, list),
                                          (tuple, tuple)])
def test_runs_of_leaves_come_back_in_their_own_containers(outer, inner):
    """A container of arrays only (a layer's (w, b)) is rebuilt as one slice of the leaves:
    the gradient is a plain list or tuple again, its items in order, beside a container
    that holds a constant (rebuilt item by item)."""
    params = outer([inner([W, B]), inner([2 * W, None]), inner([3.0, B * 2])])

    def loss(p):
        (w1, b1), (w2, _), (scale, b3) = p
        return np.sum(w1 * b1) + scale * np.sum(w2 ** 2) + np.sum(b3 * b1)

    g = grad(loss)(params)
    assert type(g) is outer and [type(item) for item in g] == [inner] * 3
    onp.testing.assert_allclose(g[0][0], B)
    onp.testing.assert_allclose(g[0][1], W + 2 * B)
    onp.testing.assert_allclose(g[1][0], 2 * 3.0 * 2 * W)
    assert g[1][1] is None
    assert float(g[2][0]) == onp.sum((2 * W) ** 2) and type(g[2][0]).__name__ == "Number"
    onp.testing.assert_allclose(g[2][1], B)
