"""Seed 002: ops.Custom with a bprop; ms.grad(Net())(x) prints [ 2.  8. 18.].

The seed writes its kernels in MindSpore's device DSL (func_type="akg", with the
`output_tensor` intrinsic) for a GPU. minpy_compat runs kernels in NumPy or MXNet,
so besides the imports this script changes exactly:
  * func_type="akg" -> func_type="pyfunc" in both Custom calls
    (the unchanged seed gets a clear error; this script shows it first);
  * `output_tensor` is defined (the akg intrinsic: a new array of a shape and dtype);
  * device_target="GPU" -> "CPU" unless MXNet sees a GPU (set_context refuses a
    GPU target on a machine without one, with a clear error).
The seed's `square` kernel squares `y` rather than `x`; the gradient comes from
the bprop, so the printed gradient is the seed's either way.
"""
import numpy as np

import minpy_compat as ms
from minpy_compat.errors import ContextError
from minpy_compat.nn import Cell
import minpy_compat.ops as ops

# ---- the unchanged seed's kernel type is refused clearly --------------------------------
try:
    ops.Custom(lambda x: x, lambda x: x, lambda x: x, func_type="akg")
except ValueError as err:
    print("func_type='akg':", err)


def output_tensor(shape, dtype):
    """akg's intrinsic for a kernel's result, in NumPy."""
    return np.zeros(shape, dtype)


# ---- the seed's code (func_type changed to "pyfunc") -------------------------------------
try:
    ms.set_context(mode=ms.GRAPH_MODE, device_target="GPU")
except ContextError as err:
    print("device_target='GPU':", err)
    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")


# Forward computation of custom operator
def square(x):
    y = output_tensor(x.shape, x.dtype)
    for i0 in range(x.shape[0]):
        y[i0] = y[i0] * y[i0]
    return y


# Backward computation of custom operator
def square_grad(x, dout):
    dx = output_tensor(x.shape, x.dtype)
    for i0 in range(x.shape[0]):
        dx[i0] = 2.0 * x[i0]
    for i0 in range(x.shape[0]):
        dx[i0] = dx[i0] * dout[i0]
    return dx


# Backpropagation function
def bprop():
    op = ops.Custom(square_grad, lambda x, _: x, lambda x, _: x, func_type="pyfunc")

    def custom_bprop(x, out, dout):
        dx = op(x, dout)
        return (dx,)

    return custom_bprop


class Net(Cell):
    def __init__(self):
        super(Net, self).__init__()
        # Define a custom operator of pyfunc type and provide a backpropagation function
        self.op = ops.Custom(square, lambda x: x, lambda x: x, bprop=bprop(), func_type="pyfunc")

    def construct(self, x):
        return self.op(x)


if __name__ == "__main__":
    x = np.array([1.0, 4.0, 9.0]).astype(np.float32)
    dx = ms.grad(Net())(ms.Tensor(x))
    print(dx)
