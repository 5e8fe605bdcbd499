"""A pipeline's columns, shapes and dtypes as a model-zoo ``dataset.py`` builds them, and a
``Model`` fed from it: ``map`` with ``output_columns``, ``rename``, ``project``,
``batch`` keeping the last short batch, ``repeat``, the iterators' epochs; then
``Model`` of a hand-built ``TrainOneStepCell`` trained with ``History``; ``predict``.
"""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
from mindspore import nn
from mindspore.dataset.transforms import Compose, TypeCast
from mindspore.train import History, Model


def columns():
    rng = np.random.default_rng(21)
    images = rng.integers(0, 256, size=(10, 4, 6, 3)).astype(np.uint8)
    labels = np.arange(10) % 2
    return images, labels


def build(batch_size, repeat):
    images, labels = columns()
    data = ds.NumpySlicesDataset((images, labels, labels * 10.0),
                                 column_names=["img", "cls", "extra"], shuffle=False)
    flip = Compose([vision.RandomHorizontalFlip(1.0), vision.RandomVerticalFlip(0.0),
                    vision.Rescale(1 / 127.5, -1.0), vision.HWC2CHW()])
    data = data.map(operations=flip, input_columns=["img"], output_columns=["image"])
    data = data.map(operations=TypeCast(ms.float32), input_columns="cls")
    data = data.rename(input_columns=["cls"], output_columns=["label"])
    data = data.project(["image", "label"])
    return data.batch(batch_size, drop_remainder=False).repeat(repeat)


class Regressor(nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(3)
        self.flatten = nn.Flatten()
        self.dense = nn.Dense(72, 1, weight_init=ms.Tensor(rng.normal(0, 0.1, (1, 72)),
                                                           ms.float32), bias_init="zeros")

    def construct(self, x):
        return self.dense(self.flatten(x)).squeeze(-1)


def describe(data):
    rows = []
    for epoch in range(2):
        for row in data.create_dict_iterator(output_numpy=True):
            rows.append([epoch, sorted(row), list(row["image"].shape),
                         float(row["image"].sum()), row["label"].tolist()])
    return rows


def main(workdir):
    data = build(4, 2)
    info = {"columns": data.get_col_names(), "size": data.get_dataset_size(),
            "batch_size": data.get_batch_size(), "repeat": data.get_repeat_count(),
            "shapes": [list(s) for s in data.output_shapes()],
            "types": [str(t) for t in data.output_types()], "rows": describe(data)}
    net = Regressor()
    history = History()
    train_net = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                    nn.SGD(net.trainable_params(), 0.01))
    model = Model(train_net)  # the model-zoo way: the training Cell built by hand
    model.train(2, build(4, 1), callbacks=[history], dataset_sink_mode=False)
    images = ms.Tensor(columns()[0][:3].transpose(0, 3, 1, 2) / 127.5 - 1.0, ms.float32)
    predicted = Model(net).predict(images)
    info.update(epochs=history.epoch, outputs=[float(x) for x in history.history["net_output"]],
                predicted=[list(predicted.shape), str(predicted.dtype),
                           predicted.asnumpy().tolist()])
    return info
