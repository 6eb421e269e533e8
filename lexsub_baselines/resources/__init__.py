"""Lexical resources: WordNet, Roget, frequency lists, bilingual dictionaries, the manifest.

May import `core`, `text`, `tables`.
"""
