"""Vision transforms that run other transforms by a draw: UniformAugment and
RandomSelectSubpolicy, with MindSpore 2.10's distributions from their own generator."""
from ...errors import CellArgumentError, CellTypeError, describe, message
from . import _checks

__all__ = ["RandomSelectSubpolicy", "UniformAugment"]


class UniformAugment(_checks.Random):
    """Pick ``num_ops`` of ``transforms`` uniformly without replacement and run each
    picked one, in list order, with probability 1/2."""

    def __init__(self, transforms, num_ops=2):
        super().__init__()
        self.transforms = _checks.transform_list("UniformAugment 'transforms'", transforms)
        self.num_ops = int(_checks.number("UniformAugment 'num_ops'", num_ops, 1,
                                          _checks.MAX_SIZE, integer=True))
        if self.num_ops > len(self.transforms):
            raise CellArgumentError(message(
                "UniformAugment 'num_ops'", f"at most {len(self.transforms)} (the transforms)",
                str(num_ops)))

    def __call__(self, img):
        picked = sorted(self._rng.choice(len(self.transforms), self.num_ops, replace=False))
        for index in picked:
            if self._rng.random() < 0.5:
                img = self.transforms[index](img)
        return img


def _subpolicy(where, steps):
    if not isinstance(steps, (list, tuple)) or not steps:
        raise CellArgumentError(message(where, "a non-empty list of (transform, prob)",
                                        describe(steps)))
    checked = []
    for i, step in enumerate(steps):
        if not isinstance(step, (list, tuple)) or len(step) != 2:
            raise CellArgumentError(message(f"{where}[{i}]", "a (transform, prob) 2-tuple",
                                            describe(step)))
        if not callable(step[0]):
            raise CellTypeError(message(f"{where}[{i}][0]", "a transform", describe(step[0])))
        checked.append((step[0], _checks.probability(f"{where}[{i}][1]", step[1])))
    return checked


class RandomSelectSubpolicy(_checks.Random):
    """Pick one subpolicy of ``policy`` uniformly; a subpolicy is a list of
    ``(transform, prob)``, each transform run in order with its probability."""

    def __init__(self, policy):
        super().__init__()
        if not isinstance(policy, list) or not policy:
            raise CellArgumentError(message("RandomSelectSubpolicy 'policy'",
                                            "a non-empty list of subpolicies",
                                            describe(policy)))
        self.policy = [_subpolicy(f"RandomSelectSubpolicy 'policy[{i}]'", steps)
                       for i, steps in enumerate(policy)]

    def __call__(self, img):
        for transform, prob in self.policy[int(self._rng.integers(len(self.policy)))]:
            if self._rng.random() < prob:
                img = transform(img)
        return img
