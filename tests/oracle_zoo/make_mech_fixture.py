"""Record what MindSpore 2.10 gives for the training-mechanics scripts of this folder
(``mech_*.py``: a GAN step, custom bprops, hooks, tied-weight gradients, freezing and
EMA) into ``mech_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_mech_fixture.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("mech_custom_bprop", "mech_distillation", "mech_freeze_ema", "mech_gan_step",
           "mech_gan_value_and_grad", "mech_grad_accumulation", "mech_hooks_train",
           "mech_tied_embedding", "mech_tied_grads")


def main():
    script_loader.record_fixture(SCRIPTS, "mech_fixture.json")


if __name__ == "__main__":
    main()
