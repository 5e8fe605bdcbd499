"""MindSpore's training wrappers that mean something on one device:
``ParameterUpdate(param)(value)`` writes ``value`` into ``param``, and
``MicroBatchInterleaved(network, n)`` / ``PipelineCell(network, n)`` run ``network`` on
``n`` slices of the batch and add the outputs (MindSpore overlaps the slices' communication,
or spreads the stages, on many devices; the sum is the same on one, as MindSpore 2.10
standalone gives it).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> w = ms.Parameter(ms.Tensor([1.0, 1.0]), name='w')
>>> nn.ParameterUpdate(w)(ms.Tensor([7.0, 8.0])).asnumpy()
array([7., 8.], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.functional import assign
from ..tensor import Parameter
from .cell import Cell


class ParameterUpdate(Cell):
    """``ParameterUpdate(param)(value)``: assign ``value`` to the Parameter ``param`` (same
    shape) and return the new value."""

    def __init__(self, param):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise CellTypeError(message("ParameterUpdate param", "a Parameter",
                                        describe(param),
                                        "Pass the Cell's Parameter (net.weight), not a Tensor."))
        self._param = param

    def construct(self, x):
        return assign(self._param, x)


def _split(where, count, value, parts):
    """``value`` cut into ``parts`` equal slices along its first axis (a non-Tensor as is)."""
    if not isinstance(getval(value), onp.ndarray) or onp.ndim(getval(value)) == 0:
        return [value] * parts
    batch = onp.shape(getval(value))[0]
    if batch % parts:
        raise CellArgumentError(message(
            f"{where} input", f"a batch (first axis) divisible by {count}={parts}",
            f"shape {onp.shape(getval(value))}", "Pick an interleave_num that divides it."))
    size = batch // parts
    return [value[i * size:(i + 1) * size] for i in range(parts)]


def _add(total, output):
    if isinstance(output, (tuple, list)):
        return type(output)(_add(t, o) for t, o in zip(total, output))
    return total + output


class MicroBatchInterleaved(Cell):
    """``network`` run on ``interleave_num`` equal slices of each Tensor input's first axis,
    the outputs (or each item of a tuple output) added."""

    _count = "interleave_num"

    def __init__(self, network, interleave_num=2):
        super().__init__(auto_prefix=False)
        if not isinstance(interleave_num, numbers.Integral) or isinstance(
                interleave_num, bool) or interleave_num < 1:
            raise CellTypeError(message(f"{type(self).__name__} {self._count}",
                                        "a positive int", repr(interleave_num)))
        self.network = network
        self.interleave_num = int(interleave_num)

    def construct(self, *inputs):
        where, parts = type(self).__name__, self.interleave_num
        cut = [_split(where, self._count, value, parts) for value in inputs]
        slices = list(zip(*cut)) or [()] * parts
        total = self.network(*slices[0])
        for sliced in slices[1:]:
            total = _add(total, self.network(*sliced))
        return total


class PipelineCell(MicroBatchInterleaved):
    """``network`` run on ``micro_size`` micro-batches, the outputs added: on one device a
    pipeline has a single stage, so ``stage_config`` and ``segment_config`` change nothing."""

    _count = "micro_size"

    def __init__(self, network, micro_size, stage_config=None, segment_config=None):
        super().__init__(network, micro_size)
        self.micro_size = self.interleave_num
