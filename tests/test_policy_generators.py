"""Policies: wrap_policy on generators and coroutines, and np.policy."""
import asyncio
import inspect
import threading
import pytest

import minpy_compat.numpy as np
from minpy_compat.dispatch import policy as P


class Tagged(P.Policy):
    """A NumPy-only policy with a name of its own (no MXNet needed)."""

    uses_mxnet = False

    def __init__(self, name):
        self.name = name

    def choose(self, name, has_mxnet):
        return "numpy"


def current():
    return P.get_global_policy().name


# ---- wrap_policy on generators ---------------------------------------------------------------
@P.wrap_policy(Tagged("outer"))
def names(log):
    try:
        received = yield current()
        log.append(("sent", received, current()))
        with P.wrap_policy(Tagged("inner")):
            yield current()
            yield current()
        yield current()
    except KeyError:
        log.append(("thrown", current()))
        yield "caught"
    finally:
        log.append(("finally", current()))
    return "done"


def test_a_decorated_generator_runs_each_step_under_its_policy():
    log = []
    steps = names(log)
    assert inspect.isgeneratorfunction(names)
    assert next(steps) == "outer" and current() == "default"
    assert steps.send("hello") == "inner" and current() == "default"
    assert log == [("sent", "hello", "outer")]
    assert next(steps) == "inner" and current() == "default"
    assert next(steps) == "outer" and current() == "default"
    with pytest.raises(StopIteration) as stop:
        next(steps)
    assert stop.value.value == "done" and log[-1] == ("finally", "outer")
    assert current() == "default"


def test_a_decorated_generator_takes_throw_and_close_under_its_policy():
    log = []
    steps = names(log)
    next(steps)
    with P.wrap_policy(Tagged("caller")):
        assert steps.throw(KeyError("k")) == "caught" and current() == "caller"
        steps.close()
        assert current() == "caller"
    assert log == [("thrown", "outer"), ("finally", "outer")] and current() == "default"


def test_a_with_block_inside_a_decorated_generator_does_not_leak_between_steps():
    steps = names([])
    next(steps), steps.send(None)  # the body is inside its with block now
    with P.wrap_policy(Tagged("caller")):
        assert current() == "caller"
        assert next(steps) == "inner" and current() == "caller"
        assert next(steps) == "outer" and current() == "caller"
    assert current() == "default"


def test_a_decorated_generator_yields_from_another_and_runs_its_ops():
    @P.wrap_policy("only_numpy")
    def sums():
        for n in range(1, 4):
            yield current(), float(np.sum(np.ones(n)))
    assert list(sums()) == [("only_numpy", 1.0), ("only_numpy", 2.0), ("only_numpy", 3.0)]

    def plain():  # a with block in an undecorated generator holds, and is restored
        with P.wrap_policy("only_numpy"):
            yield current()
            yield current()
    assert list(plain()) == ["only_numpy", "only_numpy"] and current() == "default"


def test_a_decorated_coroutine_keeps_its_policy_across_awaits():
    @P.wrap_policy(Tagged("task"))
    async def task(seen):
        for _ in range(3):
            seen.append(current())
            await asyncio.sleep(0)
        return current()

    async def main():
        seen = []
        result = await asyncio.gather(task(seen), task(seen))
        return result, seen, current()
    assert asyncio.run(main()) == (["task", "task"], ["task"] * 6, "default")


def test_wrap_policy_refuses_an_async_generator_function():
    with pytest.raises(TypeError, match=r"wrap_policy: expected a function, generator function "
                                        r"or coroutine function, got the async generator"):
        @P.wrap_policy("only_numpy")
        async def stream():
            yield 1


# ---- np.policy ---------------------------------------------------------------------------------
def test_np_policy_follows_the_threads_policy():
    assert np.policy is P.get_global_policy() and "policy" in dir(np)
    with P.wrap_policy(Tagged("a")):
        assert np.policy.name == "a"
        from minpy_compat.numpy import policy
        assert policy.name == "a"
        seen = []
        thread = threading.Thread(target=lambda: seen.append(np.policy.name))
        thread.start()
        thread.join()
        assert seen == ["default"]
    P.set_global_policy("only_numpy")
    try:
        assert np.policy.name == "only_numpy"
    finally:
        P.set_global_policy("default")
    assert np.policy.name == "default" and "policy" not in vars(np)
