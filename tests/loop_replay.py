"""Replaying ``tests/oracle_zoo/loop_fixture.json`` (recorded from MindSpore 2.10): one
model-zoo style script run on minpy_compat, its imports the only change."""
import json
import os
import sys

import numpy as onp

import minpy_compat as ms

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo")
sys.path.insert(0, HERE)
import zoo_runner  # noqa: E402

with open(os.path.join(HERE, "loop_fixture.json")) as _file:
    FIXTURE = json.load(_file)


def replay(name):
    """``(ours, MindSpore's)`` for script ``name``."""
    try:
        return zoo_runner.run(name, "minpy_compat"), FIXTURE[name]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def close(ours, theirs, rtol=1e-4, atol=1e-5):
    onp.testing.assert_allclose(onp.asarray(ours, onp.float64),
                                onp.asarray(theirs, onp.float64), rtol=rtol, atol=atol)
