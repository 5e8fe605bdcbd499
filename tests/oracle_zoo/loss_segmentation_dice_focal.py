"""Model-zoo style segmentation head (a 1x1 nn.Conv2d over a 2-channel 4x4 image, three
classes) trained on nn.FocalLoss(gamma=2, weight) against class-index masks plus
nn.MultiClassDiceLoss(weights, activation='softmax') and nn.DiceLoss on one-hot masks;
Adam through nn.TrainOneStepCell."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class SegHead(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.conv1 = nn.Conv2d(2, 4, 1, has_bias=True, weight_init=Tensor(w1),
                               bias_init="zeros")
        self.act = nn.ReLU()
        self.conv2 = nn.Conv2d(4, 3, 1, has_bias=True, weight_init=Tensor(w2),
                               bias_init="zeros")

    def construct(self, x):
        return self.conv2(self.act(self.conv1(x)))


class SegLoss(nn.Cell):
    def __init__(self, net, class_weight, dice_weights):
        super().__init__(auto_prefix=False)
        self.net = net
        self.focal = nn.FocalLoss(weight=class_weight, gamma=2.0)
        self.multi_dice = nn.MultiClassDiceLoss(weights=dice_weights, activation="softmax")
        self.dice = nn.DiceLoss(smooth=1e-3)
        self.sigmoid = nn.Sigmoid()

    def construct(self, x, mask, one_hot):
        logits = self.net(x)
        # MultiClassDiceLoss softmaxes the last axis: put the classes there
        channels_last = logits.transpose(0, 2, 3, 1).reshape(-1, 3)
        hot_last = one_hot.transpose(0, 2, 3, 1).reshape(-1, 3)
        return (self.focal(logits, mask) + self.multi_dice(channels_last, hot_last)
                + self.dice(self.sigmoid(logits), one_hot))


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def _batch(rng, n):
    x = rng.randn(n, 2, 4, 4).astype(np.float32)
    mask = rng.randint(0, 3, size=(n, 1, 4, 4)).astype(np.int32)
    one_hot = np.moveaxis(np.eye(3, dtype=np.float32)[mask[:, 0]], -1, 1)
    return Tensor(x), Tensor(mask), Tensor(one_hot)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(21)
    net = SegHead((rng.randn(4, 2, 1, 1) * 0.5).astype(np.float32),
                  (rng.randn(3, 4, 1, 1) * 0.5).astype(np.float32))
    class_weight = Tensor(np.array([0.5, 1.0, 2.0], np.float32))
    dice_weights = Tensor(np.array([[1.0], [0.5], [2.0]], np.float32))
    opt = nn.Adam(net.trainable_params(), learning_rate=0.05)
    train = nn.TrainOneStepCell(SegLoss(net, class_weight, dice_weights), opt)
    train.set_train()
    # MultiClassDiceLoss with (C, 1) weights gives shape (1,): so does the summed loss
    losses = [train(*_batch(rng, 2)).asnumpy().astype(np.float64).tolist()
              for step in range(5)]
    x, mask, one_hot = _batch(rng, 2)
    logits = net(x)
    probs = ops.sigmoid(logits)
    parts = {
        "focal_none": nn.FocalLoss(gamma=1.0, reduction="none")(logits, mask),
        "focal_sum_onehot": nn.FocalLoss(reduction="sum")(logits, one_hot),
        "dice": nn.DiceLoss()(probs, one_hot),
        "multi_dice_plain": nn.MultiClassDiceLoss()(
            ops.softmax(logits, 1), one_hot),
    }
    return {"losses": losses, "sums": _sums(net),
            "parts": {k: v.asnumpy().astype(np.float64).tolist() for k, v in parts.items()}}


if __name__ == "__main__":
    print(main())
