"""Shared by the examples: the digits data (bundled with scikit-learn) and the plots."""
import importlib
import os
import sys

import numpy as onp

OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "output")
PACKAGES = {"sklearn": "scikit-learn", "matplotlib": "matplotlib"}


def require(script, *modules):
    """Exit with the install command, before any training, if a module is missing.

    The examples need the ``examples`` extra (scikit-learn's digits, matplotlib's
    plots), which the full environment has and the core one does not.
    """
    missing = []
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(PACKAGES.get(module, module))
    if missing:
        sys.exit(f"{script}: expected {' and '.join(missing)} to be importable, got "
                 f"ImportError. Install with: pip install {' '.join(missing)} "
                 f"(or pip install -e \".[examples]\" in the checkout).")


def load_digits_split(num_train=1500, images=False, seed=0):
    """scikit-learn's 8x8 digits, scaled to [0, 1], split into train and test.

    Returns ``(X_train, y_train, X_test, y_test)``; ``images=True`` gives
    (N, 1, 8, 8) arrays for convolutions, otherwise (N, 64).
    """
    from sklearn.datasets import load_digits
    digits = load_digits()
    X = digits.images.astype(onp.float64) / 16.0
    X = X.reshape(len(X), 1, 8, 8) if images else X.reshape(len(X), -1)
    order = onp.random.RandomState(seed).permutation(len(X))
    X, y = X[order], digits.target[order]
    return X[:num_train], y[:num_train], X[num_train:], y[num_train:]


def plot_history(solver, name, accuracy=True):
    """Save the loss curve (and accuracy curves) to examples/output/<name>.png."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    os.makedirs(OUTPUT, exist_ok=True)
    panels = 2 if accuracy else 1
    fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 3.5), squeeze=False)
    axes[0, 0].plot(solver.loss_history)
    axes[0, 0].set(title="training loss", xlabel="iteration", ylabel="loss")
    if accuracy:
        epochs = range(1, len(solver.val_acc_history) + 1)
        axes[0, 1].plot(epochs, solver.train_acc_history, "o-", label="train")
        axes[0, 1].plot(epochs, solver.val_acc_history, "o-", label="test")
        axes[0, 1].set(title="accuracy", xlabel="epoch", ylabel="accuracy")
        axes[0, 1].legend()
    fig.tight_layout()
    path = os.path.join(OUTPUT, f"{name}.png")
    fig.savefig(path)
    plt.close(fig)
    return path


def train_steps(train_step, batches, total=None, verbose=True, desc=None):
    """Call ``train_step(*batch)`` for each batch under a progress bar showing the loss.

    ``train_step`` is typically an ``nn.TrainOneStepCell``; it returns the loss of the
    batch. Returns the losses as floats. The bar is ``minpy_compat.utils.progress``'s (a
    widget in Jupyter); ``verbose=False`` or ``TQDM_DISABLE=1`` hides it.
    """
    from minpy_compat.utils.progress import progress
    losses = []
    with progress(batches, total=total, desc=desc, unit="batch", verbose=verbose) as bar:
        for batch in bar:
            losses.append(float(train_step(*batch)))
            bar.set_postfix(loss=f"{losses[-1]:.4f}", refresh=False)
    return losses
