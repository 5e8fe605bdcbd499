"""Record MindSpore 2.10's ``dataset.vision`` and ``dataset.transforms`` (the cases in
``vision_cases*.py``): each case's value, or the built-in class of its exception.

Run with a MindSpore install (never by CI):  python tests/oracle/make_vision_fixture.py
It rewrites tests/oracle/vision_fixture.json next to this file.
"""
import json
import os
import sys

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "oracle_train"))
from generate_dataset2 import builtin_class  # noqa: E402
from vision_cases import DETERMINISTIC  # noqa: E402
from vision_cases_random import ERRORS, RANDOM, TRANSFORMS  # noqa: E402


def main():
    oracle = {"mindspore": ms.__version__}
    for name, case in {**DETERMINISTIC, **RANDOM, **TRANSFORMS, **ERRORS}.items():
        try:
            oracle[name] = {"value": case(V, T, ds)}
        except Exception as error:  # noqa: BLE001 -- recording what MindSpore raises
            oracle[name] = {"error": builtin_class(error)}
    with open(os.path.join(HERE, "vision_fixture.json"), "w") as file:
        json.dump(oracle, file, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    main()
