"""Running systems and recording the runs: answer files, scores, runs.json, each row's settings.

May import every layer below it (up to `catalog`), never `analysis` or the interface.
"""
