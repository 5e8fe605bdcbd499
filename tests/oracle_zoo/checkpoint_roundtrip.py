"""A small conv net trained through ``Model``, saved and loaded back: MindSpore 1.x imports.

``NumpySlicesDataset`` over a dict of columns, ``map`` of ``RandomHorizontalFlip(1.0)``,
``Rescale``, ``HWC2CHW`` and ``TypeCast``; ``Model`` with a metrics dict; then
``ModelCheckpoint``; ``save_checkpoint`` (with ``append_dict``) / ``load_checkpoint`` /
``load_param_into_net`` into a fresh net, which must evaluate as the trained one; a second
run in the same folder. The checkpoint files stay within one library.
"""
import os

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.transforms.transforms as C
import mindspore.dataset.vision.transforms as CV
import mindspore.nn as nn
from mindspore import Model, Tensor
from mindspore import dtype as mstype
from mindspore.nn.metrics import Accuracy
from mindspore.train.callback import Callback, CheckpointConfig, LossMonitor, ModelCheckpoint
from mindspore.train.serialization import (load_checkpoint, load_param_into_net,
                                           save_checkpoint)


def make_data(count, seed):
    """Class 1 when the left half is the brighter; images are HWC uint8, 3 channels."""
    rng = np.random.default_rng(seed)
    images = rng.integers(0, 120, size=(count, 8, 8, 3)).astype(np.uint8)
    labels = rng.integers(0, 2, size=count).astype(np.int64)
    for image, label in zip(images, labels):
        image[:, 4:] += 100 if label else 0  # flipped below: the left half then
        image[:, :4] += 0 if label else 100
    return {"image": images, "label": labels}


def create_dataset(count, seed, batch_size=8):
    data = ds.NumpySlicesDataset(make_data(count, seed), shuffle=False)
    data = data.map(operations=[CV.RandomHorizontalFlip(prob=1.0), CV.Rescale(1 / 255.0, -0.5),
                                CV.HWC2CHW()], input_columns=["image"])
    data = data.map(operations=C.TypeCast(mstype.float32), input_columns=["image"])
    data = data.map(operations=C.TypeCast(mstype.int32), input_columns=["label"])
    return data.batch(batch_size)


class SmallNet(nn.Cell):
    def __init__(self, seed):
        super(SmallNet, self).__init__()
        rng = np.random.default_rng(seed)
        self.conv = nn.Conv2d(3, 4, 3, pad_mode="same", has_bias=True, bias_init="zeros",
                              weight_init=Tensor(rng.normal(0, 0.3, (4, 3, 3, 3)), mstype.float32))
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(4 * 4 * 4, 2, weight_init=Tensor(
            rng.normal(0, 0.2, (2, 64)).astype(np.float32)), bias_init="zeros")

    def construct(self, x):
        return self.fc(self.flatten(self.pool(self.relu(self.conv(x)))))


class EpochLoss(Callback):
    def __init__(self):
        super(EpochLoss, self).__init__()
        self.losses = []

    def epoch_end(self, run_context):  # the 1.x name, still called
        cb_params = run_context.original_args()
        self.losses.append([cb_params.cur_epoch_num, float(cb_params.net_outputs.asnumpy())])


def main(workdir):
    train_set, eval_set = create_dataset(40, 3), create_dataset(20, 4)
    first = next(train_set.create_dict_iterator(output_numpy=True))
    net = SmallNet(11)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    model = Model(net, loss_fn=loss_fn, optimizer=opt, metrics={"acc": Accuracy()})
    epochs = EpochLoss()
    config = CheckpointConfig(save_checkpoint_steps=5, keep_checkpoint_max=1)
    model.train(2, train_set, callbacks=[LossMonitor(), epochs,
                                         ModelCheckpoint("small", workdir, config)],
                dataset_sink_mode=False)
    trained = model.eval(eval_set, dataset_sink_mode=False)
    path = os.path.join(workdir, "small_final.ckpt")
    save_checkpoint(net, path, append_dict={"epoch_num": 2, "lr": 0.01})
    param_dict = load_checkpoint(path)
    fresh = SmallNet(12)
    not_loaded = load_param_into_net(fresh, param_dict)
    loaded = Model(fresh, loss_fn=loss_fn, metrics={"acc": Accuracy(), "loss": nn.Loss()})
    again = loaded.eval(eval_set, dataset_sink_mode=False)
    print("trained:", trained, "loaded acc:", again["acc"])
    same = [bool(np.array_equal(a.asnumpy(), b.asnumpy()))
            for a, b in zip(net.get_parameters(), fresh.get_parameters())]
    # a second run in the same folder: its checkpoints take a fresh prefix
    model.train(1, train_set, callbacks=[ModelCheckpoint("small", workdir, config)],
                dataset_sink_mode=False)
    return {"first": {k: [list(v.shape), str(v.dtype), float(v.sum())] for k, v in first.items()},
            "sizes": [train_set.get_dataset_size(), eval_set.get_dataset_size()],
            "epochs": epochs.losses, "trained": trained, "again": again,
            "param_dict": sorted(param_dict), "not_loaded": [list(x) for x in not_loaded],
            "appended": [int(param_dict["epoch_num"].asnumpy()),
                         float(param_dict["lr"].asnumpy()), str(param_dict["lr"].dtype)],
            "same": same,
            "files": sorted(f for f in os.listdir(workdir) if f.endswith(".ckpt"))}
