"""Record ``tensor_hook_cases`` on MindSpore 2.10
into ``tensor_hooks_fixture.json``:
``/tmp/msvenv/bin/python tests/oracle/make_tensor_hooks_fixture.py``."""
import os
import sys

import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tensor_hook_cases import scenarios  # noqa: E402
from scenario_fixture import record  # noqa: E402

if __name__ == "__main__":
    record(scenarios(ms, ops, nn), "tensor_hooks_fixture.json", errors_recorded=True)
