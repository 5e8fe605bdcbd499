"""When a gradient reuses a Cell's recorded forward: cases run on MindSpore 2.10 by
``make_forward_record_fixture.py`` and replayed on minpy_compat by
``tests/test_forward_record_oracle.py``. ``run_cases(ms, nn, C)`` takes either framework's
modules and returns, per case, how many times construct ran, BatchNorm's first moving
mean, and the gradients (a Dropout case: whether the gradient used the forward's mask)."""
import numpy as onp

X = [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]
W = [[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]]


def _nets(ms, nn):
    class Norm(nn.Cell):
        """Dense (fixed weights) then BatchNorm1d, summed; counts its construct runs."""

        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(3, 2, weight_init=ms.Tensor(onp.array(W, onp.float32)),
                               bias_init="zeros")
            self.bn = nn.BatchNorm1d(2)
            self.count = 0

        def construct(self, x):
            self.count += 1
            return self.bn(self.fc(x)).sum()

    class Wrap(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net, self.count = net, 0

        def construct(self, x):
            self.count += 1
            return self.net(x)

    class Scale(nn.Cell):
        """sum(w * x * x * k); counts its construct runs."""

        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(onp.array([1.0, 2.0, 3.0], onp.float32)), name="w")
            self.count = 0

        def construct(self, x, k=1):
            self.count += 1
            return (self.w * x * x * k).sum()

    return Norm, Wrap, Scale


def _floats(value):
    if isinstance(value, (tuple, list)):
        return [_floats(v) for v in value]
    return onp.asarray(value.asnumpy() if hasattr(value, "asnumpy") else value,
                       onp.float64).tolist()


def run_cases(ms, nn, C):
    Norm, Wrap, Scale = _nets(ms, nn)
    x = ms.Tensor(onp.array(X, onp.float32))
    sens = ms.Tensor(onp.float32(2.0))
    by_list = C.GradOperation(get_by_list=True)
    out = {}

    def norm_case(name, after, grad_set=True, train=True):
        net = Norm()
        net.set_train(train)
        if grad_set:
            net.set_grad()
        net(x)
        grads = after(net)
        out[name] = {"count": net.count, "mean0": float(net.bn.moving_mean.asnumpy()[0]),
                     "grads": _floats(grads)}

    norm_case("same_objects", lambda n: by_list(n, n.trainable_params())(x))
    norm_case("equal_copy", lambda n: by_list(n, n.trainable_params())(ms.Tensor(X, ms.float32)))
    norm_case("other_values", lambda n: by_list(n, n.trainable_params())(x + 1))
    norm_case("no_set_grad", lambda n: by_list(n, n.trainable_params())(x), grad_set=False)
    norm_case("set_grad_false", lambda n: by_list(n.set_grad(False), n.trainable_params())(x))
    norm_case("eval_mode", lambda n: by_list(n, n.trainable_params())(x), train=False)
    norm_case("two_forwards", lambda n: (n(x), by_list(n, n.trainable_params())(x))[1])
    norm_case("grad_op_input", lambda n: C.GradOperation()(n)(x))
    norm_case("grad_op_get_all", lambda n: C.GradOperation(get_all=True)(n)(x))
    norm_case("grad_op_sens", lambda n: C.GradOperation(get_by_list=True, sens_param=True)(
        n, n.trainable_params())(x, sens))
    norm_case("ms_grad", lambda n: ms.grad(n)(x))
    norm_case("ms_grad_weights", lambda n: ms.grad(n, None, n.trainable_params())(x))
    norm_case("value_and_grad", lambda n: ms.value_and_grad(n, None, n.trainable_params())(x))
    norm_case("grad_twice", lambda n: (C.GradOperation()(n)(x), C.GradOperation()(n)(x))[1])
    norm_case("grad_of_a_lambda", lambda n: C.GradOperation()(lambda a: n(a))(x))

    def nested(name, set_outer, grad_outer):
        inner = Norm()
        inner.set_train()
        outer = Wrap(inner)
        (outer if set_outer else inner).set_grad()
        outer(x)
        C.GradOperation()(outer if grad_outer else inner)(x)
        out[name] = {"count": [outer.count, inner.count],
                     "mean0": float(inner.bn.moving_mean.asnumpy()[0])}

    nested("outer_set_grad_grad_inner", True, False)
    nested("outer_set_grad_grad_outer", True, True)
    nested("inner_set_grad_grad_inner", False, False)
    nested("inner_set_grad_grad_outer", False, True)

    v = ms.Tensor(onp.array([1.0, 2.0, 3.0], onp.float32))
    u = ms.Tensor(onp.array([5.0, 5.0, 5.0], onp.float32))
    grad_all = C.GradOperation(get_all=True, get_by_list=True)

    def scale_case(name, steps, grad_set=True):
        net = Scale()
        if grad_set:
            net.set_grad()
        grads = steps(net)
        out[name] = {"count": net.count, "grads": _floats(grads)}

    def changed(net):
        net(v)
        net.w.set_data(ms.Tensor(onp.array([10.0, 20.0, 30.0], onp.float32)))
        return grad_all(net, net.trainable_params())(v)

    scale_case("parameter_changed", changed)
    scale_case("forward_x_forward_y_grad_y",
               lambda n: (n(v), n(u), C.GradOperation()(n)(u))[2])
    scale_case("forward_x_forward_y_grad_x",
               lambda n: (n(v), n(u), C.GradOperation()(n)(v))[2])
    scale_case("int_argument_same", lambda n: (n(v, 2), C.GradOperation()(n)(v, 2))[1])
    scale_case("int_argument_other", lambda n: (n(v, 2), C.GradOperation()(n)(v, 3))[1])
    other = ms.Parameter(ms.Tensor(onp.float32(1.0)), name="other")
    scale_case("outside_parameter", lambda n: (n(v), by_list(n, [other])(v))[1])

    def frozen(net):
        net.w.requires_grad = False
        net(v)
        return by_list(net, [net.w])(v)

    scale_case("frozen_parameter", frozen)

    scale_case("forward_value_and_grad", lambda n: nn.ForwardValueAndGrad(
        n, weights=n.trainable_params(), get_by_list=True, sens_param=True)(v, sens)[1],
        grad_set=False)
    scale_case("train_one_step_cell",
               lambda n: nn.TrainOneStepCell(n, nn.SGD(n.trainable_params(), 0.1))(v),
               grad_set=False)

    def wrapper_set_grad(net):  # set_grad on the training wrapper itself
        step = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.1))
        step.set_grad()
        return [step(v), step(v), net.w]

    scale_case("train_one_step_cell_set_grad", wrapper_set_grad, grad_set=False)

    ms.set_seed(1)
    drop = nn.Dropout(p=0.5)
    drop.set_train()
    drop.set_grad()
    ones = ms.Tensor(onp.ones(64, onp.float32))
    forward = drop(ones)
    grads = C.GradOperation()(drop)(ones)
    out["dropout_mask"] = {"same_mask": bool((forward.asnumpy() == grads.asnumpy()).all())}
    return out
