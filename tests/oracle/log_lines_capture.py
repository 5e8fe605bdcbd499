"""Run a five-line logging script (``debug`` .. ``critical`` through ``<package>.log``) in a
fresh interpreter and keep its own log lines; shared by ``make_names19_fixture.py`` (on
MindSpore) and ``tests/test_missing_names_oracle.py`` (on minpy_compat).
"""
import os
import re
import subprocess

LOG_SCRIPT = ("import importlib, sys; logger = importlib.import_module(sys.argv[1]).log; "
              "logger.debug('d-msg'); logger.info('i-msg'); logger.warning('w-msg %d', 3); "
              "logger.error('e-msg'); logger.critical('c-msg')")
LOG_LINE = re.compile(r"^\[(\w+)\] ME\(\d+:\d+,MainProcess\):"
                      r"\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d+ \[(.*):(\d+)\] (.*)$")


def log_lines(package, interpreter, level, cwd=None):
    """The script's own logger lines on stderr under ``GLOG_v=level`` (None: unset), each as
    ``[level, file, line, message]`` (pid, thread and time dropped, the framework's own
    start-up lines left out); a line from the script in another format is kept whole."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GLOG_")}
    if level is not None:
        env["GLOG_v"] = level
    err = subprocess.run([interpreter, "-c", LOG_SCRIPT, package], capture_output=True,
                         text=True, env=env, cwd=cwd).stderr
    lines = []
    for line in err.splitlines():
        match = LOG_LINE.match(line)
        if match and match.group(2) == "<string>":
            lines.append(list(match.groups()))
        elif "<string>" in line:
            lines.append(line)
    return lines
