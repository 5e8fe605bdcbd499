"""Loss-scale managers for ``Model(..., loss_scale_manager=...)``: ``FixedLossScaleManager``
and ``DynamicLossScaleManager`` (the base: ``LossScaleManager``).

>>> from minpy_compat.train import DynamicLossScaleManager
>>> m = DynamicLossScaleManager(init_loss_scale=8, scale_factor=2, scale_window=1)
>>> m.update_loss_scale(True); m.get_loss_scale()
4.0
"""
import numbers

from ..errors import CellArgumentError, describe, message


def _number(where, name, value, low, integral=False):
    kinds = numbers.Integral if integral else numbers.Real
    if isinstance(value, bool) or not isinstance(value, kinds) or not value >= low:
        raise CellArgumentError(message(f"{where} '{name}'",
                                        f"{'an int' if integral else 'a number'} >= {low}",
                                        describe(value)))
    return value


class LossScaleManager:
    """Base class: ``get_loss_scale``, ``update_loss_scale(overflow)``, ``get_update_cell``."""

    def get_loss_scale(self):
        raise NotImplementedError

    def update_loss_scale(self, overflow):
        raise NotImplementedError

    def get_update_cell(self):
        raise NotImplementedError


class FixedLossScaleManager(LossScaleManager):
    """A constant scale. ``drop_overflow_update=True`` trains through
    ``nn.TrainOneStepWithLossScaleCell`` (an overflowing step is skipped); ``False`` through
    ``nn.TrainOneStepCell`` with ``sens=loss_scale`` (set the optimizer's ``loss_scale`` to
    the same value, as in MindSpore)."""

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        self._loss_scale = _number("FixedLossScaleManager", "loss_scale", loss_scale, 1)
        self._drop_overflow_update = bool(drop_overflow_update)

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self):
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        """A fixed scale does not change."""

    def get_update_cell(self):
        if not self._drop_overflow_update:
            return None
        from ..nn.loss_scale import FixedLossScaleUpdateCell
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """Divide the scale by ``scale_factor`` (not below 1) on overflow; multiply it after
    ``scale_window`` steps without one."""

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        where = "DynamicLossScaleManager"
        self.loss_scale = _number(where, "init_loss_scale", init_loss_scale, 1)
        self.scale_window = _number(where, "scale_window", scale_window, 1, integral=True)
        self.scale_factor = _number(where, "scale_factor", scale_factor, 0)
        if not scale_factor > 0:
            raise CellArgumentError(message(f"{where} 'scale_factor'", "a number > 0",
                                            describe(scale_factor)))
        self.increase_ratio, self.decrease_ratio = scale_factor, 1 / scale_factor
        self.cur_iter, self.last_overflow_iter = 1, 0

    def get_loss_scale(self):
        return self.loss_scale

    def get_drop_overflow_update(self):
        return True

    def update_loss_scale(self, overflow):
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
        elif (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
            self.loss_scale *= self.increase_ratio
        self.cur_iter += 1

    def get_update_cell(self):
        from ..nn.loss_scale import DynamicLossScaleUpdateCell
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)
