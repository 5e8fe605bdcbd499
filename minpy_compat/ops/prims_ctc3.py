"""MindSpore 2.10's CTC primitives and greedy decoder: ``CTCLossV2`` (``ops.ctc_loss`` as
a class), ``CTCLoss`` (TensorFlow's sparse-label form on logits, blank = C - 1),
``CTCGreedyDecoder`` and ``ctc_greedy_decoder`` (best path per frame, blank = C - 1).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[[0.6, 0.4, 0.2], [0.8, 0.6, 0.3]], [[0.0, 0.6, 0.0], [0.5, 0.4, 0.5]]])
>>> ops.CTCGreedyDecoder()(x, ms.Tensor([2, 2], ms.int32))[1]
array([0, 1, 0])
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import ctc_kernel as K
from .functional import log_softmax
from .nnf_ctc import (_float_tensor, _int_values, check_bool, check_reduction,
                      checked_inputs, ctc_loss_with_alpha, ctc_nll)
from .prims_base import AttrPrimitive


class CTCLossV2(AttrPrimitive):
    """``ops.ctc_loss`` as a primitive (reduction 'none' only): ``(loss, log_alpha)``."""

    def __init__(self, blank=0, reduction="none", zero_infinity=False):
        super().__init__()
        check_reduction("CTCLossV2", reduction, ("none",))
        check_bool("CTCLossV2 zero_infinity", zero_infinity)
        self._keep(blank=blank, reduction=reduction, zero_infinity=zero_infinity)

    def __call__(self, log_probs, targets, input_lengths, target_lengths):
        return ctc_loss_with_alpha("CTCLossV2", log_probs, targets, input_lengths,
                                   target_lengths, self.blank, "none", self.zero_infinity)


def _dense_targets(where, indices, values, batch):
    """Sparse ``(batch, position)`` labels as padded ``(N, S)`` targets and their lengths."""
    for name, value, dtype in (("labels_indices", indices, onp.int64),
                               ("labels_values", values, onp.int32)):
        if getattr(getval(value), "dtype", None) != dtype:
            raise CellTypeError(message(f"{where} {name}", f"an {dtype.__name__} Tensor",
                                        describe(value)))
    indices = _int_values(f"{where} labels_indices", indices)
    values = _int_values(f"{where} labels_values", values)
    if indices.ndim != 2 or indices.shape[1] != 2 or values.shape != indices.shape[:1]:
        raise CellArgumentError(message(f"{where} labels_indices", "shape (K, 2) matching "
                                        f"labels_values {values.shape}",
                                        f"shape {indices.shape}"))
    if len(indices) and (indices.min() < 0 or indices[:, 0].max() >= batch):
        raise CellArgumentError(message(f"{where} labels_indices", f"batch ids in [0, {batch})",
                                        f"{indices[:, 0].tolist()}"))
    lengths = onp.zeros(batch, onp.int64)
    onp.maximum.at(lengths, indices[:, 0], indices[:, 1] + 1)
    targets = onp.zeros((batch, max(int(lengths.max(initial=0)), 1)), onp.int64)
    targets[indices[:, 0], indices[:, 1]] = values
    return targets, lengths


def _collapsed(targets, lengths):
    """``targets`` with runs of a repeated label kept once (TensorFlow's preprocessing)."""
    out, new = onp.zeros_like(targets), onp.zeros_like(lengths)
    for n, length in enumerate(lengths):
        row = targets[n, :length]
        keep = row[onp.concatenate([[True], row[1:] != row[:-1]])] if length else row
        out[n, :len(keep)], new[n] = keep, len(keep)
    return out, new


class CTCLoss(AttrPrimitive):
    """TensorFlow's CTC loss on logits ``x`` (T, N, C) with sparse labels and blank C - 1:
    ``(loss, gradient)``, the gradient being d loss / d x."""

    def __init__(self, preprocess_collapse_repeated=False, ctc_merge_repeated=True,
                 ignore_longer_outputs_than_inputs=False):
        super().__init__()
        for name, value in (("preprocess_collapse_repeated", preprocess_collapse_repeated),
                            ("ctc_merge_repeated", ctc_merge_repeated),
                            ("ignore_longer_outputs_than_inputs",
                             ignore_longer_outputs_than_inputs)):
            check_bool(f"CTCLoss {name}", value)
        self._keep(preprocess_collapse_repeated=preprocess_collapse_repeated,
                   ctc_merge_repeated=ctc_merge_repeated,
                   ignore_longer_outputs_than_inputs=ignore_longer_outputs_than_inputs)

    def __call__(self, x, labels_indices, labels_values, sequence_length):
        _float_tensor("CTCLoss x", x)
        shape = getval(x).shape
        if len(shape) != 3:
            raise CellArgumentError(message("CTCLoss x", "a 3-D Tensor (T, N, C)",
                                            f"shape {shape}"))
        targets, lengths = _dense_targets("CTCLoss", labels_indices, labels_values, shape[1])
        if self.preprocess_collapse_repeated:
            targets, lengths = _collapsed(targets, lengths)
        seq = _int_values("CTCLoss sequence_length", sequence_length, shape[1])
        longer = lengths > seq
        if self.ignore_longer_outputs_than_inputs:
            lengths = onp.where(longer, 0, lengths)
        targets, seq, lengths = checked_inputs("CTCLoss", x, targets, seq, lengths, shape[2] - 1)
        log_probs = log_softmax(x, -1)
        loss = ctc_nll(log_probs, targets, seq, lengths, shape[2] - 1, self.ctc_merge_repeated,
                       False)
        gradient = self._gradient(getval(x), getval(log_probs), targets, seq, lengths)
        if self.ignore_longer_outputs_than_inputs and longer.any():
            loss = loss * (~longer).astype(getval(x).dtype)
            gradient = gradient * (~longer)[None, :, None].astype(gradient.dtype)
        return loss, np.asarray(gradient)

    def _gradient(self, x, log_probs, targets, seq, lengths):
        path = K.extended(targets, lengths, x.shape[2] - 1, self.ctc_merge_repeated)
        alpha = K.log_alpha(onp.asarray(log_probs), path, seq)
        beta = K.log_beta(onp.asarray(log_probs), path, seq, lengths)
        losses = K.nll(alpha, seq, lengths)
        grad = K.nll_grad(onp.asarray(log_probs), path, alpha, beta, losses, seq)
        soft = onp.exp(onp.asarray(log_probs))
        return (grad - soft * grad.sum(-1, keepdims=True)).astype(x.dtype)


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """Best-path CTC decoding of ``inputs`` (T, N, C), blank C - 1: ``(decoded_indices,
    decoded_values, decoded_shape, log_probability)``."""
    where = "ops.ctc_greedy_decoder"
    check_bool(f"{where} merge_repeated", merge_repeated)
    _float_tensor(f"{where} inputs", inputs)
    x = onp.asarray(getval(inputs))
    if x.ndim != 3:
        raise CellArgumentError(message(f"{where} inputs", "a 3-D Tensor (T, N, C)",
                                        f"shape {x.shape}"))
    seq = _int_values(f"{where} sequence_length", sequence_length, x.shape[1])
    if onp.any(seq < 0) or onp.any(seq > x.shape[0]):
        raise CellArgumentError(message(f"{where} sequence_length", f"values in [0, "
                                        f"{x.shape[0]}] (max_time)", f"{seq.tolist()}"))
    best, top = x.argmax(-1), x.max(-1)
    indices, values, widest = [], [], 0
    for n, length in enumerate(seq):
        path = best[:length, n]
        if merge_repeated and length:
            path = path[onp.concatenate([[True], path[1:] != path[:-1]])]
        path = path[path != x.shape[2] - 1]
        indices += [(n, i) for i in range(len(path))]
        values += path.tolist()
        widest = max(widest, len(path))
    live = onp.arange(x.shape[0])[:, None] < seq[None, :]
    log_probability = -(top * live).sum(0, keepdims=True).T.astype(x.dtype)
    return (np.asarray(onp.asarray(indices, onp.int64).reshape(-1, 2)),
            np.asarray(onp.asarray(values, onp.int64)),
            np.asarray(onp.asarray([x.shape[1], widest], onp.int64)),
            np.asarray(log_probability))


class CTCGreedyDecoder(AttrPrimitive):
    """``ops.ctc_greedy_decoder`` as a primitive."""

    def __init__(self, merge_repeated=True):
        super().__init__()
        check_bool("CTCGreedyDecoder merge_repeated", merge_repeated)
        self._keep(merge_repeated=merge_repeated)

    def __call__(self, inputs, sequence_length):
        return ctc_greedy_decoder(inputs, sequence_length, self.merge_repeated)
