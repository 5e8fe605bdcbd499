"""MindSpore's ``GradOperation(get_all, get_by_list, sens_param)``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.GradOperation(get_all=True)(lambda x, y: x * y)(ms.Tensor([2.0]), ms.Tensor([5.0]))
(array([5.], dtype=float32), array([2.], dtype=float32))
"""
from ..errors import CellArgumentError, GradPositionTypeError, message
from .differentiate import differentiate
from .grad_arguments import check_range, check_weights, keywords_as_inputs, name_of


class GradOperation:
    """MindSpore's ``GradOperation(get_all=False, get_by_list=False, sens_param=False)``.

    ``GradOperation(...)(fn, weights)`` is a function of ``fn``'s inputs (plus the
    sensitivity last, with ``sens_param=True``). It gives the gradient of input 0,
    all input gradients (``get_all``), the weight gradients (``get_by_list``; a
    Cell's ``trainable_params()`` when no weights are given), or both as
    ``(inputs, weights)``.
    """

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for name, value in (("get_all", get_all), ("get_by_list", get_by_list),
                            ("sens_param", sens_param)):
            if not isinstance(value, bool):
                raise GradPositionTypeError(message(f"GradOperation {name}", "a bool",
                                                    f"{type(value).__name__} {value!r}"))
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param

    def __call__(self, fn, weights=None):
        where = f"GradOperation({name_of(fn)})"
        params, single_weight = (), False
        if self.get_by_list and weights is not None:
            params, single_weight = check_weights(weights, where)

        def grad_fn(*args, **kwargs):
            sens = None
            if self.sens_param:
                if not args:
                    raise CellArgumentError(message(where, "the inputs and then the sens",
                                                    "no arguments"))
                args, sens = args[:-1], args[-1]
            call, args = keywords_as_inputs(fn, args, kwargs)
            # get_by_list alone gives only the weights' gradients: no input is traced, so
            # an int input reaches the network as its ints (an Embedding after a reshape)
            positions = tuple(range(len(args))) if self.get_all else \
                () if self.get_by_list else (0,)
            check_range(positions, args, where)
            chosen = _cell_weights(fn) if self.get_by_list and weights is None else params
            _, input_grads, weight_grads, _ = differentiate(
                call, args, {}, positions, chosen, sens=sens, where=where)
            weight_grads = weight_grads[0] if single_weight else tuple(weight_grads)
            if self.get_by_list and self.get_all:
                return tuple(input_grads), weight_grads
            if self.get_by_list:
                return weight_grads
            if self.get_all:
                return tuple(input_grads)
            return input_grads[0] if input_grads else ()
        return grad_fn


def _cell_weights(fn):
    """get_by_list without weights: a Cell's trainable Parameters, none for a function
    (MindSpore 2.10)."""
    from ..nn.cell import Cell
    return tuple(fn.trainable_params()) if isinstance(fn, Cell) else ()
