"""Record what MindSpore 2.10 gives for each model-zoo style script of this folder into
``loop_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_loop_fixture.py
"""
import json
import os
import sys

import mindspore
from mindspore import nn, ops

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("clip_train_step", "jit_value_and_grad", "loss_scale_step", "momentum_custom_step")


def _overflow(self, status, grads):
    """Whether any gradient holds inf or NaN: MindSpore 2.10's CPU build lacks the kernels
    (FloatStatus, NPUGetFloatStatusV2) of TrainOneStepWithLossScaleCell's own check; the
    rest of the Cell (sens scaling, unscaling, the update cells, the skipped update) is
    MindSpore's."""
    return ops.logical_not(ops.stack([ops.isfinite(g).all() for g in grads]).all())


def main():
    mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU",
                          pynative_synchronize=True)
    nn.TrainOneStepWithLossScaleCell.get_overflow_status = _overflow
    recorded = {name: script_loader.run(name, "mindspore") for name in SCRIPTS}
    with open(os.path.join(HERE, "loop_fixture.json"), "w") as handle:
        json.dump(recorded, handle, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
