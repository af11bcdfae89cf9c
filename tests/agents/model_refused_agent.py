"""Test agent shaped like aider 0.86 when its model refuses the key: the task's files are created empty, the
provider's error is printed as aider prints it (wrapped at 80 columns by its console), and it exits 0."""

import os
import sys
from pathlib import Path

for path in sys.argv[1:]:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).touch()
    print(f"Creating empty file {os.path.abspath(path)}")
print("Aider v0.86.2\nModel: openai/fake-coder with whole edit format\n")
print("litellm.AuthenticationError: AuthenticationError: OpenAIException - Incorrect \nAPI key provided: sk-fake****")
print("The API provider is not able to authenticate you. Check your API key.\n")
