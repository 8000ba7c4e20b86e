"""A build and a study of builds.

Their edits, physics (power, PSU, slots), suggestions that make a workload fit, and recommendations
from the catalog.
"""
