"""Errors raised beneath a primitive or a ``mint`` function name what the user called
(``Tan input: ...``, ``mint.tan input: ...``), not the ``ops`` function underneath
(``ops.tan input: ...``); the exception classes stay MindSpore's."""
import inspect
import threading

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import mint, ops
from minpy_compat.errors import CellTypeError, current_caller, message

INTS = ms.Tensor(onp.array([1, 2], onp.int32))
BOOLS = ms.Tensor([True, False])
FLOATS = ms.Tensor([0.5, 0.25])

# primitives made by prims_base.forwarding (a Python int is refused: ops' "input" check)
UNARY_PRIMS = ["Tan", "Asin", "ACos", "Atan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh",
               "Expm1", "Log1p", "Floor", "Ceil", "Trunc", "Sign", "Reciprocal", "IsNan",
               "IsInf", "IsFinite", "Erfc", "Erfinv", "Sinc", "LogicalNot", "Round"]
MINT_UNARY = ["tan", "asin", "acos", "atan", "arcsin", "sinh", "cosh", "asinh", "acosh",
              "atanh", "expm1", "log1p", "log2", "log10", "exp2", "floor", "ceil", "trunc",
              "round", "reciprocal", "sign", "isfinite", "isinf", "isnan", "erfc", "erfinv",
              "sinc"]
SPECIAL_UNARY = ["erfc", "exp2", "expm1", "log1p", "round", "sinc"]

# (the name called, the call, the words after the name)
CASES = ([(name, lambda name=name: getattr(ops, name)()(3), " input: expected a Tensor")
          for name in UNARY_PRIMS]
         + [(f"mint.{name}", lambda name=name: getattr(mint, name)(3),
             " input: expected a Tensor") for name in MINT_UNARY]
         + [(f"mint.special.{name}", lambda name=name: getattr(mint.special, name)(3),
             " input: expected a Tensor") for name in SPECIAL_UNARY]
         + [("Atan2", lambda: ops.Atan2()(INTS, INTS), " input: expected a float Tensor"),
            ("Hypot", lambda: ops.Hypot()(INTS, INTS), " input: expected a float Tensor"),
            ("Logit", lambda: ops.Logit()(3), " input: expected a float Tensor"),
            ("Add", lambda: ops.Add()(BOOLS, BOOLS), ": expected number Tensors"),
            ("Sub", lambda: ops.Sub()(BOOLS, BOOLS), ": expected number Tensors"),
            ("ReLU6", lambda: ops.ReLU6()(INTS), " input: expected a float16"),
            ("Softmax", lambda: ops.Softmax()(INTS), " input: expected a float16"),
            ("Reshape", lambda: ops.Reshape()(FLOATS, 2), " shape: expected a tuple"),
            ("Cast", lambda: ops.Cast()("a", ms.float32), " input: expected a Tensor"),
            ("mint.add", lambda: mint.add(FLOATS, FLOATS, alpha="a"), " alpha: expected an"),
            ("mint.sub", lambda: mint.sub(FLOATS, FLOATS, alpha=True), " alpha: expected an"),
            ("mint.atan2", lambda: mint.atan2(INTS, INTS), " input: expected a float"),
            ("mint.arctan2", lambda: mint.arctan2(INTS, INTS), " input: expected a float"),
            ("mint.softmax", lambda: mint.softmax(INTS, 0), " input: expected a float16"),
            ("mint.reshape", lambda: mint.reshape(FLOATS, 2), " shape: expected a tuple"),
            ("mint.frac", lambda: mint.frac(3), " x: expected a Tensor"),
            ("mint.special.log_softmax", lambda: mint.special.log_softmax(INTS),
             " input: expected a float16")])


def test_the_table_is_broad():
    assert len(CASES) >= 30 and len({name for name, _, _ in CASES}) == len(CASES)


@pytest.mark.parametrize("name, call, words", CASES, ids=[name for name, _, _ in CASES])
def test_the_error_names_what_the_user_called(name, call, words):
    with pytest.raises(CellTypeError, match="^" + name.replace(".", r"\.") + words) as info:
        call()
    assert "ops." not in str(info.value).split(":")[0]
    assert isinstance(info.value, TypeError)  # the class MindSpore's replay expects
    assert current_caller() is None  # reset once the call is over, even by an error


@pytest.mark.parametrize("call, where", [
    (lambda: ops.tan(3), "ops.tan input"), (lambda: ops.add(BOOLS, BOOLS), "ops.add"),
    (lambda: ops.reshape(FLOATS, 2), "ops.reshape shape"),
    (lambda: ops.softmax(INTS), "ops.softmax input")])
def test_the_ops_functions_still_name_themselves(call, where):
    ops.Tan()(FLOATS)  # a primitive's call leaves no name behind
    with pytest.raises(CellTypeError, match="^" + where.replace(".", r"\.") + ": expected"):
        call()


def test_the_outermost_caller_is_named():
    # mint.greater_equal runs ops.ge; a mint function calling another names the first
    from minpy_compat.ops.checks import calling_as
    with pytest.raises(CellTypeError, match=r"^mint\.outer input: expected a Tensor"):
        calling_as("mint.outer", lambda: mint.tan(3))
    with pytest.raises(CellTypeError, match=r"^Tan input: expected a Tensor"):
        calling_as("Tan", lambda: ops.Asin()(3))


def test_only_an_ops_where_is_renamed():
    from minpy_compat.ops.checks import calling_as
    words = calling_as("Tan", lambda: [message("ops.tan input", "a", "b"),
                                       message("Rint input 0", "a", "b"),
                                       message("ops.max axis 2", "a", "b")])
    assert words == ["Tan input: expected a, got b.", "Rint input 0: expected a, got b.",
                     "Tan axis 2: expected a, got b."]


def test_another_thread_keeps_its_own_names():
    seen = []

    def other():
        try:
            ops.tan(3)
        except CellTypeError as error:
            seen.append(str(error).split(":")[0])
    from minpy_compat.ops.checks import calling_as
    calling_as("Tan", lambda: [t.start() or t.join() for t in [threading.Thread(target=other)]])
    assert seen == ["ops.tan input"]


def test_the_wrapped_functions_keep_their_signature_doc_and_results():
    assert inspect.signature(mint.tan) == inspect.signature(ops.tan)
    assert mint.tan.__doc__ == ops.tan.__doc__ and mint.tan.__name__ == ops.tan.__name__
    assert inspect.signature(mint.add) == inspect.signature(mint.add.__wrapped__)
    assert ops.Round.__call__.__name__ == "__call__"
    onp.testing.assert_allclose(mint.tan(FLOATS), onp.tan(onp.float32([0.5, 0.25])), 1e-6)
    assert ops.Tan()(FLOATS).dtype == onp.float32


def test_gradients_pass_through_the_named_calls():
    from autograd.test_util import check_grads
    x = onp.array([0.3, -0.2, 0.7])
    check_grads(lambda v: mint.tan(v) * ops.Tan()(v), modes=["rev"], order=2)(x)
    check_grads(lambda v: ops.Softmax()(v) * mint.special.expm1(v), modes=["rev"], order=2)(x)
