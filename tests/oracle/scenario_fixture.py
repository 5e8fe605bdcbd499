"""Record a cases module's ``scenarios`` on real MindSpore 2.10 (CPU, PyNative, synchronous)
into a JSON fixture beside it: the one recorder of ``make_prim_registration_fixture``,
``make_single_device_wrapper_fixture`` and ``make_tensor_hooks_fixture``."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def record(scenarios, fixture_name, errors_recorded=False):
    """Run each ``scenarios`` item and write ``{"mindspore": version, "cases": ...}`` to
    ``fixture_name``; with ``errors_recorded``, each case is ``{"value": ...}`` or, where
    MindSpore raised, ``{"error": class name, "text": ...}``."""
    import mindspore as ms
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU", pynative_synchronize=True)
    results = {}
    for name, run in scenarios.items():
        if not errors_recorded:
            results[name] = run()
            continue
        try:
            results[name] = {"value": run()}
        except Exception as error:  # the record of what MindSpore raised  # noqa: BLE001
            results[name] = {"error": type(error).__name__, "text": str(error)[:300]}
    with open(os.path.join(HERE, fixture_name), "w") as handle:
        json.dump({"mindspore": ms.__version__, "cases": results}, handle, indent=1)
