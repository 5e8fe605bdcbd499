"""Record ``single_device_wrapper_cases`` on real MindSpore 2.10 (CPU, PyNative) into
``single_device_wrapper_fixture.json``:
``/tmp/msvenv/bin/python tests/oracle/make_single_device_wrapper_fixture.py``."""
import json
import os
import sys

import mindspore as ms
from mindspore import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from single_device_wrapper_cases import scenarios  # noqa: E402


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    results = {name: run() for name, run in scenarios(ms, nn).items()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "single_device_wrapper_fixture.json")
    with open(path, "w") as handle:
        json.dump({"mindspore": ms.__version__, "cases": results}, handle, indent=1)


if __name__ == "__main__":
    main()
