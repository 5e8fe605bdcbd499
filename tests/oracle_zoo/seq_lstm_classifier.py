"""Model-zoo style (sentiment LSTM): nn.Embedding, a bidirectional batch_first nn.LSTM,
mean pooling over time, nn.Dense; nn.Adam with ops.clip_by_global_norm inside a
value_and_grad train step decorated with @ms.jit; weights loaded from a NumPy dict
with ms.load_param_into_net, as a converted checkpoint would be."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
import mindspore.common.dtype as mstype


class SentimentNet(nn.Cell):
    def __init__(self, vocab_size, embed_size, num_hiddens, num_classes):
        super(SentimentNet, self).__init__()
        self.embedding = nn.Embedding(vocab_size, embed_size)
        self.encoder = nn.LSTM(input_size=embed_size, hidden_size=num_hiddens,
                               num_layers=1, has_bias=True, batch_first=True,
                               bidirectional=True)
        self.decoder = nn.Dense(num_hiddens * 2, num_classes)
        self.mean = ops.ReduceMean(keep_dims=False)

    def construct(self, inputs):
        embeddings = self.embedding(inputs)
        output, (h_n, c_n) = self.encoder(embeddings)
        pooled = self.mean(output, 1)
        return self.decoder(pooled)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(11)
    net = SentimentNet(vocab_size=20, embed_size=6, num_hiddens=5, num_classes=3)
    names = sorted(p.name for p in net.get_parameters())
    shapes = {p.name: list(p.shape) for p in net.get_parameters()}
    values = {name: ms.Parameter(Tensor(rng.uniform(-0.4, 0.4, shapes[name])
                                        .astype(np.float32)), name=name) for name in names}
    not_loaded = ms.load_param_into_net(net, values)
    tokens = Tensor(rng.randint(0, 20, size=(8, 7)).astype(np.int32))
    labels = Tensor(rng.randint(0, 3, size=8).astype(np.int32))
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.02)

    def forward(data, label):
        logits = net(data)
        return loss_fn(logits, label)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)

    @ms.jit
    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        grads = ops.clip_by_global_norm(grads, 0.5)
        loss = ops.depend(loss, optimizer(grads))
        return loss

    net.set_train()
    losses = []
    for _ in range(5):
        losses.append(float(train_step(tokens, labels).asnumpy()))
    net.set_train(False)
    logits = net(tokens)
    output, (h_n, c_n) = net.encoder(net.embedding(tokens))
    return {"losses": losses, "names": names, "shapes": shapes,
            "not_loaded": list(not_loaded[0]) if isinstance(not_loaded, tuple)
            else list(not_loaded),
            "logits": logits.asnumpy().astype(np.float64).tolist(),
            "h_n_shape": list(h_n.shape), "c_n_shape": list(c_n.shape),
            "output_shape": list(output.shape),
            "h_n_sum": float(h_n.sum().asnumpy()),
            "pred": logits.argmax(axis=1).asnumpy().tolist(),
            "is_f32": logits.dtype == mstype.float32}


if __name__ == "__main__":
    print(main())
