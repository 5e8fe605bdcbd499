"""Area fn_rand's segment, scatter and shaping function ops: float64 finite-difference
checks of every differentiable one, float32 kept, Parameter writes in place (all or
none), ``fold`` as ``unfold``'s adjoint, and a message naming the op and argument for
each bad argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

rng = onp.random.RandomState(5)
X = rng.uniform(0.5, 2.0, (3, 4))          # distinct values: max/min have a gradient
IMG = rng.uniform(-1, 1, (2, 2, 5, 4))
IDX, ND = ms.Tensor([0, 2, 0]), ms.Tensor([[1, 0], [2, 3], [1, 0]])

# name -> (function of one float array, input)
DIFFERENTIABLE = {
    "unsorted_segment_sum": (lambda x: ops.unsorted_segment_sum(x, IDX, 4), X),
    "unsorted_segment_max": (lambda x: ops.unsorted_segment_max(x, IDX, 3)[::2], X),
    "unsorted_segment_min": (lambda x: ops.unsorted_segment_min(x, IDX, 3)[::2], X),
    "unsorted_segment_prod": (lambda x: ops.unsorted_segment_prod(x, IDX, 3), X),
    "reverse": (lambda x: ops.reverse(x, [0, 1]), X),
    "reverse_sequence": (lambda x: ops.reverse_sequence(x, ms.Tensor([2, 4, 1]), 1), X),
    "strided_slice": (lambda x: ops.strided_slice(x, (0, 1), (3, 4), (2, 2)), X),
    "slice": (lambda x: ops.slice(x, (1, 1), (2, -1)), X),
    "repeat_elements": (lambda x: ops.repeat_elements(x, 3, 1), X),
    "space_to_batch_nd": (lambda x: ops.space_to_batch_nd(x, 2, [[1, 0], [0, 0]]), IMG),
    "batch_to_space_nd": (lambda x: ops.batch_to_space_nd(x, (1, 2), [[0, 1], [1, 0]]), IMG),
    "channel_shuffle": (lambda x: ops.channel_shuffle(x, 2), IMG),
    "mirror_pad": (lambda x: ops.mirror_pad(x, ms.Tensor([[1, 2], [2, 3]]), "REFLECT"), X),
    "mirror_pad_symmetric": (
        lambda x: ops.mirror_pad(x, ms.Tensor([[3, 0], [1, 4]]), "SYMMETRIC"), X),
    "top_k": (lambda x: ops.top_k(x, 2)[0], X),
    "unfold": (lambda x: ops.unfold(x, (2, 3), 1, (1, 0), (2, 1)), IMG),
    "fold": (lambda x: ops.fold(x, ms.Tensor([3, 4]), 2), rng.uniform(-1, 1, (2, 8, 6))),
}
for _kind in ("sub", "mul", "div", "max", "min"):
    DIFFERENTIABLE[f"tensor_scatter_{_kind}"] = (
        lambda x, k=_kind: getattr(ops, f"tensor_scatter_{k}")(x, ND, x[0, :3] + 3.0), X)
    DIFFERENTIABLE[f"scatter_nd_{_kind}"] = (
        lambda x, k=_kind: getattr(ops, f"scatter_nd_{k}")(x, ND, x[0, :3] + 3.0), X)
for _kind in ("update", "mul", "div", "max", "min"):
    DIFFERENTIABLE[f"scatter_{_kind}"] = (
        lambda x, k=_kind: getattr(ops, f"scatter_{k}")(x, ms.Tensor([2, 0]), x[:2] * 2.5), X)
DIFFERENTIABLE["scatter_nd_update"] = (
    lambda x: ops.scatter_nd_update(x, ND[:2], x[1, :2] * 3.0), X)


@pytest.mark.parametrize("name", sorted(DIFFERENTIABLE))
def test_float64_gradient_matches_finite_differences(name):
    fn, x = DIFFERENTIABLE[name]
    check_grads(lambda a: ops.reduce_sum(fn(a) * fn(a)), modes=["rev"], order=1)(
        onp.array(x, onp.float64))


@pytest.mark.parametrize("name", sorted(DIFFERENTIABLE))
def test_float32_stays_float32(name):
    fn, x = DIFFERENTIABLE[name]
    assert fn(ms.Tensor(onp.array(x, onp.float32))).dtype == onp.float32


def test_fold_is_the_adjoint_of_unfold():
    settings = dict(kernel_size=(2, 3), dilation=(2, 1), padding=(1, 2), stride=(1, 2))
    x, y = IMG, rng.uniform(-1, 1, ops.unfold(ms.Tensor(IMG), **settings).shape)
    left = (onp.asarray(ops.unfold(ms.Tensor(x), **settings)) * y).sum()
    right = (x * onp.asarray(ops.fold(ms.Tensor(y), (5, 4), **settings))).sum()
    assert onp.isclose(left, right)


@pytest.mark.parametrize("name, args, want", [
    ("scatter_update", ([1], [[9.0, 9.0]]), [[0, 1], [9, 9], [4, 5]]),
    ("scatter_mul", ([1, 1], [[2.0, 2.0], [3.0, 3.0]]), [[0, 1], [12, 18], [4, 5]]),
    ("scatter_div", ([1], [[2.0, 4.0]]), [[0, 1], [1, 0.75], [4, 5]]),
    ("scatter_max", ([1, 0], [[9.0, 0.0], [0.0, 9.0]]), [[0, 9], [9, 3], [4, 5]]),
    ("scatter_min", ([2], [[0.0, 9.0]]), [[0, 1], [2, 3], [0, 5]]),
    ("scatter_nd_update", ([[1, 0]], [9.0]), [[0, 1], [9, 3], [4, 5]]),
    ("scatter_nd_sub", ([[1, 0], [1, 0]], [4.0, 3.0]), [[0, 1], [-5, 3], [4, 5]]),
    ("scatter_nd_mul", ([[2, 1]], [3.0]), [[0, 1], [2, 3], [4, 15]]),
    ("scatter_nd_div", ([[0, 1]], [4.0]), [[0, 0.25], [2, 3], [4, 5]]),
    ("scatter_nd_max", ([[0, 0], [0, 0]], [-1.0, 7.0]), [[7, 1], [2, 3], [4, 5]]),
    ("scatter_nd_min", ([[2, 1]], [-2.0]), [[0, 1], [2, 3], [4, -2]]),
])
def test_parameter_writes_in_place(name, args, want):
    p = ms.Parameter(ms.Tensor(onp.arange(6.0, dtype=onp.float32).reshape(3, 2)), name="p")
    indices, updates = ms.Tensor(args[0]), ms.Tensor(args[1])
    out = getattr(ops, name)(p, indices, updates)
    assert out is p and p.dtype == onp.float32
    assert onp.asarray(p).tolist() == want


def test_a_bad_write_leaves_the_parameter_as_it_was():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="p")
    with pytest.raises(CellArgumentError, match="ops.scatter_mul indices"):
        ops.scatter_mul(p, ms.Tensor([5]), ms.Tensor([2.0]))
    with pytest.raises(CellArgumentError, match="ops.scatter_nd_max updates"):
        ops.scatter_nd_max(p, ms.Tensor([[0]]), ms.Tensor([2.0, 3.0]))
    assert onp.asarray(p).tolist() == [1.0, 2.0]


def test_masks_and_indices():
    mask = ops.sequence_mask(ms.Tensor([[1, 3], [2, 0]]))
    assert mask.shape == (2, 2, 3) and mask.dtype == onp.bool_
    assert onp.asarray(mask)[1].tolist() == [[True, True, False], [False, False, False]]
    assert ops.tril_indices(3, 4, 1).dtype == onp.int64
    assert onp.asarray(ops.triu_indices(2, 2, dtype=ms.int32)).tolist() == [[0, 0, 1], [0, 1, 1]]
    values, indices = ops.top_k(ms.Tensor([[1.0, 5.0, 3.0]]), 2)
    assert onp.asarray(values).tolist() == [[5.0, 3.0]] and indices.dtype == onp.int32


T2 = ms.Tensor(X.astype(onp.float32))


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.unsorted_segment_sum(T2, ms.Tensor([0.0, 1.0, 0.0]), 2), CellTypeError,
     "ops.unsorted_segment_sum segment_ids"),
    (lambda: ops.unsorted_segment_max(T2, ms.Tensor([0, 1]), 2), CellArgumentError,
     "ops.unsorted_segment_max segment_ids"),
    (lambda: ops.unsorted_segment_min(T2, IDX, 2.5), CellTypeError,
     "ops.unsorted_segment_min num_segments"),
    (lambda: ops.unsorted_segment_prod(T2, IDX, "3"), CellTypeError,
     "ops.unsorted_segment_prod num_segments"),
    (lambda: ops.tensor_scatter_sub(T2, ms.Tensor([[5, 0]]), ms.Tensor([1.0])),
     CellArgumentError, "ops.tensor_scatter_sub indices"),
    (lambda: ops.tensor_scatter_mul(T2, ND, ms.Tensor([1.0])), CellArgumentError,
     "ops.tensor_scatter_mul updates"),
    (lambda: ops.tensor_scatter_div(T2, ms.Tensor([[0.5, 0]]), ms.Tensor([1.0])),
     TypeError, "ops.tensor_scatter_div indices"),
    (lambda: ops.tensor_scatter_max(T2, ms.Tensor([[0, 0, 0]]), ms.Tensor([1.0])),
     CellArgumentError, "ops.tensor_scatter_max indices"),
    (lambda: ops.tensor_scatter_min(T2, ND, ms.Tensor([1.0])), CellArgumentError,
     "ops.tensor_scatter_min updates"),
    (lambda: ops.scatter_nd_sub(T2, ND, ms.Tensor([1.0])), CellArgumentError,
     "ops.scatter_nd_sub updates"),
    (lambda: ops.scatter_nd_mul(T2, ms.Tensor([[9, 0]]), ms.Tensor([1.0])),
     CellArgumentError, "ops.scatter_nd_mul indices"),
    (lambda: ops.scatter_nd_div(T2, ND, ms.Tensor([1.0])), CellArgumentError,
     "ops.scatter_nd_div updates"),
    (lambda: ops.scatter_nd_min(T2, ND, ms.Tensor([1.0])), CellArgumentError,
     "ops.scatter_nd_min updates"),
    (lambda: ops.scatter_nd_update(T2, ND, ms.Tensor([1.0])), CellArgumentError,
     "ops.scatter_nd_update updates"),
    (lambda: ops.scatter_update(T2, ms.Tensor([3]), ms.Tensor([[1.0] * 4])), CellArgumentError,
     "ops.scatter_update indices"),
    (lambda: ops.scatter_div(T2, ms.Tensor([1]), ms.Tensor([1.0])), CellArgumentError,
     "ops.scatter_div updates"),
    (lambda: ops.scatter_max(T2, ms.Tensor([-1]), ms.Tensor([[1.0] * 4])), CellArgumentError,
     "ops.scatter_max indices"),
    (lambda: ops.scatter_min(T2, ms.Tensor([1]), ms.Tensor([1.0])), CellArgumentError,
     "ops.scatter_min updates"),
    (lambda: ops.reverse(T2, 0), CellTypeError, "ReverseV2 axis"),
    (lambda: ops.reverse_sequence(T2, ms.Tensor([1, 2]), 1), CellArgumentError,
     "ops.reverse_sequence seq_lengths"),
    (lambda: ops.reverse_sequence(T2, ms.Tensor([1, 2, 3]), 0), CellArgumentError,
     "ops.reverse_sequence seq_dim/batch_dim"),
    (lambda: ops.strided_slice(T2, (0, 0), (3, 4), (1, 0)), CellArgumentError,
     "StridedSlice strides"),
    (lambda: ops.slice(T2, (2, 0), (2, 1)), CellArgumentError, "Slice begin/size"),
    (lambda: ops.repeat_elements(T2, 0), CellArgumentError, "ops.repeat_elements rep"),
    (lambda: ops.space_to_batch_nd(ops.ones((1, 1, 3, 4)), 2, [[0, 0], [0, 0]]),
     CellArgumentError, "ops.space_to_batch_nd paddings"),
    (lambda: ops.space_to_batch_nd(ops.ones((1, 1, 4, 4)), 0, [[0, 0], [0, 0]]),
     CellArgumentError, "ops.space_to_batch_nd block_size"),
    (lambda: ops.batch_to_space_nd(ops.ones((3, 1, 2, 2)), 2, [[0, 0], [0, 0]]),
     CellArgumentError, "ops.batch_to_space_nd input_x"),
    (lambda: ops.batch_to_space_nd(ops.ones((4, 1, 2, 2)), 2, [[3, 2], [0, 0]]),
     CellArgumentError, "ops.batch_to_space_nd crops"),
    (lambda: ops.channel_shuffle(ops.ones((1, 4, 2, 2)), 3), CellArgumentError,
     "ops.channel_shuffle x"),
    (lambda: ops.mirror_pad(T2, ms.Tensor([[1, 1], [1, 1]]), "reflect"), CellArgumentError,
     "ops.mirror_pad mode"),
    (lambda: ops.mirror_pad(T2, ms.Tensor([[3, 0], [0, 0]]), "REFLECT"), CellArgumentError,
     "ops.mirror_pad paddings"),
    (lambda: ops.sequence_mask(ms.Tensor([1.0]), 3), CellTypeError, "ops.sequence_mask lengths"),
    (lambda: ops.top_k(T2, 5), CellArgumentError, "ops.top_k k"),
    (lambda: ops.tril_indices(-1, 3), CellArgumentError, "ops.tril_indices row"),
    (lambda: ops.triu_indices(3, 3, dtype=ms.float32), CellTypeError, "ops.triu_indices dtype"),
    (lambda: ops.unfold(ops.ones((3, 5, 5)), 2), CellArgumentError, "ops.unfold input"),
    (lambda: ops.unfold(ops.ones((1, 1, 3, 3)), 4), CellArgumentError, "ops.unfold kernel_size"),
    (lambda: ops.fold(ops.ones((1, 8, 5)), (3, 4), 2), CellArgumentError, "ops.fold input"),
    (lambda: ops.fold(ops.ones((1, 8, 6)), (3, 4), 2, stride=0), CellArgumentError,
     "ops.fold stride"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
