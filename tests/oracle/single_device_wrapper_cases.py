"""``nn.ParameterUpdate``, ``nn.MicroBatchInterleaved`` and ``nn.PipelineCell`` scenarios,
run on real MindSpore 2.10 (``make_single_device_wrapper_fixture.py``) and replayed on
minpy_compat (``tests/test_single_device_wrappers_oracle.py``): each takes ``(ms, nn)`` and
returns JSON."""
import numpy as onp


def _error(run, *kinds):
    try:
        run()
    except kinds as error:
        return type(error).__mro__[[k in kinds for k in type(error).__mro__].index(True)].__name__
    return "no error"


def scenarios(ms, nn):
    x = ms.Tensor(onp.arange(8, dtype=onp.float32).reshape(4, 2))
    y = ms.Tensor(onp.array([[1.0], [0.0], [2.0], [1.0]], onp.float32))

    class Total(nn.Cell):
        def construct(self, a):
            return a.sum()

    class Twice(nn.Cell):
        def construct(self, a):
            return a * 2

    def update():
        w = ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)), name="w")
        out = nn.ParameterUpdate(w)(ms.Tensor(onp.array([7.0, 8.0], onp.float32)))
        return [out.asnumpy().tolist(), w.asnumpy().tolist()]

    def loss():
        net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        return float(nn.MicroBatchInterleaved(nn.WithLossCell(net, nn.MSELoss()), 2)(x, y))

    w = ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)), name="w")
    return {
        "parameter_update": update,
        "parameter_update_of_a_tensor": lambda: _error(
            lambda: nn.ParameterUpdate(ms.Tensor(onp.ones(2, onp.float32))), TypeError),
        "parameter_update_of_another_shape": lambda: _error(
            lambda: nn.ParameterUpdate(w)(ms.Tensor(onp.ones(3, onp.float32))), ValueError),
        "interleaved_sum": lambda: float(nn.MicroBatchInterleaved(Total(), 2)(x)),
        "interleaved_elementwise": lambda: nn.MicroBatchInterleaved(Twice(), 2)(x)
        .asnumpy().tolist(),
        "interleaved_four": lambda: nn.MicroBatchInterleaved(Twice(), 4)(x).asnumpy().tolist(),
        "interleaved_loss": loss,
        "pipeline_sum": lambda: float(nn.PipelineCell(Total(), 2)(x)),
        "pipeline_elementwise": lambda: nn.PipelineCell(Twice(), 2)(x).asnumpy().tolist(),
        "pipeline_loss": lambda: float(nn.PipelineCell(nn.WithLossCell(nn.Dense(
            2, 1, weight_init="ones", bias_init="zeros"), nn.MSELoss()), 4)(x, y)),
    }
