"""Callbacks that survive an interrupted run: ``OnRequestExit`` stops training on a signal
(or a flag in a JSON file) and saves a checkpoint; ``BackupAndRestore`` backs the training
Cell up every few epochs and loads the backup when training starts again.

>>> import os, tempfile
>>> from minpy_compat.train import BackupAndRestore
>>> backup = BackupAndRestore(os.path.join(tempfile.mkdtemp(), 'bk'))
>>> os.path.basename(backup.backup_file)
'backup.ckpt'
"""
import json
import os
import signal

from ..errors import CellArgumentError, CellTypeError, describe, message
from .callbacks import Callback
from .checkpoint import load_checkpoint, save_checkpoint


def _check(where, value, kind, error=CellArgumentError):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        article = "an" if kind is int else "a"
        raise error(message(where, f"{article} {kind.__name__}", describe(value)))
    return value


class OnRequestExit(Callback):
    """Stop training after the current step when the process receives ``sig`` or when
    ``config_file`` (JSON) holds ``{"GracefulExit": 1}``; the training Cell's Parameters
    (the optimizer's included) are then saved to ``{directory}/rank_0/{file_name}_train.ckpt``
    with ``epoch_num``, ``step_num`` and ``batch_num``. A later ``train`` call with this
    callback loads that file first, so the run resumes. In ``Model.eval`` it stops after the
    current step and saves ``{file_name}_eval.ckpt``. No MindIR file is written here
    (there is no MindIR export): ``save_mindir`` is accepted for MindSpore's signature.

    MindSpore 2.10 in PyNative mode only notes the signal and trains on to the last epoch
    (its per-step stop needs graph mode); this one stops at the next step's end."""

    def __init__(self, save_ckpt=True, save_mindir=True, file_name="Net", directory="./",
                 config_file=None, sig=signal.SIGTERM):
        self.save_ckpt = _check("OnRequestExit 'save_ckpt'", save_ckpt, bool)
        self.save_mindir = _check("OnRequestExit 'save_mindir'", save_mindir, bool)
        _check("OnRequestExit 'file_name'", file_name, str)
        _check("OnRequestExit 'directory'", directory, str)
        self.sig = _check("OnRequestExit 'sig'", sig, int)
        if hasattr(signal, "SIGKILL") and sig == signal.SIGKILL:
            raise CellArgumentError(message("OnRequestExit 'sig'", "a signal a process can "
                                            "catch", "SIGKILL", "Use signal.SIGTERM."))
        if config_file is not None:
            _check("OnRequestExit 'config_file'", config_file, str, CellTypeError)
        self.remote_config_file, self.key = config_file, "GracefulExit"
        folder = os.path.join(directory, "rank_0")
        self.train_name = os.path.join(folder, f"{file_name}_train")
        self.eval_name = os.path.join(folder, f"{file_name}_eval")
        self.exit, self.stop_train, self._previous = False, False, None

    def _handle_signal(self, signum, frame):
        self.exit = True

    def _listen(self):
        self.exit, self.stop_train = False, False
        if self._previous is None:
            self._previous = signal.signal(self.sig, self._handle_signal)

    def _restore_handler(self):
        if self._previous is not None:
            signal.signal(self.sig, self._previous)
            self._previous = None

    def _requested(self):
        if self.exit:
            return True
        path = self.remote_config_file
        if path is None or not os.path.isfile(path):
            return False
        with open(path, encoding="utf-8") as handle:
            try:
                config = json.load(handle)
            except json.JSONDecodeError:  # a file being written: read it at the next step
                return False
        self.exit = isinstance(config, dict) and config.get(self.key) == 1
        return self.exit

    def _save(self, network, name, params=None):
        if not self.save_ckpt:
            return
        arrays = {p.name: p for p in network.get_parameters()}
        if params is not None:
            arrays.update(epoch_num=params.cur_epoch_num, step_num=params.cur_step_num,
                          batch_num=params.batch_num)
        os.makedirs(os.path.dirname(name), exist_ok=True)
        save_checkpoint(arrays, name + ".ckpt")

    def _load(self, network, *names):
        for name in names:
            if self.save_ckpt and os.path.isfile(name + ".ckpt"):
                load_checkpoint(name + ".ckpt", net=network)
                return

    def on_train_begin(self, run_context):
        self._listen()
        self._load(run_context.original_args().train_network, self.train_name)

    def on_train_step_end(self, run_context):
        if self.stop_train or not self._requested():
            return
        params = run_context.original_args()
        self._save(params.train_network, self.train_name, params)
        run_context.request_stop()
        self.stop_train = True

    on_train_epoch_end = on_train_step_end

    def on_train_end(self, run_context):
        self._restore_handler()
        if self.exit and not self.stop_train:
            params = run_context.original_args()
            self._save(params.train_network, self.train_name, params)

    def on_eval_begin(self, run_context):
        self._listen()
        self._load(run_context.original_args().eval_network, self.eval_name, self.train_name)

    def on_eval_step_end(self, run_context):
        if self._requested():
            run_context.request_stop()

    def on_eval_end(self, run_context):
        self._restore_handler()
        if self.exit:
            self._save(run_context.original_args().eval_network, self.eval_name)


class BackupAndRestore(Callback):
    """Save the training Cell (the optimizer's state included) to ``backup_dir/backup.ckpt``
    after every ``save_freq`` epochs (``"epoch"``: each one), load it when training starts
    (as after a crash), and delete it when training ends unless ``delete_checkpoint=False``.
    Epochs are not skipped on restore: ``train`` runs all the epochs it is asked for."""

    def __init__(self, backup_dir, save_freq="epoch", delete_checkpoint=True):
        _check("BackupAndRestore 'backup_dir'", backup_dir, str, CellTypeError)
        if save_freq != "epoch":
            _check("BackupAndRestore 'save_freq'", save_freq, int, CellTypeError)
            if save_freq < 1:
                raise CellArgumentError(message("BackupAndRestore 'save_freq'",
                                                "'epoch' or an int >= 1", describe(save_freq)))
        self.save_freq = 1 if save_freq == "epoch" else save_freq
        self.delete_checkpoint = _check("BackupAndRestore 'delete_checkpoint'",
                                        delete_checkpoint, bool, CellTypeError)
        os.makedirs(backup_dir, exist_ok=True)
        self.backup_file = os.path.join(os.path.abspath(backup_dir), "backup.ckpt")

    def on_train_begin(self, run_context):
        if os.path.isfile(self.backup_file):
            load_checkpoint(self.backup_file, net=run_context.original_args().train_network)

    def on_train_epoch_end(self, run_context):
        params = run_context.original_args()
        if params.cur_epoch_num % self.save_freq == 0:
            save_checkpoint(params.train_network, self.backup_file)

    def on_train_end(self, run_context):
        # MindSpore 2.10 raises FileNotFoundError when no backup was written (fewer epochs
        # than save_freq); there is nothing to delete then
        if self.delete_checkpoint and os.path.isfile(self.backup_file):
            os.remove(self.backup_file)
