"""Which wire carries a multi-GPU job's traffic, and how fast it really moves data.

A GPU talks to its peers over the fastest path it has: NVLink / NVSwitch / Infinity Fabric where
the card has them (bridges join only pairs or a hive of four), otherwise PCIe. Beyond one
baseboard or server (eight GPUs) the ring leaves the box and the network binds.

PCIe moves per lane and direction 0.985 GB/s at gen 3 (8 GT/s), 1.969 at gen 4 (16 GT/s), 3.938 at
gen 5 (32 GT/s) and 7.563 at gen 6 (64 GT/s, FLIT) after line encoding (PCI-SIG base
specifications 3.0-6.0: 128b/130b from gen 3). A mainstream desktop CPU gives its graphics lanes
as one x16 or x8/x8 (the build check in ``physics`` says so too), so two consumer cards get x8 each;
more than two cards need a workstation or server platform, which gives each card its own x16.

GeForce cards since the RTX 40 series have no peer-to-peer over PCIe (NVIDIA's driver reports
"CANNOT Access Peer"; NCCL then stages every transfer through host memory, its SHM transport:
NVIDIA/nccl-tests issue #117 and NVIDIA/nccl issue #814 on RTX 4090s). The same holds for the
RTX 50 series. Staging crosses the root complex twice and the CPU's memory once.

*Achieved* bandwidth is what NCCL's all-reduce reaches as "bus bandwidth" (busbw: the rate each
GPU's link carries, independent of the GPU count; nccl-tests doc/PERFORMANCE.md), as a share of
the link's one-direction peak:

- NVLink / NVSwitch 0.80: 8x A100 SXM4 230-250 GB/s of 300; H100 SXM ring without NVLS ~360 of
  450 (nccl-tests reference table in Alaya New's "NCCL-tests in practice", 2026).
- PCIe peer-to-peer 0.65: 8x H100 PCIe without NVSwitch 35-45 GB/s of 63 (same table).
- PCIe through host memory 0.25: an RTX 2080 Ti pair without P2P moves 6.1 GB/s both ways
  together on PCIe 3.0 x16, about 3 GB/s a direction of 12.3 (p2pBandwidthLatencyTest with
  P2P unavailable, AutoDL, Anthony-Hoo's "AutoDL multi-GPU interconnect test", 2025).
- Network 0.80 of the per-GPU NIC rate (one 200 Gb/s HDR port per A100 in a DGX A100, one 400 Gb/s
  NDR port per H100/H200/B200 in DGX H100/B200: NVIDIA DGX datasheets). Volta-era DGX-1 had four
  100 Gb/s ports for eight GPUs.

Every collective also costs a fixed start-up: about 12 µs on the smallest messages (2x RTX 4090
all-to-all of 8 bytes: 11.3-11.9 µs, tinygrad/open-gpu-kernel-modules issue #17).
Pure Python; no Qt, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner.core.records.specs import GpuSpec

#: GB/s per lane and direction, after encoding, by PCIe generation.
PCIE_LANE_GBS: dict[int, float] = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
#: Lanes a desktop CPU gives each of two graphics cards (x8/x8).
DESKTOP_SPLIT_LANES = 8
#: GPUs on one baseboard or in one server; beyond it the network carries the ring.
NODE_GPUS = 8

NVLINK_EFFICIENCY = 0.80
PCIE_P2P_EFFICIENCY = 0.65
PCIE_HOST_EFFICIENCY = 0.25
NETWORK_EFFICIENCY = 0.80
#: Seconds every collective costs however small its message.
COLLECTIVE_LATENCY_S = 12e-6

#: Scale-out NIC rate per GPU in GB/s (one direction) by architecture: DGX datasheets.
NETWORK_GBS: dict[str, float] = {"volta": 6.25, "ampere": 25.0, "hopper": 50.0,
                                 "blackwell": 50.0}
#: Architectures whose GeForce cards lack PCIe peer-to-peer.
NO_P2P_GEFORCE = ("ada-lovelace", "blackwell")

# Link kinds (the UI words each one).
NVLINK = "nvlink"
BRIDGE = "bridge"
PCIE_P2P = "pcie-p2p"
PCIE_HOST = "pcie-host"
NETWORK = "network"


@dataclass(frozen=True, slots=True)
class Link:
    """The wire a group of GPUs shares, as slow as its slowest hop.

    ``peak_gbs`` is the one-direction peak per GPU, ``bus_gbs`` what an all-reduce achieves on it
    (NCCL bus bandwidth). ``name`` is the vendor's name (``NVLink 3``) or ``PCIe 4.0 x8``;
    ``lanes_split`` says a desktop board split its x16 between two cards.
    """

    kind: str
    name: str
    peak_gbs: float
    bus_gbs: float
    pcie_gen: int | None = None
    pcie_lanes: int | None = None
    lanes_split: bool = False


def pcie_gbs(gen: int, lanes: int) -> float:
    """One direction's peak of a PCIe link in GB/s."""
    return PCIE_LANE_GBS.get(gen, PCIE_LANE_GBS[max(PCIE_LANE_GBS)]) * lanes


def has_p2p(gpu: GpuSpec) -> bool:
    """False for GeForce cards since the RTX 40 series: their traffic goes through host memory."""
    return not (gpu.vendor == "NVIDIA" and gpu.segment == "consumer"
                and gpu.architecture in NO_P2P_GEFORCE)


def _bridge_group(gpu: GpuSpec) -> int:
    """GPUs a bridge joins: a pair, or a hive of four where the datasheet says so."""
    text = (gpu.interconnect or "").lower()
    return 4 if "4 gpus" in text else 2


def pcie_link(gpu: GpuSpec, count: int, workstation: bool = False) -> Link | None:
    """The PCIe path between ``count`` of ``gpu`` (None when the card's lanes are not on record).

    Two consumer cards sit on a desktop board (x8/x8) unless ``workstation`` says each has x16.
    """
    if gpu.pcie_gen is None or gpu.pcie_lanes is None:
        return None
    lanes, split = gpu.pcie_lanes, False
    if (not workstation and gpu.segment == "consumer" and count == 2
            and lanes > DESKTOP_SPLIT_LANES):
        lanes, split = DESKTOP_SPLIT_LANES, True
    peak = pcie_gbs(gpu.pcie_gen, lanes)
    p2p = has_p2p(gpu)
    return Link(PCIE_P2P if p2p else PCIE_HOST, f"PCIe {gpu.pcie_gen}.0 x{lanes}", peak,
                peak * (PCIE_P2P_EFFICIENCY if p2p else PCIE_HOST_EFFICIENCY),
                gpu.pcie_gen, lanes, split)


def network_link(gpu: GpuSpec) -> Link | None:
    """The scale-out network a job beyond one server rides on (None: no rate on record)."""
    gbs = NETWORK_GBS.get(gpu.architecture)
    if gbs is None:
        return None
    return Link(NETWORK, f"{gbs * 8:g} Gb/s", gbs, gbs * NETWORK_EFFICIENCY)


def gpu_link(gpu: GpuSpec, count: int, workstation: bool = False) -> Link | None:
    """The link that binds ``count`` GPUs of one model; None for one GPU or an unknown link.

    ``workstation``: the board gives every card its full lanes (see :func:`pcie_link`).
    """
    if count <= 1:
        return None
    if count > NODE_GPUS and gpu.form_factor != "superchip":
        return network_link(gpu)
    if gpu.has_peer_link and gpu.interconnect_bandwidth_gbs:
        peak = gpu.interconnect_bandwidth_gbs / 2.0  # datasheets print both directions
        name = (gpu.interconnect or "").split(" (")[0]
        if gpu.form_factor != "pcie-card":
            return Link(NVLINK, name, peak, peak * NVLINK_EFFICIENCY)
        if count <= _bridge_group(gpu):
            return Link(BRIDGE, name, peak, peak * NVLINK_EFFICIENCY)
    return pcie_link(gpu, count, workstation)
