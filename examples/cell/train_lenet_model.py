"""LeNet-5 trained the MindSpore model-zoo way: a dataset pipeline, ``Model``, callbacks.

    python examples/cell/train_lenet_model.py

A ``GeneratorDataset`` of generated 32x32 grey images (the class is the bright band of
rows) mapped through ``vision.Rescale``/``Normalize``/``HWC2CHW`` and ``TypeCast``,
batched; LeNet-5 with weights from a seeded NumPy generator; ``Model(net, loss, opt,
metrics)`` trained 3 epochs with ``LossMonitor``, a custom ``Callback`` and
``ModelCheckpoint``, then ``model.eval``. It prints a loss every 2 steps, the metrics
(accuracy 1.0) and the two checkpoints kept. Written as a MindSpore 2.x user writes it:
only the imports name minpy_compat, and tests/test_zoo_lenet_model.py runs this same file
with them naming mindspore to compare with MindSpore 2.10 (tests/oracle_zoo/).
"""
import os
import tempfile

import numpy as np

import minpy_compat as ms
import minpy_compat.dataset as ds
import minpy_compat.dataset.transforms as transforms
import minpy_compat.dataset.vision as vision
from minpy_compat import Tensor, nn
from minpy_compat.train import (Accuracy, Callback, CheckpointConfig, LossMonitor, Model,
                                ModelCheckpoint)


class DigitSource:
    """Images whose class is the brightest of 4 bands of rows; a random-access source."""

    def __init__(self, count, seed):
        rng = np.random.default_rng(seed)
        self.labels = rng.integers(0, 4, size=count)
        self.images = rng.integers(0, 96, size=(count, 32, 32, 1)).astype(np.uint8)
        for image, label in zip(self.images, self.labels):
            image[8 * label:8 * label + 8] += 150

    def __getitem__(self, index):
        return self.images[index], self.labels[index]

    def __len__(self):
        return len(self.labels)


def create_dataset(count, seed, batch_size):
    data = ds.GeneratorDataset(DigitSource(count, seed), column_names=["image", "label"],
                               shuffle=False)
    image_ops = [vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize(mean=[0.1307], std=[0.3081]),
                 vision.HWC2CHW()]
    data = data.map(operations=image_ops, input_columns="image")
    data = data.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
    return data.batch(batch_size, drop_remainder=True)


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, rng=None):
        super().__init__()
        conv1 = Tensor(rng.normal(0, 0.2, (6, 1, 5, 5)).astype(np.float32))
        conv2 = Tensor(rng.normal(0, 0.08, (16, 6, 5, 5)).astype(np.float32))
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid", weight_init=conv1)
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid", weight_init=conv2)
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def set_dense_weights(net, rng):
    for name, param in net.parameters_and_names():
        if name.startswith("fc"):
            scale = 0.01 if name.endswith("bias") else 1.0 / np.sqrt(param.shape[-1])
            param.set_data(Tensor(rng.normal(0, scale, param.shape).astype(np.float32)))


class StepRecorder(Callback):
    """Records the callback order and each step's loss."""

    def __init__(self):
        super().__init__()
        self.events, self.losses = [], []

    def on_train_begin(self, run_context):
        self.events.append("train_begin")

    def on_train_epoch_begin(self, run_context):
        self.events.append(f"epoch_begin {run_context.original_args().cur_epoch_num}")

    def on_train_step_end(self, run_context):
        params = run_context.original_args()
        self.losses.append(float(params.net_outputs.asnumpy()))
        self.events.append(f"step_end {params.cur_epoch_num} {params.cur_step_num}")

    def on_train_epoch_end(self, run_context):
        self.events.append(f"epoch_end {run_context.original_args().cur_epoch_num}")

    def on_train_end(self, run_context):
        self.events.append("train_end")


def checksums(net):
    return {name: [float(p.asnumpy().sum()), float(np.abs(p.asnumpy()).sum())]
            for name, p in net.parameters_and_names()}


def main(workdir):
    train_set = create_dataset(48, 0, 12)
    eval_set = create_dataset(24, 1, 12)
    images, labels = next(train_set.create_tuple_iterator())
    rng = np.random.default_rng(7)
    net = LeNet5(rng=rng)
    set_dense_weights(net, rng)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    model = Model(net, loss, opt, metrics={"acc": Accuracy(), "loss": nn.Loss()})
    config = CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=2)
    ckpt = ModelCheckpoint(prefix="lenet", directory=workdir, config=config)
    recorder = StepRecorder()
    model.train(3, train_set, callbacks=[LossMonitor(2), recorder, ckpt],
                dataset_sink_mode=False)
    metrics = model.eval(eval_set, dataset_sink_mode=False)
    print("metrics:", {k: round(float(v), 4) for k, v in sorted(metrics.items())})
    return {"dataset_size": train_set.get_dataset_size(),
            "batch": [list(images.shape), str(images.dtype), list(labels.shape),
                      str(labels.dtype)],
            "first_pixels": images.asnumpy()[0, 0, 0, :4].tolist(),
            "losses": recorder.losses, "events": recorder.events,
            "metrics": {k: float(v) for k, v in metrics.items()},
            "checkpoints": sorted(f for f in os.listdir(workdir) if f.endswith(".ckpt")),
            "checksums": checksums(net)}


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        result = main(folder)
    print("checkpoints kept:", result["checkpoints"])
