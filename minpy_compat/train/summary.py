"""``mindspore.train.summary``: ``SummaryRecord`` writes the values a training script adds
(scalars, tensors, histograms' data, images) to a file, one JSON line per recorded step.
MindSpore writes protobuf event files for MindInsight; these are plain JSON, read back with
``json`` (they are not MindInsight's format). Graph and lineage values need that protobuf
format and are refused.

>>> import json, tempfile
>>> from minpy_compat import Tensor
>>> from minpy_compat.train.summary import SummaryRecord
>>> with SummaryRecord(tempfile.mkdtemp()) as record:
...     record.add_value('scalar', 'loss', Tensor(0.5))
...     _ = record.record(1)
>>> json.loads(open(record.log_dir).readline())['scalar']
{'loss': 0.5}
"""
import json
import os
import socket
import time

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..nn.cell import Cell
from ..tensor import Tensor

_CHECKS = {"scalar": (lambda v: v.size == 1, "a Tensor of one element"),
           "image": (lambda v: v.ndim == 4, "a 4-D Tensor (N, C, H, W)"),
           "tensor": (lambda v: v.ndim > 0, "a Tensor of at least one dimension"),
           "histogram": (lambda v: v.ndim > 0, "a Tensor of at least one dimension")}


def _name_part(where, value):
    if not isinstance(value, str) or "/" in value:
        raise CellTypeError(message(where, "a str without '/'", describe(value)))
    return value


class SummaryRecord:
    """Collect values with ``add_value(plugin, name, value)`` and write them at
    ``record(step)`` to ``{log_dir}/{file_prefix}.summary.{time}.{host}{file_suffix}.jsonl``
    (``log_dir`` the property is that file's path): each line is
    ``{"step": s, "mode": "train", "scalar": {name: value}, "tensor": {...}, ...}``."""

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32,
                 network=None, max_file_size=None, raise_exception=False, export_options=None):
        if not isinstance(log_dir, str) or not log_dir:
            raise CellTypeError(message("SummaryRecord 'log_dir'", "a folder path (str)",
                                        describe(log_dir)))
        name = (f"{_name_part('SummaryRecord file_prefix', file_prefix)}.summary."
                f"{int(time.time())}.{socket.gethostname()}"
                f"{_name_part('SummaryRecord file_suffix', file_suffix)}.jsonl")
        if network is not None and not isinstance(network, Cell):
            raise CellTypeError(message("SummaryRecord 'network'", "a Cell or None",
                                        describe(network)))
        os.makedirs(log_dir, exist_ok=True)
        self.base_log_dir, self.file_prefix, self.file_suffix = log_dir, file_prefix, file_suffix
        self.network, self._mode, self._pool = network, "train", {}
        self._path = os.path.abspath(os.path.join(log_dir, name))
        self._file = open(self._path, "a", encoding="utf-8")

    @property
    def log_dir(self):
        """The full path of the file written."""
        return self._path

    def __enter__(self):
        if self._file is None:
            raise CellArgumentError(message("SummaryRecord", "an open record", "a closed one",
                                            "Make a new SummaryRecord."))
        return self

    def __exit__(self, *err):
        self.close()
        return False

    def set_mode(self, mode):
        """``'train'`` or ``'eval'``: written with each step's line."""
        if mode not in ("train", "eval"):
            raise CellArgumentError(message("SummaryRecord.set_mode 'mode'",
                                            "'train' or 'eval'", repr(mode)))
        self._mode = mode

    def add_value(self, plugin, name, value):
        """Keep ``value`` (a Tensor) under ``name`` until the next ``record``; the newest of
        two values with one name is kept."""
        if plugin not in _CHECKS:
            raise CellArgumentError(message(
                "SummaryRecord.add_value 'plugin'", f"one of {sorted(_CHECKS)}", repr(plugin),
                "Graph and lineage values need MindSpore's protobuf format."))
        if not isinstance(name, str) or not name:
            raise CellArgumentError(message("SummaryRecord.add_value 'name'", "a non-empty str",
                                            describe(name)))
        if not isinstance(value, Tensor):
            raise CellTypeError(message(f"SummaryRecord.add_value {plugin} {name!r}",
                                        "a Tensor", describe(value)))
        array = onp.array(value.asnumpy())
        check, expected = _CHECKS[plugin]
        if not check(array):
            raise CellArgumentError(message(f"SummaryRecord.add_value {plugin} {name!r}",
                                            expected, f"shape {array.shape}"))
        self._pool.setdefault(plugin, {})[name] = \
            array.reshape(()).item() if plugin == "scalar" else array.tolist()

    def record(self, step, train_network=None, plugin_filter=None):
        """Write the values added since the last call as step ``step``'s line; False (and
        nothing written) once closed."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise CellTypeError(message("SummaryRecord.record 'step'", "an int", describe(step)))
        if train_network is not None and not isinstance(train_network, Cell):
            raise CellTypeError(message("SummaryRecord.record 'train_network'",
                                        "a Cell or None", describe(train_network)))
        if self._file is None:
            return False
        pool, self._pool = self._pool, {}
        if plugin_filter is not None:
            pool = {plugin: values for plugin, values in pool.items() if plugin_filter(plugin)}
        self._file.write(json.dumps({"step": step, "mode": self._mode, **pool}) + "\n")
        return True

    def flush(self):
        """Write what is buffered to disk."""
        if self._file is not None:
            self._file.flush()

    def close(self):
        """Flush and close the file; later ``record`` calls return False."""
        if self._file is not None:
            self._file.close()
            self._file = None


__all__ = ["SummaryRecord"]


# MindSpore's other names here, read from minpy_compat's namespaces (a ModulePathError names
# the ones we lack)
from ..module_paths import fallback  # noqa: E402

__getattr__, __dir__ = fallback(__name__)

# MindSpore's submodules here (``train.summary.summary_record``) come from ``module_paths``
__path__ = []
