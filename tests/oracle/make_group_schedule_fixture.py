"""Record MindSpore 2.10's training with a LearningRateSchedule as one parameter group's
``lr`` (``group_schedule_cases.py``: SGD, Momentum, Adam, RMSProp) into
``group_schedule_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_group_schedule_fixture.py
"""
import json
import os
import sys

import mindspore

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import group_schedule_cases  # noqa: E402


def main():
    results = group_schedule_cases.run(mindspore)
    with open(os.path.join(HERE, "group_schedule_fixture.json"), "w") as handle:
        json.dump(results, handle, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
