"""Revision scripts; file names start with a letter so they import as modules for type checks."""
