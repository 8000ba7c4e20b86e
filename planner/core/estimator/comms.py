"""How long a training step's GPU-to-GPU traffic takes, and how much of it compute hides.

Volumes per step follow the ring algorithms NCCL runs (nccl-tests doc/PERFORMANCE.md): an
all-reduce of S bytes over N GPUs moves 2·(N−1)/N·S through each GPU's link, an all-gather or a
reduce-scatter (N−1)/N·S. Time is that volume over the link's achieved bus bandwidth
(:mod:`planner.core.estimator.links`) plus a fixed start-up per collective.

What each strategy sends, and what hides it (as the frameworks schedule it):

- ``ddp``: an all-reduce of the gradients once per optimizer step in 25 MB buckets, hidden behind
  the last micro-batch's backward (PyTorch DDP launches a bucket as soon as its gradients are
  ready; ``no_sync`` skips the accumulation steps); the last bucket is always exposed.
- ``zero1``: a reduce-scatter of the gradients per step behind backward (DeepSpeed
  ``overlap_comm``), then an all-gather of the updated 16-bit weights, exposed after the step.
- ``zero2``: likewise, but the reduce-scatter runs every micro-batch.
- ``zero3``, ``fsdp``: per micro-batch an all-gather of the weights for forward and another for
  backward, and a reduce-scatter of the gradients. Forward's gathers hide behind forward,
  backward's and the reduce-scatter behind backward (FSDP prefetches the next unit); the first
  unit's gather is exposed.
- ``tp``: per layer and micro-batch two all-reduces of the activations in forward and two in
  backward (Megatron-LM), two more when checkpointing recomputes the forward. Nothing hides them
  (PyTorch's tensor parallel waits for each; async TP needs torch.compile).
- ``pp``: one activation send forward and one gradient send back per micro-batch, and the
  pipeline's fill and drain: (N−1) of m + N − 1 slots idle (GPipe / 1F1B bubble).

Gradient bytes follow the precision's gradient element (fp32 under PyTorch AMP: DDP reduces
``param.grad`` as it is; torchtitan's FSDP reduces in fp32 by default), gathered weights the
16-bit compute copy. Pure Python; no Qt, no database.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from planner.core.estimator.links import COLLECTIVE_LATENCY_S, Link

#: PyTorch DDP's default bucket (``bucket_cap_mb=25``).
DDP_BUCKET_BYTES = 25 * 1024**2

DATA_PARALLEL = ("ddp", "zero1", "zero2", "zero3", "fsdp")


@dataclass(frozen=True, slots=True)
class Traffic:
    """What one optimizer step must move, per GPU, before timing.

    ``grad_bytes`` are the trained gradients, ``weight_bytes`` the gathered 16-bit weights,
    ``activation_bytes`` one micro-batch's activations at a layer boundary (b × tokens × hidden ×
    2), ``layers`` the blocks that exchange them.
    """

    grad_bytes: float
    weight_bytes: float
    activation_bytes: float
    layers: int


@dataclass(frozen=True, slots=True)
class StepTime:
    """One optimizer step on one GPU: compute, traffic and the part compute does not hide."""

    compute_seconds: float
    comm_seconds: float
    exposed_seconds: float
    idle_seconds: float = 0.0  # the pipeline's bubble

    @property
    def seconds(self) -> float:
        """The whole step: compute, the traffic left exposed and the pipeline's idle slots."""
        return self.compute_seconds + self.exposed_seconds + self.idle_seconds

    @property
    def waiting_share(self) -> float:
        """Share of the step the GPU waits on its link (and, for a pipeline, on its neighbours)."""
        return (self.exposed_seconds + self.idle_seconds) / self.seconds if self.seconds else 0.0


def ring_seconds(volume_bytes: float, link: Link, collectives: int = 1) -> float:
    """Seconds to push ``volume_bytes`` through each GPU's link, plus the start-ups."""
    return volume_bytes / (link.bus_gbs * 1e9) + collectives * COLLECTIVE_LATENCY_S


def step_time(strategy: str, n: int, link: Link | None, traffic: Traffic,
              micro_seconds: float, micro_batches: int, checkpointing: bool) -> StepTime:
    """Time one optimizer step of ``micro_batches`` micro-batches over ``n`` GPUs.

    ``micro_seconds`` is one micro-batch's forward + backward (+ recompute) on one GPU's share of
    the work. Without a link (one GPU, or none on record) nothing is sent.
    """
    m = micro_batches
    compute = micro_seconds * m
    if n <= 1 or link is None:
        return StepTime(compute, 0.0, 0.0)
    # Forward is 2 of 6 FLOPs per parameter; checkpointing recomputes it inside backward (2 of 8).
    forward = micro_seconds * (0.25 if checkpointing else 1 / 3)
    backward = micro_seconds - forward
    share = (n - 1) / n
    g, wt = traffic.grad_bytes, traffic.weight_bytes
    if strategy == "ddp":
        buckets = max(1, math.ceil(g / DDP_BUCKET_BYTES))
        comm = ring_seconds(2 * share * g, link, buckets)
        last = ring_seconds(2 * share * min(g, DDP_BUCKET_BYTES), link)
        return StepTime(compute, comm, max(0.0, comm - backward) + last)
    if strategy in ("zero1", "zero2"):
        per_micro = strategy == "zero2"
        rs = ring_seconds(share * g, link)
        ag = ring_seconds(share * wt, link)
        rs_total = rs * (m if per_micro else 1)
        hidden_rs = max(0.0, rs - backward) * (m if per_micro else 1)
        return StepTime(compute, rs_total + ag, hidden_rs + ag)
    if strategy in ("zero3", "fsdp"):
        units = max(1, traffic.layers)
        ag = ring_seconds(share * wt, link, units)
        rs = ring_seconds(share * g, link, units)
        exposed = max(0.0, ag - forward) + max(0.0, ag + rs - backward) + ag / units
        return StepTime(compute, (2 * ag + rs) * m, exposed * m)
    if strategy == "tp":
        per_layer = 6 if checkpointing else 4
        count = traffic.layers * per_layer
        comm = ring_seconds(2 * share * traffic.activation_bytes * count, link, count) * m
        return StepTime(compute, comm, comm)
    if strategy == "pp":
        sends = ring_seconds(2 * traffic.activation_bytes, link, 2) * m
        bubble = (n - 1) * micro_seconds
        return StepTime(compute, sends, sends, bubble)
    return StepTime(compute, 0.0, 0.0)
