"""Model-zoo style (BERT fine-tuning, small): a hand-made multi-head self-attention with
P.BatchMatMul, P.Softmax, P.Transpose/P.Reshape and a padding mask through
ops.masked_fill, nn.LayerNorm, nn.Dropout(p=0) in train mode; nn.AdamWeightDecay with
BERT's two parameter groups (decay filter on names) and the BertLearningRate schedule
Cell (WarmUpLR blended with PolynomialDecayLR via P.Greater and P.Cast);
TrainOneStepCell over a WithLossCell."""
import math

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.ops import operations as P
import mindspore.common.dtype as mstype
from mindspore.nn.learning_rate_schedule import (LearningRateSchedule, PolynomialDecayLR,
                                                 WarmUpLR)


class BertLearningRate(LearningRateSchedule):
    def __init__(self, learning_rate, end_learning_rate, warmup_steps, decay_steps, power):
        super(BertLearningRate, self).__init__()
        self.warmup_flag = False
        if warmup_steps > 0:
            self.warmup_flag = True
            self.warmup_lr = WarmUpLR(learning_rate, warmup_steps)
        self.decay_lr = PolynomialDecayLR(learning_rate, end_learning_rate, decay_steps, power)
        self.warmup_steps = Tensor(np.array([warmup_steps]).astype(np.float32))
        self.greater = P.Greater()
        self.one = Tensor(np.array([1.0]).astype(np.float32))
        self.cast = P.Cast()

    def construct(self, global_step):
        decay_lr = self.decay_lr(global_step)
        if self.warmup_flag:
            is_warmup = self.cast(self.greater(self.warmup_steps, global_step), mstype.float32)
            warmup_lr = self.warmup_lr(global_step)
            lr = (self.one - is_warmup) * decay_lr + is_warmup * warmup_lr
        else:
            lr = decay_lr
        return lr


class SelfAttention(nn.Cell):
    def __init__(self, hidden, heads):
        super(SelfAttention, self).__init__()
        self.heads = heads
        self.size = hidden // heads
        self.query = nn.Dense(hidden, hidden)
        self.key = nn.Dense(hidden, hidden)
        self.value = nn.Dense(hidden, hidden)
        self.out = nn.Dense(hidden, hidden)
        self.matmul_trans_b = P.BatchMatMul(transpose_b=True)
        self.matmul = P.BatchMatMul()
        self.softmax = P.Softmax()
        self.transpose = P.Transpose()
        self.reshape = P.Reshape()
        self.scale = 1.0 / math.sqrt(float(self.size))
        self.dropout = nn.Dropout(p=0.0)

    def _split(self, x, batch, seq):
        x = self.reshape(x, (batch, seq, self.heads, self.size))
        return self.transpose(x, (0, 2, 1, 3))

    def construct(self, x, pad_mask):
        batch, seq, hidden = x.shape
        q = self._split(self.query(x), batch, seq)
        k = self._split(self.key(x), batch, seq)
        v = self._split(self.value(x), batch, seq)
        scores = self.matmul_trans_b(q, k) * self.scale
        mask = pad_mask.view(batch, 1, 1, seq)
        scores = ops.masked_fill(scores, mask, -10000.0)
        probs = self.dropout(self.softmax(scores))
        context = self.transpose(self.matmul(probs, v), (0, 2, 1, 3))
        return self.out(self.reshape(context, (batch, seq, hidden)))


class EncoderClassifier(nn.Cell):
    def __init__(self, vocab, hidden, heads, classes):
        super(EncoderClassifier, self).__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.attention = SelfAttention(hidden, heads)
        self.norm1 = nn.LayerNorm((hidden,))
        self.ffn = nn.SequentialCell([nn.Dense(hidden, 2 * hidden), nn.GELU(),
                                      nn.Dense(2 * hidden, hidden)])
        self.norm2 = nn.LayerNorm((hidden,))
        self.classifier = nn.Dense(hidden, classes)

    def construct(self, tokens):
        pad_mask = ops.equal(tokens, 0)
        x = self.embed(tokens)
        x = self.norm1(x + self.attention(x, pad_mask))
        x = self.norm2(x + self.ffn(x))
        return self.classifier(x[:, 0])


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(23)
    net = EncoderClassifier(vocab=15, hidden=8, heads=2, classes=4)
    params = {p.name: p for p in net.get_parameters()}
    for name in sorted(params):
        shape = params[name].shape
        params[name].set_data(Tensor((rng.randn(*shape) * 0.3).astype(np.float32)))
    tokens = rng.randint(1, 15, size=(6, 5)).astype(np.int32)
    tokens[:, 3:] = 0
    tokens[0, 3] = 4
    labels = rng.randint(0, 4, size=6).astype(np.int32)
    decay_filter = lambda x: "layernorm" not in x.name.lower() and \
        "bias" not in x.name.lower()  # noqa: E731 (as BERT's config writes it)
    params = net.trainable_params()
    decay_params = list(filter(decay_filter, params))
    other_params = list(filter(lambda x: not decay_filter(x), params))
    group_params = [{"params": decay_params, "weight_decay": 0.01},
                    {"params": other_params, "weight_decay": 0.0},
                    {"order_params": params}]
    lr_schedule = BertLearningRate(learning_rate=0.01, end_learning_rate=0.001,
                                   warmup_steps=2, decay_steps=6, power=1.0)
    optimizer = nn.AdamWeightDecay(group_params, learning_rate=lr_schedule, eps=1e-6)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), optimizer)
    step.set_train()
    losses, lrs = [], []
    for _ in range(6):
        lrs.append(float(lr_schedule(optimizer.global_step).asnumpy().reshape(-1)[0]))
        losses.append(float(step(Tensor(tokens), Tensor(labels)).asnumpy()))
    net.set_train(False)
    logits = net(Tensor(tokens))
    return {"losses": losses, "lrs": lrs, "decay_names": [p.name for p in decay_params],
            "other_names": [p.name for p in other_params],
            "logits": logits.asnumpy().astype(np.float64).tolist(),
            "global_step": int(optimizer.global_step.asnumpy().reshape(-1)[0]),
            "norm_gamma": net.norm1.gamma.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
