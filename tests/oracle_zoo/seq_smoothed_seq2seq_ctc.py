"""Model-zoo style losses for sequences: the Transformer zoo's LabelSmoothedCrossEntropy
(P.OneHot with on/off values, P.LogSoftmax, a padding weight, P.ReduceSum / P.RealDiv),
ops.gather of the gold-token log-probabilities; and the CTC losses of the speech zoo
(nn.CTCLoss on (T, N, C) log-probabilities, ops.ctc_loss with reduction='none'), each with
its gradient from ms.grad / ms.value_and_grad."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.ops import operations as P
import mindspore.common.dtype as mstype


class LabelSmoothedCrossEntropy(nn.Cell):
    def __init__(self, vocab_size, smoothing):
        super(LabelSmoothedCrossEntropy, self).__init__()
        self.onehot = P.OneHot()
        self.on_value = Tensor(float(1 - smoothing), mstype.float32)
        self.off_value = Tensor(smoothing / float(vocab_size - 1), mstype.float32)
        self.reduce_sum = P.ReduceSum()
        self.reduce_mean = P.ReduceMean()
        self.reshape = P.Reshape()
        self.last_idx = (-1,)
        self.flatten = P.Flatten()
        self.neg = P.Neg()
        self.cast = P.Cast()
        self.log_softmax = P.LogSoftmax()
        self.vocab_size = vocab_size

    def construct(self, prediction_scores, label_ids, label_weights):
        prediction_scores = self.log_softmax(self.reshape(prediction_scores,
                                                          (-1, self.vocab_size)))
        label_ids = self.reshape(label_ids, self.last_idx)
        one_hot_labels = self.onehot(label_ids, self.vocab_size, self.on_value, self.off_value)
        per_example_loss = self.neg(self.reduce_sum(prediction_scores * one_hot_labels,
                                                    self.last_idx))
        label_weights = self.cast(self.reshape(label_weights, self.last_idx), mstype.float32)
        numerator = self.reduce_sum(label_weights * per_example_loss, ())
        denominator = self.reduce_sum(label_weights, ()) + self.cast(F_EPS, mstype.float32)
        return P.RealDiv()(numerator, denominator)


F_EPS = Tensor(1e-5, mstype.float32)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(7)
    logits = Tensor(rng.randn(3, 4, 6).astype(np.float32))
    labels = rng.randint(1, 6, size=(3, 4)).astype(np.int32)
    labels[2, 2:] = 0
    weights = (labels != 0).astype(np.float32)
    smoothed = LabelSmoothedCrossEntropy(vocab_size=6, smoothing=0.1)
    loss, grad = ms.value_and_grad(smoothed)(logits, Tensor(labels), Tensor(weights))
    log_probs = ops.log_softmax(logits, axis=-1).reshape(-1, 6)
    flat = Tensor(labels.reshape(-1))
    rows = ops.arange(0, 12, dtype=mstype.int32)
    gold = ops.gather_nd(log_probs, ops.stack([rows, flat], axis=1))
    picked = ops.gather(log_probs, flat, 1)

    ctc_logits = Tensor(rng.randn(8, 2, 5).astype(np.float32))
    targets = Tensor(np.array([[1, 2, 2, 0], [3, 1, 0, 0]], np.int32))
    input_lengths = Tensor(np.array([8, 6], np.int32))
    target_lengths = Tensor(np.array([3, 2], np.int32))
    ctc = nn.CTCLoss(blank=0, reduction="mean", zero_infinity=False)

    def ctc_forward(x):
        return ctc(ops.log_softmax(x, axis=-1), targets, input_lengths, target_lengths)

    ctc_value, ctc_grad = ms.value_and_grad(ctc_forward)(ctc_logits)
    per_sample, log_alpha = ops.ctc_loss(ops.log_softmax(ctc_logits, axis=-1), targets,
                                         input_lengths, target_lengths, blank=0,
                                         reduction="none")
    return {"smoothed_loss": float(loss.asnumpy()),
            "smoothed_grad": grad.asnumpy().astype(np.float64).tolist(),
            "gold_sum": float(gold.sum().asnumpy()),
            "picked_shape": list(picked.shape),
            "picked_sum": float(picked.sum().asnumpy()),
            "ctc_loss": float(ctc_value.asnumpy()),
            "ctc_grad": ctc_grad.asnumpy().astype(np.float64).tolist(),
            "ctc_per_sample": per_sample.asnumpy().astype(np.float64).tolist(),
            "log_alpha_shape": list(log_alpha.shape)}


if __name__ == "__main__":
    print(main())
