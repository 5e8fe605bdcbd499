"""The communication calls of ``mindspore.communication.management``, standalone.

Before ``init()`` MindSpore 2.10 answers the rank queries for a single process and
refuses the group calls; ``init()`` itself refuses to run without a launcher. Here
``init()`` always refuses (there is no launcher to find), so those answers are final.
"""
from ..errors import CellTypeError, CommunicationError, message

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"
_BACKENDS = ("hccl", "nccl", "mccl")


class GlobalComm:
    """MindSpore's record of the communication backend (never initialized here)."""

    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


def _not_inited(where):
    return CommunicationError(message(
        where, "distributed communication started by init()", "no init() yet",
        "minpy_compat runs on one device; run without communication groups."))


def init(backend_name=None):
    """Refused: distributed communication needs a launcher (msrun/mpirun) and a
    distributed runtime, which minpy_compat does not have."""
    if backend_name is not None and backend_name not in _BACKENDS:
        raise CommunicationError(message("communication.init backend_name",
                                         f"one of {list(_BACKENDS)}", repr(backend_name)))
    if backend_name is not None and backend_name != "mccl":
        raise CommunicationError(message(
            "communication.init backend_name", "'mccl' to init 'CPU'", repr(backend_name)))
    raise CommunicationError(message(
        "communication.init", "a process started by a distributed launcher (msrun/mpirun)",
        "a standalone process", "minpy_compat runs on one device: drop init() and use "
        "get_rank() == 0, get_group_size() == 1."))


def release():
    """Nothing to release (communication was never started)."""


def _check_group(where, group):
    if group is not None and not isinstance(group, str):
        raise CellTypeError(message(where, "group a str", repr(group)))


def get_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """This process's rank: 0, the only process."""
    _check_group("get_rank", group)
    return 0


def get_local_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """This process's rank on its machine: 0."""
    _check_group("get_local_rank", group)
    return 0


def get_group_size(group=GlobalComm.WORLD_COMM_GROUP):
    """The number of processes: 1."""
    _check_group("get_group_size", group)
    return 1


def get_local_rank_size(group=GlobalComm.WORLD_COMM_GROUP):
    """The number of processes on this machine: 1."""
    _check_group("get_local_rank_size", group)
    return 1


def get_world_rank_from_group_rank(group, group_rank_id):
    """Refused, as before ``init()``."""
    raise _not_inited("get_world_rank_from_group_rank")


def get_group_rank_from_world_rank(world_rank_id, group):
    """Refused, as before ``init()``."""
    raise _not_inited("get_group_rank_from_world_rank")


def create_group(group, rank_ids, options=None):
    """Refused, as before ``init()``."""
    raise _not_inited("create_group")


def destroy_group(group):
    """Refused, as before ``init()``."""
    raise _not_inited("destroy_group")


def get_process_group_ranks(group=GlobalComm.WORLD_COMM_GROUP):
    """Refused, as before ``init()``."""
    raise _not_inited("get_process_group_ranks")


def get_comm_name(group=GlobalComm.WORLD_COMM_GROUP):
    """Refused, as before ``init()``."""
    raise _not_inited("get_comm_name")
