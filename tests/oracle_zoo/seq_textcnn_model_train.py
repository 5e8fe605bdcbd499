"""Model-zoo style TextCNN for sentence classification: nn.Embedding, three nn.Conv2d
windows over the (1, seq, embed) sentence image, P.ReduceMax over time, P.Concat, a
Dense head; trained by ms.train.Model around the zoo's TrainOneStepCell subclass that
clips gradients through a MultitypeFuncGraph (C.clip_by_value / nn.ClipByNorm) and
C.HyperMap, fed by ds.NumpySlicesDataset batches, a Callback collecting the step losses;
then Model(net, loss_fn, metrics=...).eval."""
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, Tensor
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.ops import composite as C
from mindspore.train import Model
from mindspore.train.callback import Callback
import mindspore.common.dtype as mstype

GRADIENT_CLIP_TYPE = 1
GRADIENT_CLIP_VALUE = 0.5
clip_grad = C.MultitypeFuncGraph("clip_grad")


@clip_grad.register("Number", "Number", "Tensor")
def _clip_grad(clip_type, clip_value, grad):
    if clip_type not in (0, 1):
        return grad
    dt = F.dtype(grad)
    if clip_type == 0:
        new_grad = C.clip_by_value(grad, F.cast(F.tuple_to_array((-clip_value,)), dt),
                                   F.cast(F.tuple_to_array((clip_value,)), dt))
    else:
        new_grad = nn.ClipByNorm()(grad, F.cast(F.tuple_to_array((clip_value,)), dt))
    return new_grad


class TrainOneStepCellWithGradClip(nn.TrainOneStepCell):
    def __init__(self, network, optimizer):
        super(TrainOneStepCellWithGradClip, self).__init__(network, optimizer)
        self.hyper_map = C.HyperMap()

    def construct(self, *inputs):
        loss = self.network(*inputs)
        sens = F.fill(loss.dtype, loss.shape, self.sens)
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        grads = self.hyper_map(F.partial(clip_grad, GRADIENT_CLIP_TYPE, GRADIENT_CLIP_VALUE),
                               grads)
        grads = self.grad_reducer(grads)
        return F.depend(loss, self.optimizer(grads))


class TextCNN(nn.Cell):
    def __init__(self, vocab_len, word_len, num_classes, vec_length):
        super(TextCNN, self).__init__()
        self.vec_length = vec_length
        self.word_len = word_len
        self.unsqueeze = P.ExpandDims()
        self.embedding = nn.Embedding(vocab_len, self.vec_length)
        self.layer1 = self.make_layer(kernel_height=2)
        self.layer2 = self.make_layer(kernel_height=3)
        self.layer3 = self.make_layer(kernel_height=4)
        self.concat = P.Concat(1)
        self.fc = nn.Dense(3 * 4, num_classes)
        self.reducemax = P.ReduceMax(keep_dims=False)

    def make_layer(self, kernel_height):
        return nn.SequentialCell([
            nn.Conv2d(1, 4, kernel_size=(kernel_height, self.vec_length), pad_mode="valid",
                      has_bias=True, weight_init="ones"),
            nn.ReLU()])

    def construct(self, x):
        x = self.unsqueeze(x, 1)
        x = self.embedding(x)
        x1 = self.reducemax(self.layer1(x), (2, 3))
        x2 = self.reducemax(self.layer2(x), (2, 3))
        x3 = self.reducemax(self.layer3(x), (2, 3))
        return self.fc(self.concat((x1, x2, x3)))


class StepLosses(Callback):
    def __init__(self):
        super(StepLosses, self).__init__()
        self.losses, self.steps = [], []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        self.losses.append(float(cb_params.net_outputs.asnumpy()))
        self.steps.append(int(cb_params.cur_step_num))


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(29)
    net = TextCNN(vocab_len=12, word_len=7, num_classes=2, vec_length=5)
    for name, param in net.parameters_and_names():
        param.set_data(Tensor((rng.randn(*param.shape) * 0.4).astype(np.float32)))
    data = rng.randint(0, 12, size=(12, 7)).astype(np.int32)
    label = (data[:, 0] > 5).astype(np.int32)
    dataset = ds.NumpySlicesDataset({"data": data, "label": label}, shuffle=False)
    dataset = dataset.batch(4, drop_remainder=True)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Adam(filter(lambda x: x.requires_grad, net.get_parameters()),
                  learning_rate=0.05, weight_decay=1e-4)
    model = Model(TrainOneStepCellWithGradClip(nn.WithLossCell(net, loss), opt))
    collect = StepLosses()
    model.train(2, dataset, callbacks=[collect], dataset_sink_mode=False)
    evaluation = Model(net, loss_fn=loss, metrics={"acc": nn.Accuracy(), "loss": nn.Loss()})
    result = evaluation.eval(dataset, dataset_sink_mode=False)
    return {"losses": collect.losses, "steps": collect.steps,
            "acc": float(result["acc"]), "eval_loss": float(result["loss"]),
            "batches": dataset.get_dataset_size(),
            "fc_is_f32": net.fc.weight.dtype == mstype.float32,
            "fc_weight": net.fc.weight.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
