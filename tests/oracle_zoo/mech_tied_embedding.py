"""Model-zoo style weight tying in a tiny language model: the output projection reuses
the embedding table (``self.proj.weight = self.embedding.embedding_table``), so the one
Parameter is listed once and trained by both uses; the optimizer's and the checkpoint's
names, then a reload into a fresh net."""
import os
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class TinyLM(nn.Cell):
    def __init__(self, table, hidden_w):
        super().__init__()
        self.embedding = nn.Embedding(7, 4, embedding_table=Tensor(table))
        self.hidden = nn.Dense(4, 4, weight_init=Tensor(hidden_w), bias_init="zeros",
                               activation="tanh")
        self.proj = nn.Dense(4, 7, has_bias=False)
        self.proj.weight = self.embedding.embedding_table

    def construct(self, tokens):
        return self.proj(self.hidden(self.embedding(tokens)))


class LMLoss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.ce = nn.CrossEntropyLoss()

    def construct(self, tokens, targets):
        logits = self.net(tokens)
        return self.ce(logits.reshape(-1, 7), targets.reshape(-1))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(9)
    table = (rng.randn(7, 4) * 0.5).astype(np.float32)
    hidden_w = (rng.randn(4, 4) * 0.5).astype(np.float32)
    net = TinyLM(table, hidden_w)
    tokens = Tensor(rng.randint(0, 7, size=(3, 5)).astype(np.int32))
    targets = Tensor(rng.randint(0, 7, size=(3, 5)).astype(np.int32))
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.5, momentum=0.9)
    train = nn.TrainOneStepCell(LMLoss(net), opt)
    train.set_train()
    losses = [float(train(tokens, targets).asnumpy()) for _ in range(5)]
    tied = net.proj.weight is net.embedding.embedding_table
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "lm.ckpt")
        ms.save_checkpoint(net, path)
        saved = ms.load_checkpoint(path)
        fresh = TinyLM(np.zeros((7, 4), np.float32), np.zeros((4, 4), np.float32))
        not_loaded = ms.load_param_into_net(fresh, saved)
    fresh.set_train(False)
    net.set_train(False)
    return {"losses": losses, "tied": tied,
            "trainable": [p.name for p in net.trainable_params()],
            "opt_names": [p.name for p in opt.parameters],
            "moment_names": [p.name for p in opt.moments],
            "saved_names": sorted(saved),
            "not_loaded": [list(x) if isinstance(x, (list, tuple)) else x for x in not_loaded],
            "fresh_tied": fresh.proj.weight is fresh.embedding.embedding_table,
            "table": net.embedding.embedding_table.asnumpy().astype(np.float64).tolist(),
            "fresh_logits": fresh(tokens).asnumpy().astype(np.float64).sum(-1).tolist(),
            "logits": net(tokens).asnumpy().astype(np.float64).sum(-1).tolist()}


if __name__ == "__main__":
    print(main())
