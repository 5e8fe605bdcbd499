"""Run the sparse-tensor cases of ``ops_sparse_cases.py`` through real MindSpore 2.10 and
keep its answers: from this directory, ``/tmp/msvenv/bin/python make_ops_sparse_fixture.py``
writes ``ops_sparse_fixture.json`` (a ``"cases"`` list), which
``tests/test_cell_oracle_ops_sparse.py`` replays on minpy_compat through ``SparseView``.

MindSpore's CPU build compiles several CSR kernels with AKG; where AKG cannot start, the
first such op raises and every later one in the process hangs. So the cases run in worker
processes (``--worker START``), each writing one JSON line per case and stopping after a
case that hit AKG; the next worker goes on from the case after it."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_ops_fixture import HERE  # noqa: E402
from oracle_io import run_case  # noqa: E402
from ops_sparse_cases import SparseView, sparse_cases  # noqa: E402

AKG = ("Response is empty", "before Open()")


def _hit_akg(result):
    return any(word in part.get("message", "") for part in result.values() for word in AKG)


def worker(start):
    import mindspore
    from mindspore import ops
    # without it a kernel error surfaces at a later op's sync, blamed on the wrong case
    mindspore.set_context(pynative_synchronize=True)
    view = SparseView(mindspore, ops)

    def grad_fn(fn, positions):
        return mindspore.grad(fn, grad_position=positions)

    for index, case in enumerate(sparse_cases()[start:], start):
        result = run_case(case, mindspore, view, grad_fn)
        print(json.dumps({"index": index, "result": result}), flush=True)
        if _hit_akg(result):
            return


def main(path):
    cases, start = sparse_cases(), 0
    while start < len(cases):
        lines = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker",
                                str(start)], capture_output=True, text=True, timeout=300,
                               cwd=tempfile.gettempdir()).stdout  # AKG leaves files in cwd
        for line in lines.splitlines():
            if line.startswith('{"index"'):
                record = json.loads(line)
                cases[record["index"]].update(record["result"])
                start = record["index"] + 1
    import mindspore
    with open(path, "w") as f:
        json.dump({"mindspore": mindspore.__version__, "cases": cases}, f,
                  separators=(",", ":"))
    print(f"{len(cases)} cases, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        worker(int(sys.argv[2]))
    else:
        main(os.path.join(HERE, "ops_sparse_fixture.json"))
