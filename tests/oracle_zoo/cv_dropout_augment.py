"""Model-zoo style (data augmentation and regularisation): a GeneratorDataset mapped with
RandomHorizontalFlip(prob=0.5) and RandomVerticalFlip under ds.config.set_seed, then
Normalize and HWC2CHW, batched; nn.Dropout(p=0.25) (and the 1.x keep_prob=0.75) in
training and in evaluation; the flips and the drops are random, so the script reports
what holds for any draw: each image is itself or its mirror, the share flipped, the share
dropped and the scale of what is kept."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
import mindspore.dataset.vision as vision


def flip_dataset(images):
    ds.config.set_seed(58)
    data = ds.GeneratorDataset([(img,) for img in images], ["image"], shuffle=False)
    data = data.map(operations=[vision.RandomHorizontalFlip(prob=0.5)], input_columns="image")
    data = data.map(operations=[vision.Normalize(mean=[0.0, 0.0, 0.0], std=[1.0, 1.0, 1.0]),
                                vision.HWC2CHW()], input_columns="image")
    return data.batch(8)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(2)
    images = rng.randint(0, 256, size=(64, 5, 6, 3)).astype(np.uint8)
    data = flip_dataset(images)
    kinds = []
    shapes = []
    for batch in data.create_tuple_iterator(output_numpy=True):
        shapes.append(list(batch[0].shape))
        for chw in batch[0]:
            hwc = chw.transpose(1, 2, 0)
            index = len(kinds)
            same = np.array_equal(hwc, images[index].astype(np.float32))
            mirror = np.array_equal(hwc, images[index][:, ::-1].astype(np.float32))
            kinds.append("same" if same else "mirror" if mirror else "other")
    x = Tensor(np.ones((200, 50), np.float32) * 2.0)
    results = {}
    for name, cell in (("p", nn.Dropout(p=0.25)), ("keep_prob", nn.Dropout(keep_prob=0.75))):
        cell.set_train(True)
        out = cell(x).asnumpy()
        kept = out[out != 0]
        cell.set_train(False)
        evaluated = cell(x).asnumpy()
        results[name] = {"dropped": float((out == 0).mean()),
                         "kept_values": sorted(set(np.round(kept, 5).tolist())),
                         "eval_equal": bool(np.array_equal(evaluated, x.asnumpy())),
                         "dtype": str(out.dtype), "shape": list(out.shape)}
    return {"kinds": sorted(set(kinds)), "mirrored": kinds.count("mirror") / len(kinds),
            "batch_shapes": shapes, "dropout": results, "count": len(kinds)}


if __name__ == "__main__":
    print(main())
