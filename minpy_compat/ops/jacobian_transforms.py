"""MindSpore's ``jacfwd`` and ``jacrev``: Jacobians w.r.t. ``grad_position``.

``jacrev`` pulls back one unit seed per output element (``transforms.pullback``);
``jacfwd`` pushes forward one unit tangent per input element (``transforms.jvp``'s
reverse-of-reverse). Both stack with the differentiable facade, so they nest
(``jacrev(jacrev(f))`` is the Hessian) and a bprop Cell's bprop is used. Structure as
MindSpore 2.10: each block has shape ``output shape + input shape``; several outputs give
a tuple over outputs, several positions a tuple over positions inside it (one position
alone, ``1`` or ``(1,)``, is bare); ``has_aux`` gives ``(jacobian, aux)``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.jacrev(lambda x: x ** 2)(ms.Tensor([1.0, 3.0]))
array([[2., 0.],
       [0., 6.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap_tree
from ..tensor import is_tensor
from .grad_arguments import check_positions, check_range, name_of
from .transforms import check_fn, forward_product, pullback


def _size(value):
    return int(onp.prod(onp.shape(getval(value)), dtype=onp.int64))


def _unit(like, k=None):
    """Zeros shaped like ``like`` (float), with a one at flat index ``k`` if given."""
    dtype = getval(like).dtype if getval(like).dtype.kind in "fc" else onp.float64
    unit = onp.zeros(onp.shape(getval(like)), dtype)
    if k is not None:
        unit.flat[k] = 1
    return unit


def _block(pieces, out, arg, axis):
    """Stack per-element pieces into a block of shape ``out.shape + arg.shape``."""
    shape = onp.shape(getval(out)) + onp.shape(getval(arg))
    if not pieces:
        return wrap_tree(onp.zeros(shape, getval(out).dtype))
    return np.reshape(np.stack(pieces, axis=axis), shape)


def _assemble(blocks, outputs, positions):
    """``blocks[o][p]`` nested as MindSpore nests them (module doc)."""
    per_output = [b[0] if len(positions) == 1 else tuple(b) for b in blocks]
    return tuple(per_output) if type(outputs) in (tuple, list) else per_output[0]


def _jacobian(fn, grad_position, has_aux, transform, columns):
    check_fn(fn, transform)
    where = f"{transform}({name_of(fn)})"
    positions = check_positions(grad_position, None, where)

    def wrapped(*args):
        check_range(positions, args, where)
        kept = tuple(p for p in positions if is_tensor(args[p]))
        outputs, aux, blocks = columns(fn, args, kept, has_aux, where)
        jac = wrap_tree(_assemble(blocks, outputs, kept))
        return (jac, aux) if has_aux else jac
    wrapped.__name__ = f"{transform}_of_{name_of(fn)}"
    return wrapped


def _reverse_blocks(fn, args, kept, has_aux, where):
    outputs, aux, pull = pullback(fn, args, kept, (), has_aux, where)
    outs = tuple(outputs) if type(outputs) in (tuple, list) else (outputs,)
    blocks = []
    for o, out in enumerate(outs):
        rows = [[] for _ in kept]
        for k in range(_size(out)):
            seeds = [_unit(each, k) if j == o else _unit(each)
                     for j, each in enumerate(outs)]
            for row, grad in zip(rows, pull(seeds)[0]):
                row.append(grad)
        blocks.append([_block(row, out, args[p], 0) for row, p in zip(rows, kept)])
    return outputs, aux, blocks


def _forward_blocks(fn, args, kept, has_aux, where):
    outputs, aux, _ = pullback(fn, args, (), (), has_aux, where)  # shapes, and the aux
    outs = tuple(outputs) if type(outputs) in (tuple, list) else (outputs,)
    columns = [[[] for _ in kept] for _ in outs]
    for i, p in enumerate(kept):
        for k in range(_size(args[p])):
            tangents = [_unit(a, k) if j == p else _unit(a) if is_tensor(a) else a
                        for j, a in enumerate(args)]
            _, _, product = forward_product(fn, args, tangents, has_aux, where)
            for o, column in enumerate(product if type(outputs) in (tuple, list)
                                       else (product,)):
                columns[o][i].append(column)
    blocks = [[_block(columns[o][i], out, args[p], -1) for i, p in enumerate(kept)]
              for o, out in enumerate(outs)]
    return outputs, aux, blocks


def jacrev(fn, grad_position=0, has_aux=False):
    """MindSpore's ``jacrev``: the Jacobian by reverse mode (see the module doc).

    >>> import minpy_compat as ms
    >>> from minpy_compat import ops
    >>> ops.jacrev(lambda x: (x ** 3).sum())(ms.Tensor([1.0, 2.0]))
    array([ 3., 12.], dtype=float32)
    """
    return _jacobian(fn, grad_position, has_aux, "jacrev", _reverse_blocks)


def jacfwd(fn, grad_position=0, has_aux=False):
    """MindSpore's ``jacfwd``: the Jacobian by forward mode (see the module doc).

    >>> import minpy_compat as ms
    >>> from minpy_compat import ops
    >>> ops.jacfwd(lambda x, y: x * y, grad_position=1)(ms.Tensor([2.0]), ms.Tensor([5.0]))
    array([[2.]], dtype=float32)
    """
    return _jacobian(fn, grad_position, has_aux, "jacfwd", _forward_blocks)
