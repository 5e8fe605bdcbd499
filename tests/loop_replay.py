"""Replaying a fixture of ``tests/oracle_zoo/`` recorded from MindSpore 2.10 (by default
``loop_fixture.json``): one model-zoo style script run on minpy_compat, its imports the only
change."""
import json
import os
import sys

import numpy as onp

import minpy_compat as ms

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo")
sys.path.insert(0, HERE)
import zoo_runner  # noqa: E402

_FIXTURES = {}


def recorded(name, fixture="loop_fixture.json"):
    """What MindSpore 2.10 gave for script ``name``, as ``fixture`` recorded it."""
    if fixture not in _FIXTURES:
        with open(os.path.join(HERE, fixture)) as handle:
            _FIXTURES[fixture] = json.load(handle)
    return _FIXTURES[fixture][name]


def replay(name, fixture="loop_fixture.json"):
    """``(ours, MindSpore's)`` for script ``name``."""
    try:
        return zoo_runner.run(name, "minpy_compat"), recorded(name, fixture)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def close(ours, theirs, rtol=1e-4, atol=1e-5):
    onp.testing.assert_allclose(onp.asarray(ours, onp.float64),
                                onp.asarray(theirs, onp.float64), rtol=rtol, atol=atol)
