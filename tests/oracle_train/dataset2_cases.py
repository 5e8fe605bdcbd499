"""Dataset round-2 cases, run on MindSpore 2.10 by ``generate_dataset2.py`` and on
minpy_compat by ``tests/test_dataset_round2_oracle.py``. Each case takes ``(ds, T, dt)``:
the dataset module, its ``transforms`` and a dict of dtypes, builds fresh datasets (MindSpore
lets a node feed one pipeline only) and returns plain values, or raises."""
import numpy as np


def plain(value):
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, np.dtype):
        return str(value)
    if isinstance(value, (np.ndarray, np.generic)):
        return {"array": value.tolist(), "dtype": str(value.dtype)}
    return value


def col(data, i=0):
    return [row[i].tolist() for row in data.create_tuple_iterator(output_numpy=True)]


def ab(ds, n=10, **kw):
    kw.setdefault("shuffle", None if "sampler" in kw else False)
    return ds.NumpySlicesDataset({"a": np.arange(n), "b": np.arange(n) * 10}, **kw)


def abc(ds):
    return ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4], "c": [5, 6]}, shuffle=False)


def gen6(ds, **kw):
    return ds.GeneratorDataset([(np.array(i),) for i in range(6)], ["x"], **kw)


def _gen():
    for i in range(6):
        yield (np.array(i),)


def mapped(data):
    return [data.get_col_names(), [col(data, i) for i in range(len(data.get_col_names()))]]


def epochs(data, passes, num_epochs):
    it = data.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True)
    return [[[v.tolist() for v in row] for row in it] for _ in range(passes)]


def seeded(ds, make):
    ds.config.set_seed(5)
    first = col(make())
    ds.config.set_seed(5)
    again = make()
    return [first == col(again), sorted(first), len(first)]


PIPELINE = {
    "take": lambda ds, T, dt: [col(ab(ds).take(3)), ab(ds).take(3).get_dataset_size()],
    "take_all": lambda ds, T, dt: [col(ab(ds).take(-1)), ab(ds).take(20).get_dataset_size()],
    "skip": lambda ds, T, dt: [col(ab(ds).skip(7)), ab(ds).skip(7).get_dataset_size()],
    "skip_past_end": lambda ds, T, dt: [col(ab(ds).skip(20)), ab(ds).skip(20).get_dataset_size()],
    "concat_plus": lambda ds, T, dt: mapped(ab(ds).take(2) + ab(ds).skip(8)),
    "concat_list": lambda ds, T, dt: col(ab(ds).take(2).concat([ab(ds).skip(8), ab(ds).take(1)])),
    "concat_size": lambda ds, T, dt: (ab(ds).take(2) + ab(ds, 3)).get_dataset_size(),
    "zip": lambda ds, T, dt: mapped(ab(ds).zip(ds.NumpySlicesDataset(
        {"c": np.arange(4) + 100}, shuffle=False))) + [ab(ds).zip(ds.NumpySlicesDataset(
            {"c": np.arange(4)}, shuffle=False)).get_dataset_size()],
    "zip_function": lambda ds, T, dt: mapped(ds.zip((ab(ds, 3), ds.NumpySlicesDataset(
        {"c": [7, 8, 9]}, shuffle=False)))),
    "project": lambda ds, T, dt: mapped(ab(ds, 3).project(["b", "a"])),
    "project_str": lambda ds, T, dt: mapped(ab(ds, 3).project("b")),
    "rename": lambda ds, T, dt: mapped(ab(ds, 3).rename(["a"], ["q"])),
    "rename_str": lambda ds, T, dt: ab(ds, 3).rename("b", "q").get_col_names(),
    "filter": lambda ds, T, dt: col(ab(ds).filter(lambda a: a % 3 == 0, input_columns=["a"])),
    "filter_size": lambda ds, T, dt: ab(ds).filter(lambda a: a % 3 == 0,
                                                   input_columns="a").get_dataset_size(),
    "filter_all_columns": lambda ds, T, dt: col(ab(ds).filter(lambda a, b: a > 7)),
    "filter_two": lambda ds, T, dt: col(ab(ds).filter(lambda b, a: b > 70 or a < 1,
                                                      input_columns=["b", "a"])),
    "map_two_to_one": lambda ds, T, dt: mapped(ab(ds, 4).map(
        lambda a, b: a + b, input_columns=["a", "b"], output_columns=["s"])),
    "map_one_to_two": lambda ds, T, dt: mapped(ab(ds, 4).map(
        lambda b: (b, b + 1), input_columns=["b"], output_columns=["p", "q"])),
    "map_swap": lambda ds, T, dt: mapped(ab(ds, 4).map(
        lambda a, b: (b, a), input_columns=["a", "b"], output_columns=["b", "a"])),
    "map_rename": lambda ds, T, dt: mapped(ab(ds, 4).map(
        lambda b: b, input_columns=["b"], output_columns=["z"])),
    "map_middle": lambda ds, T, dt: mapped(abc(ds).map(
        lambda b: (b, b * 2), input_columns=["b"], output_columns=["x", "y"])),
    "map_two_skipping": lambda ds, T, dt: mapped(abc(ds).map(
        lambda c, a: c - a, input_columns=["c", "a"], output_columns=["x"])),
    "map_default_input": lambda ds, T, dt: mapped(ab(ds, 3).map(
        lambda a: (a, -a), output_columns=["x", "y"])),
    "shapes_types": lambda ds, T, dt: plain([
        ds.NumpySlicesDataset({"x": np.ones((4, 2, 3), np.float32),
                               "y": np.arange(4, dtype=np.int32)}, shuffle=False).output_shapes(),
        ds.NumpySlicesDataset({"x": np.ones((4, 2, 3), np.float32),
                               "y": np.arange(4, dtype=np.int32)}, shuffle=False).output_types()]),
    "shapes_batched": lambda ds, T, dt: plain([ab(ds).batch(3).output_shapes(),
                                               ab(ds).batch(3).output_types()]),
    "batch_keywords": lambda ds, T, dt: col(ab(ds).batch(batch_size=4, drop_remainder=True)),
    "batch_function": lambda ds, T, dt: col(ab(ds, 6).batch(
        lambda info: info.get_batch_num() + 1)),
    "per_batch_map_columns": lambda ds, T, dt: mapped(ab(ds).batch(
        3, per_batch_map=lambda a, info: (a, [x * 2 for x in a]), input_columns=["a"],
        output_columns=["p", "q"])),
    "per_batch_map_all": lambda ds, T, dt: mapped(ab(ds, 5).batch(
        2, per_batch_map=lambda a, b, info: ([x + y for x, y in zip(a, b)], b))),
    "per_batch_map_info": lambda ds, T, dt: epochs(ab(ds, 5).batch(
        2, per_batch_map=lambda a, info: (
            [x * 0 + 100 * info.get_epoch_num() + info.get_batch_num() for x in a],),
        input_columns=["a"]).project("a"), 2, 2),
    "iterator_epochs": lambda ds, T, dt: epochs(ab(ds, 3).project("a"), 2, 2),
    "iterator_past_epochs": lambda ds, T, dt: epochs(ab(ds, 3), 3, 2),
    "iterator_one_epoch": lambda ds, T, dt: epochs(ab(ds, 3), 2, 1),
    "iterator_columns": lambda ds, T, dt: [[v.tolist() for v in row] for row in ab(
        ds, 2).create_tuple_iterator(columns=["b"], output_numpy=True)],
    "dict_iterator": lambda ds, T, dt: plain(list(ab(ds, 2).create_dict_iterator(
        output_numpy=True))),
    "tuple_iterator_next": lambda ds, T, dt: plain(next(ab(ds, 3).create_tuple_iterator(
        output_numpy=True))),
    "repeat_take": lambda ds, T, dt: col(ab(ds, 3).repeat(3).take(7)),
    "batch_and_repeat_getters": lambda ds, T, dt: [
        ab(ds).get_batch_size(), ab(ds).batch(4).get_batch_size(), ab(ds).get_repeat_count(),
        ab(ds).repeat(3).get_repeat_count(), ab(ds).repeat().get_repeat_count()],
}

PIPELINE_ERRORS = {
    "batch_zero": lambda ds, T, dt: ab(ds).batch(0),
    "batch_float": lambda ds, T, dt: ab(ds).batch(2.0),
    "shuffle_one": lambda ds, T, dt: ab(ds).shuffle(1),
    "shuffle_float": lambda ds, T, dt: ab(ds).shuffle(2.5),
    "repeat_zero": lambda ds, T, dt: ab(ds).repeat(0),
    "take_zero": lambda ds, T, dt: ab(ds).take(0),
    "take_float": lambda ds, T, dt: ab(ds).take(1.5),
    "take_minus_two": lambda ds, T, dt: ab(ds).take(-2),
    "skip_negative": lambda ds, T, dt: ab(ds).skip(-1),
    "project_empty": lambda ds, T, dt: ab(ds).project([]),
    "project_int": lambda ds, T, dt: ab(ds).project(3),
    "project_unknown": lambda ds, T, dt: col(ab(ds).project(["z"])),
    "rename_lengths": lambda ds, T, dt: ab(ds).rename(["a", "b"], ["q"]),
    "rename_unknown": lambda ds, T, dt: col(ab(ds).rename(["z"], ["q"])),
    "zip_not_dataset": lambda ds, T, dt: ab(ds).zip(3),
    "zip_same_names": lambda ds, T, dt: col(ab(ds).zip(ab(ds))),
    "concat_not_dataset": lambda ds, T, dt: ab(ds).concat(3),
    "concat_other_columns": lambda ds, T, dt: col(ab(ds).concat(
        ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False))),
    "filter_not_callable": lambda ds, T, dt: ab(ds).filter(3),
    "filter_unknown": lambda ds, T, dt: col(ab(ds).filter(lambda z: True, input_columns=["z"])),
    "iterator_zero_epochs": lambda ds, T, dt: list(ab(ds).create_tuple_iterator(num_epochs=0)),
    "iterator_columns_int": lambda ds, T, dt: ab(ds).create_tuple_iterator(columns=3),
    "iterator_output_numpy_int": lambda ds, T, dt: ab(ds).create_tuple_iterator(output_numpy=1),
    "batch_drop_remainder_int": lambda ds, T, dt: ab(ds).batch(4, drop_remainder=1),
    "per_batch_map_columns_count": lambda ds, T, dt: col(ab(ds).batch(
        2, per_batch_map=lambda a, info: (a, a), input_columns=["a"])),
    "per_batch_map_rows": lambda ds, T, dt: col(ab(ds).batch(
        3, per_batch_map=lambda a, info: (a + a,), input_columns=["a"])),
}
