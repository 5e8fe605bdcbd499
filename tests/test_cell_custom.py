"""ops.Custom (pyfunc / mxnet kernels with a bprop) and its registration information."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import (CustomOpError, CustomOpTypeError, FuncTypeError,
                                 MXNetUnavailableError)
from minpy_compat.ops import CustomRegOp, DataType, custom_info_register

from conftest import check_grad

X = ms.Tensor([1.0, 4.0, 9.0])


def square_bprop(x, out, dout):
    return (2 * x * dout,)


def test_pyfunc_kernel_sees_numpy_and_bprop_sees_tensors():
    seen = {}

    def square(x):
        seen["kernel"] = type(x)
        return x * x

    def bprop(x, out, dout):
        seen["bprop"] = (type(x), type(out), type(dout))
        return (2 * x * dout,)
    op = ops.Custom(square, lambda s: s, lambda t: t, bprop=bprop)
    onp.testing.assert_array_equal(op(X), [1, 16, 81])
    onp.testing.assert_array_equal(ms.grad(op)(X), [2, 8, 18])
    assert seen["kernel"] is onp.ndarray
    assert all(issubclass(kind, ms.Tensor) for kind in seen["bprop"])


def test_bprop_is_differentiable_and_matches_finite_differences():
    op = ops.Custom(lambda x: x * x, bprop=square_bprop)
    onp.testing.assert_array_equal(ops.grad(ops.grad(op))(X), [2, 2, 2])
    check_grad(op, onp.array([0.3, -1.2, 2.0]))


def test_a_custom_kernel_in_a_bprop_and_out_shape_lists():
    grad_kernel = ops.Custom(lambda x, dout: 2 * x * dout, lambda x, _: x, lambda x, _: x)
    op = ops.Custom(lambda x: x * x, [3], ms.float32,
                    bprop=lambda x, out, dout: (grad_kernel(x, dout),))
    onp.testing.assert_array_equal(ms.grad(op)(X), [2, 8, 18])


def test_multi_output_kernel():
    op = ops.Custom(lambda x: (x * 2, x * 3), lambda s: (s, s), lambda t: (t, t),
                    bprop=lambda x, out, dout: (dout[0] * 2 + dout[1] * 3,))
    a, b = op(X)
    onp.testing.assert_array_equal(b, [3, 12, 27])
    onp.testing.assert_array_equal(ms.grad(lambda x: op(x)[0])(X), [2, 2, 2])
    onp.testing.assert_array_equal(ops.grad(op)(X), [5, 5, 5])


def test_two_inputs_and_int_inputs():
    op = ops.Custom(lambda x, y: x + y, lambda a, b: a, lambda a, b: a,
                    bprop=lambda x, y, out, dout: (dout, dout * 2))
    onp.testing.assert_array_equal(op(ms.Tensor(onp.array([1], onp.int32)),
                                      ms.Tensor(onp.array([2], onp.int32))), [3])
    gx, gy = ms.grad(op, (0, 1))(X, X)
    onp.testing.assert_array_equal(gy, [2, 2, 2])


def test_declared_dtype_wins_and_wrong_shape_is_an_error():
    widened = ops.Custom(lambda x: x.astype(onp.float64), lambda s: s, lambda t: t)
    assert widened(X).dtype == onp.float32
    wrong = ops.Custom(lambda x: x[:2], lambda s: s, lambda t: t)
    with pytest.raises(CustomOpError, match=r"Custom\(<lambda>\) output 0: expected shape \(3,\) "
                                            r"\(out_shape\), got shape \(2,\)"):
        wrong(X)


def test_no_bprop_and_a_gradient_is_requested():
    def double(x):
        return x * 2
    op = ops.Custom(double, lambda s: s, lambda t: t)
    onp.testing.assert_array_equal(op(X), [2, 8, 18])
    with pytest.raises(CustomOpError, match=r"Custom\(double\): expected a bprop to differentiate "
                                            r"it, got none. Pass bprop="):
        ms.grad(op)(X)
    assert issubclass(CustomOpError, RuntimeError)


def test_bprop_result_is_checked():
    op = ops.Custom(lambda x, y: x * y, bprop=lambda x, y, out, dout: (dout,))
    with pytest.raises(RuntimeError, match=r"Custom\(<lambda>\).bprop: expected a tuple of 2 "
                                           r"gradients \(x, y\), got one gradient"):
        ms.grad(op)(X, X)
    numpy_grad = ops.Custom(lambda x: x, bprop=lambda x, out, dout: (onp.ones(3),))
    with pytest.raises(TypeError, match="expected a Tensor, got a numpy.ndarray"):
        ms.grad(numpy_grad)(X)


@pytest.mark.parametrize("func_type", ["akg", "tbe", "aot", "hybrid", "aicpu", "julia"])
def test_device_kernel_types_are_not_available(func_type):
    with pytest.raises(FuncTypeError, match=rf"Custom\(<lambda>\) func_type: expected 'pyfunc' or "
                                            rf"'mxnet' \(the kernel types available here\), got "
                                            rf"'{func_type}'. '{func_type}' kernels need"):
        ops.Custom(lambda x: x, func_type=func_type)
    assert issubclass(FuncTypeError, ValueError)


def test_bad_custom_arguments():
    with pytest.raises(FuncTypeError, match="func_type: expected 'pyfunc' or 'mxnet', got 'cuda'"):
        ops.Custom(lambda x: x, func_type="cuda")
    with pytest.raises(CustomOpTypeError, match=r"Custom\(int\) func: expected a function"):
        ops.Custom(3)
    with pytest.raises(TypeError, match="bprop: expected a function bprop"):
        ops.Custom(lambda x: x, bprop=3)
    with pytest.raises(TypeError, match=r"out_shape: expected a function of the input shapes, "
                                        r"or a list, got int 3"):
        ops.Custom(lambda x: x, out_shape=3)(X)
    with pytest.raises(TypeError, match="out_dtype: expected a function of the input dtypes, or a "
                                        "dtype such as ms.float32, got str 'float32'"):
        ops.Custom(lambda x: x, out_dtype="float32")(X)


def test_mxnet_kernels_see_ndarrays_and_match_finite_differences():
    mx = pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")
    seen = {}

    def kernel(x):
        seen["kernel"] = type(x)
        return x * x

    def bprop(x, out, dout):
        seen["bprop"] = {type(x), type(out), type(dout)}
        return (2 * x * dout,)
    op = ops.Custom(kernel, lambda s: s, lambda t: t, func_type="mxnet", bprop=bprop)
    onp.testing.assert_array_equal(op(X).asnumpy(), [1, 16, 81])
    onp.testing.assert_array_equal(ms.grad(op)(X), [2, 8, 18])
    assert seen["kernel"] is mx.nd.NDArray and seen["bprop"] == {mx.nd.NDArray}
    check_grad(op, onp.array([0.3, -1.2, 2.0]))
    two = ops.Custom(lambda x: (x * 2, x * 3), lambda s: (s, s), lambda t: (t, t),
                     func_type="mxnet", bprop=lambda x, out, dout: (dout[0] * 2 + dout[1] * 3,))
    onp.testing.assert_array_equal(ops.grad(two)(X), [5, 5, 5])
    with pytest.raises(CustomOpError, match="expected a bprop to differentiate it"):
        ms.grad(ops.Custom(lambda x: x * 2, func_type="mxnet"))(X)


def test_cells_and_gradients_on_mxnet_values():
    pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")
    from minpy_compat.dispatch.policy import wrap_policy
    import minpy_compat.numpy as np

    class Square(nn.Cell):
        def construct(self, x):
            return x * x

        def bprop(self, x, out, dout):
            return (3 * x * dout,)  # deliberately not 2x
    with wrap_policy("only_mxnet"):
        x = np.exp(np.array([0.0, 1.0], dtype=np.float32))
        assert isinstance(x, ms.Tensor) and not isinstance(x, onp.ndarray)
        onp.testing.assert_allclose(ms.grad(Square())(x), [3, 3 * onp.e], rtol=1e-6)
        dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        gx, (gw, gb) = ms.grad(dense, 0, dense.trainable_params())(np.reshape(x, (1, 2)))
        onp.testing.assert_allclose(onp.asarray(gw), [[1, onp.e]], rtol=1e-6)  # operators
        # on Arrays follow only_mxnet, and NumPy's testing compares bool masks


def test_mxnet_kernels_without_mxnet_give_the_install_command():
    try:
        import mxnet  # noqa: F401
    except ImportError:
        with pytest.raises(MXNetUnavailableError, match='pip install "mxnet==1.9.1"'):
            ops.Custom(lambda x: x, func_type="mxnet")
    else:
        pytest.skip("MXNet is installed (this checks the core environment)")


# ---- registration information ---------------------------------------------------------------
def f32_info(target="CPU"):
    return (CustomRegOp().input(0, "x").input(1, "y").output(0, "z")
            .dtype_format(DataType.F32_Default, DataType.F32_Default, DataType.F32_Default)
            .target(target).get_op_info())


def test_custom_reg_op_builder():
    info = (CustomRegOp("myop").input(0, "x").output(0, "z")
            .attr("scale", "required", "float", value="1.0")
            .dtype_format(DataType.F32_Default, DataType.F32_Default).target("CPU").get_op_info())
    assert info == {"op_name": "myop", "inputs": [{"index": 0, "name": "x",
                                                   "paramType": "required"}],
                    "outputs": [{"index": 0, "name": "z", "paramType": "required"}],
                    "attr": [{"name": "scale", "paramType": "required", "type": "float",
                              "value": "1.0"}],
                    "fusion_type": "", "target": "CPU",
                    "dtype_format": [(("float32", "DefaultFormat"),
                                      ("float32", "DefaultFormat"))]}
    assert DataType.I32_None == ("int32", "") and DataType.None_None == ("", "")
    assert DataType.F16_5HD == ("float16", "NC1HWC0")
    with pytest.raises(TypeError, match="CustomRegOp.input index: expected an int"):
        CustomRegOp().input("0", "x")


def test_reg_info_refuses_other_dtypes_on_the_current_target():
    op = ops.Custom(lambda x, y: x + y, lambda a, b: a, lambda a, b: a, reg_info=f32_info())
    onp.testing.assert_array_equal(op(X, X), [2, 8, 18])
    ints = ms.Tensor(onp.array([1, 2], onp.int32))
    with pytest.raises(CustomOpTypeError, match=r"Custom\(<lambda>\) inputs on target CPU: "
                                                r"expected dtypes the registration supports "
                                                r"\(input\[Float32 Float32\], output\[Float32\]\), "
                                                r"got Int32 Int32"):
        op(ints, ints)
    assert issubclass(CustomOpTypeError, TypeError)


def test_reg_info_for_another_target_does_not_restrict():
    op = ops.Custom(lambda x, y: x + y, lambda a, b: a, lambda a, b: a, reg_info=f32_info("GPU"))
    ints = ms.Tensor(onp.array([1, 2], onp.int32))
    onp.testing.assert_array_equal(op(ints, ints), [2, 4])
    with ms.gpu(0), pytest.raises(TypeError, match="inputs on target GPU"):
        op(ints, ints)


def test_custom_info_register_and_reg_info_priority():
    @custom_info_register(f32_info())
    def add(x, y):
        return x + y
    assert add.reg_info == (f32_info(),) and add.__wrapped__ is not None
    onp.testing.assert_array_equal(add(1, 2), 3)
    ints = ms.Tensor(onp.array([1, 2], onp.int32))
    with pytest.raises(TypeError, match="Unsupported|expected dtypes"):
        ops.Custom(add, lambda a, b: a, lambda a, b: a)(ints, ints)
    int_info = (CustomRegOp().input(0, "x").input(1, "y").output(0, "z")
                .dtype_format(DataType.I32_Default, DataType.I32_Default, DataType.I32_Default)
                .target("CPU"))
    op = ops.Custom(add, lambda a, b: a, lambda a, b: a, reg_info=int_info)
    onp.testing.assert_array_equal(op(ints, ints), [2, 4])


def test_reg_info_needs_dtype_formats():
    info = CustomRegOp().input(0, "x").output(0, "y").target("CPU").get_op_info()
    with pytest.raises(ValueError, match=r"Custom\(<lambda>\) reg_info: expected registration "
                                         r"information with dtype_format, got none"):
        ops.Custom(lambda x: x, reg_info=info)


def test_custom_inside_a_cell_with_gradients_to_parameters_around_it():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0]), name="w")
            self.op = ops.Custom(lambda x: x * x, bprop=square_bprop)

        def construct(self, x):
            return self.op(self.w * x)
    net = Net()
    onp.testing.assert_array_equal(ms.grad(net, None, net.w)(ms.Tensor([1.0, 1.0, 1.0])),
                                   [2, 4, 6])
