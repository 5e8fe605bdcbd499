"""Area scatter: the scatter family's one implementation (``scattering.scatter_value``)
behind the ``Scatter*`` / ``ScatterNd*`` primitives and the ``scatter_*`` /
``scatter_nd_*`` functions. Values and raise-or-not are replayed against MindSpore 2.10 in
``test_cell_oracle_ops_scatter3.py``; here: the new ``ScatterNdMul/Div/Max/Min``, the rules
both sides now share (MindSpore's in-place dtype rule, exact int division, messages worded
alike), all-or-nothing writes, and float64 finite differences of the shared arithmetic."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

I32, F32 = onp.int32, onp.float32
ROWS = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]


def _p(values, dtype=F32):
    return ms.Parameter(ms.Tensor(onp.array(values, dtype)), name="p")


def _t(values, dtype=F32):
    return ms.Tensor(onp.array(values, dtype))


ND = _t([[0, 1], [2, 0], [0, 1]], I32)  # (0, 1) twice: repeats combine in turn
UPD = _t([4.0, 7.0, -3.0])


@pytest.mark.parametrize("name, want", [
    ("ScatterNdMul", [[1.0, -24.0], [3.0, 4.0], [35.0, 6.0]]),
    ("ScatterNdDiv", [[1.0, -1 / 6], [3.0, 4.0], [5 / 7, 6.0]]),
    ("ScatterNdMax", [[1.0, 4.0], [3.0, 4.0], [7.0, 6.0]]),
    ("ScatterNdMin", [[1.0, -3.0], [3.0, 4.0], [5.0, 6.0]]),
])
def test_new_scatter_nd_primitives_write_in_place(name, want):
    x = _p(ROWS)
    out = getattr(ops, name)()(x, ND, UPD)
    assert out is x and x.dtype == onp.float32
    onp.testing.assert_allclose(x, want, rtol=1e-6)
    assert getattr(ops, name)().use_locking is False


@pytest.mark.parametrize("name", ["ScatterNdMul", "ScatterNdDiv", "ScatterNdMax",
                                  "ScatterNdMin"])
def test_float32_stays_float32_and_int_updates_convert(name):
    x = _p(ROWS)
    getattr(ops, name)()(x, _t([[1]], I32), _t([[2, 3]], I32))
    assert x.dtype == onp.float32
    assert x.tolist()[0] == ROWS[0] and x.tolist()[2] == ROWS[2]


@pytest.mark.parametrize("name", ["ScatterNdMul", "ScatterNdDiv", "ScatterNdMax",
                                  "ScatterNdMin"])
def test_new_primitives_name_themselves_and_the_argument(name):
    op, x = getattr(ops, name)(), _p(ROWS)
    bad = [
        (lambda: op(_t(ROWS), ND, UPD), CellTypeError, f"{name} input_x: expected a Parameter"),
        (lambda: op(x, _t([[0.0, 1.0]]), UPD[:1]), CellTypeError, f"{name} indices"),
        (lambda: op(x, ND, UPD[:2]), CellArgumentError, rf"{name} updates: expected shape"),
        (lambda: op(x, _t([[3, 0]], I32), UPD[:1]), CellArgumentError, f"{name} indices"),
        (lambda: op(x, _t([[0, 0, 0]], I32), UPD[:1]), CellArgumentError, f"{name} indices"),
        (lambda: op(x, ND, _t([1.0, 2.0, 3.0], onp.float64)), CellTypeError,
         f"{name} updates: expected a dtype that converts to input_x's float32"),
        (lambda: getattr(ops, name)(1), CellTypeError, f"{name} use_locking"),
    ]
    for call, error, pattern in bad:
        with pytest.raises(error, match=pattern):
            call()
    assert x.tolist() == ROWS  # every refusal left the Parameter as it was


@pytest.mark.parametrize("prim, fn, rows", [
    ("ScatterMax", "scatter_max", True), ("ScatterAdd", "scatter_add", True),
    ("ScatterUpdate", "scatter_update", True), ("ScatterNdSub", "scatter_nd_sub", False),
    ("ScatterNdUpdate", "scatter_nd_update", False), ("ScatterNdAdd", "scatter_nd_add", False),
])
def test_updates_must_convert_to_input_x_without_loss(prim, fn, rows):
    """MindSpore converts int updates into a float Parameter, but refuses float64 into
    float32, float into int, and a bool input_x (TypeError); both sides used to cast."""
    index = _t([1] if rows else [[1]], I32)
    for call, where in ((getattr(ops, prim)(), prim), (getattr(ops, fn), f"ops.{fn}")):
        x = _p(ROWS)
        with pytest.raises(CellTypeError, match=f"{where} updates: expected a dtype"):
            call(x, index, _t([[7.0, 8.0]], onp.float64))
        with pytest.raises(CellTypeError, match=f"{where} updates: .* got dtype float32"):
            call(_p([[1, 2], [3, 4]], I32), index, _t([[7.0, 8.0]]))
        with pytest.raises(CellTypeError, match=f"{where} input_x: expected a Tensor of numbers"):
            call(_p([[True], [False]], bool), index, _t([[True]], bool))
        call(x, index, _t([[7, 8]], I32))
        assert x.dtype == onp.float32 and x.tolist()[0] == ROWS[0]


def test_scatter_div_refuses_zero_on_both_sides_and_nd_div_gives_inf():
    """MindSpore's ScatterDiv (and so ops.scatter_div) refuses a 0; ScatterNdDiv divides."""
    for call, where in ((ops.ScatterDiv(), "ScatterDiv"), (ops.scatter_div, "ops.scatter_div")):
        x = _p(ROWS)
        with pytest.raises(CellArgumentError, match=f"{where} updates: expected no 0 values"):
            call(x, _t([1], I32), _t([[1.0, 0.0]]))
        assert x.tolist() == ROWS
    for call in (ops.ScatterNdDiv(), ops.scatter_nd_div):
        x = _p([1.0, -1.0, 0.0])
        call(x, _t([[0], [1], [2]], I32), _t([0.0, 0.0, 0.0]))
        assert x.tolist()[:2] == [float("inf"), float("-inf")] and onp.isnan(x.asnumpy()[2])


def test_int_division_is_exact_truncating_and_saturates_at_zero():
    big = 2 ** 53 + 1  # a float64 quotient would round it to 2 ** 53
    for call, index in ((ops.ScatterDiv(), [0, 1]), (ops.scatter_nd_div, [[0], [1]])):
        x = _p([big, -7], onp.int64)
        call(x, _t(index, I32), _t([1, 2], onp.int64))
        assert x.tolist() == [big, -3]
    x = _p([-7, 0, 7], I32)
    ops.ScatterNdDiv()(x, _t([[0], [1], [2]], I32), _t([0, 0, 0], I32))
    assert x.tolist() == [-2 ** 31, 0, 2 ** 31 - 1]  # as MindSpore's CPU kernel


def test_primitive_and_function_word_their_checks_alike():
    cases = [(_t([[5]], I32), UPD[:1]), (ND, UPD[:2]), (_t([[0.5]]), UPD[:1])]
    for indices, updates in cases:
        said = []
        for call in (ops.ScatterNdMax(), ops.scatter_nd_max):
            with pytest.raises((CellArgumentError, CellTypeError)) as err:
                call(_p([1.0, 2.0, 3.0]), indices, updates)
            said.append(str(err.value).split(" ", 1)[1])
        assert said[0] == said[1]


def _sequential(kind, x, flat, values):
    out = onp.array(x, float).ravel()
    step = {"sub": onp.subtract, "mul": onp.multiply, "div": onp.divide,
            "max": onp.maximum, "min": onp.minimum}[kind]
    for place, value in zip(flat, values):
        out[place] = step(out[place], value)
    return out.reshape(onp.shape(x))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["sub", "mul", "div", "max", "min"]),
       st.lists(st.integers(0, 3), min_size=0, max_size=9))
def test_repeats_combine_one_after_another(kind, places):
    x = onp.array([1.5, -2.0, 3.0, 0.5])
    values = onp.linspace(0.5, 2.5, len(places)) * onp.where(onp.arange(len(places)) % 2, -1, 1)
    got = getattr(ops, f"tensor_scatter_{kind}")(
        ms.Tensor(x), ms.Tensor(onp.array(places, I32).reshape(-1, 1)), ms.Tensor(values))
    onp.testing.assert_allclose(got, _sequential(kind, x, places, values), rtol=1e-12)


@pytest.mark.parametrize("fn, index", [
    ("scatter_nd_mul", [[1, 0], [1, 0], [2, 1]]), ("scatter_nd_div", [[1, 0], [1, 0], [2, 1]]),
    ("scatter_nd_max", [[1, 0], [0, 1], [2, 1]]), ("scatter_nd_min", [[1, 0], [0, 1], [2, 1]]),
    ("scatter_nd_sub", [[1, 0], [1, 0], [2, 1]]), ("scatter_nd_update", [[1, 0], [2, 1]]),
    ("scatter_mul", [2, 2, 0]), ("scatter_div", [2, 2, 0]), ("scatter_max", [0, 2]),
])
def test_float64_gradients_match_finite_differences(fn, index):
    x = onp.array([[1.2, -0.7], [0.9, 1.6], [-1.1, 0.4]])
    rows = onp.ndim(index) == 1
    u = onp.array([1.3, -0.8, 0.6][:len(index)])
    u = onp.stack([u, u[::-1] + 0.2], axis=1) if rows else u
    op, at = getattr(ops, fn), ms.Tensor(onp.array(index, I32))
    check_grads(lambda a, b: op(a, at, b), modes=["rev"], order=1)(x, u)
