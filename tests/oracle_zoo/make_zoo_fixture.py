"""Record what the model-zoo scripts of this folder show on MindSpore 2.10 into
``zoo_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_zoo_fixture.py
Each script runs as written (CPU, PyNative, ``pynative_synchronize``) in a fresh folder;
its ``main`` dict and printed lines are stored under its name.
"""
import json
import os
import sys
import tempfile

import mindspore

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

FIXTURE = os.path.join(HERE, "zoo_fixture.json")
# scripts with main(workdir), run in a fresh folder and judged on their prints too
SCRIPTS = ("lenet_model", "checkpoint_roundtrip", "quickstart_loop", "pipeline_columns")


def main():
    mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU",
                          pynative_synchronize=True)
    fixture = {"mindspore": mindspore.__version__}
    for name in SCRIPTS:
        with tempfile.TemporaryDirectory() as workdir:
            fixture[name] = script_loader.run(name, "mindspore", workdir)
    with open(FIXTURE, "w") as f:
        json.dump(fixture, f, indent=1, sort_keys=True)
    print(f"{len(SCRIPTS)} scripts, {os.path.getsize(FIXTURE)} bytes")


if __name__ == "__main__":
    main()
