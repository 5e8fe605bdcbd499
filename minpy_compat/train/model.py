"""``mindspore.train.Model``: train, evaluate and predict with a Cell and a dataset.

>>> import numpy
>>> from minpy_compat import nn, dataset as ds
>>> from minpy_compat.train import Model
>>> net = nn.Dense(2, 2, weight_init='zeros', bias_init='zeros')
>>> model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean'),
...               nn.SGD(net.trainable_params(), 0.1), metrics={'acc'})
>>> data = ds.NumpySlicesDataset({'x': numpy.eye(2, dtype='float32'),
...                               'y': numpy.arange(2, dtype='int32')}, shuffle=False)
>>> model.train(5, data.batch(2))
>>> float(model.eval(data.batch(2))['acc'])
1.0
"""
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..nn.cell import Cell
from ..nn.loss_scale import WithEvalCell
from ..nn.wrappers import TrainOneStepCell, WithLossCell
from .model_amp import build_amp_train_network, check_amp_args
from .callbacks import (EVAL_HOOKS, TRAIN_HOOKS, CallbackParams, RunContext, TimeMonitor,
                        check_callbacks)
from .metrics import Loss, Metric
from .metrics_pr import get_metric_fn


def get_metrics(metrics):
    """A dict name -> Metric from Model's ``metrics``: a dict of Metrics, or a set of names
    (``{'acc', 'loss'}``); None stays None."""
    if metrics is None:
        return None
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(metric, Metric):
                raise CellTypeError(message(f"Model 'metrics' entry {name!r}", "a Metric",
                                            describe(metric)))
        return dict(metrics)
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in sorted(metrics)}
    raise CellTypeError(message("Model 'metrics'", "None, a dict or a set of names",
                                describe(metrics), "Write metrics={'acc'}."))


def _check_cell(where, value, allow_none=True):
    if (value is None and not allow_none) or (value is not None and not isinstance(value, Cell)):
        raise CellTypeError(message(where, "a Cell" + (" or None" if allow_none else ""),
                                    describe(value)))


class Model:
    """Wraps ``network`` for training (through ``nn.TrainOneStepCell``) and evaluation.
    ``amp_level`` ``'O1'``-``'O3'`` trains in mixed precision (``train/model_amp.py``)."""

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
                 eval_indexes=None, amp_level="O0", boost_level="O0", **kwargs):
        _check_cell("Model 'network'", network, allow_none=False)
        _check_cell("Model 'loss_fn'", loss_fn)
        _check_cell("Model 'eval_network'", eval_network)
        check_amp_args(optimizer, amp_level, boost_level, kwargs)
        if eval_indexes is not None and (not isinstance(eval_indexes, (list, tuple))
                                         or len(eval_indexes) != 3):
            raise CellArgumentError(message("Model 'eval_indexes'", "a list of 3 ints "
                                            "(loss, output, label)", describe(eval_indexes)))
        self._network, self._loss_fn, self._optimizer = network, loss_fn, optimizer
        self._metric_fns = get_metrics(metrics) or {}
        if self._metric_fns and eval_network is None and loss_fn is None:
            raise CellArgumentError(message(
                "Model", "loss_fn or eval_network when metrics are given", "neither",
                "Pass loss_fn=..., or eval_network= a Cell returning (loss, output, label)."))
        self._eval_network = eval_network
        self._eval_indexes = list(eval_indexes) if eval_indexes is not None else None
        self._loss_scale_manager, self._amp_level = kwargs.get("loss_scale_manager"), amp_level
        if optimizer is None:  # MindSpore trains the network as given (a TrainOneStepCell)
            self._train_network = network if loss_fn is None else WithLossCell(network, loss_fn)
        elif amp_level == "O0":
            self._train_network = _train_cell(
                network if loss_fn is None else WithLossCell(network, loss_fn), optimizer,
                self._loss_scale_manager)
        else:  # casts the network in place: evaluation and predict run in that precision
            self._train_network = build_amp_train_network(network, loss_fn, optimizer,
                                                          amp_level, kwargs)
        if eval_network is None and loss_fn is not None:
            self._eval_network = WithEvalCell(network, loss_fn, amp_level in ("O2", "O3"))
            self._eval_indexes = [0, 1, 2]

    train_network = property(lambda self: self._train_network)
    predict_network = property(lambda self: self._network)
    eval_network = property(lambda self: self._eval_network)

    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False,
              sink_size=-1, initial_epoch=0):
        """Run ``epoch - initial_epoch`` passes over ``train_dataset``, one step per batch."""
        self._train("Model.train", epoch, train_dataset, callbacks, dataset_sink_mode,
                    initial_epoch, None)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1,
            initial_epoch=0):
        """``train``, evaluating on ``valid_dataset`` after the epochs ``valid_frequency``
        picks (an int: every that many; a list: those epoch numbers), before each
        ``on_train_epoch_end``; there ``cb_params.eval_results`` holds the metrics and
        ``'eval_loss'`` (as MindSpore 2.10's: the last batch's loss). Callbacks of your own also get
        the ``on_eval_*`` hooks, as MindSpore's."""
        if isinstance(valid_frequency, bool) or not isinstance(valid_frequency, (int, list)):
            raise CellTypeError(message("Model.fit 'valid_frequency'", "an int or a list of "
                                        "epoch numbers", describe(valid_frequency)))
        if valid_dataset is not None and not self._metric_fns:
            raise CellArgumentError(message("Model.fit", "metrics set on the Model when "
                                            "valid_dataset is given", "none",
                                            "Pass metrics={'acc'} (or a dict) to Model."))
        valid = None if valid_dataset is None else (valid_dataset, valid_frequency)
        self._train("Model.fit", epoch, train_dataset, callbacks, dataset_sink_mode,
                    initial_epoch, valid)

    def _train(self, where, epoch, train_dataset, callbacks, dataset_sink_mode, initial_epoch,
               valid):
        if isinstance(epoch, bool) or not isinstance(epoch, int) or epoch < 1:
            raise CellArgumentError(message(f"{where} 'epoch'", "an int >= 1", describe(epoch)))
        if isinstance(initial_epoch, bool) or not isinstance(initial_epoch, int) \
                or not 0 <= initial_epoch < epoch:
            raise CellArgumentError(message(f"{where} 'initial_epoch'",
                                            f"an int in 0..{epoch - 1}", describe(initial_epoch)))
        callbacks = check_callbacks(where, callbacks)
        params = CallbackParams(
            train_network=self._train_network, network=self._network,
            optimizer=self._optimizer, loss_fn=self._loss_fn, train_dataset=train_dataset,
            epoch_num=epoch - initial_epoch, batch_num=train_dataset.get_dataset_size(),
            cur_epoch_num=None, cur_step_num=0, net_outputs=None,
            dataset_sink_mode=dataset_sink_mode, mode="train")
        context = RunContext(params)
        self._train_network.set_train(True)
        _fire(callbacks, TRAIN_HOOKS[0], context)
        for number in range(initial_epoch + 1, epoch + 1):
            params.cur_epoch_num = number
            _fire(callbacks, TRAIN_HOOKS[1], context)
            for row in train_dataset.create_tuple_iterator():
                params.cur_step_num += 1
                _fire(callbacks, TRAIN_HOOKS[2], context)
                params.net_outputs = self._train_network(*row)
                _fire(callbacks, TRAIN_HOOKS[3], context)
                if context.get_stop_requested():
                    break
            if valid is not None and _should_eval(number, valid[1]):
                self._eval_in_fit(params, valid[0], callbacks)
            _fire(callbacks, TRAIN_HOOKS[4], context)
            params.pop("metrics", None)
            params.pop("eval_results", None)
            if context.get_stop_requested():
                break
        _fire(callbacks, TRAIN_HOOKS[5], context)

    def _eval_in_fit(self, params, valid_dataset, callbacks):
        """One evaluation inside ``fit``, in the training ``cb_params`` (restored after)."""
        kept = {k: params[k] for k in ("cur_step_num", "batch_num", "net_outputs", "mode")}
        mine = [cb for cb in callbacks if not type(cb).__module__.startswith("minpy_compat.")
                or isinstance(cb, TimeMonitor)]
        params.update(eval_network=self._eval_network, valid_dataset=valid_dataset,
                      batch_num=valid_dataset.get_dataset_size(), mode="eval", cur_step_num=0)
        self._eval_pass(params, valid_dataset, mine, eval_loss=True)
        self._train_network.set_train(True)
        params.update(kept)

    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """The metrics over ``valid_dataset``, as a dict from name to value."""
        if not self._metric_fns:
            raise CellArgumentError(message("Model.eval", "metrics set on the Model", "none",
                                            "Pass metrics={'acc'} (or a dict) to Model."))
        callbacks = check_callbacks("Model.eval", callbacks)
        params = CallbackParams(
            eval_network=self._eval_network, valid_dataset=valid_dataset,
            batch_num=valid_dataset.get_dataset_size(), cur_step_num=0, net_outputs=None,
            metrics=self._metric_fns, dataset_sink_mode=dataset_sink_mode, mode="eval")
        return self._eval_pass(params, valid_dataset, callbacks)

    def _eval_pass(self, params, valid_dataset, callbacks, eval_loss=False):
        context = RunContext(params)
        for metric in self._metric_fns.values():
            metric.clear()
        losses, eval_loss = Loss(), eval_loss and self._eval_indexes is not None
        self._eval_network.set_train(False)
        _fire(callbacks, EVAL_HOOKS[0], context)
        _fire(callbacks, EVAL_HOOKS[1], context)
        for row in valid_dataset.create_tuple_iterator():
            params.cur_step_num += 1
            _fire(callbacks, EVAL_HOOKS[2], context)
            params.net_outputs = self._eval_network(*row)
            self._update_metrics(params.net_outputs)
            if eval_loss:  # MindSpore 2.10 starts its Loss afresh on every batch: the
                losses.clear()  # 'eval_loss' it reports is the last batch's loss
                losses.update(params.net_outputs[self._eval_indexes[0]])
            _fire(callbacks, EVAL_HOOKS[3], context)
            if context.get_stop_requested():  # as MindSpore's: a callback may end the pass
                break
        params.metrics = results = {name: metric.eval()
                                    for name, metric in self._metric_fns.items()}
        params.eval_results = dict(results, eval_loss=losses.eval()) if eval_loss else results
        _fire(callbacks, EVAL_HOOKS[4], context)
        _fire(callbacks, EVAL_HOOKS[5], context)
        return results

    def _update_metrics(self, outputs):
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        for metric in self._metric_fns.values():
            if self._eval_indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[self._eval_indexes[0]])
            else:
                metric.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    def predict(self, *predict_data):
        """``network(*predict_data)`` in inference mode."""
        self._network.set_train(False)
        return self._network(*predict_data)


def _train_cell(network, optimizer, manager):
    """MindSpore's ``build_train_network``: a manager with an update Cell trains through
    ``TrainOneStepWithLossScaleCell``; one without, with ``sens`` set to its scale."""
    if manager is None:
        return TrainOneStepCell(network, optimizer)
    update_cell = manager.get_update_cell()
    if update_cell is None:
        return TrainOneStepCell(network, optimizer, sens=float(manager.get_loss_scale()))
    from ..nn.loss_scale import TrainOneStepWithLossScaleCell
    return TrainOneStepWithLossScaleCell(network, optimizer, scale_sense=update_cell)


def _should_eval(epoch, frequency):
    return epoch % frequency == 0 if isinstance(frequency, int) else epoch in frequency


def _fire(callbacks, hook, context):
    for callback in callbacks:
        getattr(callback, hook)(context)
