"""An ``nn.TransformerEncoder`` learns to reverse short sequences of tokens.

    python examples/cell/train_transformer_reverse.py              # 200 steps, about 2 s
    python examples/cell/train_transformer_reverse.py --steps 400  # a longer run

Each sequence has 6 tokens out of 8; the target at position ``i`` is the token at
position ``5 - i``. Tokens get an ``nn.Embedding`` plus a learned position embedding (a
``Parameter``); one encoder layer (self-attention then a feed-forward block) and an
``nn.Dense`` read out each position's token. Guessing scores 1/8 of the tokens; the
attention has to look at the mirrored position, which the position embeddings make
learnable. After 100-odd Adam steps nearly every token is right (the test runs 120
and checks 90%).
Needs only the package (and tqdm for the progress bar, as the package does).
"""
import argparse

import numpy as onp

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.utils.progress import progress

VOCAB, LENGTH, D_MODEL = 8, 6, 16


class Reverser(nn.Cell):
    """Token and position embeddings, a TransformerEncoder, a Dense read-out per position."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D_MODEL)
        self.position = ms.Parameter(onp.random.default_rng(0).normal(
            0, 0.5, (LENGTH, D_MODEL)).astype(onp.float32), name="position")
        layer = nn.TransformerEncoderLayer(D_MODEL, nhead=2, dim_feedforward=32, dropout=0.0,
                                           batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=1)
        self.head = nn.Dense(D_MODEL, VOCAB)

    def construct(self, tokens):
        return self.head(self.encoder(self.embed(tokens) + self.position))  # (N, L, VOCAB)


class TokenLoss(nn.Cell):
    """Cross-entropy of every position's logits against its target token."""

    def __init__(self, net):
        super().__init__()
        self.net, self.loss = net, nn.CrossEntropyLoss()

    def construct(self, tokens, targets):
        logits = self.net(tokens)
        return self.loss(ops.reshape(logits, (-1, VOCAB)), ops.reshape(targets, (-1,)))


def batch(size, rng):
    tokens = rng.integers(0, VOCAB, (size, LENGTH)).astype(onp.int32)
    return tokens, tokens[:, ::-1].copy()


def train(steps=200, verbose=True, seed=0):
    """Train the Reverser; returns ``(net, losses, accuracy)`` on 256 fresh sequences."""
    rng = onp.random.default_rng(seed)
    net = Reverser()
    step = nn.TrainOneStepCell(TokenLoss(net), nn.Adam(net.trainable_params(), 0.01))
    step.set_train()
    losses = []
    for _ in progress(range(steps), desc="reverse", verbose=verbose):
        tokens, targets = batch(32, rng)
        losses.append(float(step(ms.Tensor(tokens), ms.Tensor(targets))))
    tokens, targets = batch(256, rng)
    predicted = onp.asarray(net(ms.Tensor(tokens))).argmax(-1)
    return net, losses, float((predicted == targets).mean())


def main(steps=200, verbose=True):
    _, losses, accuracy = train(steps, verbose)
    print(f"loss {losses[0]:.3f} -> {onp.mean(losses[-20:]):.3f}; "
          f"tokens right on fresh sequences: {accuracy:.1%}")
    return accuracy


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=200)
    main(parser.parse_args().steps)
