"""Record what MindSpore 2.10 gives for each model-zoo style script of this folder into
``loop_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_loop_fixture.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("clip_train_step", "jit_value_and_grad", "loss_scale_step", "momentum_custom_step")


def main():
    script_loader.record_fixture(SCRIPTS, "loop_fixture.json")


if __name__ == "__main__":
    main()
