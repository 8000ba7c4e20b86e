"""Reading a model.

Hugging Face config.json files and the parameter count of each family, layer by layer.
"""
