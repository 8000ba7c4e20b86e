"""What a run needs.

Memory per GPU (model states, activations, LoRA, sharding, KV cache), its verdict against a card,
and its speed.
"""
