"""Operator information for ``ops.Custom``: ``CustomRegOp``, ``DataType``, ``custom_info_register``.

Registration information names, per target ("CPU", "GPU", "Ascend"), the dtype
combinations an op supports. When an op's information covers the current target
(``set_context(device_target=...)``; CPU by default), calls with other input
dtypes are refused with an error that lists the supported ones.

>>> from minpy_compat.ops import CustomRegOp, DataType
>>> info = (CustomRegOp().input(0, "x").output(0, "y")
...         .dtype_format(DataType.F32_Default, DataType.F32_Default).target("CPU").get_op_info())
>>> info["dtype_format"]
[(('float32', 'DefaultFormat'), ('float32', 'DefaultFormat'))]
"""
import functools
import json

import numpy as onp
from autograd.tracer import getval

from ..context import current_context
from ..dtype import pretty
from ..errors import CellArgumentError, CellTypeError, CustomOpTypeError, describe, message


class DataType:
    """(dtype, format) pairs: ``DataType.F32_Default == ('float32', 'DefaultFormat')``."""


_DTYPES = {"None": "", "BOOL": "bool", "I8": "int8", "I16": "int16", "I32": "int32",
           "I64": "int64", "U8": "uint8", "U16": "uint16", "U32": "uint32", "U64": "uint64",
           "F16": "float16", "BF16": "bfloat16", "F32": "float32", "F64": "float64",
           "C64": "complex64", "C128": "complex128"}
_FORMATS = {"None": "", "Default": "DefaultFormat", "5HD": "NC1HWC0", "FracZ": "FRACTAL_Z",
            "FracNZ": "FRACTAL_NZ", "C1HWNCoC0": "C1HWNCoC0", "NCHW": "NCHW", "NHWC": "NHWC",
            "NCDHW": "NCDHW", "NDHWC": "NDHWC", "HWCN": "HWCN", "DHWCN": "DHWCN",
            "ChannelLast": "ChannelLast", "NDC1HWC0": "NDC1HWC0",
            "FRACTAL_Z_3D": "FRACTAL_Z_3D"}
for _short, _dtype in _DTYPES.items():
    for _fmt_name, _fmt in _FORMATS.items():
        setattr(DataType, f"{_short}_{_fmt_name}", (_dtype, _fmt))
DataType.None_None = ("", "")


class CustomRegOp:
    """A builder for operator information; ``get_op_info()`` gives the dict."""

    def __init__(self, op_name="Custom"):
        self.op_name = op_name
        self.inputs, self.outputs, self.attr_, self.dtype_format_ = [], [], [], []
        self.target_ = None

    def _io(self, kind, index, name, param_type):
        if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
            raise CellTypeError(message(f"CustomRegOp.{kind} index", "an int", describe(index)))
        return {"index": index, "name": name, "paramType": param_type}

    def input(self, index=None, name=None, param_type="required", **kwargs):
        self.inputs.append(self._io("input", index, name, param_type))
        return self

    def output(self, index=None, name=None, param_type="required", **kwargs):
        self.outputs.append(self._io("output", index, name, param_type))
        return self

    def attr(self, name=None, param_type=None, value_type=None, value=None, **kwargs):
        entry = {"name": name, "paramType": param_type, "type": value_type}
        if value is not None:
            entry["value"] = value
        self.attr_.append(entry)
        return self

    def dtype_format(self, *args):
        for i, pair in enumerate(args):
            if type(pair) is not tuple or len(pair) < 2:
                raise CellTypeError(message(f"CustomRegOp.dtype_format argument {i}",
                                            "a (dtype, format) pair such as DataType.F32_Default",
                                            describe(pair)))
        self.dtype_format_.append(tuple(args))
        return self

    def target(self, target=None):
        self.target_ = target
        return self

    def get_op_info(self):
        return {"op_name": self.op_name, "inputs": self.inputs, "outputs": self.outputs,
                "attr": self.attr_, "fusion_type": "", "dtype_format": list(self.dtype_format_),
                "target": self.target_}


def custom_info_register(*reg_info):
    """Decorator: attach operator information to a kernel function (``func.reg_info``)."""
    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)
        wrapper.reg_info = reg_info
        return wrapper
    return decorate


def normalize_reg_info(reg_info, where):
    """Operator information as a list of dicts; each must name its dtype formats."""
    if reg_info is None:
        return []
    items = list(reg_info) if isinstance(reg_info, (tuple, list)) else [reg_info]
    infos = []
    for item in items:
        if isinstance(item, CustomRegOp):
            item = item.get_op_info()
        elif isinstance(item, str):
            item = json.loads(item)
        if not isinstance(item, dict):
            raise CellTypeError(message(f"{where} reg_info", "a CustomRegOp, its get_op_info() "
                                        "dict or a JSON string", describe(item)))
        if not item.get("dtype_format"):
            raise CellArgumentError(message(
                f"{where} reg_info", "registration information with dtype_format",
                "none", "Add .dtype_format(DataType.F32_Default, ...) with one pair per input "
                "and output."))
        infos.append(item)
    return infos


def current_target():
    return "GPU" if current_context().device_type == "gpu" else "CPU"


def check_input_dtypes(infos, inputs, where):
    """Refuse inputs whose dtypes no registered row supports on the current target."""
    target = current_target()
    rows = [(info, row) for info in infos if info.get("target") in (None, target)
            for row in info["dtype_format"]]
    if not rows:
        return
    got = [getattr(getval(x), "dtype", None) for x in inputs]
    for info, row in rows:
        wanted = [pair[0] for pair in row[:len(inputs)]]
        if all(w == "" or g is None or onp.dtype(g).name == w for w, g in zip(wanted, got)):
            return
    supported = "; ".join(_describe_row(info, row) for info, row in rows)
    raise CustomOpTypeError(message(
        f"{where} inputs on target {target}", f"dtypes the registration supports ({supported})",
        " ".join(pretty(g) if g is not None else "scalar" for g in got),
        "Cast the inputs, or register another dtype_format row."))


def _describe_row(info, row):
    count = len(info.get("inputs") or ()) or len(row) - len(info.get("outputs") or ())
    names = [_pretty_name(pair[0]) for pair in row]
    return f"input[{' '.join(names[:count])}], output[{' '.join(names[count:])}]"


def _pretty_name(name):
    if not name:
        return "Any"
    try:
        return pretty(name)
    except TypeError:  # a dtype NumPy lacks (bfloat16)
        return name
