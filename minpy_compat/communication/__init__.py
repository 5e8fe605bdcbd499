"""MindSpore's ``mindspore.communication`` as one standalone process sees it.

minpy_compat has no distributed runtime: the rank queries answer as MindSpore 2.10
does before ``init()`` (rank 0 of a group of 1), ``init()`` raises (it needs a launcher
such as ``msrun``/``mpirun``), and the group calls raise as they do before ``init()``.

>>> from minpy_compat.communication import get_group_size, get_rank
>>> get_rank(), get_group_size()
(0, 1)
"""
from .management import (HCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP,
                         GlobalComm, create_group, destroy_group, get_comm_name,
                         get_group_rank_from_world_rank, get_group_size, get_local_rank,
                         get_local_rank_size, get_process_group_ranks, get_rank,
                         get_world_rank_from_group_rank, init, release)

__all__ = ["GlobalComm", "HCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP",
           "NCCL_WORLD_COMM_GROUP", "create_group", "destroy_group", "get_comm_name",
           "get_group_rank_from_world_rank", "get_group_size", "get_local_rank",
           "get_local_rank_size", "get_process_group_ranks", "get_rank",
           "get_world_rank_from_group_rank", "init", "release"]
