"""Record what MindSpore 2.10 gives for each image-model script of this folder (prefix
``cv_``) into ``cv_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_cv_fixture.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("cv_resnet_group_momentum", "cv_model_train_pipeline", "cv_decoder_checkpoint",
           "cv_dropout_augment", "cv_mobilenet_block", "cv_resize_topk_checkpoint")


def main():
    script_loader.record_fixture(SCRIPTS, "cv_fixture.json")


if __name__ == "__main__":
    main()
