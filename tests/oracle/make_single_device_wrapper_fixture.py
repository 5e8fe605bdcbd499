"""Record ``single_device_wrapper_cases`` on MindSpore 2.10
into ``single_device_wrapper_fixture.json``:
``/tmp/msvenv/bin/python tests/oracle/make_single_device_wrapper_fixture.py``."""
import os
import sys

import mindspore as ms
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from single_device_wrapper_cases import scenarios  # noqa: E402
from scenario_fixture import record  # noqa: E402

if __name__ == "__main__":
    record(scenarios(ms, nn), "single_device_wrapper_fixture.json")
