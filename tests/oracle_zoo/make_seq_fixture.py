"""Record what MindSpore 2.10 gives for the sequence-model scripts of this folder
(``seq_*.py``) into ``seq_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_seq_fixture.py
"""
import json
import os
import sys

import mindspore
from mindspore import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402
from make_loop_fixture import _overflow  # noqa: E402  (the CPU build's missing kernels)

SCRIPTS = ("seq_attention_encoder", "seq_gru_grad_accumulation", "seq_lstm_classifier",
           "seq_lstmcell_greedy_decode",
           "seq_smoothed_seq2seq_ctc", "seq_textcnn_model_train", "seq_transformer_loss_scale",
           "seq_variable_length_rnn")


def main():
    mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU",
                          pynative_synchronize=True)
    nn.TrainOneStepWithLossScaleCell.get_overflow_status = _overflow
    recorded = {name: script_loader.run(name, "mindspore") for name in SCRIPTS}
    with open(os.path.join(HERE, "seq_fixture.json"), "w") as handle:
        json.dump(recorded, handle, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
