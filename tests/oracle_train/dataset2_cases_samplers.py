"""Sampler and ``dataset.transforms`` cases (see ``dataset2_cases.py`` for the shape)."""
import numpy as np

from dataset2_cases import _gen, ab, col, gen6, plain, seeded


def shards(ds, n, **kw):
    return [col(ab(ds, n, sampler=ds.DistributedSampler(**kw, shard_id=i)))
            for i in range(kw["num_shards"])]


def own_sampler(ds, **kw):
    class EveryThird(ds.Sampler):
        def __iter__(self):
            yield from range(0, self.dataset_size, 3)
    data = ab(ds, sampler=EveryThird(**kw))
    return [data.get_dataset_size(), col(data)]


class Indices:
    def __iter__(self):
        return iter([5, 1])


def union(parts):
    return [sorted(set(sum(parts, []))), sum(len(p) for p in parts)]


SAMPLERS = {
    "sequential": lambda ds, T, dt: col(ab(ds, sampler=ds.SequentialSampler())),
    "sequential_start": lambda ds, T, dt: col(ab(ds, sampler=ds.SequentialSampler(3))),
    "sequential_start_count": lambda ds, T, dt: [
        col(ab(ds, sampler=ds.SequentialSampler(3, 4))),
        ab(ds, sampler=ds.SequentialSampler(3, 4)).get_dataset_size()],
    "sequential_near_end": lambda ds, T, dt: col(ab(ds, sampler=ds.SequentialSampler(8, 4))),
    "sequential_count_only": lambda ds, T, dt: col(ab(ds, sampler=ds.SequentialSampler(
        None, 3))),
    "subset": lambda ds, T, dt: col(ab(ds, sampler=ds.SubsetSampler([3, 1, 7, 1]))),
    "subset_count": lambda ds, T, dt: [
        col(ab(ds, sampler=ds.SubsetSampler([3, 1, 7, 1], 2))),
        ab(ds, sampler=ds.SubsetSampler([3, 1, 7, 1], 2)).get_dataset_size()],
    "subset_numpy_tuple_int": lambda ds, T, dt: [
        col(ab(ds, sampler=ds.SubsetSampler(np.array([2, 4])))),
        col(ab(ds, sampler=ds.SubsetSampler((2, 3)))), col(ab(ds, sampler=ds.SubsetSampler(2)))],
    "subset_random": lambda ds, T, dt: [
        sorted(col(ab(ds, sampler=ds.SubsetRandomSampler([3, 1, 7])))),
        ab(ds, sampler=ds.SubsetRandomSampler([3, 1, 7], 2)).get_dataset_size(),
        ab(ds, sampler=ds.SubsetRandomSampler([1, 2], 5)).get_dataset_size()],
    "distributed": lambda ds, T, dt: shards(ds, 10, num_shards=3, shuffle=False),
    "distributed_four": lambda ds, T, dt: shards(ds, 10, num_shards=4, shuffle=False),
    "distributed_count": lambda ds, T, dt: shards(ds, 10, num_shards=3, shuffle=False,
                                                  num_samples=2),
    "distributed_offset": lambda ds, T, dt: shards(ds, 10, num_shards=3, shuffle=False,
                                                   offset=1),
    "distributed_shuffled": lambda ds, T, dt: union(shards(ds, 10, num_shards=3)),
    "distributed_sizes": lambda ds, T, dt: [ab(ds, sampler=ds.DistributedSampler(
        3, i, shuffle=False)).get_dataset_size() for i in range(3)],
    "shard_keywords": lambda ds, T, dt: [col(ab(ds, num_shards=3, shard_id=i, shuffle=False))
                                         for i in range(3)],
    "shard_keywords_count": lambda ds, T, dt: [col(ab(
        ds, num_samples=2, num_shards=3, shard_id=i, shuffle=False)) for i in range(3)],
    "num_samples": lambda ds, T, dt: [col(ab(ds, num_samples=4)),
                                      ab(ds, num_samples=4).get_dataset_size(),
                                      ab(ds, num_samples=20).get_dataset_size(),
                                      ab(ds, num_samples=0).get_dataset_size()],
    "sampler_list": lambda ds, T, dt: col(ab(ds, sampler=[4, 2, 2])),
    "sampler_iterable": lambda ds, T, dt: [ab(ds, sampler=Indices()).get_dataset_size(),
                                           col(ab(ds, sampler=Indices()))],
    "sampler_of_your_own": lambda ds, T, dt: own_sampler(ds),
    "sampler_of_your_own_count": lambda ds, T, dt: own_sampler(ds, num_samples=2),
    "random_sizes": lambda ds, T, dt: [
        ab(ds, sampler=ds.RandomSampler()).get_dataset_size(),
        ab(ds, sampler=ds.RandomSampler(num_samples=4)).get_dataset_size(),
        ab(ds, sampler=ds.RandomSampler(True, 25)).get_dataset_size(),
        ab(ds, sampler=ds.RandomSampler(False, 25)).get_dataset_size()],
    "random_permutes": lambda ds, T, dt: sorted(col(ab(ds, sampler=ds.RandomSampler()))),
    "random_seeded": lambda ds, T, dt: seeded(ds, lambda: ab(ds, sampler=ds.RandomSampler())),
    "shuffle_seeded": lambda ds, T, dt: seeded(ds, lambda: ab(ds, 20).shuffle(4)),
    "default_shuffle_seeded": lambda ds, T, dt: seeded(ds, lambda: ab(ds, shuffle=None)),
    "weighted_single": lambda ds, T, dt: col(ab(ds, sampler=ds.WeightedRandomSampler(
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 5))),
    "weighted_no_replacement": lambda ds, T, dt: sorted(col(ab(
        ds, sampler=ds.WeightedRandomSampler([0, 0, 1, 1, 0, 0, 0, 0, 0, 0], 2, False)))),
    "weighted_sizes": lambda ds, T, dt: [
        len(col(ab(ds, sampler=ds.WeightedRandomSampler([1, 1])))),
        len(col(ab(ds, sampler=ds.WeightedRandomSampler([1, 1], 30)))),
        sorted(set(col(ab(ds, sampler=ds.WeightedRandomSampler([1, 1], 30)))))],
    "num_samples_getter": lambda ds, T, dt: [ds.SequentialSampler(2, 3).get_num_samples(),
                                             ds.RandomSampler().get_num_samples()],
    "generator_sampler": lambda ds, T, dt: col(gen6(ds, sampler=ds.SubsetSampler([5, 0]))),
    "generator_shards": lambda ds, T, dt: [col(gen6(ds, num_shards=2, shard_id=i,
                                                    shuffle=False)) for i in range(2)],
    "generator_function_count": lambda ds, T, dt: col(ds.GeneratorDataset(
        _gen, ["x"], num_samples=3)),
    "generator_function_unshuffled": lambda ds, T, dt: col(ds.GeneratorDataset(
        _gen, ["x"], shuffle=True)),
}

SAMPLER_ERRORS = {
    "sequential_start_past_end": lambda ds, T, dt: col(ab(ds, sampler=ds.SequentialSampler(12))),
    "sequential_start_float": lambda ds, T, dt: ds.SequentialSampler(1.5),
    "subset_out_of_range": lambda ds, T, dt: col(ab(ds, sampler=ds.SubsetSampler([3, 11]))),
    "subset_float": lambda ds, T, dt: col(ab(ds, sampler=ds.SubsetSampler([2.0]))),
    "shard_id_alone": lambda ds, T, dt: ab(ds, shard_id=1),
    "num_shards_alone": lambda ds, T, dt: ab(ds, num_shards=3),
    "shard_id_too_big": lambda ds, T, dt: ab(ds, num_shards=3, shard_id=3),
    "num_samples_negative": lambda ds, T, dt: ab(ds, num_samples=-1),
    "sampler_and_shuffle": lambda ds, T, dt: ab(ds, sampler=ds.SequentialSampler(),
                                                shuffle=True),
    "sampler_and_shards": lambda ds, T, dt: ab(ds, sampler=ds.SequentialSampler(),
                                               num_shards=2, shard_id=0),
    "sampler_and_num_samples": lambda ds, T, dt: ab(ds, sampler=ds.SequentialSampler(),
                                                    num_samples=3),
    "sampler_int": lambda ds, T, dt: ab(ds, sampler=3),
    "random_replacement_int": lambda ds, T, dt: ds.RandomSampler(replacement=1),
    "random_negative_count": lambda ds, T, dt: ds.RandomSampler(num_samples=-1),
    "weighted_negative": lambda ds, T, dt: col(ab(ds, sampler=ds.WeightedRandomSampler(
        [-1, 1], 2))),
    "weighted_all_zero": lambda ds, T, dt: col(ab(ds, sampler=ds.WeightedRandomSampler(
        [0, 0], 2))),
    "weighted_empty": lambda ds, T, dt: col(ab(ds, sampler=ds.WeightedRandomSampler([], 2))),
    "distributed_shard_too_big": lambda ds, T, dt: col(ab(ds, sampler=ds.DistributedSampler(
        3, 3))),
    "distributed_no_shards": lambda ds, T, dt: col(ab(ds, sampler=ds.DistributedSampler(0, 0))),
    "distributed_shuffle_int": lambda ds, T, dt: ds.DistributedSampler(2, 0, shuffle=1),
    "generator_function_sampler": lambda ds, T, dt: ds.GeneratorDataset(
        _gen, ["x"], sampler=ds.SubsetSampler([5, 0])),
    "generator_function_shards": lambda ds, T, dt: ds.GeneratorDataset(
        _gen, ["x"], num_shards=2, shard_id=1),
}

TRANSFORMS = {
    "typecast_map": lambda ds, T, dt: plain(ab(ds, 3).project("a").map(
        T.TypeCast(dt["float32"])).output_types()),
    "typecast_numpy_dtype": lambda ds, T, dt: plain(ab(ds, 3).project("a").map(
        T.TypeCast(np.int8)).output_types()),
    "typecast_call": lambda ds, T, dt: plain([T.TypeCast(dt["float16"])(np.array([1.5, 2.7])),
                                              T.TypeCast(dt["int32"])(np.array([1.5, -2.7])),
                                              T.TypeCast(dt["int32"])([1.7, 2]),
                                              T.TypeCast(dt["bool"])(np.array([0, 2]))]),
    "onehot": lambda ds, T, dt: plain([T.OneHot(4)(np.array(2)), T.OneHot(4)(np.array([1, 3])),
                                       T.OneHot(4)(np.array(2, np.int32)),
                                       T.OneHot(3)(np.array([[0, 1]])), T.OneHot(3)([1, 2]),
                                       T.OneHot(3)(np.array([[[1]]]))]),
    "onehot_smoothing": lambda ds, T, dt: plain(T.OneHot(3, 0.1)(np.array(1))),
    "onehot_map": lambda ds, T, dt: [col(ab(ds, 3).project("a").map(T.OneHot(3))),
                                     plain(ab(ds, 3).project("a").map(
                                         T.OneHot(3)).output_types())],
    "fill": lambda ds, T, dt: plain([T.Fill(7)(np.array([1, 2])), T.Fill(0.5)(np.array([1, 2])),
                                     T.Fill(3)(np.array([1.5])),
                                     T.Fill(3)(np.array([1.5], np.float32)),
                                     T.Fill("x")(np.array(["a", "b"])).tolist()]),
    "compose": lambda ds, T, dt: plain([
        T.Compose([T.TypeCast(dt["float32"]), lambda x: x * 2])(np.array([1, 2])),
        T.Compose([lambda x: (x, x + 1), lambda a, b: a + b])(np.array([1, 2])),
        T.Compose([lambda a, b: a + b])(np.array(1), np.array(2))]),
    "compose_map": lambda ds, T, dt: col(ab(ds, 3).project("a").map(
        T.Compose([T.OneHot(3), T.TypeCast(dt["float32"])]))),
}

TRANSFORM_ERRORS = {
    "typecast_str": lambda ds, T, dt: T.TypeCast("abc"),
    "onehot_out_of_range": lambda ds, T, dt: T.OneHot(3)(np.array(5)),
    "onehot_rank_two": lambda ds, T, dt: T.OneHot(3)(np.array([[0, 1], [2, 0]])),
    "onehot_zero_classes": lambda ds, T, dt: T.OneHot(0),
    "onehot_float_classes": lambda ds, T, dt: T.OneHot(2.0),
    "onehot_smoothing_range": lambda ds, T, dt: T.OneHot(3, 1.5),
    "fill_list": lambda ds, T, dt: T.Fill([1]),
    "compose_empty": lambda ds, T, dt: T.Compose([]),
    "compose_not_callable": lambda ds, T, dt: T.Compose([3]),
}
