"""Record MindSpore 2.10 on the cases of ``vision2_cases*.py`` (as ``make_vision_fixture.py``
does for the first set). Run with a MindSpore install (never by CI):
python tests/oracle/make_vision2_fixture.py; it rewrites vision2_fixture.json here."""
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
import vision2_cases  # noqa: E402
import vision2_cases_batch  # noqa: E402
import vision2_cases_warp  # noqa: E402


def main():
    oracle = {"mindspore": ms.__version__}
    errors = {**vision2_cases.ERRORS, **vision2_cases_warp.ERRORS,
              **vision2_cases_batch.ERRORS}
    cases = [vision2_cases.DETERMINISTIC, vision2_cases.RANDOM,
             vision2_cases_warp.DETERMINISTIC, vision2_cases_warp.RANDOM,
             vision2_cases_batch.DETERMINISTIC, vision2_cases_batch.SAMPLES, errors]
    for name, case in {name: case for group in cases for name, case in group.items()}.items():
        try:
            value = case(V, T, ds)
            oracle[name] = {"error": None} if name in errors else {"value": value}
        except Exception as error:  # noqa: BLE001 -- recording what MindSpore raises
            oracle[name] = {"error": builtin_class(error), "text": str(error)[:300]}
    with open(os.path.join(HERE, "vision2_fixture.json"), "w") as file:
        json.dump(oracle, file, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    main()
