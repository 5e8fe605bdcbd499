"""Policies: MinPy's decide(candidates)."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.dispatch import policy as P
from minpy_compat.dispatch.minpy_decide import ArrayType, Candidate
from minpy_compat.dispatch.stats import op_stat
from minpy_compat.errors import PolicyError, PolicyTypeError
from mxnet_helpers import need_mxnet


# ---- MinPy's decide(candidates) ------------------------------------------------------------------
class PreferNumPy(P.Policy):
    uses_mxnet = False

    def __init__(self):
        self.asked = []

    def decide(self, candidates):
        self.asked.append([(c.typestr, c.type) for c in candidates])
        return ArrayType.NUMPY


def test_a_minpy_policy_with_decide_is_asked_with_the_candidates():
    policy = PreferNumPy()
    assert policy.choose("dot", True) == "numpy" and policy.name == "PreferNumPy"
    assert policy.asked == [[("numpy", 0), ("mxnet", 1)]]
    with P.wrap_policy(policy):
        assert float(np.sum(np.ones(3))) == 3.0
    assert policy.asked[-1] == [("numpy", 0)]


def test_decide_overrides_an_inherited_choose():
    class OnlyNumPyFromMinPy(P.PreferMXNetPolicy):
        def decide(self, candidates):
            return next(c for c in candidates if c.typestr == "numpy")
    assert OnlyNumPyFromMinPy().choose("exp", True) == "numpy"


def test_decide_answering_none_or_nonsense_is_refused():
    class Nothing(P.Policy):
        def decide(self, candidates):
            return None

    class Strange(P.Policy):
        def decide(self, candidates):
            return 2.5
    with pytest.raises(PolicyError, match=r"Nothing.decide for numpy.dot: expected one of the "
                                          r"candidates' types, got None"):
        Nothing().choose("dot", True)
    with pytest.raises(TypeError, match=r"Strange.decide for numpy.exp: expected "
                                        r"ArrayType.NUMPY, ArrayType.MXNET, a candidate"):
        Strange().choose("exp", False)
    with pytest.raises(PolicyError, match=r"expected one of \['numpy'\], got 'mxnet'"):
        type("MXNetAlways", (P.Policy,), {"decide": lambda self, c: ArrayType.MXNET})(
            ).choose("exp", False)


def test_a_policy_that_cannot_be_asked_is_refused_early():
    with pytest.raises(PolicyTypeError, match=r"Old.decide: expected decide\(self, candidates\)"
                                              r", as in MinPy.*Define choose"):
        class Old(P.Policy):
            def decide(self, candidates, args, kwargs):
                return ArrayType.NUMPY

    class Resolver(P.Policy):  # MinPy's AutoBlacklistPolicy had only resolve_call
        def resolve_call(self, name, reg, args, kwargs):
            return None
    with pytest.raises(TypeError, match=r"Resolver\(\): expected a Policy subclass defining "
                                        r"choose\(name, has_mxnet\)"):
        Resolver()


def test_a_minpy_policy_picks_mxnet_where_it_is_a_candidate():
    need_mxnet()

    class PreferMXNet(P.Policy):
        def decide(self, candidates):
            types = [c.type for c in candidates]
            return ArrayType.MXNET if ArrayType.MXNET in types else ArrayType.NUMPY
    np.record_op_stat()
    try:
        with P.wrap_policy(PreferMXNet()):
            np.exp(onp.ones(2, onp.float32))
        assert op_stat()["calls"]["exp"] == {"numpy": 0, "mxnet": 1}
    finally:
        np.record_op_stat(False)
    assert repr(Candidate("exp", "mxnet")) == "<Candidate exp mxnet>"
