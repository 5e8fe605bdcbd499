"""``Tensor.register_hook`` scenarios, run the same way on MindSpore (``make_tensor_hooks_fixture``)
and on minpy_compat (``tests/test_tensor_hooks.py``): hooks on leaves (inputs and Parameters
before the gradient pass), several hooks on one Tensor, a hook returning None, a removed one.
Each scenario returns plain lists, so the two runs compare as JSON."""
import numpy as onp


def _list(value):
    return onp.asarray(value.asnumpy() if hasattr(value, "asnumpy") else value).tolist()


def scenarios(ms, ops, nn):
    """``{name: zero-argument function giving a JSON-able result}`` for library ``ms``."""
    def tensor(values, dtype=onp.float32):
        return ms.Tensor(onp.array(values, dtype))

    def square_sum(a):
        return (a * a).sum()

    def leaf_two():
        x, order = tensor([1.0, 2.0]), []
        x.register_hook(lambda g: (order.append("h1"), g * 2)[1])
        x.register_hook(lambda g: (order.append("h2"), g + 1)[1])
        return [_list(ms.grad(square_sum)(x)), order]

    def inner_two():
        order = []

        def f(a):
            b = a * 1
            b.register_hook(lambda g: (order.append("h1"), g * 2)[1])
            b.register_hook(lambda g: (order.append("h2"), g + 1)[1])
            return (b * b).sum()
        return [_list(ms.grad(f)(tensor([1.0, 2.0]))), order]

    def returns_none():
        x, seen = tensor([1.0, 2.0]), []
        x.register_hook(lambda g: seen.append(_list(g)))
        return [_list(ms.grad(lambda a: (a * 3).sum())(x)), seen]

    def two_inputs():
        x, y = tensor([1.0, 2.0]), tensor([3.0, 4.0])
        x.register_hook(lambda g: g * 10)
        value, grads = ms.value_and_grad(lambda a, b: (a * b).sum(), (0, 1))(x, y)
        by_op = ops.GradOperation(get_all=True)(lambda a, b: (a * b).sum())(x, y)
        return [float(_list(value)), [_list(g) for g in grads], [_list(g) for g in by_op]]

    def cell_weight():
        net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        net.weight.register_hook(lambda g: g * 100)
        grads = ops.GradOperation(get_by_list=True)(net, net.trainable_params())(
            tensor([[1.0, 2.0]]))
        return [_list(g) for g in grads]

    def free_parameter():
        w = ms.Parameter(tensor([1.0, 2.0]), name="w")
        w.register_hook(lambda g: g * 10)
        return _list(ms.grad(lambda a: (a * w).sum(), None, [w])(tensor([1.0, 2.0])))

    def int_input():
        x = tensor([1, 2], onp.int32)
        x.register_hook(lambda g: g * 2)
        return _list(ops.grad(square_sum)(x))

    def removed():
        x = tensor([1.0, 2.0])
        x.register_hook(lambda g: g * 2).remove()
        return _list(ms.grad(square_sum)(x))

    def hooked_again_later():
        x = tensor([1.0, 2.0])
        first = _list(ms.grad(square_sum)(x))
        x.register_hook(lambda g: g * 5)
        return [first, _list(ms.grad(square_sum)(x)), _list(ms.grad(square_sum)(x))]

    def non_leaf_outside():
        y = tensor([1.0, 2.0]) * 2
        y.register_hook(lambda g: g * 3)
        return _list(ms.grad(square_sum)(y))

    return {f.__name__: f for f in (leaf_two, inner_two, returns_none, two_inputs, cell_weight,
                                    free_parameter, int_input, removed, hooked_again_later,
                                    non_leaf_outside)}
