"""Packaging lives in setup.cfg; this file lets older pip versions install in editable mode."""
from setuptools import setup

setup()
