"""Tables and the figures they compare: `Table`, the published figures, the results tables.

May import `core` only (the results tables read scores.json data, not the scorer).
"""
