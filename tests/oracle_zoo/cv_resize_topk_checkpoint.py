"""Model-zoo style (an ImageNet-like recipe, scaled down): a GeneratorDataset of HWC uint8
images mapped with vision.Resize (bilinear), vision.CenterCrop and vision.ToTensor, labels
one-hot with transforms.OneHot and cast to float32; a Conv2d/BatchNorm2d/Dense net trained
with ms.train.Model on SoftmaxCrossEntropyWithLogits(sparse=False) and nn.SGD (momentum,
nesterov), ModelCheckpoint saving every 2 steps with keep_checkpoint_max=2; then
model.eval with Top1CategoricalAccuracy and TopKCategoricalAccuracy(2), and
model.predict."""
import os
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
import mindspore.dataset.transforms as transforms
from mindspore.train import Model, ModelCheckpoint, CheckpointConfig, LossMonitor


def create_dataset(seed, n):
    rng = np.random.RandomState(seed)
    images = rng.randint(0, 256, size=(n, 10, 14, 3)).astype(np.uint8)
    labels = (images[:, :, :7].mean(axis=(1, 2, 3)) // 43 % 3).astype(np.int32)
    data = ds.GeneratorDataset(list(zip(images, labels)), ["image", "label"], shuffle=False)
    data = data.map([vision.Resize((12, 12)), vision.CenterCrop(8), vision.ToTensor()],
                    input_columns="image")
    data = data.map([transforms.OneHot(3), transforms.TypeCast(ms.float32)],
                    input_columns="label")
    return data.batch(4)


class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=2, pad_mode="same", has_bias=False)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(64, 3)

    def construct(self, x):
        return self.fc(self.flatten(self.relu(self.bn(self.conv(x)))))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    train, test = create_dataset(4, 16), create_dataset(5, 8)
    first = next(train.create_tuple_iterator(output_numpy=True))
    net = Net()
    rng = np.random.RandomState(9)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))
    opt = nn.SGD(net.trainable_params(), learning_rate=0.05, momentum=0.9, nesterov=True,
                 weight_decay=1e-4)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean")
    model = Model(net, loss, opt, metrics={"top1": nn.Top1CategoricalAccuracy(),
                                           "top2": nn.TopKCategoricalAccuracy(2),
                                           "loss": nn.Loss()})
    with tempfile.TemporaryDirectory() as folder:
        config = CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=2)
        ckpt = ModelCheckpoint(prefix="tiny", directory=folder, config=config)
        model.train(2, train, callbacks=[ckpt, LossMonitor()], dataset_sink_mode=False)
        files = sorted(f for f in os.listdir(folder) if f.endswith(".ckpt"))
        latest = os.path.basename(ckpt.latest_ckpt_file_name)
        saved = ms.load_checkpoint(ckpt.latest_ckpt_file_name)
    metrics = model.eval(test, dataset_sink_mode=False)
    pred = model.predict(Tensor(first[0]))
    return {"image": [list(first[0].shape), str(first[0].dtype),
                      float(first[0].astype(np.float64).sum())],
            "label": first[1].tolist(), "files": files, "latest": latest,
            "saved": sorted(saved), "metrics": {k: float(v) for k, v in metrics.items()},
            "pred": pred.asnumpy().astype(np.float64).tolist(),
            "weight_sum": float(net.fc.weight.asnumpy().astype(np.float64).sum())}


if __name__ == "__main__":
    print(main())
