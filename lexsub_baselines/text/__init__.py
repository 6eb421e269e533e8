"""Plain text: the corpora (files, cleaning, shards, identity) and the PTB-like tokeniser.

May import `core` only.
"""
