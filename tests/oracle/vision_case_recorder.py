"""The one recorder of the later ``dataset.vision`` fixtures (``make_vision2_fixture.py``,
``make_vision3_fixture.py``): each case run on MindSpore 2.10 as ``case(V, T, ds)``, its
value kept, or, where it raised, the built-in class a user would catch and the message.
A case of ``errors`` that runs records ``{"error": None}``. Runs only under MindSpore."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "oracle_train"))
from generate_dataset2 import builtin_class  # noqa: E402


def record(groups, errors, fixture_name):
    """Run every case of ``groups`` (dicts of cases; ``errors`` is one of them) and write
    ``fixture_name`` here, with MindSpore's version under ``"mindspore"``."""
    import mindspore as ms
    import mindspore.dataset as ds
    import mindspore.dataset.transforms as T
    import mindspore.dataset.vision as V
    names = [name for group in groups for name in group]
    assert len(names) == len(set(names)), "two cases share a name"
    oracle = {"mindspore": ms.__version__}
    for name, case in {name: case for group in groups for name, case in group.items()}.items():
        try:
            value = case(V, T, ds)
            oracle[name] = {"error": None} if name in errors else {"value": value}
        except Exception as error:  # noqa: BLE001 -- recording what MindSpore raises
            oracle[name] = {"error": builtin_class(error), "text": str(error)[:300]}
    with open(os.path.join(HERE, fixture_name), "w") as file:
        json.dump(oracle, file, sort_keys=True)
        file.write("\n")
