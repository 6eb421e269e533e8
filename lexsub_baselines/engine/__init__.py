"""The engine: a Dask cluster (local or remote), the build graph, locks, worker checks, progress.

May import `core` only (the stages it runs live in `builds`).
"""
