"""What a system proposes and answers: `Candidate`, `Answers`, the answer-file and result writers.

May import `core`, `resources` and `datasets`.
"""
