"""Model-zoo style: mixed-precision training (a float16 Dense) with
nn.TrainOneStepWithLossScaleCell, first under a DynamicLossScaleUpdateCell (2**18 overflows
float16, shrinks, then grows back), then under a FixedLossScaleUpdateCell; Momentum."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.ops import operations as P
import mindspore.common.dtype as mstype


class Regressor(nn.Cell):
    def __init__(self, w, b):
        super(Regressor, self).__init__()
        self.dense = nn.Dense(4, 1, weight_init=Tensor(w), bias_init=Tensor(b))
        self.dense.to_float(mstype.float16)
        self.cast = P.Cast()

    def construct(self, x):
        return self.cast(self.dense(x), mstype.float32)


def train(update_cell, x, y, w, b, steps):
    net = Regressor(w, b)
    with_loss = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    step = nn.TrainOneStepWithLossScaleCell(with_loss, opt, scale_sense=update_cell)
    step.set_train()
    record = []
    for _ in range(steps):
        loss, overflow, scale = step(x, y)
        record.append([float(loss.asnumpy()), bool(overflow.asnumpy()),
                       float(scale.asnumpy())])
    return record, net.dense.weight.asnumpy().astype(np.float64).ravel().tolist()


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(11)
    x = Tensor(rng.randn(12, 4).astype(np.float16))
    y = Tensor(rng.randn(12, 1).astype(np.float32))
    w = (rng.randn(1, 4) * 0.3).astype(np.float32)
    b = np.zeros(1, np.float32)
    dynamic = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 18, scale_factor=4,
                                            scale_window=2)
    record_d, weight_d = train(dynamic, x, y, w, b, 10)
    fixed = nn.FixedLossScaleUpdateCell(loss_scale_value=1024.0)
    record_f, weight_f = train(fixed, x, y, w, b, 4)
    return {"dynamic": record_d, "dynamic_weight": weight_d,
            "fixed": record_f, "fixed_weight": weight_f,
            "x_dtype_is_f16": x.dtype == mstype.float16}


if __name__ == "__main__":
    print(main())
