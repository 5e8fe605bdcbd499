"""Round 7 of fuzzing ``minpy_compat.numpy``: ``unwrap`` with a traced ``period`` or
``discont``, ``kaiser``'s gradient in ``beta``, ``as_strided`` on a traced array, writers
(``save``, ``savez``, ``savez_compressed``, ``savetxt``) given traced arrays, ``.npz``
archives and ``np.char``/``np.strings`` giving Arrays, masked arrays' repr and ``fromiter``
over traced numbers. Gradients against float64 finite differences, in both environments.
"""
import io
import os

import numpy as onp
import pytest
from numpy.lib.stride_tricks import as_strided

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array
from minpy_compat.errors import TracedValueError
from minpy_compat.numpy import derived_gradients
from conftest import check_grad

PHASES = onp.array([0.0, 3.5, 7.2, 1.0, 6.5, 13.1, -2.0])


# ---- unwrap: differentiable in period (k periods added), constant in discont ---------------
@pytest.mark.parametrize("period", [6.0, 2 * onp.pi, 10.0])
def test_unwrap_period_gradient_matches_finite_differences(period):
    check_grad(lambda p: np.unwrap(PHASES, period=p), onp.float64(period))


def test_unwrap_period_and_phases_together_match_finite_differences():
    phases = onp.stack([PHASES, PHASES[::-1] * 0.7])
    check_grad(lambda x, p: np.unwrap(x, axis=0, period=p) * onp.arange(7.0), phases,
               onp.float64(5.0))


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_unwrap_with_a_traced_period_has_numpys_values(axis):
    phases = onp.stack([PHASES, PHASES * 1.7, -PHASES])
    seen = []

    def f(p):
        out = np.unwrap(phases, 2.5, axis, period=p)
        seen.append(out._value)
        return np.sum(out)
    grad(f)(onp.float64(4.0))
    onp.testing.assert_array_equal(seen[0], onp.unwrap(phases, 2.5, axis, period=4.0))


def test_unwrap_keeps_a_float32_period_float32():
    phases = PHASES.astype(onp.float32)
    assert grad(lambda p: np.sum(np.unwrap(phases, period=p)))(onp.float32(6.0)).dtype == \
        onp.float32


@pytest.mark.parametrize("keyword", [True, False])
def test_unwrap_discont_gets_a_zero_gradient_and_numpys_values(keyword):
    seen = []

    def f(d):
        out = np.unwrap(PHASES, discont=d) if keyword else np.unwrap(PHASES, d)
        seen.append(onp.asarray(out))
        return np.sum(out)
    assert grad(f)(4.0) == 0.0
    onp.testing.assert_array_equal(seen[0], onp.unwrap(PHASES, discont=4.0))


def test_numpy_unwrap_of_a_traced_array_takes_a_traced_period():
    gx, gp = grad(lambda x, p: np.sum(onp.unwrap(x, period=p)), [0, 1])(PHASES, 6.0)
    onp.testing.assert_array_equal(gx, onp.ones(7))
    assert gp == onp.sum(onp.round((onp.unwrap(PHASES, period=6.0) - PHASES) / 6.0))


# ---- kaiser: differentiable in beta through i0 ----------------------------------------------
@pytest.mark.parametrize("M, beta", [(5, 2.0), (8, 0.5), (2, 3.0), (12, 14.0), (6, 0.0)])
def test_kaiser_beta_gradient_matches_finite_differences(M, beta):
    check_grad(lambda b: np.kaiser(M, b) * onp.arange(1.0, M + 1), onp.float64(beta))


def test_kaiser_beta_second_order_matches_finite_differences():
    check_grad(lambda b: np.kaiser(7, b), onp.float64(1.5), order=2, rtol=1e-4)


@pytest.mark.parametrize("M, beta", [(5, 2.0), (1, 3.0), (0, 3.0), (9, 8.6)])
def test_kaiser_composite_has_numpys_values(M, beta):
    onp.testing.assert_allclose(derived_gradients.COMPOSITES["kaiser"](M, beta),
                                onp.kaiser(M, beta), rtol=1e-14)


def test_a_one_point_kaiser_window_is_constant_in_beta():
    assert grad(lambda b: np.sum(np.kaiser(1, b)))(2.0) == 0.0


# ---- as_strided: refused by name ----------------------------------------------------------
def test_as_strided_of_a_traced_array_is_refused_by_name():
    def f(x):
        return np.sum(as_strided(x, shape=(2, 2), strides=(8, 8)))
    with pytest.raises(TracedValueError, match=r"^numpy\.lib\.stride_tricks\.as_strided argument "
                                               r"0 'x': expected .*sliding_window_view"):
        grad(f)(onp.arange(4.0))


def test_as_strided_of_values_still_works():
    out = as_strided(np.arange(4.0), shape=(3, 2), strides=(8, 8))
    onp.testing.assert_array_equal(out, [[0, 1], [1, 2], [2, 3]])


def test_other_conversions_keep_the_general_message():
    with pytest.raises(TracedValueError, match=r"^numpy\.asarray on a traced value"):
        grad(lambda x: onp.asarray(x).sum())(onp.ones(2))


# ---- writers take a traced array's numbers ---------------------------------------------------
def test_savetxt_of_a_traced_array_writes_its_values():
    buffer = io.StringIO()

    def f(x):
        np.savetxt(buffer, x * 2.0)
        return np.sum(x)
    onp.testing.assert_array_equal(grad(f)(onp.arange(3.0)), onp.ones(3))
    onp.testing.assert_array_equal(onp.loadtxt(io.StringIO(buffer.getvalue())), [0.0, 2.0, 4.0])


@pytest.mark.parametrize("save", [np.save, onp.save], ids=["facade", "numpy"])
def test_save_of_a_traced_array_writes_its_values(tmp_path, save):
    path = os.path.join(tmp_path, "x.npy")

    def f(x):
        save(path, x * 3.0)
        return np.sum(x)
    grad(f)(onp.arange(3.0))
    loaded = np.load(path)
    assert type(loaded) is Array
    onp.testing.assert_array_equal(loaded, [0.0, 3.0, 6.0])


@pytest.mark.parametrize("savez", [np.savez, np.savez_compressed, onp.savez])
def test_savez_of_traced_arrays_writes_their_values_and_loads_arrays(tmp_path, savez):
    path = os.path.join(tmp_path, "x.npz")

    def f(x):
        savez(path, x, doubled=x * 2.0)
        return np.sum(x)
    grad(f)(onp.arange(3.0))
    with np.load(path) as archive:
        assert type(archive["doubled"]) is Array and type(archive["arr_0"]) is Array
        onp.testing.assert_array_equal(archive["doubled"], [0.0, 2.0, 4.0])
        onp.testing.assert_array_equal(archive["arr_0"], [0.0, 1.0, 2.0])


# ---- np.char / np.strings give Arrays; masked arrays print as NumPy's ------------------------
@pytest.mark.parametrize("call", [lambda m: m.upper(np.array(["ab", "c"])),
                                  lambda m: m.add(["ab"], ["c"]),
                                  lambda m: m.isalpha(np.array(["ab", "1"])),
                                  lambda m: m.str_len(np.array(["ab", "c"])),
                                  lambda m: m.upper(np.array([b"ab"]))])
@pytest.mark.parametrize("name", ["char", "strings"])
def test_string_functions_give_arrays_with_numpys_values(name, call):
    if not hasattr(onp, name):
        pytest.skip(f"numpy.{name} is new in NumPy 2; this is NumPy {onp.__version__}")
    got, expected = call(getattr(np, name)), call(getattr(onp, name))
    assert type(got) is Array and got.dtype == expected.dtype
    onp.testing.assert_array_equal(got, expected)


def test_char_keeps_numpys_chararray_class():
    assert np.char.chararray is onp.char.chararray
    assert type(np.char.array(["a", "b"])) is onp.char.chararray
    assert "char" in dir(np)


@pytest.mark.parametrize("mask", [None, [0, 1]])
def test_masked_arrays_of_arrays_print_as_numpys(mask):
    ours = np.ma.masked_array(np.array([1.0, 2.0]), mask=mask)
    theirs = onp.ma.masked_array(onp.array([1.0, 2.0]), mask=mask)
    assert repr(ours) == repr(theirs) and repr(ours).startswith("masked_array(")


# ---- fromiter over traced numbers ----------------------------------------------------------
def test_fromiter_of_traced_numbers_is_differentiable():
    check_grad(lambda x: np.fromiter((v * v for v in x), dtype=float) * onp.arange(3.0),
               onp.array([1.0, -2.0, 0.5]))


def test_fromiter_count_and_dtype_with_traced_numbers():
    def f(x):
        out = np.fromiter(iter(x), dtype=np.float32, count=2)
        assert out.dtype == onp.float32 and out.shape == (2,)
        return np.sum(out)
    onp.testing.assert_array_equal(grad(f)(onp.arange(3.0)), [1.0, 1.0, 0.0])


def test_fromiter_of_too_few_traced_numbers_says_so_as_numpy():
    with pytest.raises(ValueError, match=r"iterator too short: Expected 5 but iterator had only "
                                         r"3 items"):
        grad(lambda x: np.sum(np.fromiter(iter(x), dtype=float, count=5)))(onp.ones(3))


@pytest.mark.parametrize("make", [lambda: (range(4), float), lambda: (iter([]), float),
                                  lambda: (range(5), int, 3)])
def test_fromiter_of_values_is_numpys(make):
    got, expected = np.fromiter(*make()), onp.fromiter(*make())
    assert type(got) is Array and got.dtype == expected.dtype
    onp.testing.assert_array_equal(got, expected)
