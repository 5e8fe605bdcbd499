"""Record ``forward_record_cases`` on MindSpore 2.10 into ``forward_record_fixture.json``:
``/tmp/msvenv/bin/python tests/oracle/make_forward_record_fixture.py``."""
import json
import os
import sys

import mindspore as ms
from mindspore import nn
import mindspore.ops.composite as C

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from forward_record_cases import run_cases  # noqa: E402

if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    with open(os.path.join(HERE, "forward_record_fixture.json"), "w") as handle:
        json.dump(run_cases(ms, nn, C), handle, indent=1, sort_keys=True)
        handle.write("\n")
