"""``mindspore.dataset.config``: the seed that shuffling uses."""
from ..errors import CellTypeError, describe, message

_settings = {"seed": None}


def set_seed(seed):
    """Seed every shuffle created afterwards; the same seed gives the same orders."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise CellTypeError(message("dataset.config.set_seed 'seed'",
                                    "a non-negative int", describe(seed)))
    _settings["seed"] = seed


def get_seed():
    """The seed set by ``set_seed``, else ``minpy_compat.set_seed``'s, else None."""
    if _settings["seed"] is not None:
        return _settings["seed"]
    from ..ms_context import get_seed as global_seed
    return global_seed()
