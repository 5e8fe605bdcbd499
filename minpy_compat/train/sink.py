"""Dataset sink mode, as MindSpore's PyNative mode runs it: ``DatasetHelper``,
``connect_network_with_dataset`` and ``data_sink``. There is no device queue here: the
batches are read on the host, from a dataset that starts over when it runs out.

>>> import numpy
>>> from minpy_compat import dataset as ds
>>> from minpy_compat.train import data_sink
>>> data = ds.NumpySlicesDataset({'x': numpy.arange(4.0)}, shuffle=False)
>>> step = data_sink(lambda x: x * 10, data, sink_size=2)
>>> [float(step()) for _ in range(3)]
[10.0, 30.0, 10.0]
"""
from ..errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message
from ..nn.cell import Cell


def _check_sink_size(where, sink_size, allow_all):
    if isinstance(sink_size, bool) or not isinstance(sink_size, int):
        raise CellTypeError(message(f"{where} 'sink_size'", "an int", describe(sink_size)))
    if sink_size < 1 and not (allow_all and sink_size == -1):
        raise CellArgumentError(message(f"{where} 'sink_size'", "-1 or an int >= 1"
                                        if allow_all else "an int >= 1", describe(sink_size)))


def _check_dataset(where, dataset):
    if not hasattr(dataset, "create_tuple_iterator"):
        raise CellTypeError(message(f"{where} 'dataset'", "a minpy_compat.dataset Dataset",
                                    describe(dataset)))


class _Endless:
    """The rows of ``dataset``, pass after pass."""

    def __init__(self, where, dataset):
        self._where, self._dataset, self._rows = where, dataset, None

    def next(self):
        for _ in range(2):
            if self._rows is None:
                self._rows = iter(self._dataset.create_tuple_iterator())
            try:
                return tuple(next(self._rows))
            except StopIteration:
                self._rows = None
        raise DatasetPipelineError(message(self._where, "a dataset with at least one row",
                                           "an empty dataset"))


class DatasetHelper:
    """Iterate a dataset for a training loop. With ``dataset_sink_mode=False`` each pass
    yields the batches as tuples of Tensors. In sink mode (the default) each pass yields
    ``sink_size`` empty tuples (``-1``: one per batch), and the network returned by
    ``connect_network_with_dataset`` reads the next batch itself: ``net(*inputs)``."""

    def __init__(self, dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1):
        _check_dataset("DatasetHelper", dataset)
        if not isinstance(dataset_sink_mode, bool):
            raise CellTypeError(message("DatasetHelper 'dataset_sink_mode'", "a bool",
                                        describe(dataset_sink_mode)))
        _check_sink_size("DatasetHelper", sink_size, allow_all=True)
        self.dataset, self.dataset_sink_mode = dataset, dataset_sink_mode
        self._sink_size = dataset.get_dataset_size() if sink_size == -1 else sink_size
        self.epoch_num = epoch_num
        self._rows = _Endless("DatasetHelper", dataset) if dataset_sink_mode else None

    def __iter__(self):
        if not self.dataset_sink_mode:
            return (tuple(row) for row in self.dataset.create_tuple_iterator())
        return iter([()] * self._sink_size)

    def sink_size(self):
        """Steps per pass in sink mode (the dataset's size for ``sink_size=-1``)."""
        return self._sink_size

    def types_shapes(self):
        """``(types, shapes)`` of the dataset's columns (NumPy dtypes, shape lists)."""
        return self.dataset.output_types(), self.dataset.output_shapes()

    def next_batch(self):
        """The next batch in sink mode (what the connected network reads)."""
        if self._rows is None:
            raise DatasetPipelineError(message("DatasetHelper.next_batch",
                                               "dataset_sink_mode=True", "False"))
        return self._rows.next()

    def stop_send(self):
        """Nothing to stop: no device queue here."""

    def continue_send(self):
        """Nothing to resume: no device queue here."""

    def release(self):
        """Nothing to release: no device queue here."""


class _DataWrapper(Cell):
    """``network`` fed from a sink-mode ``DatasetHelper``: called with no inputs. Its
    Parameters keep their names (as MindSpore's wrapper, no prefix)."""

    def __init__(self, network, helper):
        super().__init__(auto_prefix=False)
        self.network, self._helper = network, helper

    def construct(self, *inputs):
        if inputs:
            raise CellArgumentError(message(
                "connect_network_with_dataset's network", "no inputs (it reads the dataset)",
                f"{len(inputs)} inputs", "Call it as net(*inputs) with the () the helper yields."))
        return self.network(*self._helper.next_batch())


def connect_network_with_dataset(network, dataset_helper):
    """A Cell that runs ``network`` on the next batch of ``dataset_helper`` (sink mode
    only, as in MindSpore) each time it is called with no inputs."""
    if not isinstance(network, Cell):
        raise CellTypeError(message("connect_network_with_dataset 'network'", "a Cell",
                                    describe(network)))
    if not isinstance(dataset_helper, DatasetHelper):
        raise CellTypeError(message("connect_network_with_dataset 'dataset_helper'",
                                    "a DatasetHelper", describe(dataset_helper)))
    if not dataset_helper.dataset_sink_mode:
        raise DatasetPipelineError(message(
            "connect_network_with_dataset 'dataset_helper'", "a helper in sink mode",
            "dataset_sink_mode=False", "Call the network on the helper's batches instead."))
    return _DataWrapper(network, dataset_helper)


def data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None):
    """A function that, at each call, runs ``fn(*batch)`` on the next ``sink_size`` batches
    of ``dataset`` (which starts over when it runs out) and returns the last result; its
    own arguments are ignored, as MindSpore's. ``jit_config`` is accepted (the code runs
    as written); ``input_signature`` is not checked."""
    if not callable(fn):
        raise CellTypeError(message("data_sink 'fn'", "a callable", describe(fn)))
    _check_dataset("data_sink", dataset)
    _check_sink_size("data_sink", sink_size, allow_all=False)
    rows = _Endless("data_sink", dataset)

    def sink_process(*args, **kwargs):
        out = None
        for _ in range(sink_size):
            out = fn(*rows.next())
        return out
    sink_process.__name__ = getattr(fn, "__name__", "sink_process")
    sink_process.__doc__ = getattr(fn, "__doc__", None)
    return sink_process
