"""Bad arguments to the indexing, scattering and shaping ops raise minpy_compat errors
(ValueError / TypeError subclasses) that name the op and the argument."""
import doctest
import importlib

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError


def _i(*values):
    return ms.Tensor(onp.array(values, onp.int32))


X = ms.Tensor(onp.arange(6, dtype=onp.float32).reshape(2, 3))
V1 = ms.Tensor([1.0, 2.0])

BAD = [
    (lambda: ops.index_add(X, _i(0, 5), X[:, :2], 1), CellArgumentError,
     r"ops\.index_add indices: expected indices within shape"),
    (lambda: ops.index_add(X, _i(0), X, 0), CellArgumentError,
     r"ops\.index_add updates: expected shape \(1, 3\)"),
    (lambda: ops.index_add(X, ms.Tensor([0.0]), X[:1], 0), CellTypeError,
     r"ops\.index_add indices: expected an int Tensor"),
    (lambda: ops.index_fill(X, 1, _i(0), V1), CellArgumentError, r"ops\.index_fill value"),
    (lambda: ops.index_fill(X, 2, _i(0), 1.0), CellArgumentError, r"ops\.index_fill axis"),
    (lambda: ops.scatter(X, 1, _i([3]), X), CellArgumentError, r"ops\.scatter indices"),
    (lambda: ops.scatter(X, 1, _i(0), X), CellArgumentError, r"ops\.scatter indices: .*rank 2"),
    (lambda: ops.tensor_scatter_elements(X, _i([0]), X, 0, "mean"), CellArgumentError,
     r"ops\.tensor_scatter_elements reduction"),
    (lambda: ops.scatter_nd(_i([0], [4]), X, (3, 3)), CellArgumentError,
     r"ops\.scatter_nd indices: expected indices within shape"),
    (lambda: ops.scatter_nd(_i(0, 1, 0), V1, (3,)), CellArgumentError,
     r"ops\.scatter_nd indices: expected a last axis of at most 1"),
    (lambda: ops.tensor_scatter_update(X, _i([0, 0], [1, 2]), X), CellArgumentError,
     r"ops\.tensor_scatter_update updates: expected shape \(2,\)"),
    (lambda: ops.tensor_scatter_add(X, _i([-1]), X[:1]), CellArgumentError,
     r"ops\.tensor_scatter_add indices"),
    (lambda: ops.scatter_nd_add(X, _i([0]), V1), CellArgumentError,
     r"ops\.scatter_nd_add updates"),
    (lambda: ops.scatter_add(X, _i(2), X[:1]), CellArgumentError, r"ops\.scatter_add indices"),
    (lambda: ops.select_scatter(X, V1, 1, 3), CellArgumentError, r"ops\.select_scatter indices"),
    (lambda: ops.slice_scatter(X, V1, 1, 0, 2), CellArgumentError,
     r"ops\.slice_scatter updates: expected shape \(2, 2\)"),
    (lambda: ops.diagonal_scatter(X, V1, 0, 0, 2), CellArgumentError,
     r"ops\.diagonal_scatter axis"),
    (lambda: ops.index_select(X, 1, _i([0])), CellArgumentError,
     r"ops\.index_select index: expected a 1-D Tensor"),
    (lambda: ops.index_select(X, 1, _i(3)), CellArgumentError, r"ops\.index_select index"),
    (lambda: ops.masked_select(X, _i(1, 0, 1)), CellTypeError,
     r"ops\.masked_select mask: expected a Bool Tensor"),
    (lambda: ops.unique_consecutive(X, dim=2), CellArgumentError,
     r"ops\.unique_consecutive axis"),
    (lambda: ops.bincount(_i(1, -1)), CellArgumentError, r"ops\.bincount input"),
    (lambda: ops.bincount(_i(1), minlength=-1), CellArgumentError, r"ops\.bincount minlength"),
    (lambda: ops.bincount(_i(1, 2), V1[:1]), CellArgumentError, r"ops\.bincount weights"),
    (lambda: ops.histc(X, 0), CellTypeError, r"ops\.histc: expected .*bins > 0"),
    (lambda: ops.histc(X, 4, 2.0, 1.0), CellArgumentError, r"ops\.histc min/max"),
    (lambda: ops.bucketize(X, V1), CellTypeError, r"ops\.bucketize boundaries"),
    (lambda: ops.searchsorted(V1, X, side="middle"), CellArgumentError,
     r"ops\.searchsorted side"),
    (lambda: ops.searchsorted(X, V1), CellArgumentError, r"ops\.searchsorted values"),
    (lambda: ops.flip(X, (2,)), CellArgumentError, r"ops\.flip axis"),
    (lambda: ops.fliplr(V1), CellArgumentError, r"ops\.fliplr input: expected a Tensor of rank 2"),
    (lambda: ops.flipud(ms.Tensor(1.0)), CellArgumentError, r"ops\.flipud input"),
    (lambda: ops.roll(X, 1, 2), CellArgumentError, r"ops\.roll axis"),
    (lambda: ops.rot90(X, 1, [0, 0]), CellArgumentError, r"ops\.rot90 dims"),
    (lambda: ops.repeat_interleave(X, [1.5]), CellTypeError,
     r"ops\.repeat_interleave repeats: expected non-negative ints"),
    (lambda: ops.repeat_interleave(X, 2, 3), CellArgumentError, r"ops\.repeat_interleave axis"),
    (lambda: ops.narrow(X, 1, 2, 2), CellArgumentError, r"ops\.narrow start/length"),
    (lambda: ops.movedim(X, 0, 2), CellArgumentError, r"ops\.movedim axis"),
    (lambda: ops.moveaxis(X, 3, 0), CellArgumentError, r"ops\.movedim axis"),
    (lambda: ops.swapaxes(X, 0, 3), CellArgumentError, r"ops\.swapaxes axis"),
    (lambda: ops.swapdims(X, -3, 0), CellArgumentError, r"ops\.swapaxes axis"),
    (lambda: ops.unsqueeze(X, 4), CellArgumentError, r"ops\.unsqueeze axis"),
    (lambda: ops.expand(X, (3,)), CellArgumentError, r"ops\.expand size"),
    (lambda: ops.hstack(X), CellTypeError, r"ops\.hstack tensors: expected a non-empty list"),
    (lambda: ops.vstack([X, _i(1, 2, 3)]), CellTypeError, r"ops\.vstack: expected Tensors of one"),
    (lambda: ops.dstack([]), CellTypeError, r"ops\.dstack tensors"),
    (lambda: ops.column_stack([V1, _i(1, 2)]), CellTypeError, r"ops\.column_stack"),
    (lambda: ops.row_stack(V1), CellTypeError, r"ops\.vstack tensors"),
    (lambda: ops.hsplit(V1, 2), CellArgumentError, r"ops\.hsplit input: expected a Tensor"),
    (lambda: ops.hsplit(X, 2), CellArgumentError, r"ops\.hsplit indices_or_sections"),
    (lambda: ops.vsplit(X, 0), CellArgumentError, r"ops\.vsplit indices_or_sections"),
    (lambda: ops.dsplit(X, 2), CellArgumentError, r"ops\.dsplit input: expected a Tensor of "
                                                  r"rank 3"),
    (lambda: ops.block_diag(X, _i(1)), CellTypeError, r"ops\.block_diag: expected Tensors of"),
    (lambda: ops.block_diag(ms.Tensor(onp.zeros((1, 1, 1)))), CellArgumentError,
     r"ops\.block_diag input 0"),
    (lambda: ops.cartesian_prod(V1, X), CellArgumentError, r"ops\.cartesian_prod input 1"),
    (lambda: ops.combinations(X), CellArgumentError, r"ops\.combinations input 0"),
    (lambda: ops.combinations(V1, -1), CellArgumentError, r"ops\.combinations r"),
    (lambda: ops.meshgrid(V1, V1, indexing="xx"), CellArgumentError, r"ops\.meshgrid indexing"),
    (lambda: ops.meshgrid(V1, X), CellArgumentError, r"ops\.meshgrid input 1"),
    (lambda: ops.diff(X, -1), CellArgumentError, r"ops\.diff n"),
    (lambda: ops.diff(X, 1, 2), CellArgumentError, r"ops\.diff axis"),
    (lambda: ops.diff(X, prepend=_i([1, 2, 3])), CellTypeError, r"ops\.diff: expected Tensors"),
    (lambda: ops.trapz(X, dim=2), CellArgumentError, r"ops\.trapz dim"),
    (lambda: ops.trapz(X, V1), CellArgumentError, r"ops\.trapz x: expected 3 sample points"),
    (lambda: ops.trapz(ms.Tensor([True, False])), CellTypeError, r"ops\.trapz y"),
]


@pytest.mark.parametrize("call, error, match", BAD, ids=[b[2][:40] for b in BAD])
def test_bad_argument_is_named(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_error_classes_are_the_builtins_a_user_catches():
    with pytest.raises(ValueError):
        ops.narrow(X, 1, 2, 2)
    with pytest.raises(TypeError):
        ops.masked_select(X, _i(1, 0, 1))


@pytest.mark.parametrize("name", ["scattering", "selecting", "rearranging", "combining"])
def test_docstring_examples(name):
    module = importlib.import_module(f"minpy_compat.ops.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
