"""`pmtui eval`: simulated founders through the real conversation loop, with assertions per conversation.

`founders` loads the scripts (tuned and held-out sets), `simulator` plays the founder, `runner`
drives the Orchestrator and collects the transcript, `assertions` scores it, `judge` (optional)
rates the spec with a model.
"""
