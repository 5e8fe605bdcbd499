"""Record what MindSpore 2.10 gives for the training-utilities scripts of this folder
(``train_*.py``: learning-rate schedules, metrics and ``Model.eval``, ``Model.fit`` with
EarlyStopping and ReduceLROnPlateau, what callbacks see, parameter groups with weight decay
and ``order_params``, mixed precision through ``Model``, loss scalers in a custom loop,
rate-changing callbacks) into ``train_fixture.json`` (CPU,
PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_train_fixture.py
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("train_amp_loss_scale_model", "train_amp_scaler_custom_loop",
           "train_fit_early_stopping", "train_lr_schedule_cells", "train_lr_scheduler_history",
           "train_metrics_model_eval", "train_weight_decay_groups")
# scripts judged on what they print too: run with a working folder
PRINTING = ("train_callback_params",)


def main():
    script_loader.record_fixture(SCRIPTS, "train_fixture.json", printing=PRINTING)
    # MindSpore's amp_level 'O1' writes its rewritten network's source here
    shutil.rmtree("rewritten_network", ignore_errors=True)


if __name__ == "__main__":
    main()
