"""Replay of ``oracle/binary_dtypes_fixture.json``: MindSpore 2.10's result dtype (or exception
type) for ``ops.add``/``sub``/``mul``/``div``/``pow``/``maximum``/``minimum``/comparisons/
``floor_div`` and the Tensor operators over pairs of Bool, int, uint8, float Tensors (n-d and
0-d) and Python numbers, and for the unary float functions over every dtype.

Accepted differences (each checked by ``_accepted`` below, nothing else may differ):
- Tensor operators (``x + 2.5``, ``x / y``, ...) follow NumPy's rules, not MindSpore's:
  a Tensor is the facade's array (one type), and the facade is a drop-in NumPy. So
  ``int32 Tensor + 2.5`` is float64 (MindSpore: Float32), ``int / int`` is float64, two Bools
  add as logical or, and int8 * 0-d int32 is accepted; ours must then equal NumPy's answer.
- ``ops.mul`` and ``ops.div`` (and MindSpore's ``*``/``/``) treat a 0-d Tensor as a Python
  number in MindSpore (``float16 * 0-d float32`` is Float16, ``0-d int32 * 3`` is Int64,
  ``int8 * 0-d uint8`` raises); ours ranks a 0-d Tensor as any other Tensor, as ``ops.add`` does.
"""
import json
import os
import sys

import numpy as onp
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracle"))

import minpy_compat as ms  # noqa: E402
from minpy_compat import ops  # noqa: E402
from binary_dtype_cases import (OPERATORS, PYTHON_NUMBERS, make_operand)  # noqa: E402

with open(os.path.join(HERE, "oracle", "binary_dtypes_fixture.json")) as _f:
    FIXTURE = json.load(_f)


def _ours(run):
    """What ``outcome`` records, with our error classes named by the built-in they extend."""
    try:
        result = run()
    except (TypeError, ValueError) as error:
        return "error:" + ("TypeError" if isinstance(error, TypeError) else "ValueError")
    return str(result.dtype).lower() if hasattr(result, "dtype") else "python:" + type(
        result).__name__


def _operand(name):
    return make_operand(name, ms.Tensor, onp)


def _numpy_operand(name):
    return make_operand(name, lambda data: data, onp)


def _accepted(family, key, want, got):
    """Why ``got`` may stand where MindSpore gave ``want`` (module docstring), or None."""
    if "|" not in key:
        return None  # the unary functions have none
    left, right = key.split("|")
    if family in OPERATORS:
        with onp.errstate(all="ignore"):
            numpy = _ours(lambda: OPERATORS[family](
                _numpy_operand(left), _numpy_operand(right)))
        if numpy.startswith("python:"):  # NumPy scalars op Python numbers: 0-d results
            numpy = _ours(lambda: onp.asarray(OPERATORS[family](
                _numpy_operand(left), _numpy_operand(right))))
        return "operators follow NumPy" if got == numpy else None
    zero_d = left.startswith("0d:") or right.startswith("0d:")
    if family in ("mul", "div") and zero_d:
        return "MindSpore's Mul/Div take a 0-d Tensor as a Python number"
    return None


def _mismatches(family, cases, run):
    wrong = []
    for key, want in sorted(cases.items()):
        got = _ours(lambda: run(*key.split("|")))
        if got != want and not _accepted(family, key, want, got):
            wrong.append(f"{family} {key}: MindSpore {want}, ours {got}")
    return wrong


@pytest.mark.parametrize("op", sorted(FIXTURE["ops"]))
def test_binary_op_result_dtypes_match_mindspore(op):
    with onp.errstate(all="ignore"):
        wrong = _mismatches(op, FIXTURE["ops"][op],
                            lambda a, b: getattr(ops, op)(_operand(a), _operand(b)))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("symbol", sorted(FIXTURE["operators"]))
def test_tensor_operator_dtypes_match_mindspore_or_numpy(symbol):
    with onp.errstate(all="ignore"):
        wrong = _mismatches(symbol, FIXTURE["operators"][symbol],
                            lambda a, b: OPERATORS[symbol](_operand(a), _operand(b)))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("kind", ["unary_ops", "unary_methods"])
def test_unary_float_functions_refuse_or_promote_ints_as_mindspore(kind):
    wrong = []
    for name, cases in sorted(FIXTURE[kind].items()):
        call = getattr(ops, name) if kind == "unary_ops" else (
            lambda x, name=name: getattr(x, name)())
        with onp.errstate(all="ignore"):
            wrong += _mismatches(name, cases, lambda a, b=None: call(_operand(a)))
    assert not wrong, "\n".join(wrong)


def test_accepted_differences_are_still_differences():
    """Each accepted family still differs somewhere (else its entry should go)."""
    differs = {"operators": False, "mul/div 0-d": False}
    for symbol, cases in FIXTURE["operators"].items():
        differs["operators"] |= any(_ours(lambda: OPERATORS[symbol](
            *map(_operand, key.split("|")))) != want for key, want in cases.items())
    for op in ("mul", "div"):
        differs["mul/div 0-d"] |= any(_ours(lambda: getattr(ops, op)(
            *map(_operand, key.split("|")))) != want for key, want in FIXTURE["ops"][op].items())
    assert all(differs.values()), differs
    assert set(PYTHON_NUMBERS) == {"py_int", "py_float", "py_bool"}


def test_unbroadcastable_add_raises_mindspores_exception_type_naming_both_shapes():
    recorded = FIXTURE["broadcast_error"]  # MindSpore: ValueError naming 'Add' and both shapes
    assert recorded["type"] == "ValueError" and "[2, 3]" in recorded["message"]
    a, b = ms.Tensor(onp.ones((2, 3), onp.float32)), ms.Tensor(onp.ones(4, onp.float32))
    with pytest.raises(ValueError) as info:
        ops.add(a, b)
    assert "ops.add" in str(info.value) and "(2, 3)" in str(info.value) and "(4,)" in str(
        info.value)
