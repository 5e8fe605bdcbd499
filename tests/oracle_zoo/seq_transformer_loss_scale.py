"""Model-zoo style mixed-precision-ready training: nn.TransformerEncoder of two
nn.TransformerEncoderLayer (batch_first, dropout 0, a key-padding mask) under mean
pooling and a Dense head; nn.TrainOneStepWithLossScaleCell with a
DynamicLossScaleUpdateCell: the scale grows every two clean steps; one batch of huge
inputs overflows, skips its update and halves the scale; nn.Adam."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
import mindspore.common.dtype as mstype


class PooledEncoder(nn.Cell):
    def __init__(self, d_model, nhead, classes):
        super(PooledEncoder, self).__init__()
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=16, dropout=0.0,
                                           batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.head = nn.Dense(d_model, classes)

    def construct(self, x, padding):
        hidden = self.encoder(x, src_key_padding_mask=padding)
        keep = ops.logical_not(padding).astype(hidden.dtype).expand_dims(-1)
        pooled = (hidden * keep).sum(axis=1) / keep.sum(axis=1)
        return self.head(pooled)


class WithMaskLoss(nn.Cell):
    def __init__(self, net):
        super(WithMaskLoss, self).__init__(auto_prefix=False)
        self.net = net
        self.loss = nn.CrossEntropyLoss()

    def construct(self, x, padding, label):
        return self.loss(self.net(x, padding), label)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(17)
    net = PooledEncoder(d_model=8, nhead=2, classes=3)
    names = [name for name, _ in net.parameters_and_names()]
    for _, param in net.parameters_and_names():
        param.set_data(Tensor((rng.randn(*param.shape) * 0.3).astype(np.float32)))
    x = Tensor(rng.randn(4, 5, 8).astype(np.float32))
    padding = np.zeros((4, 5), bool)
    padding[1, 3:] = True
    padding[3, 4:] = True
    label = Tensor(rng.randint(0, 3, size=4).astype(np.int32))
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.01)
    manager = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 12, scale_factor=2,
                                            scale_window=2)
    step = nn.TrainOneStepWithLossScaleCell(WithMaskLoss(net), optimizer,
                                            scale_sense=manager)
    step.set_train()
    losses, overflows, scales = [], [], []
    huge = Tensor(x.asnumpy() * 1e25)
    for i in range(8):
        loss, overflow, scale = step(huge if i == 4 else x, Tensor(padding), label)
        losses.append(float(loss.asnumpy()))
        overflows.append(bool(overflow.asnumpy()))
        scales.append(float(scale.asnumpy()))
    net.set_train(False)
    logits = net(x, Tensor(padding))
    return {"losses": losses, "overflows": overflows, "scales": scales,
            "names": names, "logits": logits.asnumpy().astype(np.float64).tolist(),
            "global_step": int(optimizer.global_step.asnumpy().reshape(-1)[0]),
            "is_f32": logits.dtype == mstype.float32}


if __name__ == "__main__":
    print(main())
