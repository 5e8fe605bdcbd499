"""Top-level device, memory and DLPack calls (``minpy_compat.ms_devices``)."""
import sys

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import minpy_compat as ms
from minpy_compat import ms_devices
from minpy_compat.errors import DeviceSettingError


@pytest.fixture(autouse=True)
def _fresh_device(monkeypatch):
    monkeypatch.setattr(ms_devices, "_chosen", {})


def test_set_device_once_per_process():
    ms.set_device("CPU")
    assert tuple(ms.get_current_device()) == ("CPU", 0)
    assert ms.get_current_device().device_target == "CPU"
    ms.set_device("CPU", 0)  # the same device again is fine
    with pytest.raises(DeviceSettingError, match=r"set_device: expected the device already "
                       r"set, \('CPU', 0\), got \('CPU', 1\)"):
        ms.set_device("CPU", 1)


def test_set_device_refuses_unknown_targets():
    with pytest.raises(ValueError, match=r"set_device device_target: expected one of \['CPU'"):
        ms.set_device("TPU")
    with pytest.raises(TypeError, match="set_device device_target: expected a str, got 3"):
        ms.set_device(3)
    with pytest.raises(RuntimeError, match="no Ascend backend"):
        ms.set_device("Ascend")


def test_memory_family_reports_no_pool():
    assert [ms.memory_allocated(), ms.max_memory_allocated(), ms.memory_reserved(),
            ms.max_memory_reserved()] == [0, 0, 0, 0]
    assert ms.reset_peak_memory_stats() is None and ms.empty_cache() is None
    assert ms.synchronize() is None
    assert ms.memory_stats()["total_allocated_memory"] == 0
    summary = ms.memory_summary()
    assert "Memory summary" in summary and "Allocated memory" in summary


def test_set_recursion_limit(monkeypatch):
    monkeypatch.setattr(sys, "setrecursionlimit", lambda n: setattr(sys, "_asked", n))
    ms.set_recursion_limit(10 ** 6)
    assert sys._asked == 10 ** 6
    with pytest.raises(TypeError, match="set_recursion_limit: expected an int, got 'x'"):
        ms.set_recursion_limit("x")
    with pytest.raises(ValueError, match="set_recursion_limit: expected an int > 0, got 0"):
        ms.set_recursion_limit(0)


@settings(max_examples=20, deadline=None)
@given(hnp.arrays(st.sampled_from([onp.float16, onp.float32, onp.float64, onp.int32,
                                   onp.uint8]),
                  hnp.array_shapes(min_dims=0, max_dims=3)))
def test_dlpack_round_trip_keeps_values_and_dtype(data):
    back = ms.from_dlpack(ms.to_dlpack(ms.Tensor(data)))
    assert isinstance(back, ms.Tensor)
    assert back.asnumpy().dtype == data.dtype
    onp.testing.assert_array_equal(back.asnumpy(), data)


def test_bool_through_dlpack_where_numpy_can():
    flags = ms.Tensor(onp.array([True, False]))
    try:
        onp.zeros(1, bool).__dlpack__()
    except TypeError:  # NumPy 1.23 (the full environment)
        with pytest.raises(TypeError, match="to_dlpack tensor: expected a dtype NumPy .* "
                           "exports through DLPack, got bool. Cast"):
            ms.to_dlpack(flags)
        return
    onp.testing.assert_array_equal(ms.from_dlpack(ms.to_dlpack(flags)).asnumpy(), [True, False])


def test_dlpack_refusals():
    capsule = ms.to_dlpack(ms.Tensor(onp.ones(2, onp.float32)))
    ms.from_dlpack(capsule)
    with pytest.raises(DeviceSettingError, match="from_dlpack dlpack: expected a capsule not "
                       "consumed yet"):
        ms.from_dlpack(capsule)
    with pytest.raises(TypeError, match="from_dlpack dlpack: expected a DLPack capsule, got "
                       "ndarray"):
        ms.from_dlpack(onp.ones(2))
    with pytest.raises(TypeError, match="to_dlpack tensor: expected a Tensor, got ndarray"):
        ms.to_dlpack(onp.ones(2))


@settings(max_examples=20, deadline=None)
@given(hnp.arrays(st.sampled_from([onp.float32, onp.int16, onp.uint8, onp.complex64]),
                  st.integers(1, 12)), st.data())
def test_frombuffer_reads_what_numpy_reads(data, draw):
    offset = draw.draw(st.integers(0, data.size - 1)) * data.itemsize
    out = ms.frombuffer(bytearray(data.tobytes()), data.dtype.type, offset=offset)
    onp.testing.assert_array_equal(out.asnumpy(), data[offset // data.itemsize:])
    assert out.asnumpy().dtype == data.dtype


def test_frombuffer_refusals_name_the_argument():
    four = onp.arange(4, dtype=onp.float32).tobytes()
    with pytest.raises(RuntimeError, match="frombuffer buffer: expected an object with the "
                       "buffer protocol.*got list"):
        ms.frombuffer([1, 2], ms.float32)
    with pytest.raises(RuntimeError, match="frombuffer dtype: expected a minpy_compat dtype"):
        ms.frombuffer(four, "float32")
    with pytest.raises(RuntimeError, match="frombuffer buffer: expected a length after offset "
                       "that is a multiple of 4 bytes, got 5 bytes. Pass count="):
        ms.frombuffer(four[:5], ms.float32)
    with pytest.raises(RuntimeError, match=r"frombuffer count: expected at most 4 elements"):
        ms.frombuffer(four, ms.float32, count=10)
    with pytest.raises(RuntimeError, match=r"frombuffer offset: expected in \[0, 16\], got 17"):
        ms.frombuffer(four, ms.float32, offset=17)
    with pytest.raises(RuntimeError, match="frombuffer: expected a count and a buffer length "
                       "not 0, got count=-1, 0 bytes"):
        ms.frombuffer(b"", ms.float32)


def test_jit_config_refusals():
    with pytest.raises(ValueError, match=r"JitConfig jit_level: expected one of \['O0', 'O1', "
                       r"'O2'\], got 'O9'"):
        ms.JitConfig(jit_level="O9")
    with pytest.raises(ValueError, match=r"JitConfig infer_boost: expected one of \['on', "
                       r"'off'\], got True"):
        ms.JitConfig(infer_boost=True)


def test_run_check_reports_version_and_platform(capsys, monkeypatch):
    assert ms.run_check() is None
    out = capsys.readouterr().out.splitlines()
    assert out == [f"minpy_compat version:  {ms.__version__}",
                   "The result of multiplication calculation is correct, minpy_compat has been "
                   "installed on platform [CPU] successfully!"]
    monkeypatch.setattr(onp, "array_equal", lambda *args: False)
    with pytest.raises(DeviceSettingError, match="run_check: expected 1 \\* 2 == 2 on every "
                       "element.*Reinstall NumPy"):
        ms.run_check()
