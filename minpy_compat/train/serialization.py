"""``mindspore.train.serialization``: the checkpoint functions, with
``load_checkpoint_async`` (a load in a background thread) and ``merge_sliced_parameter``
(slices of one Parameter joined along axis 0).

>>> import numpy
>>> from minpy_compat import Parameter
>>> from minpy_compat.train.serialization import merge_sliced_parameter
>>> merge_sliced_parameter([Parameter(numpy.ones(2), 'w'), Parameter(numpy.zeros(1), 'w')]).shape
(3,)
"""
from concurrent.futures import ThreadPoolExecutor

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter
from .checkpoint import load_checkpoint, load_param_into_net, save_checkpoint


class ParamDictFuture:
    """What ``load_checkpoint_async`` returns: ``result()`` waits for the load and gives
    ``load_checkpoint``'s dict (its error, if it raised one)."""

    def __init__(self, executor, future):
        self.executor, self.param_dict_future = executor, future

    def result(self):
        try:
            return self.param_dict_future.result()
        finally:
            self.executor.shutdown()


def load_checkpoint_async(ckpt_file_name, net=None, strict_load=False, filter_prefix=None,
                          dec_key=None, dec_mode="AES-GCM", specify_prefix=None,
                          choice_func=None):
    """``load_checkpoint(ckpt_file_name, net)`` in a background thread; call ``result()``
    on what comes back to wait for it. The prefix, decryption and choice arguments are
    those ``load_checkpoint`` takes here (accepted, not applied)."""
    executor = ThreadPoolExecutor(max_workers=1)
    return ParamDictFuture(executor, executor.submit(load_checkpoint, ckpt_file_name, net))


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """One Parameter from slices of it (in rank order) joined along axis 0: they must
    share their name, their number of dimensions and their shape after axis 0."""
    where = "merge_sliced_parameter"
    if not isinstance(sliced_parameters, (list, tuple)):
        raise CellTypeError(message(f"{where} 'sliced_parameters'", "a list of Parameters",
                                    describe(sliced_parameters)))
    if not sliced_parameters:
        raise CellArgumentError(message(f"{where} 'sliced_parameters'",
                                        "at least one Parameter", "an empty list"))
    if strategy is not None:
        raise CellArgumentError(message(f"{where} 'strategy'", "None (slices joined along "
                                        "axis 0; no distributed layouts here)",
                                        describe(strategy)))
    first = sliced_parameters[0]
    for index, param in enumerate(sliced_parameters):
        if not isinstance(param, Parameter):
            raise CellTypeError(message(f"{where} 'sliced_parameters' item {index}",
                                        "a Parameter", describe(param)))
        if param.name != first.name or param.ndim != first.ndim or \
                (param.ndim and param.shape[1:] != first.shape[1:]):
            raise CellArgumentError(message(
                f"{where} 'sliced_parameters' item {index}",
                f"name {first.name!r} and shape (*, {', '.join(map(str, first.shape[1:]))})",
                f"name {param.name!r} and shape {param.shape}"))
    if first.ndim == 0:
        raise CellArgumentError(message(f"{where} 'sliced_parameters'",
                                        "slices with at least one dimension", "scalars"))
    merged = onp.concatenate([param.asnumpy() for param in sliced_parameters])
    return Parameter(merged, name=first.name, requires_grad=first.requires_grad)


__all__ = ["ParamDictFuture", "load_checkpoint", "load_checkpoint_async",
           "load_param_into_net", "merge_sliced_parameter", "save_checkpoint"]


# MindSpore's other names here, read from minpy_compat's namespaces (a ModulePathError names
# the ones we lack)
from ..module_paths import fallback  # noqa: E402

__getattr__, __dir__ = fallback(__name__)
