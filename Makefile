# Two environments: "full" (NumPy 1.23 + MXNet 1.9.1, examples, notebooks) and
# "core" (the newest NumPy, no MXNet). Each is created on first use.
PYTHON ?= python3
FULL := .venv/full
CORE := .venv/core

.PHONY: demo test test-full test-core bench clean

demo: $(FULL)/.ready
	$(FULL)/bin/python examples/demo.py

test: test-full test-core

test-full: $(FULL)/.ready
	$(FULL)/bin/python -m pytest

test-core: $(CORE)/.ready
	$(CORE)/bin/python -c "import importlib.util as u; assert u.find_spec('mxnet') is None, 'core env must not have mxnet'"
	$(CORE)/bin/python -m pytest

bench: $(FULL)/.ready
	$(FULL)/bin/python benchmarks/bench_core.py

$(FULL)/.ready: setup.cfg setup.py
	$(PYTHON) -m venv $(FULL)
	$(FULL)/bin/python -m pip install -q --upgrade pip
	$(FULL)/bin/python -m pip install -q -e ".[mxnet,test,notebooks,examples]"
	$(FULL)/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $@

$(CORE)/.ready: setup.cfg setup.py
	$(PYTHON) -m venv $(CORE)
	$(CORE)/bin/python -m pip install -q --upgrade pip
	$(CORE)/bin/python -m pip install -q -e ".[test]"
	touch $@

clean:
	rm -rf .venv build *.egg-info
