"""Print, Assert, the summaries, CompareAndBitpack, Coalesce and NoRepeatNGram: what they
print, float64 finite-difference gradients, float32 kept, and the errors for bad
arguments (each names the op and the argument)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

rng = onp.random.RandomState(8)


def test_print_writes_each_input_on_its_own_line(capsys):
    assert ops.Print()(ms.Tensor(onp.array([1, 2], onp.int32)), "hi", 3) is None
    assert ops.print_(ms.Tensor(onp.ones((2, 2), onp.float16))) is None
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["Tensor(shape=[2], dtype=Int32, value= [1, 2])", "hi", "3"]
    assert lines[3] == "Tensor(shape=[2, 2], dtype=Float16, value="


def test_assert_returns_zero_or_prints_and_raises(capsys):
    out = ops.Assert()(ms.Tensor(True), [ms.Tensor(onp.arange(5))])
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0]
    with pytest.raises(RuntimeError, match="Assert condition: expected true, got false"):
        ops.Assert(2)(False, (ms.Tensor(onp.arange(5)),))
    assert capsys.readouterr().out.splitlines() == ["For 'Assert' condition is false.",
                                                    "input data: [0 1]"]


@pytest.mark.parametrize("name", ["ScalarSummary", "TensorSummary", "ImageSummary",
                                  "HistogramSummary"])
def test_summaries_do_nothing_without_a_summary_record(name, capsys):
    assert getattr(ops, name)()("x", ms.Tensor(onp.ones(3))) is None
    assert capsys.readouterr().out == ""


def test_compare_and_bitpack_packs_high_bit_first():
    x = ms.Tensor(onp.array([[1.0, 0, 0, 0, 0, 0, 0, 3], [0, 0, 0, 0, 0, 0, 0, 0]], onp.float32))
    assert ops.CompareAndBitpack()(x, ms.Tensor(0.5)).asnumpy().tolist() == [[129], [0]]
    flags = ms.Tensor(onp.array([True] + [False] * 7))
    out = ops.CompareAndBitpack()(flags, ms.Tensor(False))
    assert out.dtype == ms.uint8 and out.asnumpy().tolist() == [1]


def test_coalesce_sums_repeats_and_sorts():
    index = ms.Tensor(onp.array([[2, 0, 1, 0], [0, 1, 2, 1]], onp.int64))
    shape = ms.Tensor(onp.array([3, 3], onp.int64))
    kept, values, out_shape = ops.Coalesce()(index, ms.Tensor(
        onp.array([1, 2, 3, 4], onp.float32)), shape)
    assert kept.asnumpy().tolist() == [[0, 1, 2], [1, 2, 0]]
    assert values.dtype == ms.float32 and values.asnumpy().tolist() == [6, 3, 1]
    weights = onp.array([1.0, 2.0, 3.0])
    check_grads(lambda v: ops.Coalesce()(index, v, shape)[1] * weights, modes=["rev"],
                order=1)(rng.randn(4))


def test_no_repeat_ngram_bans_the_repeating_tokens():
    seq = ms.Tensor(onp.array([[[1, 2, 1, 2]]], onp.int32))
    out = ops.NoRepeatNGram(2)(seq, ms.Tensor(onp.zeros((1, 1, 4), onp.float32)))
    assert out.dtype == ms.float32
    assert out.asnumpy().tolist() == [[[0, onp.finfo(onp.float32).min, 0, 0]]]
    check_grads(lambda p: ops.NoRepeatNGram(1)(seq, p), modes=["rev"], order=1)(
        rng.randn(1, 1, 4))


BAD = [
    (lambda: ops.Assert(1.5), TypeError, "Assert summarize: expected an int"),
    (lambda: ops.Assert()(ms.Tensor(1), [ms.Tensor(1)]), TypeError, "Assert condition"),
    (lambda: ops.Assert()(ms.Tensor([True, False]), [ms.Tensor(1)]), ValueError,
     "Assert condition: expected one element"),
    (lambda: ops.Assert()(True, [1]), TypeError, "Assert input_data: expected a list"),
    (lambda: ops.CompareAndBitpack()(ms.Tensor(onp.ones(12, onp.float32)), ms.Tensor(0.0)),
     ValueError,
     "CompareAndBitpack x: expected rank >= 1 with a last axis"),
    (lambda: ops.CompareAndBitpack()(ms.Tensor(onp.ones(8)), ms.Tensor(onp.zeros(1))),
     ValueError, "CompareAndBitpack threshold: expected a 0-d Tensor"),
    (lambda: ops.CompareAndBitpack()(ms.Tensor(onp.ones(8)), ms.Tensor(0)), TypeError,
     "CompareAndBitpack threshold: expected x's dtype"),
    (lambda: ops.Coalesce()(ms.Tensor(onp.zeros((2, 2), onp.int32)), ms.Tensor(onp.ones(2)),
                            ms.Tensor(onp.array([3, 3]))), TypeError,
     "Coalesce x_indices: expected an int64 Tensor"),
    (lambda: ops.Coalesce()(ms.Tensor(onp.array([[0, 5]])), ms.Tensor(onp.ones(2)),
                            ms.Tensor(onp.array([3]))), ValueError,
     r"Coalesce x_indices: expected indices in \[0, \[3\]\)"),
    (lambda: ops.NoRepeatNGram(0), ValueError, "NoRepeatNGram ngram_size: expected an int"),
    (lambda: ops.NoRepeatNGram(4)(ms.Tensor(onp.zeros((1, 1, 3), onp.int32)),
                                  ms.Tensor(onp.zeros((1, 1, 5)))), ValueError,
     "NoRepeatNGram ngram_size: expected at most the sequence length 3"),
    (lambda: ops.NoRepeatNGram(2)(ms.Tensor(onp.full((1, 1, 3), 7, onp.int32)),
                                  ms.Tensor(onp.zeros((1, 1, 5)))), ValueError,
     r"NoRepeatNGram state_seq: expected token ids in \[0, 5\)"),
    (lambda: ops.NoRepeatNGram(2)(ms.Tensor(onp.zeros((1, 1, 3), onp.int64)),
                                  ms.Tensor(onp.zeros((1, 1, 5)))), TypeError,
     "NoRepeatNGram state_seq: expected an int32 Tensor"),
]


@pytest.mark.parametrize("make, kind, match", BAD, ids=[m for _, _, m in BAD])
def test_bad_arguments_name_the_op_and_argument(make, kind, match):
    with pytest.raises(kind, match=match):
        make()


def test_every_name_has_a_docstring():
    from minpy_compat.ops import prims_rest2
    for name in prims_rest2.__all__:
        assert getattr(ops, name).__doc__.strip()
