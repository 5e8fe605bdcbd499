"""Model-zoo style evaluation: a small classifier trained with ms.train.Model on a
NumpySlicesDataset, then ``model.eval`` with the metric names ({'acc', 'loss', 'top_1_accuracy',
'precision', 'recall', 'F1'}) and with metric objects (Precision, Recall, F1, Fbeta(0.5));
a regression net evaluated with MAE and MSE through ``eval_network=nn.WithEvalCell`` and
``eval_indexes``; and the metrics driven by hand (clear/update/eval, ``eval(average=True)``)
on multilabel and classification input."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
from mindspore.train import Model
from mindspore.train import Accuracy, Precision, Recall, F1, Fbeta, MAE, MSE, Loss


def make_data(rng, n, classes):
    x = rng.randn(n, 4).astype(np.float32)
    y = (np.abs(x[:, 0] * 2 + x[:, 1]) * classes / 4).astype(np.int32) % classes
    return x, y


def _as_floats(result):
    return {k: np.asarray(v, np.float64).reshape(-1).tolist() for k, v in result.items()}


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(5)
    x_train, y_train = make_data(rng, 24, 3)
    x_test, y_test = make_data(rng, 16, 3)
    train = ds.NumpySlicesDataset({"x": x_train, "y": y_train}, shuffle=False).batch(6)
    test = ds.NumpySlicesDataset({"x": x_test, "y": y_test}, shuffle=False).batch(5)
    net = nn.Dense(4, 3, weight_init=Tensor((rng.randn(3, 4) * 0.3).astype(np.float32)),
                   bias_init="zeros")
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.SGD(net.trainable_params(), learning_rate=0.2)
    names = {"acc", "loss", "top_1_accuracy", "precision", "recall", "F1"}
    model = Model(net, loss_fn=loss, optimizer=opt, metrics=names)
    model.train(3, train, dataset_sink_mode=False)
    by_name = _as_floats(model.eval(test, dataset_sink_mode=False))
    objects = {"acc": Accuracy(), "p": Precision(), "r": Recall(), "f1": F1(),
               "f_half": Fbeta(0.5), "loss": Loss()}
    by_object = _as_floats(Model(net, loss_fn=loss, metrics=objects).eval(
        test, dataset_sink_mode=False))

    reg = nn.Dense(4, 1, weight_init=Tensor((rng.randn(1, 4) * 0.3).astype(np.float32)),
                   bias_init="zeros")
    targets = (x_test[:, :1] * 0.7 - x_test[:, 1:2]).astype(np.float32)
    reg_data = ds.NumpySlicesDataset({"x": x_test, "t": targets}, shuffle=False).batch(4)
    reg_model = Model(reg, loss_fn=nn.L1Loss(), optimizer=nn.Momentum(
        reg.trainable_params(), 0.05, 0.9), metrics={"mae": MAE(), "mse": MSE(), "loss": Loss()},
        eval_network=nn.WithEvalCell(reg, nn.L1Loss()), eval_indexes=[0, 1, 2])
    before = _as_floats(reg_model.eval(reg_data, dataset_sink_mode=False))
    reg_model.train(2, reg_data, dataset_sink_mode=False)
    after = _as_floats(reg_model.eval(reg_data, dataset_sink_mode=False))

    scores = rng.rand(6, 3).astype(np.float32)
    noisy = scores + (rng.rand(6, 3) - 0.5) * 0.5
    labels = (noisy > 0.5).astype(np.int32)
    by_hand = {}
    for key, metric in (("acc_multi", Accuracy("multilabel")),
                        ("precision_multi", Precision("multilabel")),
                        ("recall_multi", Recall("multilabel")),
                        ("acc_cls", Accuracy()), ("precision_cls", Precision()),
                        ("recall_cls", Recall())):
        metric.clear()
        multi = key.endswith("multi")
        guesses = (scores > 0.5).astype(np.int32) if multi else scores
        truth = labels if multi else noisy.argmax(axis=1)
        metric.update(Tensor(guesses[:3]), Tensor(truth[:3]))
        metric.update(Tensor(guesses[3:]), Tensor(truth[3:]))
        by_hand[key] = np.asarray(metric.eval(), np.float64).reshape(-1).tolist()
        if not key.startswith("acc"):
            by_hand[key + "_avg"] = float(metric.eval(average=True))
    return {"by_name": by_name, "by_object": by_object, "reg_before": before,
            "reg_after": after, "by_hand": by_hand,
            "weights": net.weight.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
