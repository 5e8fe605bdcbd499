"""Model-zoo style siamese encoder trained on pair and ranking losses:
nn.CosineEmbeddingLoss(margin=0.2) on embedding pairs labelled 1/-1, nn.MarginRankingLoss
(margin=0.1) on scores and nn.HingeEmbeddingLoss on pair distances; SGD through
nn.TrainOneStepCell."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class Encoder(nn.Cell):
    def __init__(self, w1, w2, w_score):
        super().__init__()
        self.fc1 = nn.Dense(4, 6, weight_init=Tensor(w1), bias_init="zeros")
        self.act = nn.ELU()
        self.fc2 = nn.Dense(6, 3, weight_init=Tensor(w2), bias_init="zeros")
        self.score = nn.Dense(3, 1, weight_init=Tensor(w_score), bias_init="zeros")

    def construct(self, x):
        emb = self.fc2(self.act(self.fc1(x)))
        return emb, self.score(emb).squeeze(-1)


class PairLosses(nn.Cell):
    def __init__(self, encoder):
        super().__init__(auto_prefix=False)
        self.encoder = encoder
        self.cosine = nn.CosineEmbeddingLoss(margin=0.2)
        self.ranking = nn.MarginRankingLoss(margin=0.1)
        self.hinge = nn.HingeEmbeddingLoss(margin=1.5)

    def construct(self, a, b, same, order):
        emb_a, score_a = self.encoder(a)
        emb_b, score_b = self.encoder(b)
        distance = ops.norm(emb_a - emb_b, dim=1)
        return (self.cosine(emb_a, emb_b, same) + self.ranking(score_a, score_b, order)
                + 0.5 * self.hinge(distance, same))


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(8)
    encoder = Encoder((rng.randn(6, 4) * 0.5).astype(np.float32),
                      (rng.randn(3, 6) * 0.5).astype(np.float32),
                      (rng.randn(1, 3) * 0.5).astype(np.float32))
    opt = nn.SGD(encoder.trainable_params(), learning_rate=0.2)
    train = nn.TrainOneStepCell(PairLosses(encoder), opt)
    train.set_train()
    losses = []
    for step in range(5):
        a = Tensor(rng.randn(6, 4).astype(np.float32))
        b = Tensor(rng.randn(6, 4).astype(np.float32))
        same = Tensor(rng.choice([-1.0, 1.0], size=6).astype(np.float32))
        order = Tensor(rng.choice([-1.0, 1.0], size=6).astype(np.float32))
        losses.append(float(train(a, b, same, order).asnumpy()))
    a = Tensor(rng.randn(5, 4).astype(np.float32))
    b = Tensor(rng.randn(5, 4).astype(np.float32))
    same = Tensor(np.array([1, -1, 1, -1, -1], np.float32))
    emb_a, score_a = encoder(a)
    emb_b, score_b = encoder(b)
    distance = ops.norm(emb_a - emb_b, dim=1)
    parts = {
        "cosine_none": nn.CosineEmbeddingLoss(margin=-0.3, reduction="none")(emb_a, emb_b,
                                                                             same),
        "cosine_sum": nn.CosineEmbeddingLoss(reduction="sum")(emb_a, emb_b, same),
        "ranking_none": nn.MarginRankingLoss(reduction="none")(score_a, score_b, same),
        "ranking_sum": nn.MarginRankingLoss(margin=0.5, reduction="sum")(score_a, score_b,
                                                                         same),
        "hinge_none": nn.HingeEmbeddingLoss(reduction="none")(distance, same),
    }
    return {"losses": losses, "sums": _sums(encoder),
            "parts": {k: v.asnumpy().astype(np.float64).tolist() for k, v in parts.items()}}


if __name__ == "__main__":
    print(main())
