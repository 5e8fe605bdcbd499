"""Record ``tensor_hook_cases`` on real MindSpore 2.10 (CPU, PyNative) into
``tensor_hooks_fixture.json``:
``/tmp/msvenv/bin/python tests/oracle/make_tensor_hooks_fixture.py``."""
import json
import os
import sys

import mindspore as ms
from mindspore import nn, ops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tensor_hook_cases import scenarios  # noqa: E402


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU", pynative_synchronize=True)
    results = {}
    for name, run in scenarios(ms, ops, nn).items():
        try:
            results[name] = {"value": run()}
        except Exception as error:  # the record of what MindSpore raised  # noqa: BLE001
            results[name] = {"error": type(error).__name__, "text": str(error)[:300]}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tensor_hooks_fixture.json")
    with open(path, "w") as handle:
        json.dump({"mindspore": ms.__version__, "cases": results}, handle, indent=1)


if __name__ == "__main__":
    main()
