"""An ``nn.LSTM`` Cell learns the adding problem on sequences of different lengths.

    python examples/cell/train_lstm_adding.py              # 400 steps, about 5 s
    python examples/cell/train_lstm_adding.py --steps 800  # a longer run

Each sequence has 5 to 10 steps of two features: a random value in [0, 1) and a marker
that is 1 at exactly two of its steps. The target is the sum of the two marked values.
Sequences shorter than 10 are padded with zeros and the LSTM gets their lengths as
``seq_length``, so its final state is the one at each sequence's own end. Always
predicting the mean scores a mean squared error of about 1/6 = 0.167; for its first
100-odd steps the LSTM sits there, then it finds the markers and, after 400 steps
(about 5 s on one CPU core), is below 0.01 (the test checks 0.02). A run much shorter than
400 steps decays its learning rate before that happens and stays near 0.15.

The optimizer is ``nn.AdamWeightDecay`` driven by a learning-rate schedule Cell: a linear
warm-up (``nn.WarmUpLR``) for the first steps, then a cosine decay (``nn.CosineDecayLR``).
Needs only the package (and tqdm for the progress bar, as the package does).
"""
import argparse

import numpy as onp

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.utils.progress import progress

MAX_LENGTH, MIN_LENGTH = 10, 5
BASELINE_MSE = 1 / 6


def adding_problem(num_samples, rng):
    """``(x, lengths, y)``: x (N, MAX_LENGTH, 2) float32 padded with zeros after each
    sequence's length, lengths (N,) int32, y (N, 1) float32."""
    lengths = rng.integers(MIN_LENGTH, MAX_LENGTH + 1, num_samples)
    x = onp.zeros((num_samples, MAX_LENGTH, 2), onp.float32)
    y = onp.zeros((num_samples, 1), onp.float32)
    for row, length in enumerate(lengths):
        x[row, :length, 0] = rng.uniform(size=length)
        marked = rng.choice(length, size=2, replace=False)
        x[row, marked, 1] = 1.0
        y[row, 0] = x[row, marked, 0].sum()
    return x, lengths.astype(onp.int32), y


class AddingLSTM(nn.Cell):
    """An LSTM over (batch, seq, 2) inputs; a Dense layer reads its final hidden state."""

    def __init__(self, hidden_size=16):
        super().__init__()
        self.lstm = nn.LSTM(2, hidden_size, batch_first=True)
        self.head = nn.Dense(hidden_size, 1)

    def construct(self, x, seq_length):
        _, (h_n, _) = self.lstm(x, seq_length=seq_length)
        return self.head(h_n[-1])   # h_n: (num_layers, batch, hidden); the last layer's


class WarmUpCosineLR(nn.LearningRateSchedule):
    """``WarmUpLR`` for the first ``warmup_steps``, then ``CosineDecayLR`` from
    ``max_lr`` down to ``min_lr`` over the remaining steps."""

    def __init__(self, min_lr, max_lr, warmup_steps, total_steps):
        super().__init__()
        self.warmup_steps = warmup_steps
        self.warmup = nn.WarmUpLR(max_lr, warmup_steps)
        self.decay = nn.CosineDecayLR(min_lr, max_lr, max(total_steps - warmup_steps, 1))

    def construct(self, global_step):
        step = int(global_step)
        if step < self.warmup_steps:
            return self.warmup(ms.Tensor(step + 1, ms.int32))  # step 0 gets a rate above 0
        return self.decay(ms.Tensor(step - self.warmup_steps, ms.int32))


class WithLengthsLoss(nn.Cell):
    """``loss_fn(net(x, seq_length), y)``: ``WithLossCell`` for a net with two inputs."""

    def __init__(self, net, loss_fn):
        super().__init__()
        self.net, self.loss_fn = net, loss_fn

    def construct(self, x, seq_length, y):
        return self.loss_fn(self.net(x, seq_length), y)


def mean_squared_error(net, x, lengths, y):
    net.set_train(False)
    predicted = net(ms.Tensor(x), ms.Tensor(lengths)).asnumpy()
    net.set_train(True)
    return float(((predicted - y) ** 2).mean())


def train(steps=400, batch_size=64, hidden_size=16, verbose=True, seed=0):
    """Train an AddingLSTM for ``steps`` batches; returns it, the batch losses, the
    learning rates used and the test mean squared error."""
    ms.set_seed(seed)
    rng = onp.random.default_rng(seed)
    x_test, lengths_test, y_test = adding_problem(500, rng)
    net = AddingLSTM(hidden_size)
    schedule = WarmUpCosineLR(1e-4, 3e-2, warmup_steps=max(steps // 10, 1), total_steps=steps)
    optimizer = nn.AdamWeightDecay(net.trainable_params(), learning_rate=schedule,
                                   weight_decay=1e-4)
    train_step = nn.TrainOneStepCell(WithLengthsLoss(net, nn.MSELoss()), optimizer)
    train_step.set_train()
    losses, rates = [], []
    with progress(range(steps), desc="LSTM on the adding problem", unit="step",
                  verbose=verbose) as bar:
        for _ in bar:
            x, lengths, y = adding_problem(batch_size, rng)
            losses.append(float(train_step(ms.Tensor(x), ms.Tensor(lengths), ms.Tensor(y))))
            rates.append(float(optimizer.get_lr()))   # the rate this step used
            bar.set_postfix(loss=f"{losses[-1]:.4f}", refresh=False)
    return net, losses, rates, mean_squared_error(net, x_test, lengths_test, y_test)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=400, help="training batches (400)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.steps < 1:
        parser.error(f"--steps: expected an int >= 1, got {args.steps}.")
    net, losses, rates, test_mse = train(steps=args.steps, verbose=not args.quiet)
    tail = losses[-max(len(losses) // 10, 1):]
    print(f"learning rate: {max(rates):.4f} at most, {rates[-1]:.6f} at the end")
    print(f"training loss: {losses[0]:.4f} at the start, {sum(tail) / len(tail):.4f} "
          "over the last tenth")
    print(f"test mean squared error: {test_mse:.4f} (always predicting the mean: "
          f"{BASELINE_MSE:.3f})")
    return test_mse


if __name__ == "__main__":
    main()
