"""Test agent: prints a traceback-like message on stderr and exits with code 3, writing nothing."""

import sys

print("starting work on", sys.argv[1:] or "the task")
print("Traceback (most recent call last):\nRuntimeError: the agent fell over", file=sys.stderr)
sys.exit(3)
