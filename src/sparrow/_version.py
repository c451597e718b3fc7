"""The version of Sparrow, in a module of its own so that any layer may read it without importing
the library face (``sparrow/__init__.py``, which reaches into every layer)."""

__version__ = "0.1.0"
