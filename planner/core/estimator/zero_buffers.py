"""DeepSpeed ZeRO's own buffers: what the engine allocates beyond the partitioned model states.

Read from DeepSpeed's code (``deepspeed/runtime/zero/stage3.py``, ``stage_1_and_2.py``,
``partitioned_param_coordinator.py``, ``config.py``; defaults as ``config.py`` sets them):

- **Reduce buckets.** With ``contiguous_gradients`` (on by default) stages 2 and 3 allocate a
  flat gradient bucket of ``reduce_bucket_size`` elements (5e8) in the trained parameters' dtype
  at initialisation, whatever the model's size: 1 GB in 16-bit. Stage 2 allocates a second one
  when ``overlap_comm`` is on (off by default for stages 1-2); stage 3 keeps one per dtype.
- **Stage 3's persistent gradient partition.** ``grad_partitions_flat_buffer`` holds this rank's
  gradient partition from initialisation on, so it is alive through the next forward.
- **The step's fp32 gradients.** Before the fp32 optimizer runs, each sub-group's 16-bit
  gradient partition is copied to fp32 (``_prepare_fp32_grad_for_sub_group``; stages 1-2 copy the
  whole partition): ``min(sub_group_size, partition) × 4`` bytes during the step, unless the
  optimizer runs on the CPU.
- **Gathered parameters (stage 3).** A parameter is not released after use while it will be used
  again within ``stage3_max_reuse_distance`` elements of the step's trace. Forward's last layers
  are backward's first, so about ``max_reuse_distance / 2`` elements (at least the unit being
  computed) stay gathered through the turn from forward to backward, plus what the prefetcher has
  in flight: up to ``stage3_prefetch_bucket_size``, limited by ``stage3_max_live_parameters`` less
  what is already live. On one GPU the gathered copy is a second copy (the partition is the whole
  tensor). This is the one part read from the coordinator's rules rather than measured, and the
  estimate's note says so.

Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import replace

from planner.core.estimator.memory_notes import gib_text, note
from planner.core.estimator.model_states import DEEPSPEED, States, largest_tensor
from planner.core.estimator.setups import TrainingSetup
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

#: The knobs that must be whole numbers of elements (zero turns a feature off, as in DeepSpeed).
KNOBS: tuple[str, ...] = ("reduce_bucket_size", "prefetch_bucket_size", "max_live_parameters",
                          "max_reuse_distance", "sub_group_size")


def check_knobs(setup: TrainingSetup) -> None:
    """Refuse a negative or non-integer bucket size in one sentence naming the knob."""
    for knob in KNOBS:
        value = getattr(setup, knob)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise EstimateError(f"DeepSpeed's {knob} must be a whole number of elements, 0 or "
                                f"more (got {str(value)[:40]}).", setting=knob)


def gathered_elements(w: Workload, params: int, setup: TrainingSetup) -> float:
    """Parameter elements ZeRO-3 holds gathered at the turn from forward to backward."""
    layers = max(1, (w.layers or 0) + (w.decoder_layers or 0))
    unit = max(params / layers, largest_tensor(w, params) if w.is_transformer else 0)
    kept = min(float(params), max(unit, setup.max_reuse_distance / 2))
    prefetch = min(setup.prefetch_bucket_size, max(0.0, setup.max_live_parameters - kept))
    return min(float(params), kept + prefetch)


def deepspeed_buffers(s: States, w: Workload, setup: TrainingSetup, params: int,
                      gather_bytes_per: float, grad_bytes_per: float) -> States:
    """Add the ZeRO engine's buffers (module docstring) to ``s``, already sharded.

    ``gather_bytes_per`` is a gathered weight's bytes, ``grad_bytes_per`` a trained parameter's
    gradient bytes (16-bit under the mixed-precision engine, 4 under fp32).
    """
    if setup.strategy not in DEEPSPEED:
        return s
    stage = int(setup.strategy[-1])
    n = setup.gpus
    buckets = 0.0
    if s.trainable and stage >= 2:
        copies = 2 if stage == 2 and setup.overlap_comm else 1
        buckets = copies * setup.reduce_bucket_size * grad_bytes_per
    temporaries = s.temporaries
    if s.trainable and grad_bytes_per < 4 and setup.offload == "none":
        partition = s.trainable / n
        if stage == 3:
            partition = min(partition, float(setup.sub_group_size))
        temporaries = max(temporaries, 4.0 * partition)
    gathered = gathered_elements(w, params, setup) * gather_bytes_per if stage == 3 else 0.0
    if not buckets and not gathered and temporaries == s.temporaries:
        return s
    notes = (*s.notes, note("deepspeed-buffers", stage=stage, buckets=gib_text(buckets),
                            gathered=gib_text(gathered),
                            step=gib_text(temporaries - s.temporaries)))
    return replace(s, framework=s.framework + buckets + gathered, temporaries=temporaries,
                   notes=notes)
