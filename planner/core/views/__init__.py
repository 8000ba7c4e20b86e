"""Exactly the figures each panel, the sheet and the CLI show.

Assembled once, so every surface prints the same answer.
"""
