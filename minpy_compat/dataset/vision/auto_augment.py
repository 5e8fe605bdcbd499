"""AutoAugment, RandAugment and TrivialAugmentWide: MindSpore 2.10's policy transforms on
<H,W,3> uint8 images, each step one of ``augment_ops``' named ops at a magnitude from its
table, a signed op's magnitude negated with probability 1/2."""
import numpy as onp

from ...errors import CellArgumentError, message
from . import _checks
from .affine import _resample
from .augment_ops import applied, float32_steps, standard_space, wide_space
from .augment_policies import POLICIES
from .enums import AutoAugmentPolicy, Inter
from .geometry import fill_values

__all__ = ["AutoAugment", "RandAugment", "TrivialAugmentWide"]


# MindSpore 2.10's draws (measured, tests/oracle/vision4_cases.py): in RandAugment and
# TrivialAugmentWide a signed op's magnitude is negated one time in three (AutoAugment: one
# in two); they pick among 15 op slots, the 14 ops and a 15th that runs AutoContrast (so
# AutoContrast comes twice as often); TrivialAugmentWide's bin is one of
# num_magnitude_bins + 1 slots, the last one bin 0 again.


def _drawn_op(rng, names):
    index = int(rng.integers(len(names) + 1))
    return names[index] if index < len(names) else "AutoContrast"


def _magnitude_bins(where, value):
    return int(_checks.number(where, value, 2, _checks.MAX_SIZE, integer=True))


class _Policy(_checks.Random):
    """The shared arguments (``interpolation``, ``fill_value``) and one step's run."""
    NAME = ""
    NEGATIVE_SHARE = 1.0 / 3.0

    def __init__(self, interpolation, fill_value):
        super().__init__()
        self.interpolation = _resample(f"{self.NAME} 'interpolation'", interpolation)
        self.fill_value = fill_values(f"{self.NAME} 'fill_value'", fill_value)

    def _step(self, img, space, name, index):
        magnitudes, signed = space[name]
        magnitude = 0.0 if index is None else float(magnitudes[index])
        if signed and self._rng.random() < self.NEGATIVE_SHARE:
            magnitude = -magnitude
        return applied(img, name, magnitude, self.interpolation, self.fill_value)

    def _image(self, img):
        return _checks.rgb(self.NAME, img, dtypes=("uint8",))


class AutoAugment(_Policy):
    """One of ``policy``'s 25 subpolicies, drawn uniformly; each of its two steps run with
    its probability at its bin of the 10-bin magnitude table."""
    NAME = "AutoAugment"
    NEGATIVE_SHARE = 0.5

    def __init__(self, policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST,
                 fill_value=0):
        self.policy = _checks.enum_member("AutoAugment 'policy'", policy, AutoAugmentPolicy)
        super().__init__(interpolation, fill_value)

    def __call__(self, img):
        img = self._image(img)
        space = {**standard_space(10, img.shape[0], img.shape[1], float32_steps),
                 "Invert": (onp.zeros(10), False)}
        subpolicies = POLICIES[self.policy]
        for name, prob, index in subpolicies[int(self._rng.integers(len(subpolicies)))]:
            if self._rng.random() < prob:
                img = self._step(img, space, name, index)
        return img


class RandAugment(_Policy):
    """``num_ops`` ops drawn (with replacement) from the 14 as MindSpore does, each at bin
    ``magnitude`` of a ``num_magnitude_bins``-bin table."""
    NAME = "RandAugment"

    def __init__(self, num_ops=2, magnitude=9, num_magnitude_bins=31,
                 interpolation=Inter.NEAREST, fill_value=0):
        self.num_ops = int(_checks.number("RandAugment 'num_ops'", num_ops, 0,
                                          _checks.MAX_SIZE, integer=True))
        self.num_magnitude_bins = _magnitude_bins("RandAugment 'num_magnitude_bins'",
                                                  num_magnitude_bins)
        self.magnitude = int(_checks.number("RandAugment 'magnitude'", magnitude, 0,
                                            _checks.MAX_SIZE, integer=True))
        if self.magnitude >= self.num_magnitude_bins:
            raise CellArgumentError(message(
                "RandAugment 'magnitude'", f"a value in [0, {self.num_magnitude_bins}) "
                "(below num_magnitude_bins)", repr(magnitude)))
        super().__init__(interpolation, fill_value)

    def __call__(self, img):
        img = self._image(img)
        space = standard_space(self.num_magnitude_bins, img.shape[0], img.shape[1])
        names = list(space)
        for _ in range(self.num_ops):
            name = _drawn_op(self._rng, names)
            img = self._step(img, space, name, self.magnitude)
        return img


class TrivialAugmentWide(_Policy):
    """One op drawn from the 14 as MindSpore does, at a bin drawn uniformly from the
    ``num_magnitude_bins`` of its wide table."""
    NAME = "TrivialAugmentWide"

    def __init__(self, num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
        self.num_magnitude_bins = _magnitude_bins(
            "TrivialAugmentWide 'num_magnitude_bins'", num_magnitude_bins)
        super().__init__(interpolation, fill_value)

    def __call__(self, img):
        img = self._image(img)
        space = wide_space(self.num_magnitude_bins)
        names = list(space)
        name = _drawn_op(self._rng, names)
        index = int(self._rng.integers(self.num_magnitude_bins + 1))
        return self._step(img, space, name, index % self.num_magnitude_bins)
