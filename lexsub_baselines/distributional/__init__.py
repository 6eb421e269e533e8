"""distributional."""
