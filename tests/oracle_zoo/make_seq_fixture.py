"""Record what MindSpore 2.10 gives for the sequence-model scripts of this folder
(``seq_*.py``) into ``seq_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_seq_fixture.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("seq_attention_encoder", "seq_gru_grad_accumulation", "seq_lstm_classifier",
           "seq_lstmcell_greedy_decode",
           "seq_smoothed_seq2seq_ctc", "seq_textcnn_model_train", "seq_transformer_loss_scale",
           "seq_variable_length_rnn")


def main():
    script_loader.record_fixture(SCRIPTS, "seq_fixture.json")


if __name__ == "__main__":
    main()
