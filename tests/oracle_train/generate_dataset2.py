"""Record MindSpore 2.10's dataset round 2: pipeline operations, samplers and
``dataset.transforms`` (the cases in ``dataset2_cases*.py``): each case's value, or the
built-in class of the exception it raises.

Run with a MindSpore install (never by CI):  python tests/oracle_train/generate_dataset2.py
It rewrites tests/oracle_train/oracle_dataset2.json next to this file.
"""
import json
import os
import sys

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as T

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dataset2_cases import PIPELINE, PIPELINE_ERRORS  # noqa: E402
from dataset2_cases_samplers import (SAMPLERS, SAMPLER_ERRORS, TRANSFORMS,  # noqa: E402
                                     TRANSFORM_ERRORS)

DTYPES = {"float32": ms.float32, "float16": ms.float16, "int32": ms.int32, "bool": ms.bool_}


def builtin_class(error):
    """The built-in exception a user would catch: RuntimeError, TypeError or ValueError."""
    for cls in type(error).__mro__:
        if cls in (RuntimeError, TypeError, ValueError):
            return cls.__name__
    return type(error).__name__


def record(cases):
    out = {}
    for name, case in cases.items():
        try:
            out[name] = {"value": case(ds, T, DTYPES)}
        except Exception as error:  # noqa: BLE001 -- recording what MindSpore raises
            out[name] = {"error": builtin_class(error)}
    return out


def main():
    oracle = {"mindspore": ms.__version__}
    for group in (PIPELINE, PIPELINE_ERRORS, SAMPLERS, SAMPLER_ERRORS, TRANSFORMS,
                  TRANSFORM_ERRORS):
        oracle.update(record(group))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_dataset2.json")
    with open(path, "w") as file:
        json.dump(oracle, file, indent=1, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    main()
