"""Record ``prim_registration_cases`` on MindSpore 2.10
into ``prim_registration_fixture.json``:
``/tmp/msvenv/bin/python tests/oracle/make_prim_registration_fixture.py``."""
import os
import sys

import mindspore as ms
from mindspore import ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prim_registration_cases import scenarios  # noqa: E402
from scenario_fixture import record  # noqa: E402

if __name__ == "__main__":
    record(scenarios(ms, ops), "prim_registration_fixture.json")
