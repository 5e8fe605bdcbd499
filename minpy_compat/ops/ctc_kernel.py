"""The CTC forward-backward recursions in log space, on plain NumPy arrays (batched over
the samples, one step per frame): ``extended`` builds each sample's blank-interleaved
label path, ``log_alpha`` / ``log_beta`` run the two recursions, ``nll`` reads the loss off
alpha and ``nll_grad`` turns alpha and beta into the posterior gradient.

Alpha and beta both include the frame's own emission (Graves 2006, eq. 14), so a state's
share of the alignments at frame t is ``alpha + beta - log_probs`` (minus the total)."""
import numpy as onp

_NEG = -onp.inf


def extended(targets, target_lengths, blank, merge_repeated=True):
    """``(labels, stay, skip, valid)``, each ``(N, 2S+1)``: the label of each state, whether
    a state may repeat itself, may be entered from two states back, and exists at all."""
    n, s = targets.shape
    labels = onp.full((n, 2 * s + 1), blank, dtype=onp.int64)
    labels[:, 1::2] = targets
    states = onp.arange(2 * s + 1)
    odd = states % 2 == 1
    skip = odd & (states >= 3)
    if merge_repeated:
        previous = onp.concatenate([onp.full((n, 2), -1), labels[:, :-2]], axis=1)
        skip = skip & (labels != previous)
    stay = onp.broadcast_to(~odd if not merge_repeated else onp.ones_like(odd), labels.shape)
    valid = states[None, :] < 2 * target_lengths[:, None] + 1
    return labels, stay, onp.broadcast_to(skip, labels.shape), valid


def _emissions(log_probs, labels):
    """``(T, N, 2S+1)``: the log-probability each state emits at each frame."""
    return onp.take_along_axis(log_probs, labels[None, :, :].repeat(len(log_probs), 0), 2)


def _shift(a, by):
    """``a`` moved ``by`` states to the right along the last axis, -inf filling."""
    out = onp.full_like(a, _NEG)
    out[..., by:] = a[..., :a.shape[-1] - by]
    return out


def _shift_left(a, by):
    out = onp.full_like(a, _NEG)
    out[..., :a.shape[-1] - by] = a[..., by:]
    return out


def _logsumexp3(a, b, c):
    top = onp.maximum(onp.maximum(a, b), c)
    safe = onp.where(onp.isfinite(top), top, 0.0)
    with onp.errstate(divide="ignore"):
        return safe + onp.log(onp.exp(a - safe) + onp.exp(b - safe) + onp.exp(c - safe))


def log_alpha(log_probs, path, input_lengths):
    """``(T, N, 2S+1)`` forward variables; -inf past each sample's input length."""
    labels, stay, skip, valid = path
    emit = _emissions(log_probs, labels)
    alpha = onp.full(emit.shape, _NEG, dtype=emit.dtype)
    first = onp.full(labels.shape, _NEG, dtype=emit.dtype)
    first[:, :2] = emit[0, :, :2]
    alpha[0] = onp.where(valid & (input_lengths[:, None] > 0), first, _NEG)
    for t in range(1, len(emit)):
        prev = alpha[t - 1]
        total = _logsumexp3(onp.where(stay, prev, _NEG), _shift(prev, 1),
                            onp.where(skip, _shift(prev, 2), _NEG))
        live = valid & (t < input_lengths[:, None])
        alpha[t] = onp.where(live, total + emit[t], _NEG)
    return alpha


def log_beta(log_probs, path, input_lengths, target_lengths):
    """``(T, N, 2S+1)`` backward variables, started at each sample's last frame."""
    labels, stay, skip, valid = path
    emit = _emissions(log_probs, labels)
    beta = onp.full(emit.shape, _NEG, dtype=emit.dtype)
    states = onp.arange(labels.shape[1])[None, :]
    ends = (states == 2 * target_lengths[:, None]) | (states == 2 * target_lengths[:, None] - 1)
    after = onp.full(labels.shape, _NEG, dtype=emit.dtype)
    for t in range(len(emit) - 1, -1, -1):
        last = (t == input_lengths[:, None] - 1)
        onward = _logsumexp3(onp.where(stay, after, _NEG), _shift_left(after, 1),
                             _shift_left(onp.where(skip, after, _NEG), 2))
        here = onp.where(last, onp.where(ends, 0.0, _NEG), onward) + emit[t]
        beta[t] = onp.where(valid & (t < input_lengths[:, None]), here, _NEG)
        after = beta[t]
    return beta


def nll(alpha, input_lengths, target_lengths):
    """``(N,)`` negative log-likelihoods (inf where no alignment fits)."""
    batch = onp.arange(alpha.shape[1])
    last = alpha[onp.maximum(input_lengths - 1, 0), batch]
    end = last[batch, 2 * target_lengths]
    before = onp.where(target_lengths > 0, last[batch, onp.maximum(2 * target_lengths - 1, 0)],
                       _NEG)
    return -onp.logaddexp(end, before)


def nll_grad(log_probs, path, alpha, beta, losses, input_lengths):
    """``(T, N, C)`` gradient of each sample's loss: minus each class's posterior share
    (NaN for a sample whose loss is infinite; zero past its input length)."""
    labels = path[0]
    emit = _emissions(log_probs, labels)
    with onp.errstate(invalid="ignore", over="ignore"):
        share = onp.exp(alpha + beta - emit + losses[None, :, None])
    share = onp.where(onp.isinf(losses)[None, :, None] & ~onp.isnan(share), onp.nan, share)
    onehot = labels[:, :, None] == onp.arange(log_probs.shape[2])[None, None, :]
    grad = -onp.einsum("tns,nsc->tnc", share, onehot.astype(share.dtype))
    live = onp.arange(len(log_probs))[:, None] < input_lengths[None, :]
    return onp.where(live[:, :, None], grad, 0.0).astype(log_probs.dtype)
