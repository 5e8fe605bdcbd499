"""Model-zoo style (a small segmentation auto-encoder): Conv2d encoder, nn.Conv2dTranspose
(pad_mode 'same' and 'pad' with stride 2) and nn.Upsample decoder, nn.BCEWithLogitsLoss with
a pos_weight, trained with nn.Adam; the training cell is saved mid-train with
ms.save_checkpoint (append_dict), loaded into a fresh network with ms.load_checkpoint and
ms.load_param_into_net, and training goes on from there in both copies."""
import os
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


class AutoEncoder(nn.Cell):
    def __init__(self):
        super(AutoEncoder, self).__init__()
        self.enc = nn.SequentialCell([
            nn.Conv2d(1, 4, 3, stride=2, pad_mode="same", has_bias=True), nn.ReLU(),
            nn.Conv2d(4, 8, 3, stride=2, pad_mode="pad", padding=1, has_bias=True), nn.ReLU()])
        self.up1 = nn.Conv2dTranspose(8, 4, 4, stride=2, pad_mode="pad", padding=1,
                                      has_bias=True)
        self.up2 = nn.Upsample(scale_factor=2.0, mode="nearest", recompute_scale_factor=True)
        self.head = nn.Conv2dTranspose(4, 1, 3, stride=1, pad_mode="same", has_bias=True)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.head(self.up2(self.relu(self.up1(self.enc(x)))))


def fresh_net(rng):
    net = AutoEncoder()
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))
    return net


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(11)
    x = rng.rand(4, 1, 8, 8).astype(np.float32)
    target = (x > 0.5).astype(np.float32)
    net = fresh_net(rng)
    loss_fn = nn.BCEWithLogitsLoss(reduction="mean", pos_weight=Tensor(np.array([2.0], np.float32)))
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    step.set_train()
    losses = [float(step(Tensor(x), Tensor(target)).asnumpy()) for _ in range(3)]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "ae.ckpt")
        ms.save_checkpoint(step, path, append_dict={"epoch_num": 3, "note": "mid"})
        params = ms.load_checkpoint(path)
        saved = sorted(params)
        epoch = int(params["epoch_num"].asnumpy())
        net2 = fresh_net(np.random.RandomState(0))
        opt2 = nn.Adam(net2.trainable_params(), learning_rate=0.01)
        step2 = nn.TrainOneStepCell(nn.WithLossCell(net2, loss_fn), opt2)
        not_loaded = ms.load_param_into_net(step2, params)
    step2.set_train()
    resumed = [float(step2(Tensor(x), Tensor(target)).asnumpy()) for _ in range(2)]
    going_on = [float(step(Tensor(x), Tensor(target)).asnumpy()) for _ in range(2)]
    out = net2(Tensor(x))
    return {"losses": losses, "resumed": resumed, "going_on": going_on,
            "saved": saved, "epoch": epoch,
            "not_loaded": [sorted(n) for n in not_loaded],
            "shapes": [list(p.shape) for p in net.trainable_params()],
            "names": [p.name for p in net.trainable_params()],
            "out_shape": list(out.shape), "out_sum": float(out.sum().asnumpy()),
            "adam_names": [p.name for p in opt.moment1][:3]}


if __name__ == "__main__":
    print(main())
