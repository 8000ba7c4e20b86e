"""How model states divide over N GPUs, and what CPU offload moves to host RAM.

| strategy | weights | gradients | master + optimizer state + step temporaries | extra |
|---|---|---|---|---|
| ddp | full | full | full | DDP's bucket copy of the gradients (framework) |
| zero1 | full | full | /N | |
| zero2 | full | /N | /N | |
| zero3, fsdp | /N | /N | /N | fsdp: two layers' full weights gathered (framework) |
| tp, pp | /N | /N | /N | |

ZeRO-3's gathered parameters and every ZeRO stage's buckets are DeepSpeed's own buffers,
added by :mod:`~planner.core.estimator.zero_buffers`.

Offload ``optimizer`` (ZeRO-Offload, FSDP ``CPUOffload``'s optimizer part) moves the master
weights, optimizer state and the step to the host; ``all`` also the weights and gradients
(ZeRO-3 parameter offload, FSDP ``CPUOffload(offload_params=True)``), leaving the gathered layers
on the GPU. Pure Python; no Qt, no database.
"""

from __future__ import annotations

from planner.core.estimator.memory_notes import MemoryNote, gib_text, note
from planner.core.estimator.model_states import States, largest_tensor
from planner.core.estimator.setups import TrainingSetup
from planner.core.records.precision import EstimateError
from planner.core.records.specs import Workload

#: Layers a workload without a layer count is assumed to have when sizing ZeRO-3's gather.
DEFAULT_LAYERS = 50


def gathered_layers_bytes(w: Workload, params: int, bytes_per: float,
                          grad_bytes_per: float = 0.0) -> float:
    """ZeRO-3/FSDP: the unit being computed and the prefetched next one, gathered in full.

    In backward the unit's full gradient also exists until it is reduce-scattered. A unit is a
    layer, or the embedding / LM head when that is larger (it is wrapped on its own).
    """
    layers = (w.layers or 0) + (w.decoder_layers or 0)
    if layers <= 0:
        layers = DEFAULT_LAYERS
    unit = max(params / layers, largest_tensor(w, params) if w.is_transformer else 0)
    return unit * (2 * bytes_per + grad_bytes_per)


def shard(s: States, w: Workload, setup: TrainingSetup, params: int,
          gather_bytes_per: float, grad_bytes_per: float = 0.0) -> States:
    """Divide the states over ``setup.gpus`` under ``setup.strategy`` (see the module table)."""
    n, strategy = setup.gpus, setup.strategy
    notes: list[MemoryNote] = list(s.notes)
    framework = s.framework
    weights, fwd_only, grads = s.weights, s.weights_fwd_only, s.grads
    master, state, temps = s.master, s.opt_state, s.temporaries
    if n > 1:
        if strategy == "ddp":
            framework += grads
            notes.append(note("ddp-buckets"))
        else:
            master, state, temps = master / n, state / n, temps / n
            if strategy != "zero1":
                grads /= n
            if strategy in ("zero3", "fsdp", "tp", "pp"):
                weights, fwd_only = weights / n, fwd_only / n
            if strategy == "fsdp":
                framework += gathered_layers_bytes(w, params, gather_bytes_per,
                                                   grad_bytes_per)
                notes.append(note("zero3-gather", strategy=strategy.upper()))
    elif setup.offload == "all" and strategy != "zero3":
        framework += gathered_layers_bytes(w, params, gather_bytes_per, grad_bytes_per)
    if n == 1 and framework == s.framework:
        return s
    return States(weights=weights, weights_fwd_only=fwd_only, master=master, grads=grads,
                  opt_state=state, temporaries=temps, framework=framework, host=s.host,
                  trainable=s.trainable, grads_at_once=s.grads_at_once, notes=tuple(notes))


def offload(s: States, setup: TrainingSetup) -> States:
    """Move what ``setup.offload`` names to host RAM (per GPU process)."""
    if setup.offload == "none":
        return s
    if setup.offload not in ("optimizer", "all"):
        raise EstimateError("Offload must be none, optimizer or all.")
    if setup.gpus > 1 and setup.strategy not in ("zero1", "zero2", "zero3", "fsdp"):
        raise EstimateError(f"CPU offload runs under ZeRO or FSDP, not {setup.strategy.upper()} "
                            f"over {setup.gpus} GPUs; pick zero2, zero3 or fsdp.",
                            setting="offload")
    host = s.master + s.opt_state + s.temporaries
    everything = setup.offload == "all"
    if everything:
        host += s.weights + s.grads
    return States(weights=0.0 if everything else s.weights,
                  weights_fwd_only=0.0 if everything else s.weights_fwd_only, master=0.0,
                  grads=0.0 if everything else s.grads, opt_state=0.0, temporaries=0.0,
                  framework=s.framework, host=s.host + host, trainable=s.trainable,
                  grads_at_once=s.grads_at_once,
                  notes=(*s.notes, note("offload", what=setup.offload,
                                        size=gib_text(s.host + host))))
