"""The recording step of the generators whose cases live in a ``<name>_cases.py`` module
with a ``run(mindspore)`` function: run them under MindSpore and write what they return to
``<name>_fixture.json`` beside it (sorted keys, one-space indent)."""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def record(name):
    import mindspore
    sys.path.insert(0, HERE)
    results = importlib.import_module(f"{name}_cases").run(mindspore)
    with open(os.path.join(HERE, f"{name}_fixture.json"), "w") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)
