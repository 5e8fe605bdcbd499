"""Model-zoo style seq2seq decoding: an nn.LSTMCell decoder unrolled by hand over
nn.Embedding'ed tokens with teacher forcing (P.Stack, P.Concat), trained a few steps with
ms.value_and_grad and nn.RMSProp; then greedy decoding with P.ArgMaxWithValue,
finished sequences frozen by ops.select on an end-of-sequence mask; and the same net
cast by ms.amp.auto_mixed_precision(net, 'O2') for one float16 forward."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.ops import operations as P
import mindspore.common.dtype as mstype

EOS = 1


class Decoder(nn.Cell):
    def __init__(self, vocab, embed, hidden):
        super(Decoder, self).__init__()
        self.embedding = nn.Embedding(vocab, embed)
        self.cell = nn.LSTMCell(embed, hidden)
        self.project = nn.Dense(hidden, vocab)
        self.stack = P.Stack(axis=1)
        self.concat = P.Concat(axis=1)
        self.argmax = P.ArgMaxWithValue(axis=-1)
        self.hidden = hidden

    def construct(self, tokens, h, c):
        outputs = []
        for t in range(tokens.shape[1]):
            h, c = self.cell(self.embedding(tokens[:, t]), (h, c))
            outputs.append(self.project(h))
        return self.stack(outputs)

    def greedy(self, start, h, c, steps):
        token = start
        done = ops.zeros_like(start).astype(mstype.bool_)
        decoded = []
        for _ in range(steps):
            h, c = self.cell(self.embedding(token), (h, c))
            index, _ = self.argmax(self.project(h))
            index = index.astype(mstype.int32)
            token = ops.select(done, ops.full_like(index, EOS), index)
            done = ops.logical_or(done, token == EOS)
            decoded.append(token.expand_dims(1))
        return self.concat(decoded)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(41)
    net = Decoder(vocab=9, embed=5, hidden=6)
    for param in net.get_parameters():
        param.set_data(Tensor((rng.randn(*param.shape) * 0.5).astype(np.float32)))
    src = rng.randint(2, 9, size=(4, 6)).astype(np.int32)
    tgt = np.concatenate([src[:, 1:], np.full((4, 1), EOS, np.int32)], axis=1)
    h0 = Tensor(np.zeros((4, 6), np.float32))
    c0 = Tensor(np.zeros((4, 6), np.float32))
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.RMSProp(net.trainable_params(), learning_rate=0.02, momentum=0.5)

    def forward(tokens, target):
        logits = net(tokens, h0, c0)
        return loss_fn(logits.reshape(-1, 9), target.reshape(-1))

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    net.set_train()
    losses = []
    for _ in range(5):
        loss, grads = grad_fn(Tensor(src), Tensor(tgt))
        optimizer(grads)
        losses.append(float(loss.asnumpy()))
    net.set_train(False)
    decoded = net.greedy(Tensor(src[:, 0]), h0, c0, steps=7)
    amp_net = ms.amp.auto_mixed_precision(net, "O2")
    half = amp_net(Tensor(src), h0, c0)
    return {"losses": losses, "decoded": decoded.asnumpy().tolist(),
            "decoded_is_int32": decoded.dtype == mstype.int32,
            "param_names": [p.name for p in net.trainable_params()],
            "amp_is_f32": half.dtype == mstype.float32, "amp_shape": list(half.shape),
            "amp_sum": float(half.astype(mstype.float32).sum().asnumpy()),
            "weights_are_f32": net.project.weight.dtype == mstype.float32,
            "amp_head_is_f16": net.project(h0).dtype == mstype.float16,
            "amp_wrapper": type(amp_net).__name__}


if __name__ == "__main__":
    print(main())
