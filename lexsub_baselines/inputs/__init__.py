"""The one way in: the record of every input (the manifest), the one verdict on a copy of one
(`verify`), and the layer through which the package reads them (`layer`). Imports only `core`.
"""
