"""The shared basics every layer uses: errors, paths and roots, registries, the version, the cache.

Imports nothing of the package outside this folder.
"""
