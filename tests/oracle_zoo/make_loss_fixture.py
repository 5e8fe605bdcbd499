"""Record what MindSpore 2.10 gives for the loss scripts of this folder (``loss_*.py``:
weighted and smoothed cross entropies, robust and likelihood regression losses, pair and
ranking losses, Dice and focal segmentation losses, custom ``nn.LossBase`` subclasses,
a VAE on ``nn.probability.distribution``, functional losses and their gradients,
ms.train.Model with metric objects, deep mutual learning) into
``loss_fixture.json`` (CPU, PyNative, synchronous).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_zoo/make_loss_fixture.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import script_loader  # noqa: E402

SCRIPTS = ("loss_classification_weighted", "loss_custom_lossbase", "loss_functional_grads",
           "loss_pairs_ranking", "loss_regression_robust", "loss_segmentation_dice_focal",
           "loss_model_metrics", "loss_mutual_learning", "loss_vae_distribution")


def main():
    script_loader.record_fixture(SCRIPTS, "loss_fixture.json")


if __name__ == "__main__":
    main()
