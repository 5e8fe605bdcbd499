"""Model-zoo style (LeNet on a small image set): a GeneratorDataset of HWC uint8 images,
``map`` with vision transforms (Rescale, Normalize, HWC2CHW) and a TypeCast on the labels,
``batch``; a Conv2d/MaxPool2d/Dense net trained through ms.train.Model with
nn.Momentum on a warmup-then-cosine learning-rate list, LossMonitor and TimeMonitor
callbacks (dataset_sink_mode=False), then ``model.eval`` with {'acc', 'loss'}."""
import numpy as np
import mindspore as ms
from mindspore import nn
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
import mindspore.dataset.transforms as transforms
from mindspore.train import Model, LossMonitor, TimeMonitor, Callback


class Images:
    def __init__(self, seed, n):
        rng = np.random.RandomState(seed)
        self.images = rng.randint(0, 256, size=(n, 12, 12, 3)).astype(np.uint8)
        self.labels = (self.images[:, :6].mean(axis=(1, 2, 3)) > 127).astype(np.int64)

    def __getitem__(self, index):
        return self.images[index], self.labels[index]

    def __len__(self):
        return len(self.labels)


def create_dataset(seed, n, batch_size):
    data = ds.GeneratorDataset(Images(seed, n), ["image", "label"], shuffle=False)
    image_ops = [vision.Rescale(1.0 / 255.0, 0.0),
                 vision.Normalize(mean=[0.5, 0.5, 0.5], std=[0.25, 0.25, 0.25]),
                 vision.HWC2CHW()]
    data = data.map(operations=image_ops, input_columns="image")
    data = data.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
    return data.batch(batch_size, drop_remainder=True)


class LeNetTiny(nn.Cell):
    def __init__(self, num_class=2):
        super(LeNetTiny, self).__init__()
        self.conv1 = nn.Conv2d(3, 6, 3, pad_mode="valid", weight_init="normal")
        self.conv2 = nn.Conv2d(6, 8, 3, pad_mode="valid", weight_init="normal")
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(8, num_class, weight_init="normal")

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        return self.fc(self.flatten(x))


class Recorder(Callback):
    def __init__(self):
        super(Recorder, self).__init__()
        self.losses, self.steps, self.epochs = [], [], []

    def step_end(self, run_context):
        cb = run_context.original_args()
        self.losses.append(float(cb.net_outputs.asnumpy()))
        self.steps.append(cb.cur_step_num)

    def epoch_end(self, run_context):
        self.epochs.append(run_context.original_args().cur_epoch_num)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    train = create_dataset(0, 24, 6)
    test = create_dataset(1, 12, 4)
    rng = np.random.RandomState(7)
    net = LeNetTiny()
    for p in net.trainable_params():
        p.set_data(ms.Tensor((rng.randn(*p.shape) * 0.2).astype(np.float32)))
    steps = train.get_dataset_size()
    warm = nn.warmup_lr(0.1, 2 * steps, steps, 2)[:2]
    cos = nn.cosine_decay_lr(0.001, 0.1, 2 * steps, steps, 2)[2:]
    lr = warm + cos
    opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss_fn=loss, optimizer=opt, metrics={"acc", "loss"})
    rec = Recorder()
    model.train(2, train, callbacks=[rec, LossMonitor(per_print_times=2), TimeMonitor()],
                dataset_sink_mode=False)
    result = model.eval(test, dataset_sink_mode=False)
    first = next(test.create_dict_iterator(output_numpy=True))
    return {"losses": rec.losses, "steps": rec.steps, "epochs": rec.epochs,
            "lr": [float(v) for v in lr], "sizes": [steps, test.get_dataset_size()],
            "acc": float(result["acc"]), "loss": float(result["loss"]),
            "metric_keys": sorted(result), "image_shape": list(first["image"].shape),
            "image_dtype": str(first["image"].dtype), "label_dtype": str(first["label"].dtype),
            "image_sum": float(first["image"].astype(np.float64).sum())}


if __name__ == "__main__":
    print(main())
