"""Named systems: generator + ranker compositions, the vote, cross-lingual systems, the mw baseline.

May import every layer up to the components (`generators`, `rankers`), never `catalog` or above.
"""
