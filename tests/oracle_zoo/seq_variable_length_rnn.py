"""Model-zoo style variable-length sequences: a bidirectional batch_first nn.LSTM and a
two-layer nn.RNN (tanh) called with seq_length, P.ReverseSequence of padded batches,
ops.sequence_mask to average the valid steps; one SGD step from ms.grad over the
weights; gradients' shapes and sums."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.ops import operations as P
import mindspore.common.dtype as mstype


class Encoder(nn.Cell):
    def __init__(self):
        super(Encoder, self).__init__()
        self.lstm = nn.LSTM(3, 4, batch_first=True, bidirectional=True)
        self.rnn = nn.RNN(8, 5, num_layers=2, nonlinearity="tanh", batch_first=True)
        self.reverse = P.ReverseSequence(seq_dim=1, batch_dim=0)

    def construct(self, x, lengths):
        out, _ = self.lstm(x, seq_length=lengths)
        out, h_n = self.rnn(self.reverse(out, lengths), seq_length=lengths)
        mask = ops.sequence_mask(lengths, x.shape[1]).astype(mstype.float32)
        pooled = (out * mask.expand_dims(-1)).sum(axis=1) / \
            lengths.astype(mstype.float32).expand_dims(-1)
        return pooled, h_n


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(53)
    net = Encoder()
    for param in net.get_parameters():
        param.set_data(Tensor(rng.uniform(-0.5, 0.5, param.shape).astype(np.float32)))
    x = Tensor(rng.randn(3, 6, 3).astype(np.float32))
    lengths = Tensor(np.array([6, 4, 2], np.int32))
    pooled, h_n = net(x, lengths)
    weights = net.trainable_params()

    def loss_fn(inputs, seq_len):
        out, _ = net(inputs, seq_len)
        return (out ** 2).mean()

    loss, grads = ms.value_and_grad(loss_fn, None, weights)(x, lengths)
    optimizer = nn.SGD(weights, learning_rate=0.5)
    optimizer(grads)
    after = loss_fn(x, lengths)
    return {"pooled": pooled.asnumpy().astype(np.float64).tolist(),
            "h_n": h_n.asnumpy().astype(np.float64).tolist(),
            "loss": float(loss.asnumpy()), "after": float(after.asnumpy()),
            "grad_names": [p.name for p in weights],
            "grad_shapes": [list(g.shape) for g in grads],
            "grad_sums": [float(g.sum().asnumpy()) for g in grads],
            "reversed": net.reverse(Tensor(np.arange(12).reshape(2, 6).astype(np.float32)),
                                    Tensor(np.array([3, 5], np.int32))).asnumpy().tolist()}


if __name__ == "__main__":
    print(main())
