"""Speed and size figures of the kit. Run them all with ``python -m benchmarks``."""
