"""The custom-primitive scenarios run on real MindSpore 2.10 (``make_prim_registration_fixture
.py``) and replayed on minpy_compat (``tests/test_prim_registration_oracle.py``): each takes
``(ms, ops)`` and returns a JSON value."""
from importlib import import_module

import numpy as onp


def _classes(ops, calls):
    class Scale(ops.PrimitiveWithInfer):
        @ops.prim_attr_register
        def __init__(self, alpha=1.0, beta=None, name_x="q"):
            self.init_prim_io_names(inputs=["x"], outputs=["y"])

        def infer_shape(self, x_shape):
            calls.append(["shape", list(x_shape)])
            return x_shape

        def infer_dtype(self, x_dtype):
            calls.append(["dtype"])
            return x_dtype

        def infer_value(self, x):
            calls.append(["value"])

    class Times(ops.PrimitiveWithInfer):
        @ops.prim_attr_register
        def __init__(self, alpha=1.0):
            pass

        def infer_shape(self, x_shape):
            calls.append(["shape"])
            return x_shape

        def __call__(self, x):
            return x * self.alpha

    class PlusOne(ops.PrimitiveWithCheck):
        @ops.prim_attr_register
        def __init__(self):
            pass

        def check_shape(self, x_shape):
            calls.append(["check"])

        def __call__(self, x):
            return x + 1

    class Args(ops.Primitive):
        @ops.prim_arg_register
        def __init__(self, a=1, b=2):
            pass
    return Scale, Times, PlusOne, Args


def _attrs(prim):
    return sorted([k, repr(v)] for k, v in prim.attrs.items())


def scenarios(ms, ops):
    calls = []
    Scale, Times, PlusOne, Args = _classes(ops, calls)
    x = ms.Tensor(onp.array([1.0, 2.0], onp.float32))

    def no_kernel():  # the hooks run too, on MindSpore's own thread (not recorded here)
        try:
            Scale(2.0)(x)
        except RuntimeError:
            return "RuntimeError"
        return "no error"

    def override(prim):
        del calls[:]
        return [prim(x).asnumpy().tolist(), calls]

    def added():
        prim = Scale()
        same = prim.add_prim_attr("k", 5) is prim
        return [same, prim.attrs["k"], prim.k, repr(prim)]

    def removed():
        prim = Scale().add_prim_attr("k", 5)
        prim.del_prim_attr("k")
        return ["k" in prim.attrs, hasattr(prim, "k")]

    def set_later():
        prim = Scale(2.0)
        prim.alpha = 9.0
        return [prim.attrs["alpha"], prim.alpha]

    def dtypes():
        half = ms.Parameter(ms.Tensor(onp.ones(2, onp.float16)), name="half")
        return [ops.dtype(x) == ms.float32, ops.DType()(x) == ms.float32,
                ops.functional.dtype(ms.Tensor(onp.ones(2, onp.int32))) == ms.int32,
                ops.dtype(half) == ms.float16, ops.dtype(x) is ms.float32]

    def refused(value):
        try:
            ops.dtype(value)
        except TypeError:
            try:
                ops.DType()(value)
            except TypeError:
                return "TypeError"
        return "no error"

    def bad_keyword():
        try:
            Scale(q=1)
        except TypeError:
            return "TypeError"
        return "no error"

    return {
        "attrs_of_the_arguments": lambda: _attrs(Scale(alpha=2.0)),
        "attrs_of_the_defaults": lambda: _attrs(Scale()),
        "attrs_of_positional_arguments": lambda: _attrs(Scale(3.0, 4)),
        "arguments_as_attributes": lambda: [Scale(2.0).alpha, Scale(2.0).beta, Scale().name_x],
        "init_attrs": lambda: sorted([k, repr(v)] for k, v in Scale(2.0).init_attrs.items()),
        "name_and_repr": lambda: [Scale(2.0).name, repr(Scale(2.0)), str(Scale())],
        "io_names": lambda: [Scale().input_names, Scale().output_names],
        "add_prim_attr": added,
        "del_prim_attr": removed,
        "attribute_set_later_leaves_attrs": set_later,
        "no_kernel_fails_with_a_runtime_error": no_kernel,
        "python_call_skips_the_infer_hooks": lambda: override(Times(3.0)),
        "python_call_skips_the_check_hooks": lambda: override(PlusOne()),
        "check_attrs": lambda: _attrs(PlusOne()),
        "prim_arg_register": lambda: [_attrs(Args(5)), Args(5).a, Args(5).init_attrs],
        "unknown_keyword": bad_keyword,
        "dtype_readers": dtypes,
        "dtype_of_a_numpy_array": lambda: refused(onp.ones(2)),
        "dtype_of_a_python_number": lambda: refused(1.0),
        "ops_tensor_and_constexpr": lambda: [ops.Tensor is ms.Tensor,
                                             ops.constexpr is ms.constexpr],
        "ops_primitive_names": lambda: [hasattr(import_module(f"{ms.__name__}.ops.primitive"), n)
                                        for n in (
            "Primitive", "PrimitiveWithCheck", "PrimitiveWithInfer", "constexpr",
            "prim_arg_register", "prim_attr_register")],
    }
