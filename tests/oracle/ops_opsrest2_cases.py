"""The fractional pooling cases that ``make_ops_opsrest2_fixture.py`` runs through real
MindSpore 2.10; encoded as in ``ops_cases.py``. Window placement is pinned down: ratios
that divide the input (``FractionalMaxPool``/``FractionalAvgPool``) or given
``random_samples`` (the fixed-ksize pools). Values are distinct, so no maximum ties.
``FractionalMaxPool``'s ``pooling_ratio`` must be a list, which ``init`` cannot carry: the
generator and the replay both read it through ``list_ratios``."""
import numpy as onp

from ops_cases import T, V, _case

_rng = onp.random.RandomState(41)


def distinct(shape, dtype="float32"):
    """An encoded Tensor of distinct values (a shuffled range, scaled)."""
    data = (_rng.permutation(int(onp.prod(shape))) - 7) * (0.25 if dtype[0] == "f" else 1)
    return V(data.reshape(shape).tolist(), dtype)


def samples(shape, dtype="float32"):
    return V(onp.round(_rng.uniform(0.05, 0.95, shape), 3).tolist(), dtype)


def list_ratios(ops):
    """``ops`` whose ``FractionalMaxPool``/``FractionalAvgPool`` take a tuple ratio as the
    list MindSpore asks for (``init`` turns lists into tuples)."""
    class View:
        def __getattr__(self, name):
            op = getattr(ops, name)
            if name not in ("FractionalMaxPool", "FractionalAvgPool"):
                return op

            def make(ratio, *rest, **kwargs):
                return op(list(ratio) if isinstance(ratio, tuple) else ratio, *rest, **kwargs)
            return make
    return View()


def sequence_pool_cases():
    cases = []
    for name in ("FractionalMaxPool", "FractionalAvgPool"):
        x = distinct((2, 6, 8, 3))
        for init in [((1.0, 2.0, 2.0, 1.0),), ((1.0, 2.0, 2.0, 1.0), False, True),
                     ((1.0, 3.0, 4.0, 1.0), True, True), ((1.0, 1.0, 2.0, 1.0),),
                     ((1.0, 2.0, 2.0, 1.0), False, False, True, 5, 7)]:
            cases.append(_case(name, x, init=init, grad=True))
        cases += [_case(name, distinct((1, 4, 6, 2), "float64"), init=((1.0, 2.0, 3.0, 1.0),),
                        grad=True),
                  _case(name, distinct((1, 4, 4, 1), "int32"), init=((1.0, 2.0, 2.0, 1.0),)),
                  _case(name, distinct((1, 4, 4, 1), "int64"), init=((1.0, 2.0, 2.0, 1.0),)),
                  _case(name, T((1, 4, 4, 1), "float16"), init=((1.0, 2.0, 2.0, 1.0),)),
                  _case(name, T((4, 4, 1)), init=((1.0, 2.0, 2.0, 1.0),)),
                  _case(name, T((1, 4, 4, 1)), init=((1.0, 2.0, 2.0),)),
                  _case(name, T((1, 4, 4, 1)), init=((2.0, 2.0, 2.0, 1.0),)),
                  _case(name, T((1, 4, 4, 1)), init=((1.0, 0.5, 2.0, 1.0),)),
                  _case(name, T((1, 4, 4, 1)), init=((1.0, 5.0, 2.0, 1.0),)),
                  _case(name, T((1, 4, 4, 1)), init=((1.0, 2.0, 2.0, 1.0), False, False,
                                                     False, 3, 0))]
    return cases


def fixed_pool_cases():
    x, rs = distinct((2, 3, 7, 8)), samples((2, 3, 2))
    name = "FractionalMaxPoolWithFixedKsize"
    cases = [_case(name, x, rs, init=(2, (3, 4)), grad=True),
             _case(name, x, rs, init=((3, 2), 4), grad=True),
             _case(name, x, rs, init=(1, (7, 8))),
             _case(name, distinct((1, 2, 5, 6), "float64"), samples((1, 2, 2), "float64"),
                   init=(2, 3), grad=True),
             _case(name, distinct((1, 2, 5, 6), "int32"), samples((1, 2, 2)), init=(2, 3)),
             _case(name, distinct((1, 2, 5, 6), "float16"), samples((1, 2, 2)), init=(2, 3)),
             _case(name, x, samples((2, 2, 2)), init=(2, 3)),
             _case(name, x, rs, init=(2, (7, 4))),
             _case(name, T((3, 7, 8)), rs, init=(2, 3)),
             _case(name, x, rs, init=(0, 3)), _case(name, x, rs, init=(2, 3, "NHWC"))]
    x5, r3 = distinct((2, 2, 5, 6, 7)), samples((2, 2, 3))
    name = "FractionalMaxPool3DWithFixedKsize"
    cases += [_case(name, x5, r3, init=(2, (3, 3, 4)), grad=True),
              _case(name, x5, r3, init=((1, 2, 3), (4, 3, 2)), grad=True),
              _case(name, distinct((1, 3, 5, 5, 6), "float64"), samples((1, 3, 3), "float64"),
                    init=(2, 3), grad=True),
              _case(name, distinct((1, 2, 5, 6, 2)), samples((1, 2, 3)),
                    init=(2, (3, 4, 4), "NDHWC"), grad=True),
              _case(name, distinct((1, 3, 5, 5, 6), "int64"), samples((1, 3, 3)), init=(2, 3)),
              _case(name, distinct((1, 3, 4, 5, 6)), samples((1, 3, 3)), init=(2, 3)),
              _case(name, x5, samples((2, 3, 3)), init=(2, 3)),
              _case(name, x5, r3, init=(3, (4, 3, 4))),
              _case(name, x5, r3, init=(2, 3, "NCHW"))]
    name = "fractional_max_pool3d"
    cases += [_case(name, x5, 2, (3, 3, 4), _random_samples=r3, grad=True),
              _case(name, x5, (2, 1, 3), output_ratio=(0.5, 0.5, 0.5), return_indices=True,
                    _random_samples=r3),
              _case(name, x5, 2, output_ratio=0.6, _random_samples=r3),
              _case(name, distinct((2, 5, 6, 7)), 2, (3, 3, 4), _random_samples=samples(
                  (1, 2, 3)), return_indices=True, grad=True),
              _case(name, x5, 2, _random_samples=r3),
              _case(name, x5, 2, (3, 3, 4), (0.5, 0.5, 0.5), _random_samples=r3)]
    return cases


def lstm_cases():
    """One layer (MindSpore's CPU kernel refuses more): the flat weight's layout."""
    def weights(size, dtype="float32"):
        return V(onp.round(_rng.uniform(-0.5, 0.5, (size, 1, 1)), 3).tolist(), dtype)

    def states(shape, dtype="float32"):
        return T(shape, dtype, low=-1.0, high=1.0)
    x, h, c = T((4, 2, 3), low=-1.0, high=1.0), states((1, 2, 5)), states((1, 2, 5))
    cases = [_case("LSTM", x, h, c, weights(200), init=(3, 5, 1, True, False, 0.0), grad=True),
             _case("LSTM", x, h, c, weights(160), init=(3, 5, 1, False, False, 0.0),
                   grad=True),
             _case("LSTM", x, states((2, 2, 5)), states((2, 2, 5)), weights(400),
                   init=(3, 5, 1, True, True, 0.0), grad=True),
             _case("LSTM", T((2, 3, 2), "float64"), states((1, 3, 4), "float64"),
                   states((1, 3, 4), "float64"), weights(128, "float64"),
                   init=(2, 4, 1, True, False, 0.0), grad=True),
             _case("LSTM", T((2, 3)), h, c, weights(200),
                   init=(3, 5, 1, True, False, 0.0)),
             _case("LSTM", T((4, 2, 4)), h, c, weights(200), init=(3, 5, 1, True, False, 0.0)),
             _case("LSTM", x, states((2, 2, 5)), c, weights(200),
                   init=(3, 5, 1, True, False, 0.0)),
             _case("LSTM", x, h, c, weights(200), init=(3, 5, 1, True, False, 1.5)),
             _case("LSTM", x, h, c, weights(200), init=(0, 5, 1, True, False, 0.0)),
             _case("LSTM", x, h, c, weights(200), init=(3, 5, 0, True, False, 0.0)),
             _case("LSTM", x, h, c, weights(200), init=(3.0, 5, 1, True, False, 0.0)),
             _case("LSTM", x, h, c, weights(200), init=(3, 5, 1, 1, False, 0.0)),
             _case("conv_transpose2d", T((1, 2, 4, 4)), T((2, 3, 3, 3)))]
    return cases


def debug_cases():
    """Print, Assert and the summaries (PyNative, no SummaryRecord), with the bit and
    sparse helpers."""
    x = T((2, 3))
    data = {"tuple": [T((3,))]}
    cases = [_case("Print", x, "a", 1, init=()), _case("print_", x, 2.5, (1, 2)),
             _case("print_"), _case("Assert", V(True, "bool"), data, init=()),
             _case("Assert", True, {"tuple": [T((3,)), T((2, 2))]}, init=(1,)),
             _case("Assert", V(False, "bool"), data, init=()),
             _case("Assert", V([True, False], "bool"), data, init=()),
             _case("Assert", V(1, "int64"), data, init=()),
             _case("Assert", True, (1,), init=()), _case("Assert", True, (), init=(1.5,))]
    for name in ("ScalarSummary", "TensorSummary", "ImageSummary", "HistogramSummary"):
        cases += [_case(name, "loss", T(()), init=()), _case(name, "x", T((1, 3, 2, 2)),
                                                             init=())]
    data = onp.round(_rng.uniform(-1, 1, (3, 16)), 2)
    cases += [_case("CompareAndBitpack", V(data.tolist()), V(0.1), init=()),
              _case("CompareAndBitpack", V(data.tolist(), "float64"), V(-0.3, "float64"),
                    init=()),
              _case("CompareAndBitpack", V(data.tolist(), "float16"), V(0.0, "float16"),
                    init=()),
              _case("CompareAndBitpack", V((data * 10).astype(int).tolist(), "int8"),
                    V(2, "int8"), init=()),
              _case("CompareAndBitpack", V((data * 10).astype(int).tolist(), "int64"),
                    V(-2, "int64"), init=()),
              _case("CompareAndBitpack", V((data > 0).tolist(), "bool"), V(False, "bool"),
                    init=()),
              _case("CompareAndBitpack", T((12,)), V(0.0), init=()),
              _case("CompareAndBitpack", T((8,)), V(0, "int32"), init=()),
              _case("CompareAndBitpack", T((8,)), V([0.0]), init=()),
              _case("CompareAndBitpack", V(1.0), V(0.0), init=())]
    index = V([[2, 0, 1, 0, 2], [0, 1, 2, 1, 0]], "int64")
    shape = V([3, 4], "int64")
    cases += [_case("Coalesce", index, T((5,)), shape, init=()),
              _case("Coalesce", index, T((5,), "float64"), shape, init=(), grad=True),
              _case("Coalesce", index, T((5,), "float16"), shape, init=()),
              _case("Coalesce", V([[3, 0], [1, 1], [0, 2]], "int64"), T((2,)),
                    V([4, 2, 3], "int64"), init=()),
              _case("Coalesce", V(index["t"], "int32"), T((5,)), shape, init=()),
              _case("Coalesce", index, T((5,), "int32"), shape, init=()),
              _case("Coalesce", index, T((4,)), shape, init=()),
              _case("Coalesce", index, T((5,)), V([3, 4, 1], "int64"), init=()),
              _case("Coalesce", V([[2, 0, 1, 0, 5], [0, 1, 2, 1, 0]], "int64"), T((5,)),
                    shape, init=()),
              _case("Coalesce", V([[2, 0, -1, 0, 2], [0, 1, 2, 1, 0]], "int64"), T((5,)),
                    shape, init=())]
    seq = V([[[1, 2, 1, 2, 3, 1, 2]], [[0, 0, 0, 0, 0, 0, 0]]], "int32")
    for size in (1, 2, 3, 4, 8):
        cases.append(_case("NoRepeatNGram", seq, T((2, 1, 6)), init=(size,)))
    cases += [_case("NoRepeatNGram", seq, T((2, 1, 6), "float16"), init=(2,)),
              _case("NoRepeatNGram", seq, T((2, 1, 6), "float64"), init=(3,)),
              _case("NoRepeatNGram", V(seq["t"], "int64"), T((2, 1, 6)), init=(2,)),
              _case("NoRepeatNGram", seq, T((2, 1, 6), "int32"), init=(2,)),
              _case("NoRepeatNGram", seq, T((2, 2, 6)), init=(2,)),
              _case("NoRepeatNGram", seq, T((2, 1, 3)), init=(2,)),
              _case("NoRepeatNGram", V([[1, 2]], "int32"), T((1, 6)), init=(2,)),
              _case("NoRepeatNGram", seq, T((2, 1, 6)), init=(9,)),
              _case("NoRepeatNGram", seq, T((2, 1, 6)), init=(0,)),
              _case("NoRepeatNGram", seq, T((2, 1, 6)), init=(2.0,))]
    return cases


def opsrest2_cases():
    return sequence_pool_cases() + fixed_pool_cases() + lstm_cases() + debug_cases()
