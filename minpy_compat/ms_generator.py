"""``ms.Generator``, ``ms.default_generator``, ``ms.get_rng_state`` and ``ms.set_rng_state``.

The random ops of this library draw from NumPy's global generator, so ``default_generator``
is that generator: ``ms.manual_seed(s)`` seeds it (``initial_seed()`` is then ``s``), and
``get_rng_state()``/``set_rng_state(state)`` save and restore it, so that the draws after a
restore repeat. ``ms.set_seed`` reseeds it too but, as in MindSpore, leaves ``initial_seed()``
alone.

The state is a uint8 Tensor as in MindSpore, but not MindSpore's 16 bytes (a seed and a
Philox offset): it holds NumPy's Mersenne Twister state and the initial seed, 2,528 bytes.
States do not travel between the two libraries; the random numbers differ anyway.

>>> import minpy_compat as ms
>>> state = ms.get_rng_state()
>>> a = ms.ops.rand(2)
>>> ms.set_rng_state(state)
>>> bool((ms.ops.rand(2) == a).all())
True
"""
import numbers

import numpy as onp

from .errors import CellTypeError, OpInputError, describe, message
from .tensor import Tensor, is_tensor

_STATE_BYTES = 624 * 4 + 4 * 8


def _check_seed(where, seed):
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise CellTypeError(message(f"{where} seed", "an int", describe(seed)))
    return int(seed)


class Generator:
    """A random generator with its own state (MindSpore's ``ms.Generator``): seed it with
    ``manual_seed``, save and restore it with ``get_state``/``set_state``. A new one starts
    from seed 0."""
    _name = "Generator"

    def __init__(self):
        self._random = onp.random.RandomState(0)
        self._initial = 0

    def _numpy(self):
        return self._random

    def manual_seed(self, seed):
        """Seed the generator; returns it."""
        seed = _check_seed(f"{self._name}.manual_seed", seed)
        self._numpy().seed(seed % 2 ** 32)
        self._initial = seed
        return self

    def seed(self):
        """Seed the generator with a fresh random seed (from the OS) and return that seed."""
        value = int(onp.random.SeedSequence().generate_state(1, onp.uint64)[0]) >> 1
        self.manual_seed(value)
        return value

    def initial_seed(self):
        """The seed the generator last got (0 for a new one)."""
        return self._initial

    def get_state(self):
        """The state as a uint8 Tensor; ``set_state`` with it makes the draws repeat."""
        _, keys, pos, has_gauss, gauss = self._numpy().get_state()
        tail = onp.array([pos, has_gauss, self.initial_seed()], onp.int64).view(onp.uint8)
        return Tensor(onp.concatenate([onp.asarray(keys, onp.uint32).view(onp.uint8), tail,
                                       onp.array([gauss], onp.float64).view(onp.uint8)]))

    def set_state(self, state):
        """Restore a state ``get_state`` returned (of this generator or another one)."""
        where = f"{self._name}.set_state state"
        if not is_tensor(state):
            raise OpInputError(message(where, "a uint8 Tensor from get_state()",
                                       describe(state)))
        data = onp.asarray(state.asnumpy())
        if data.dtype != onp.uint8 or data.shape != (_STATE_BYTES,):
            raise OpInputError(message(where, f"a uint8 Tensor of shape ({_STATE_BYTES},) from "
                                       "get_state()", describe(state),
                                       "States recorded by MindSpore do not fit here."))
        keys = data[:624 * 4].view(onp.uint32)
        pos, has_gauss, initial = data[624 * 4:624 * 4 + 24].view(onp.int64)
        gauss = data[624 * 4 + 24:].view(onp.float64)[0]
        self._numpy().set_state(("MT19937", keys, int(pos), int(has_gauss), float(gauss)))
        self._set_initial(int(initial))

    def _set_initial(self, seed):
        self._initial = seed


class _DefaultGenerator(Generator):
    """NumPy's global generator, which the random ops draw from; its initial seed is the one
    ``ms.manual_seed``/``ms.initial_seed`` keep."""
    _name = "default_generator"

    def __init__(self):  # no state of its own
        pass

    def _numpy(self):
        return onp.random.mtrand._rand

    def manual_seed(self, seed):
        from . import ms_functions
        ms_functions.manual_seed(_check_seed(f"{self._name}.manual_seed", seed))
        return self

    def initial_seed(self):
        from . import ms_functions
        return ms_functions.initial_seed()

    def _set_initial(self, seed):
        from . import ms_functions
        ms_functions._generator["initial_seed"] = seed


default_generator = _DefaultGenerator()


def get_rng_state():
    """The state of ``default_generator`` (the one the random ops draw from)."""
    return default_generator.get_state()


def set_rng_state(state):
    """Restore ``default_generator`` to ``state`` (from ``get_rng_state()``)."""
    default_generator.set_state(state)
