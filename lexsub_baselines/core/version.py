"""The package version (one place; `lexsub --version`, signatures and cluster checks read it)."""

__all__ = ["__version__"]

__version__ = "0.1.0"
