"""Record what MindSpore 2.10 gives for the functional MindSpore 2.x scripts of this folder
(``func_*.py``: ms.grad of ms.grad in a gradient penalty, jacrev / jacfwd / vjp / jvp,
GradOperation with sens_param in a train-step Cell, a mint model, return_ids and get_grad,
a stop_gradient target with an EMA, per-example gradients by vmap, an @ms.jit step over
bprop Cells) into ``func_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_func_fixture.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("func_byol_target", "func_dp_sgd", "func_grad_operation_sens",
           "func_grad_return_ids", "func_gradient_penalty", "func_jacobians",
           "func_jit_bprop_step", "func_mint_model")


def main():
    script_loader.record_fixture(SCRIPTS, "func_fixture.json")


if __name__ == "__main__":
    main()
