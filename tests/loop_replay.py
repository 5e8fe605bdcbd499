"""Replaying a fixture of ``tests/oracle_zoo/`` recorded from MindSpore 2.10 (by default
``loop_fixture.json``): one model-zoo style script run on minpy_compat, its imports the only
change."""
import os
import sys

import numpy as onp

import minpy_compat as ms

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_zoo")
sys.path.insert(0, HERE)
import script_loader  # noqa: E402


def replay(name, fixture="loop_fixture.json"):
    """``(ours, MindSpore's)`` for script ``name``."""
    try:
        return script_loader.run(name, "minpy_compat"), script_loader.recorded(name, fixture)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def close(ours, theirs, rtol=1e-4, atol=1e-5):
    onp.testing.assert_allclose(onp.asarray(ours, onp.float64),
                                onp.asarray(theirs, onp.float64), rtol=rtol, atol=atol)


def assert_runs_match(both, steps, *keys):
    """A replay's ``steps`` losses, and then each entry in ``keys``, as MindSpore's. ``both``
    is ``replay``'s pair."""
    ours, theirs = both
    assert len(ours["losses"]) == steps
    for key in ("losses",) + keys:
        close(ours[key], theirs[key])


def assert_parts_match(both, key="parts"):
    """Each named result in ``ours[key]`` as MindSpore's, with none missing and none extra."""
    ours, theirs = both
    assert sorted(ours[key]) == sorted(theirs[key])
    for name, value in theirs[key].items():
        close(ours[key][name], value)
