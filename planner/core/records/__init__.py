"""The records every estimate starts from.

GPU, architecture and workload specs, precisions and their byte sizes, finding a card or model by
what a person types, and what an architecture can run.
"""
