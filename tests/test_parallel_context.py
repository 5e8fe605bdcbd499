"""The standalone parallel settings and ``communication``: what MindSpore's oracle replay
(``test_standalone_calls_oracle``) cannot show: our error wording, atomic ``set``, lazy loading."""
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import communication, context
from minpy_compat.communication import management
from minpy_compat.errors import CellArgumentError, CellTypeError, CommunicationError


@pytest.fixture(autouse=True)
def _defaults():
    yield
    ms.reset_auto_parallel_context()
    ms.reset_algo_parameters()
    ms.reset_ps_context()


def test_context_module_answers_the_same_objects():
    assert context.ParallelMode is ms.ParallelMode
    assert context.set_auto_parallel_context is ms.set_auto_parallel_context
    assert context.get_ps_context is ms.get_ps_context
    assert ms.parallel.set_algo_parameters is ms.set_algo_parameters
    assert ms.version.__version__ == ms.__version__
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        context.nope  # noqa: B018


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 4095), st.integers(1, 10 ** 6))
def test_get_answers_what_set_recorded(rank, devices):
    ms.set_auto_parallel_context(global_rank=rank, device_num=devices)
    got = [ms.get_auto_parallel_context(key) for key in ("global_rank", "device_num")]
    assert got == [rank, devices]
    ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("global_rank") == 0


def test_a_bad_call_records_nothing():
    # MindSpore 2.10 keeps device_num=4 from this call; every key is checked first here
    with pytest.raises(CellArgumentError, match=r"global_rank in \[0, 4095\], got -1"):
        ms.set_auto_parallel_context(device_num=4, global_rank=-1)
    assert ms.get_auto_parallel_context("device_num") == 1


def test_error_messages_name_the_call_and_key():
    with pytest.raises(CellArgumentError, match="set_auto_parallel_context: expected a "
                       "set_auto_parallel_context key.*got 'zzz'"):
        ms.set_auto_parallel_context(zzz=1)
    with pytest.raises(CellTypeError, match="set_auto_parallel_context: expected gradients_mean "
                       "a bool, got 1"):
        ms.set_auto_parallel_context(gradients_mean=1)
    with pytest.raises(CellArgumentError, match="parallel_mode one of .*got 'DATA_PARALLEL'"):
        ms.set_auto_parallel_context(parallel_mode="DATA_PARALLEL")
    with pytest.raises(CellArgumentError, match="no grad_accumulation_step.*GradAccumulationCell"):
        ms.set_auto_parallel_context(grad_accumulation_step=4)
    with pytest.raises(CellTypeError, match="dataset_strategy a str or a tuple.*with tuples"):
        ms.set_auto_parallel_context(dataset_strategy=[[1, 8]])
    with pytest.raises(KeyError, match="comm_fusion keys among"):
        ms.set_auto_parallel_context(comm_fusion={"zz": 1})
    with pytest.raises(CellArgumentError, match="get_algo_parameters: expected a "
                       "set_algo_parameters key"):
        ms.get_algo_parameters("enable_algo_approxmation")
    with pytest.raises(CellArgumentError, match=r"tensor_slice_align_size in \[1, 1024\]"):
        ms.set_algo_parameters(tensor_slice_align_size=0)
    with pytest.raises(CellTypeError, match="set_ps_context: expected config_file_path a str"):
        ms.set_ps_context(config_file_path=3)


def test_dict_settings_merge_and_get_returns_a_copy():
    ms.set_auto_parallel_context(comm_fusion={"allreduce": {"mode": "size", "config": 32}})
    fusion = ms.get_auto_parallel_context("comm_fusion")
    assert fusion["allreduce"] == {"mode": "size", "config": 32} and fusion["openstate"] is True
    fusion["openstate"] = False
    assert ms.get_auto_parallel_context("comm_fusion")["openstate"] is True


def test_communication_is_one_process():
    assert (communication.get_rank(), communication.get_group_size()) == (0, 1)
    assert communication.get_local_rank(management.HCCL_WORLD_COMM_GROUP) == 0
    assert communication.release() is None and not communication.GlobalComm.INITED
    with pytest.raises(CommunicationError, match="communication.init: expected a process "
                       "started by a distributed launcher.*drop init()"):
        communication.init()
    with pytest.raises(RuntimeError, match="init backend_name: expected 'mccl' to init 'CPU', "
                       "got 'hccl'"):
        communication.init("hccl")
    with pytest.raises(CommunicationError, match=r"backend_name: expected one of \['hccl'"):
        communication.init("zzz")
    with pytest.raises(CommunicationError, match="create_group: expected distributed "
                       "communication started by init()"):
        communication.create_group("g", [0])
    with pytest.raises(TypeError, match="get_rank: expected group a str, got 3"):
        communication.get_rank(3)


def test_import_stays_lazy():
    code = ("import sys, minpy_compat; print(any(m in sys.modules for m in ("
            "'minpy_compat.parallel_context', 'minpy_compat.ms_devices', "
            "'minpy_compat.communication')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("name", ["minpy_compat.parallel_context", "minpy_compat.ms_devices",
                                  "minpy_compat.ms_buffers", "minpy_compat.jit_config",
                                  "minpy_compat.communication"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
