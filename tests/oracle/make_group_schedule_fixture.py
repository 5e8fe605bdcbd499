"""Record MindSpore 2.10's training with a LearningRateSchedule as one parameter group's
``lr`` (``group_schedule_cases.py``: SGD, Momentum, Adam, RMSProp) into
``group_schedule_fixture.json``.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle/make_group_schedule_fixture.py
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases_recorder  # noqa: E402

if __name__ == "__main__":
    cases_recorder.record("group_schedule")
