"""Record MindSpore 2.10 on the cases of ``vision3_cases*.py`` (as ``make_vision2_fixture.py``
does for the second set). Run with a MindSpore install (never by CI):
python tests/oracle/make_vision3_fixture.py; it rewrites vision3_fixture.json here."""
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
import vision3_cases  # noqa: E402
import vision3_cases_more  # noqa: E402


def main():
    oracle = {"mindspore": ms.__version__}
    errors = {**vision3_cases.ERRORS, **vision3_cases_more.ERRORS}
    cases = [vision3_cases.DETERMINISTIC, vision3_cases.RANDOM, vision3_cases_more.DETERMINISTIC,
             vision3_cases_more.RANDOM, errors]
    names = [name for group in cases for name in group]
    assert len(names) == len(set(names)), "two cases share a name"
    for name, case in {name: case for group in cases for name, case in group.items()}.items():
        try:
            value = case(V, T, ds)
            oracle[name] = {"error": None} if name in errors else {"value": value}
        except Exception as error:  # noqa: BLE001 -- recording what MindSpore raises
            oracle[name] = {"error": builtin_class(error), "text": str(error)[:300]}
    with open(os.path.join(HERE, "vision3_fixture.json"), "w") as file:
        json.dump(oracle, file, sort_keys=True)
        file.write("\n")


if __name__ == "__main__":
    main()
