"""Record real MindSpore 2.10's training step of ``modpaths_snippet.py``.

Run from this directory: ``/tmp/msvenv/bin/python make_module_paths_fixture.py`` writes
``module_paths_fixture.json``, replayed by ``tests/test_module_paths_train.py``.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from modpaths_snippet import train_one_step  # noqa: E402

if __name__ == "__main__":
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "module_paths_fixture.json"), "w") as f:
        json.dump(train_one_step("mindspore"), f, indent=1)
