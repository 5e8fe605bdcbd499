"""Helper for the Cell-layer tests: run an example script (the examples double as tests)."""
import os
import runpy

import minpy_compat as ms

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "examples", "cell")


def run_example(name):
    """Run examples/cell/<name> as __main__; its global variables come back."""
    try:
        return runpy.run_path(os.path.join(EXAMPLES, name), run_name="__main__")
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
