"""Dataset round 2 against MindSpore 2.10: pipeline operations, samplers and
``dataset.transforms``, each case in ``tests/oracle_train/dataset2_cases*.py`` replayed
against what ``tests/oracle_train/generate_dataset2.py`` recorded (a value, or the built-in
class of the exception)."""
import json
import math
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds
from minpy_compat.dataset import transforms as T

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_train")
sys.path.insert(0, HERE)
from dataset2_cases import PIPELINE, PIPELINE_ERRORS  # noqa: E402
from dataset2_cases_samplers import (SAMPLERS, SAMPLER_ERRORS, TRANSFORMS,  # noqa: E402
                                     TRANSFORM_ERRORS)

with open(os.path.join(HERE, "oracle_dataset2.json")) as _file:
    ORACLE = json.load(_file)
CASES = {**PIPELINE, **PIPELINE_ERRORS, **SAMPLERS, **SAMPLER_ERRORS, **TRANSFORMS,
         **TRANSFORM_ERRORS}
DTYPES = {"float32": ms.float32, "float16": ms.float16, "int32": ms.int32, "bool": ms.bool_}
ERRORS = {"RuntimeError": RuntimeError, "TypeError": TypeError, "ValueError": ValueError}


def same(ours, theirs):
    if isinstance(theirs, float) or isinstance(ours, float):
        return isinstance(ours, (int, float)) and math.isclose(ours, theirs, rel_tol=1e-12)
    if isinstance(theirs, list):
        return isinstance(ours, list) and len(ours) == len(theirs) and \
            all(same(a, b) for a, b in zip(ours, theirs))
    if isinstance(theirs, dict):
        return isinstance(ours, dict) and ours.keys() == theirs.keys() and \
            all(same(ours[k], theirs[k]) for k in theirs)
    return ours == theirs and type(ours) is type(theirs)


pytestmark = pytest.mark.usefixtures("keep_dataset_seed")  # (conftest)


def test_every_case_was_recorded():
    assert ORACLE["mindspore"] == "2.10.0"
    assert sorted(CASES) == sorted(k for k in ORACLE if k != "mindspore")


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_as_mindspore(name):
    recorded = ORACLE[name]
    if "error" in recorded:
        with pytest.raises(ERRORS[recorded["error"]]):
            CASES[name](ds, T, DTYPES)
    else:
        ours = json.loads(json.dumps(CASES[name](ds, T, DTYPES)))
        assert same(ours, recorded["value"]), (ours, recorded["value"])
