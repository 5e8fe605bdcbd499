"""The MindSpore 2.x quickstart's own training loop: ``value_and_grad`` over the
optimizer's parameters with ``has_aux``, a ``create_tuple_iterator`` pipeline, and a test
loop counting correct predictions, with the quickstart's printing.
"""
import numpy as np

import mindspore
from mindspore import nn
from mindspore.dataset import GeneratorDataset, transforms, vision


def source(count, seed):
    """Yields (28x28x1 uint8 image, label): the label is the row of the brightest stripe."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        label = int(rng.integers(0, 3))
        image = rng.integers(0, 80, size=(28, 28, 1)).astype(np.uint8)
        image[9 * label:9 * label + 9] += 160
        yield image, np.array(label, dtype=np.int64)


def datapipe(count, seed, batch_size):
    dataset = GeneratorDataset(lambda: source(count, seed), ["image", "label"], shuffle=False)
    image_transforms = [vision.Rescale(1.0 / 255.0, 0),
                        vision.Normalize(mean=(0.1307,), std=(0.3081,)),
                        vision.RandomHorizontalFlip(prob=0.0), vision.HWC2CHW()]
    dataset = dataset.map(image_transforms, "image")
    dataset = dataset.map(transforms.TypeCast(mindspore.int32), "label")
    return dataset.batch(batch_size)


class Network(nn.SequentialCell):
    def __init__(self, rng):
        layers = [nn.Flatten(), nn.Dense(28 * 28, 32), nn.ReLU(), nn.Dense(32, 3)]
        super().__init__(layers)
        for param in self.get_parameters():
            param.set_data(mindspore.Tensor(rng.normal(0, 0.05, param.shape), mindspore.float32))


def main(workdir):
    train_dataset, test_dataset = datapipe(60, 0, 16), datapipe(30, 1, 16)
    model = Network(np.random.default_rng(5))
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.SGD(model.trainable_params(), 1e-2, momentum=0.9)

    def forward_fn(data, label):
        logits = model(data)
        return loss_fn(logits, label), logits

    grad_fn = mindspore.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)

    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    losses, accuracies = [], []
    for epoch in range(3):
        print(f"Epoch {epoch + 1}\n-------------------------------")
        model.set_train()
        size = train_dataset.get_dataset_size()
        for batch, (data, label) in enumerate(train_dataset.create_tuple_iterator()):
            loss = train_step(data, label)
            losses.append(float(loss.asnumpy()))
            if batch % 2 == 0:
                print(f"loss: {loss.asnumpy():>7f}  [{batch:>3d}/{size:>3d}]")
        model.set_train(False)
        total, test_loss, correct = 0, 0, 0
        for data, label in test_dataset.create_tuple_iterator():
            pred = model(data)
            total += len(data)
            test_loss += loss_fn(pred, label).asnumpy()
            correct += (pred.argmax(1) == label).asnumpy().sum()
        test_loss /= test_dataset.get_dataset_size()
        accuracies.append(float(correct / total))
        print(f"Test: \n Accuracy: {(100 * correct / total):>0.1f}%, "
              f"Avg loss: {test_loss:>8f} \n")
    names = [p.name for p in model.trainable_params()]
    return {"losses": losses, "accuracies": accuracies, "names": names,
            "sizes": [train_dataset.get_dataset_size(), test_dataset.get_dataset_size()]}
