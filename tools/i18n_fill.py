# ruff: noqa: E501  (translation tables: long Chinese lines read better unwrapped)
"""Fill resources/i18n/*.ts from the translation tables below, then compile with lrelease.

Dev-only. Workflow: `pyside6-lupdate <ui files> -ts resources/i18n/planner_zh_CN.ts`, add new
strings to ZH_CN here (keyed by context and source), run this script. Strings without an entry stay
"unfinished" (shown in English at run time). Plural forms for English come from EN_PLURALS.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"

ZH_CN: dict[tuple[str, str], str | list[str]] = {
    # --- what would make it fit (planner/ui/panels/suggestion_text.py) ---
    ("Suggestions", "Micro-batch %batch with %accumulation× gradient accumulation "
     "(same effective batch %effective)"):
        "微批次 %batch，梯度累积 %accumulation 步（有效批次仍为 %effective）",
    ("Suggestions", "Turn on gradient checkpointing"): "开启梯度检查点",
    ("Suggestions", "Use FlashAttention / SDPA"): "使用 FlashAttention / SDPA",
    ("Suggestions", "Mixed precision (AMP BF16)"): "混合精度（AMP BF16）",
    ("Suggestions", "8-bit Adam (bitsandbytes)"): "8 位 Adam（bitsandbytes）",
    ("Suggestions", "Pure BF16 weights and optimizer state"): "纯 BF16 权重与优化器状态",
    ("Suggestions", "LoRA adapters (rank 16) instead of full fine-tuning"):
        "用 LoRA 适配器（秩 16）代替全量微调",
    ("Suggestions", "QLoRA (4-bit base, rank 16)"): "QLoRA（4 位基座，秩 16）",
    ("Suggestions", "Shard over the build's %gpus GPUs: %strategy"):
        "在本配置的 %gpus 张 GPU 上分片：%strategy",
    ("Suggestions", "Tensor-parallel over the build's %gpus GPUs"):
        "在本配置的 %gpus 张 GPU 上做张量并行",
    ("Suggestions", "FP8 KV cache"): "FP8 KV 缓存",
    ("Suggestions", "Quantize weights to %precision"): "把权重量化为 %precision",
    ("Suggestions", "Serve batch %batch"): "推理批次改为 %batch",
    ("Suggestions", "Same result per step; more, smaller steps run slower on a big GPU."):
        "每步结果相同；更多更小的步在大 GPU 上跑得更慢。",
    ("Suggestions", "About 33 % more compute (one extra forward pass)."):
        "计算量约增加 33%（多一次前向）。",
    ("Suggestions", "None on supported GPUs; usually faster."): "在支持的 GPU 上没有代价，通常更快。",
    ("Suggestions", "Needs BF16 tensor cores (Ampere or newer); usually faster."):
        "需要支持 BF16 的张量核心（Ampere 或更新）；通常更快。",
    ("Suggestions", "Optimizer state in 8 bits; matches 32-bit Adam on most fine-tunes."):
        "优化器状态用 8 位保存；多数微调效果与 32 位 Adam 相当。",
    ("Suggestions", "No fp32 master weights: small updates can be lost; use with care."):
        "没有 FP32 主权重：微小的更新可能丢失，请谨慎使用。",
    ("Suggestions", "Trains ~0.1–1 % of the weights; close to full fine-tuning on many tasks."):
        "只训练约 0.1–1% 的权重；许多任务上接近全量微调。",
    ("Suggestions", "Base weights in 4-bit NF4; slower steps from dequantization."):
        "基座权重为 4 位 NF4；反量化使每步变慢。",
    ("Suggestions", "Shards optimizer state and gradients; same traffic as DDP."):
        "切分优化器状态和梯度；通信量与 DDP 相同。",
    ("Suggestions", "Shards everything; ~1.5× DDP's communication."):
        "全部切分；通信量约为 DDP 的 1.5 倍。",
    ("Suggestions", "Splits every layer; needs fast links (NVLink) to scale."):
        "拆分每一层；需要高速互联（NVLink）才能扩展。",
    ("Suggestions", "Halves the cache; small quality loss on long contexts."):
        "缓存减半；长上下文下质量略有损失。",
    ("Suggestions", "int8: near-lossless; int4 (GPTQ/AWQ): small quality loss."):
        "int8：几乎无损；int4（GPTQ/AWQ）：质量略有损失。",
    ("Suggestions", "Lower throughput."): "吞吐量降低。",
    ("SlotCard", "not in your catalog"): "不在你的目录中",
    ("SlotCard", "This GPU is not in your catalog: its figures come from the file."):
        "此 GPU 不在你的目录中：其参数来自文件。",
    ("MainWindow", "GPUs Not in Your Catalog"): "目录中没有的 GPU",
    ("MainWindow", "This build uses GPUs your catalog does not have: %1. Add them to your "
     "catalog as your own GPUs?"):
        "此配置使用了你的目录中没有的 GPU：%1。要把它们作为自定义 GPU 加入你的目录吗？",
    ("MainWindow", "Cannot Add GPU"): "无法添加 GPU",
    ("BuildCanvas", "Build"): "配置",
    ("BuildWarnings", "%1 has no NVLink or Infinity Fabric: GPUs exchange gradients over PCIe, "
     "which slows multi-GPU training."):
        "%1 没有 NVLink 或 Infinity Fabric：GPU 之间通过 PCIe 交换梯度，会拖慢多卡训练。",
    ("BuildWarnings", "The build mixes GPU architectures: data-parallel training runs at the pace "
     "of the slowest card and the smallest memory binds."):
        "此配置混用了不同的 GPU 架构：数据并行训练以最慢的卡为准，显存以最小的卡为限。",
    ("BuildWarnings", "The build mixes vendors: CUDA and ROCm cannot share one training job."):
        "此配置混用了不同厂商：CUDA 与 ROCm 无法在同一个训练任务中协同工作。",
    ("BuildWarnings", "%1 is %2 on current ROCm: PyTorch may not run on it."):
        "%1 在当前 ROCm 上属于“%2”：PyTorch 可能无法在其上运行。",
    ("BuildWarnings", "%1 is a server module (SXM/OAM): it needs a vendor server baseboard "
     "(e.g. HGX), not a desktop."):
        "%1 是服务器模块（SXM/OAM）：需要厂商的服务器基板（如 HGX），不能装在台式机里。",
    ("BuildWarnings", "%1 is passively cooled: it needs a server chassis with front-to-back "
     "airflow."):
        "%1 为被动散热：需要具备前进后出风道的服务器机箱。",
    ("BuildWarnings", "The cards need %1 expansion slots; an ATX board has %2. Use a server "
     "chassis, blower or water-cooled cards, or risers."):
        "这些显卡共需 %1 个扩展槽位，而 ATX 主板只有 %2 个。请使用服务器机箱、涡轮或水冷显卡，或延长线。",
    ("BuildWarnings", "The cards want %1 PCIe lanes; a mainstream desktop CPU gives %2 (x8/x8 for "
     "two cards). A workstation platform (Threadripper, Xeon W, EPYC) gives each card its x16."):
        "这些显卡需要 %1 条 PCIe 通道，主流桌面 CPU 只提供 %2 条（两卡时为 x8/x8）。"
        "工作站平台（Threadripper、Xeon W、EPYC）可为每张卡提供 x16。",
    ("BuildWarnings", "The cards need %1 16-pin (12V-2×6) connectors; few PSUs have more than two "
     "native ones."):
        "这些显卡需要 %1 个 16 针（12V-2×6）供电接口，很少有电源原生提供两个以上。",
    ("BuildWarnings", "The system draws about %1 W: no single ATX PSU covers it at 80 % load; plan "
     "for redundant server PSUs."):
        "整机功耗约 %1 W：没有单个 ATX 电源能在 80% 负载内承担，请考虑冗余服务器电源。",
    ("BuildWarnings", "About %1 W exceeds what one %2 wall circuit carries continuously (%3 W)."):
        "约 %1 W 超出了单条 %2 墙壁电路的持续承载能力（%3 W）。",
    ("BuildWarnings", "Cards with different memory: sharded and replicated jobs are bound by the "
     "smallest card."):
        "显卡显存大小不一：分片与复制的任务都受限于显存最小的那张卡。",
    ("BuildWarnings", "unsupported"): "不支持",
    ("BuildWarnings", "unofficially supported"): "非官方支持",
    ("CardList", "Drag GPUs here from the catalog\n(or double-click one there)"):
        "从目录把 GPU 拖到这里\n（或在目录中双击）",
    ("CatalogModel", "Name"): "名称",
    ("CatalogModel", "Vendor"): "厂商",
    ("CatalogModel", "Architecture"): "架构",
    ("CatalogModel", "VRAM (GB)"): "显存 (GB)",
    ("CatalogModel", "Bandwidth (GB/s)"): "带宽 (GB/s)",
    ("CatalogModel", "TDP (W)"): "TDP (W)",
    ("CatalogModel", "FP16 TFLOPS"): "FP16 TFLOPS",
    ("CatalogModel", "Price (USD)"): "价格（美元）",
    ("CatalogModel", "Memory capacity as the vendor states it"): "厂商标称的显存容量",
    ("CatalogModel", "Memory bandwidth, 10⁹ bytes per second"): "显存带宽，每秒 10⁹ 字节",
    ("CatalogModel", "Board power (total graphics power)"): "板卡功耗（整卡功耗）",
    ("CatalogModel", "Dense FP16 tensor throughput with FP32 accumulate, no sparsity"):
        "FP16 张量算力（稠密、FP32 累加、不含稀疏）",
    ("CatalogModel", "Dated street price in US dollars, else the launch price"):
        "注明日期的美元市场价，没有则用首发价",
    ("CatalogModel", " (custom)"): "（自定义）",
    ("CatalogModel", "Street price as of %1 — source: %2"): "%1 的市场价 — 来源：%2",
    ("CatalogModel", "Launch price — source: %1"): "首发价 — 来源：%1",
    ("CatalogModel", "No price known"): "价格未知",
    ("CatalogModel", "Not stated by any source, or the chip lacks it"): "没有来源给出此数值，或芯片不支持",
    ("CatalogModel", "Source: %1"): "来源：%1",
    ("CatalogModel", "Entered by you"): "由你输入",
    ("CatalogPanel", "Search GPUs (e.g. 4090 rtx, hopper, mi300)"): "搜索 GPU（如 4090 rtx、hopper、mi300）",
    ("CatalogPanel", "Search the catalog"): "搜索目录",
    ("CatalogPanel", "Vendor"): "厂商",
    ("CatalogPanel", "Architecture"): "架构",
    ("CatalogPanel", " GB"): " GB",
    ("CatalogPanel", "Any VRAM"): "显存不限",
    ("CatalogPanel", "At least this much memory per GPU"): "每张 GPU 的最小显存",
    ("CatalogPanel", "Any price"): "价格不限",
    ("CatalogPanel", "At most this price per GPU (US dollars); GPUs without a known price are "
     "hidden while set"): "每张 GPU 的最高价格（美元）；设置后将隐藏价格未知的 GPU",
    ("CatalogPanel", " W"): " W",
    ("CatalogPanel", "Any power"): "功耗不限",
    ("CatalogPanel", "At most this board power per GPU"): "每张 GPU 的最大板卡功耗",
    ("CatalogPanel", "GPU catalog"): "GPU 目录",
    ("CatalogPanel", "Drag a GPU onto the build, or double-click it"): "把 GPU 拖入配置，或双击它",
    ("CatalogPanel", "Number of GPUs shown"): "显示的 GPU 数量",
    ("CatalogPanel", "Loading the catalog…"): "正在加载目录…",
    ("CatalogPanel", "All vendors"): "所有厂商",
    ("CatalogPanel", "All architectures"): "所有架构",
    ("CatalogPanel", "%1 of %2 GPUs"): "%1 / %2 个 GPU",
    ("CatalogPanel", "Add to Build"): "加入配置",
    ("CatalogPanel", "Edit GPU…"): "编辑 GPU…",
    ("CatalogPanel", "Add Custom GPU…"): "添加自定义 GPU…",
    ("CustomGpuDialog", "Edit GPU"): "编辑 GPU",
    ("CustomGpuDialog", "Add Custom GPU"): "添加自定义 GPU",
    ("CustomGpuDialog", "Consumer"): "消费级",
    ("CustomGpuDialog", "Workstation"): "工作站",
    ("CustomGpuDialog", "Data centre"): "数据中心",
    ("CustomGpuDialog", "PCIe card"): "PCIe 卡",
    ("CustomGpuDialog", "SXM module"): "SXM 模块",
    ("CustomGpuDialog", "OAM module"): "OAM 模块",
    ("CustomGpuDialog", "Superchip"): "超级芯片",
    ("CustomGpuDialog", " GB"): " GB",
    ("CustomGpuDialog", " GB/s"): " GB/s",
    ("CustomGpuDialog", " W"): " W",
    ("CustomGpuDialog", "Optional: a datasheet link or document title"): "可选：规格书链接或文档标题",
    ("CustomGpuDialog", "Name"): "名称",
    ("CustomGpuDialog", "Vendor"): "厂商",
    ("CustomGpuDialog", "Architecture"): "架构",
    ("CustomGpuDialog", "Segment"): "定位",
    ("CustomGpuDialog", "Form factor"): "形态",
    ("CustomGpuDialog", "Memory"): "显存",
    ("CustomGpuDialog", "Memory type"): "显存类型",
    ("CustomGpuDialog", "Memory bandwidth"): "显存带宽",
    ("CustomGpuDialog", "Board power"): "板卡功耗",
    ("CustomGpuDialog", "FP16 tensor (dense)"): "FP16 张量（稠密）",
    ("CustomGpuDialog", "Price (USD)"): "价格（美元）",
    ("CustomGpuDialog", "Source"): "来源",
    ("CustomGpuDialog", "unknown"): "未知",
    ("CustomGpuDialog", "Give the GPU a name."): "请为这张 GPU 起个名字。",
    ("CustomGpuDialog", "Choose an architecture or type its name."): "请选择架构或输入架构名称。",
    ("CustomGpuDialog", "Memory must be more than 0 GB."): "显存必须大于 0 GB。",
    ("CustomGpuDialog", "Bandwidth must be at least %1 GB/s (in GB/s, not TB/s)."):
        "带宽至少为 %1 GB/s（单位是 GB/s，不是 TB/s）。",
    ("CustomGpuDialog", "Board power must be at least %1 W."): "板卡功耗至少为 %1 W。",
    ("DocumentFiles", "Unsaved Changes"): "未保存的更改",
    ("DocumentFiles", "Save the changes to “%1” before closing it?"): "关闭前是否保存对“%1”的更改？",
    ("DocumentFiles", "Untitled build"): "未命名配置",
    ("DocumentFiles", "Open Build"): "打开配置",
    ("DocumentFiles", "GPU builds (*.gpubuild);;All files (*)"): "GPU 配置 (*.gpubuild);;所有文件 (*)",
    ("DocumentFiles", "Cannot Open Build"): "无法打开配置",
    ("DocumentFiles", "“%1” could not be read: %2."): "无法读取“%1”：%2。",
    ("DocumentFiles", "Opened %1."): "已打开 %1。",
    ("DocumentFiles", "%n GPU(s) in the file are not in your catalog; their figures come from "
     "the file."): ["文件中有 %n 个 GPU 不在你的目录里；其参数取自文件。"],
    ("DocumentFiles", "Figures Differ"): "参数不一致",
    ("DocumentFiles", "Some figures in “%1” differ from your catalog. The build keeps the file's "
     "figures."): "“%1”中的部分参数与你的目录不同。配置保留文件中的参数。",
    ("DocumentFiles", "Save Build As"): "配置另存为",
    ("DocumentFiles", "GPU builds (*.gpubuild)"): "GPU 配置 (*.gpubuild)",
    ("DocumentFiles", "Cannot Save Build"): "无法保存配置",
    ("DocumentFiles", "Saved %1."): "已保存 %1。",
    ("DocumentFiles", "last saved as %1"): "上次保存为 %1",
    ("DocumentFiles", "never saved"): "从未保存",
    ("DocumentFiles", "GPU Build Planner did not close properly. Recover the build “%1” (%2), "
     "autosaved %3?"): "GPU 配置规划器上次未正常关闭。是否恢复配置“%1”（%2），自动保存于 %3？",
    ("DocumentFiles", "Recover Unsaved Build"): "恢复未保存的配置",
    ("DocumentFiles", "Recover Autosaved Build"): "恢复自动保存的配置",
    ("DocumentFiles", "Recovered “%1”. Save it to keep it."): "已恢复“%1”。请保存以免丢失。",
    ("DocumentFiles", "Clear Menu"): "清除菜单",
    ("Edits", "Add %1"): "添加 %1",
    ("Edits", "Add %n GPU(s)"): ["添加 %n 个 GPU"],
    ("Edits", "Change count of %1"): "修改 %1 的数量",
    ("Edits", "Remove %1"): "移除 %1",
    ("Edits", "Move %1"): "移动 %1",
    ("MainWindow", "Catalog"): "目录",
    ("MainWindow", "GPU Build Planner"): "GPU 配置规划器",
    ("MainWindow", "Loading…"): "正在加载…",
    ("MainWindow", "&Undo %1"): "撤销“%1”(&U)",
    ("MainWindow", "&Redo %1"): "重做“%1”(&R)",
    ("MainWindow", "&New"): "新建(&N)",
    ("MainWindow", "&Open…"): "打开(&O)…",
    ("MainWindow", "&Save"): "保存(&S)",
    ("MainWindow", "Save &As…"): "另存为(&A)…",
    ("MainWindow", "&Export PDF…"): "导出 PDF(&E)…",
    ("MainWindow", "Ctrl+E"): "Ctrl+E",
    ("MainWindow", "&Print…"): "打印(&P)…",
    ("MainWindow", "&Quit"): "退出(&Q)",
    ("MainWindow", "&Undo"): "撤销(&U)",
    ("MainWindow", "&Redo"): "重做(&R)",
    ("MainWindow", "&Find GPU"): "查找 GPU(&F)",
    ("MainWindow", "Add &Custom GPU…"): "添加自定义 GPU(&C)…",
    ("MainWindow", "&Recommend…"): "推荐配置(&R)…",
    ("MainWindow", "Ctrl+R"): "Ctrl+R",
    ("MainWindow", "Find the cheapest builds that fit the tracked workloads"):
        "寻找能容纳所跟踪工作负载的最便宜配置",
    ("MainWindow", "&Reset Layout"): "重置布局(&R)",
    ("MainWindow", "&About GPU Build Planner"): "关于 GPU 配置规划器(&A)",
    ("MainWindow", "About &Qt"): "关于 &Qt",
    ("MainWindow", "&File"): "文件(&F)",
    ("MainWindow", "Open &Recent"): "最近打开(&R)",
    ("MainWindow", "&Edit"): "编辑(&E)",
    ("MainWindow", "&View"): "视图(&V)",
    ("MainWindow", "&Tools"): "工具(&T)",
    ("MainWindow", "&Help"): "帮助(&H)",
    ("MainWindow", "Main"): "主工具栏",
    ("MainWindow", "%n GPU(s)"): ["%n 个 GPU"],
    ("MainWindow", "catalog %1"): "目录版本 %1",
    ("MainWindow", "Not available in this version"): "此版本不提供该功能",
    ("MainWindow", "The report module is not available in this version"): "此版本不含报告模块",
    ("MainWindow", "About GPU Build Planner"): "关于 GPU 配置规划器",
    ("MainWindow", "<h3>GPU Build Planner %1</h3><p>Plan GPU builds for machine learning: VRAM "
     "fit, energy, cost and side-by-side comparison.</p><p>Every figure in the catalog names its "
     "source; hover over it to see which.</p>"):
        "<h3>GPU 配置规划器 %1</h3><p>为机器学习规划 GPU 配置：显存是否够用、能耗、成本与并排对比。"
        "</p><p>目录中的每个数值都注明了来源；将鼠标悬停其上即可查看。</p>",
    ("MainWindow", "%1[*] — GPU Build Planner"): "%1[*] — GPU 配置规划器",
    ("PanelDocks", "VRAM Headroom"): "显存余量",
    ("PanelDocks", "Workloads"): "工作负载",
    ("PanelDocks", "Energy and Cost"): "能耗与成本",
    ("PanelDocks", "Comparison"): "对比",
    ("ReportActions", "Export PDF"): "导出 PDF",
    ("ReportActions", "PDF files (*.pdf)"): "PDF 文件 (*.pdf)",
    ("ReportActions", "Cannot Export PDF"): "无法导出 PDF",
    ("ReportActions", "Cannot Print"): "无法打印",
    ("SlotCard", "Number of cards"): "显卡数量",
    ("SlotCard", "How many of this GPU (1–64)"): "此 GPU 的数量（1–64）",
    ("SlotCard", "Remove from the build (Delete)"): "从配置中移除（Delete）",
    ("SlotCard", "Remove"): "移除",
    ("SlotCard", "%1 GB"): "%1 GB",
    ("SlotCard", "%1 W"): "%1 W",
    ("SlotCard", "price unknown"): "价格未知",
    ("SlotCard", "%1, %2 cards"): "%1，%2 张",
    ("TotalsBar", "GPUs"): "GPU 数",
    ("TotalsBar", "Total VRAM"): "总显存",
    ("TotalsBar", "Smallest GPU"): "最小单卡显存",
    ("TotalsBar", "GPU power"): "GPU 功耗",
    ("TotalsBar", "System power"): "整机功耗",
    ("TotalsBar", "Recommended PSU"): "建议电源",
    ("TotalsBar", "Price"): "价格",
    ("TotalsBar", "GPUs plus about %1 W for the rest of the computer"): "GPU 加上其余部件约 %1 W",
    ("TotalsBar", "Build warnings"): "配置警告",
    ("TotalsBar", "Smallest common rating that keeps the load at or under 80 %"):
        "让负载不超过 80% 的最小常见额定功率",
    ("TotalsBar", "server PSUs"): "服务器电源",
    ("TotalsBar", "Converted from US dollars at the rates of %1"): "按 %1 的汇率由美元换算",
    ("TotalsBar", "Launch or street prices in US dollars"): "美元首发价或市场价",
    ("TotalsBar", "(+%n unpriced)"): ["（另有 %n 张无价格）"],
    # --- analysis panels ----------------------------------------------------------------------
    ("Verdict", "fits"): "够用",
    ("Verdict", "tight"): "紧张",
    ("Verdict", "does not fit"): "放不下",
    ("Verdict", "no GPU"): "无 GPU",
    ("Verdict", "error"): "出错",
    ("Units", "%1 GiB"): "%1 GiB",
    ("HeadroomPanel", "GiB per GPU"): "每张 GPU 的 GiB",
    ("HeadroomPanel", "train"): "训练",
    ("HeadroomPanel", "infer"): "推理",
    ("HeadroomPanel", "%1 (no GPU)"): "%1（无 GPU）",
    ("HeadroomPanel", "%1 · %2 / %3"): "%1 · %2 / %3",
    ("HeadroomPanel", "Track workloads to see whether they fit this build."):
        "添加要跟踪的工作负载，看看此配置能否容纳它们。",
    ("HeadroomPanel", "Add GPUs to the build to place these workloads."):
        "向配置中添加 GPU 以放置这些工作负载。",
    ("HeadroomPanel", "%1 of %2 workloads fit; per GPU on %3 GPU(s), bound by %4."):
        "%2 个工作负载中有 %1 个放得下；按 %3 张 GPU 的单卡显存计，受限于 %4。",
    ("HeadroomPanel", "Weights"): "权重",
    ("HeadroomPanel", "Gradients"): "梯度",
    ("HeadroomPanel", "Optimizer state"): "优化器状态",
    ("HeadroomPanel", "Activations"): "激活值",
    ("HeadroomPanel", "KV cache"): "KV 缓存",
    ("HeadroomPanel", "Master weights"): "主权重",
    ("HeadroomPanel", "Optimizer step temporaries"): "优化器步骤临时缓冲",
    ("HeadroomPanel", "Logits and loss"): "logits 与损失",
    ("HeadroomPanel", "Framework (CUDA context, buffers, allocator)"):
        "框架开销（CUDA 上下文、缓冲区、分配器）",
    ("HeadroomPanel", "training"): "训练",
    ("HeadroomPanel", "inference"): "推理",
    ("HeadroomPanel", "Per GPU on %1: %2 of %3 usable"): "%1 单卡：已用 %2，可用 %3",
    ("HeadroomPanel", "Estimate from %1, ±%2 % (%3 – %4); peak at %5."):
        "估算依据：%1，±%2%（%3 – %4）；峰值出现在 %5。",
    ("HeadroomPanel", "Make %1 fit: %2"): "让 %1 放得下：%2",
    ("HeadroomPanel", "%1: %2"): "%1：%2",
    ("HeadroomPanel", "%1 does not fit, and no single change makes it fit: add GPUs or choose "
     "cards with more memory."):
        "%1 放不下，且没有任何单项调整能让它放下：请增加 GPU，或选择显存更大的显卡。",
    ("HeadroomPanel", "%1 does not fit. What would make it fit:"): "%1 放不下。以下调整可让它放下：",
    ("HeadroomPanel", "%1 → %2"): "%1 → %2",
    ("WorkloadsPanel", "Search models…"): "搜索模型…",
    ("WorkloadsPanel", "Add"): "添加",
    ("WorkloadsPanel", "From config.json…"): "从 config.json…",
    ("WorkloadsPanel", "Size your own model from its Hugging Face config.json (or drop the file "
     "here)"): "根据 Hugging Face 的 config.json 估算你自己的模型（也可把文件拖到这里）",
    ("WorkloadsPanel", "Model"): "模型",
    ("WorkloadsPanel", "Per GPU"): "单卡",
    ("WorkloadsPanel", "Memory per GPU and whether it fits"): "每张 GPU 的显存占用及是否放得下",
    ("WorkloadsPanel", "Task"): "任务",
    ("WorkloadsPanel", "Precision"): "精度",
    ("WorkloadsPanel", "Batch"): "批大小",
    ("WorkloadsPanel", "Micro-batch per GPU"): "每张 GPU 的微批大小",
    ("WorkloadsPanel", "Seq / px"): "序列/像素",
    ("WorkloadsPanel", "Sequence length in tokens, or image side in pixels"):
        "序列长度（token 数），或图像边长（像素）",
    ("WorkloadsPanel", "Optimizer"): "优化器",
    ("WorkloadsPanel", "Ckpt"): "检查点",
    ("WorkloadsPanel", "Gradient checkpointing"): "梯度检查点",
    ("WorkloadsPanel", "Accum."): "累积",
    ("WorkloadsPanel", "Gradient accumulation steps"): "梯度累积步数",
    ("WorkloadsPanel", "Attention"): "注意力",
    ("WorkloadsPanel", "Parallel"): "并行",
    ("WorkloadsPanel", "How the workload is split over the GPUs"): "工作负载如何在各 GPU 间切分",
    ("WorkloadsPanel", "Adapter"): "适配器",
    ("WorkloadsPanel", "Full fine-tuning, LoRA or QLoRA"): "全量微调、LoRA 或 QLoRA",
    ("WorkloadsPanel", "Rank"): "秩",
    ("WorkloadsPanel", "LoRA rank"): "LoRA 秩",
    ("WorkloadsPanel", "No workloads yet: pick a model above, or drop a Hugging Face config.json "
     "here."): "还没有工作负载：请在上方选择模型，或把 Hugging Face 的 config.json 拖到这里。",
    ("WorkloadsPanel", "Pick a model from the list."): "请从列表中选择模型。",
    ("WorkloadsPanel", "Track %1"): "跟踪 %1",
    ("WorkloadsPanel", "Stop tracking %1"): "停止跟踪 %1",
    ("WorkloadsPanel", "Open a Hugging Face config.json"): "打开 Hugging Face 的 config.json",
    ("WorkloadsPanel", "Model configuration (*.json)"): "模型配置 (*.json)",
    ("WorkloadsPanel", "%1 could not be read (%2)."): "无法读取 %1（%2）。",
    ("WorkloadsPanel", "%1 is not valid JSON (line %2)."): "%1 不是有效的 JSON（第 %2 行）。",
    ("WorkloadsPanel", "Change %1 of %2"): "修改 %2 的 %1",
    ("WorkloadsPanel", "Training"): "训练",
    ("WorkloadsPanel", "Inference"): "推理",
    ("WorkloadsPanel", "default"): "默认",
    ("WorkloadsPanel", "Flash / SDPA"): "Flash / SDPA",
    ("WorkloadsPanel", "Eager"): "Eager",
    ("WorkloadsPanel", "Full"): "全量",
    ("WorkloadsPanel", "LoRA"): "LoRA",
    ("WorkloadsPanel", "QLoRA"): "QLoRA",
    ("WorkloadsPanel", "Stop tracking this workload"): "停止跟踪此工作负载",
    ("WorkloadsPanel", "%1 · %2"): "%1 · %2",
    ("WorkloadsPanel", "Per GPU over the build's %n GPU(s)"): ["按配置中的 %n 张 GPU 计算的单卡占用"],
    ("AssumptionsForm", " h/day"): " 小时/天",
    ("AssumptionsForm", " years"): " 年",
    ("AssumptionsForm", "Change hours per day"): "修改每天使用时长",
    ("AssumptionsForm", "Change utilization"): "修改利用率",
    ("AssumptionsForm", "Change PUE"): "修改 PUE",
    ("AssumptionsForm", "Change electricity price"): "修改电价",
    ("AssumptionsForm", "Change currency"): "修改货币",
    ("AssumptionsForm", "Change grid carbon region"): "修改电网碳排放地区",
    ("AssumptionsForm", "Change years"): "修改年限",
    ("AssumptionsForm", "Use"): "使用时长",
    ("AssumptionsForm", "Utilization"): "利用率",
    ("AssumptionsForm", "Tariff"): "电价方案",
    ("AssumptionsForm", "Price per kWh"): "每千瓦时价格",
    ("AssumptionsForm", "Currency"): "货币",
    ("AssumptionsForm", "PUE"): "PUE",
    ("AssumptionsForm", "Grid carbon"): "电网碳排放",
    ("AssumptionsForm", "Horizon"): "时间跨度",
    ("EnergyPanel", "Assumptions"): "假设条件",
    ("EnergyPanel", "GPU"): "GPU",
    ("EnergyPanel", "Count"): "数量",
    ("EnergyPanel", "kWh / year"): "kWh / 年",
    ("EnergyPanel", "Cost / year"): "费用 / 年",
    ("EnergyPanel", "CO₂ kg / year"): "CO₂ kg / 年",
    ("EnergyPanel", "Heat BTU/h"): "发热 BTU/h",
    ("EnergyPanel", "A year of use"): "一年的使用",
    ("EnergyPanel", "Years"): "年",
    ("EnergyPanel", "Own (purchase + electricity)"): "自购（购置 + 电费）",
    ("EnergyPanel", "Rent the cloud instance"): "租用云实例",
    ("AssumptionsForm", "Custom price"): "自定义电价",
    ("AssumptionsForm", "Not counted"): "不计入",
    ("AssumptionsForm", "Change tariff"): "修改电价方案",
    ("AssumptionsForm", "Change assumptions"): "修改假设",
    ("AssumptionsForm", "Average share of board power drawn while a job runs (100 %: at TDP)"):
        "任务运行时平均消耗的板卡功耗比例（100 %：满 TDP）",
    ("AssumptionsForm", "Power usage effectiveness: 1.0 at home, about 1.4–1.6 in a typical "
     "data centre"): "电能使用效率（PUE）：家用为 1.0，典型数据中心约 1.4–1.6",
    ("EnergyPanel", "break-even: %1 months"): "回本：%1 个月",
    ("ComparisonPanel", "tokens/s"): "token/秒",
    ("ComparisonPanel", "samples/s"): "样本/秒",
    ("ComparisonPanel", "Speed: %1 (%2)"): "速度：%1（%2）",
    ("ComparisonPanel", "Estimated for the build's %1 GPU(s) of this card: training at %2 % of "
     "the card's peak dense tensor throughput (model FLOPs utilisation), decoding at %3 % of its "
     "memory bandwidth. Shown only where the workload fits."):
        "按本配置的 %1 张该型号 GPU 估算：训练按该卡稠密张量峰值算力的 %2 %（模型 FLOPs 利用率），"
        "解码按其显存带宽的 %3 %。仅在放得下时显示。",
    ("HeadroomPanel", "Changes that would make a workload fit appear here."):
        "能让工作负载放得下的调整会显示在这里。",
    ("HeadroomPanel", "Add GPUs to see which changes would make each workload fit."):
        "添加 GPU 后，这里会显示让各工作负载放得下的调整。",
    ("HeadroomPanel", "Every tracked workload fits this build: nothing to change."):
        "所有跟踪的工作负载都放得下：无需调整。",
    ("MainWindow", "&Preferences…"): "偏好设置(&P)…",
    ("MainWindow", "Use the edited figures of %1"): "采用 %1 修改后的参数",
    ("PreferencesDialog", "Preferences"): "偏好设置",
    ("PreferencesDialog", "Use the Open Build's Assumptions"): "采用当前配置的假设",
    ("PreferencesDialog", "New builds start with"): "新建配置的默认假设",
    ("PreferencesDialog", "An open build keeps its own assumptions; they are saved in its file."):
        "已打开的配置保留自己的假设，并随文件保存。",
    ("PreferencesDialog", "Follow the system"): "跟随系统",
    ("PreferencesDialog", "Light"): "浅色",
    ("PreferencesDialog", "Dark"): "深色",
    ("PreferencesDialog", "A new language takes effect when the app starts again."):
        "新的语言在下次启动应用时生效。",
    ("PreferencesDialog", "Appearance"): "外观",
    ("PreferencesDialog", "Colours"): "配色",
    ("PreferencesDialog", "Language"): "语言",
    ("SlotCard", "launch MSRP"): "首发建议零售价",
    ("SlotCard", "Figures from: %1\nPrice: %2"): "参数来源：%1\n价格：%2",
    ("SlotCard", "unknown"): "未知",
    ("ComparisonSheet", "Headroom: %1"): "余量：%1",
    ("ComparisonSheet", "Speed: %1"): "速度：%1",
    ("EnergyPanel", "Rent %1"): "租用 %1",
    ("AssumptionsForm", "Change the cloud instance compared"): "修改对比的云实例",
    ("AssumptionsForm", "Rent instead"): "改为租用",
    ("AssumptionsForm", "Same GPU, cheapest on record"): "同款 GPU，记录中最便宜的",
    ("EnergyPanel", "The cards plus the rest of the computer, at the wall"):
        "显卡加上整机其余部分，按墙插计",
    ("EnergyPanel", "idle %1 W"): "空闲 %1 W",
    ("EnergyPanel", "idle power unknown (counted as 0 W)"): "空闲功耗未知（按 0 W 计）",
    ("EnergyPanel", "Board power %1 W, %2\nSource: %3"): "板卡功耗 %1 W，%2\n来源：%3",
    ("TotalsBar", "Cards in the build"): "配置中的显卡数",
    ("TotalsBar", "Memory of every card, as its datasheet states it"): "每张卡的显存，以其规格书为准",
    ("TotalsBar", "The smallest card bounds what each GPU can hold when work is split evenly"):
        "均分任务时，每张 GPU 能放下多少由显存最小的卡决定",
    ("TotalsBar", "Board power (TDP) of every card, from its datasheet"):
        "每张卡的板卡功耗（TDP），来自其规格书",
    ("WorkloadsPanel", "Data parallel (DDP): a full copy on every GPU"):
        "数据并行（DDP）：每张 GPU 上一份完整副本",
    ("WorkloadsPanel", "ZeRO-1: optimizer state sharded over the GPUs"):
        "ZeRO-1：优化器状态在各 GPU 间分片",
    ("WorkloadsPanel", "ZeRO-2: optimizer state and gradients sharded"):
        "ZeRO-2：优化器状态与梯度分片",
    ("WorkloadsPanel", "ZeRO-3: weights, gradients and optimizer state sharded"):
        "ZeRO-3：权重、梯度与优化器状态全部分片",
    ("WorkloadsPanel", "FSDP (full shard): weights, gradients and optimizer state sharded"):
        "FSDP（完全分片）：权重、梯度与优化器状态全部分片",
    ("WorkloadsPanel", "Tensor parallel: each layer split over the GPUs"):
        "张量并行：每一层拆分到各 GPU",
    ("WorkloadsPanel", "Pipeline parallel: consecutive layers on each GPU"):
        "流水线并行：每张 GPU 放连续的若干层",
    ("WorkloadsPanel", "Replicas"): "多副本",
    ("WorkloadsPanel", "A full copy of the model on every GPU, each serving its own requests"):
        "每张 GPU 上一份完整模型，各自处理自己的请求",
    ("EnergyPanel", "Build (with host)"): "整机（含主机）",
    ("EnergyPanel", "%1 kWh under load, %2 kWh idle"): "负载 %1 kWh，空闲 %2 kWh",
    ("EnergyPanel", "Tariff: %1 (%2)."): "电价：%1（%2）。",
    ("EnergyPanel", "your price"): "你设定的价格",
    ("EnergyPanel", "Purchase: %1."): "购置：%1。",
    ("EnergyPanel", "Idle power unknown for some cards (counted as 0 W)."):
        "部分显卡的空闲功耗未知（按 0 W 计）。",
    ("EnergyPanel", "No cloud instance rents this GPU in the catalog."): "目录中没有出租此 GPU 的云实例。",
    ("EnergyPanel", "Renting %1 × %2 (%3): %4 per hour, %5 per year."):
        "租用 %1 × %2（%3）：每小时 %4，每年 %5。",
    ("EnergyPanel", "No price is known for these cards, so no break-even."):
        "这些显卡价格未知，因此无法计算回本点。",
    ("EnergyPanel", "Renting stays cheaper than owning at these prices."): "按这些价格，租用始终比自购便宜。",
    ("EnergyPanel", "Owning pays off after %1 hours of use (about %2 months)."):
        "自购在使用 %1 小时后回本（约 %2 个月）。",
    ("EnergyPanel", "Cumulative cost"): "累计成本",
    ("EnergyPanel", "break-even"): "回本点",
    ("ComparisonPanel", "Add a GPU…"): "添加 GPU…",
    ("ComparisonPanel", "Add an architecture…"): "添加架构…",
    ("ComparisonPanel", "GPUs"): "GPU",
    ("ComparisonPanel", "Architectures"): "架构",
    ("ComparisonPanel", "Add GPUs to the build, or pick them here, to compare two to four side "
     "by side."): "向配置中添加 GPU，或在这里选择，即可并排对比二到四款。",
    ("ComparisonPanel", "Headroom: %1"): "余量：%1",
    ("ComparisonPanel", "Memory"): "显存",
    ("ComparisonPanel", "Memory type"): "显存类型",
    ("ComparisonPanel", "Memory bandwidth"): "显存带宽",
    ("ComparisonPanel", "FP32"): "FP32",
    ("ComparisonPanel", "FP16 tensor (dense)"): "FP16 张量（稠密）",
    ("ComparisonPanel", "BF16 tensor (dense)"): "BF16 张量（稠密）",
    ("ComparisonPanel", "FP8 tensor (dense)"): "FP8 张量（稠密）",
    ("ComparisonPanel", "INT8 tensor (dense)"): "INT8 张量（稠密）",
    ("ComparisonPanel", "Architecture"): "架构",
    ("ComparisonPanel", "Process"): "制程",
    ("ComparisonPanel", "BF16 support"): "支持 BF16",
    ("ComparisonPanel", "FP8 support"): "支持 FP8",
    ("ComparisonPanel", "FP4 support"): "支持 FP4",
    ("ComparisonPanel", "Transformer Engine"): "Transformer Engine",
    ("ComparisonPanel", "2:4 structured sparsity"): "2:4 结构化稀疏",
    ("ComparisonPanel", "GPU-to-GPU link"): "GPU 互联",
    ("ComparisonPanel", "Link bandwidth"): "互联带宽",
    ("ComparisonPanel", "Board power (TDP)"): "板卡功耗（TDP）",
    ("ComparisonPanel", "Price"): "价格",
    ("ComparisonPanel", "FP16 TFLOPS per $1,000"): "每 1,000 美元的 FP16 TFLOPS",
    ("ComparisonPanel", "FP16 GFLOPS per watt"): "每瓦 FP16 GFLOPS",
    ("ComparisonPanel", "Vendor"): "厂商",
    ("ComparisonPanel", "Launched"): "发布年份",
    ("ComparisonPanel", "Matrix units"): "矩阵单元",
    ("ComparisonPanel", "Features"): "特性",
    ("ComparisonPanel", "yes"): "是",
    ("ComparisonPanel", "no"): "否",
    ("ComparisonPanel", "Source: %1"): "来源：%1",
    ("ComparisonPanel", "Price source: %1"): "价格来源：%1",
    ("ComparisonPanel", "launch MSRP"): "首发建议零售价",
    ("ComparisonPanel", "Free memory per GPU if the build were made of this card."):
        "若配置全部使用此卡，每张 GPU 剩余的显存。",
    ("ComparisonPanel", "Best of the compared (higher is better)"): "对比中最佳（越高越好）",
    ("ComparisonPanel", "Best of the compared (lower is better)"): "对比中最佳（越低越好）",
    ("ComparisonPanel", "Reset"): "重置",
    ("ComparisonPanel", "Compare the build's own GPUs again"): "重新对比配置中的 GPU",
    ("ComparisonPanel", "Remove %1 from the comparison"): "从对比中移除 %1",
    ("RecommendDialog", "Find the cheapest build that fits"): "寻找放得下的最便宜配置",
    ("RecommendDialog", "The build's tracked workloads"): "配置所跟踪的工作负载",
    ("RecommendDialog", "Limit to"): "上限",
    ("RecommendDialog", " % spare"): " % 余量",
    ("RecommendDialog", "Lowest price"): "价格最低",
    ("RecommendDialog", "Lowest power"): "功耗最低",
    ("RecommendDialog", "Fastest"): "速度最快",
    ("RecommendDialog", "Size for"): "按此估算",
    ("RecommendDialog", "Budget"): "预算",
    ("RecommendDialog", "Headroom"): "余量",
    ("RecommendDialog", "Rank by"): "排序依据",
    ("RecommendDialog", "GPU"): "GPU",
    ("RecommendDialog", "Count"): "数量",
    ("RecommendDialog", "Price"): "价格",
    ("RecommendDialog", "Board power"): "板卡功耗",
    ("RecommendDialog", "Tensor TFLOPS"): "张量 TFLOPS",
    ("RecommendDialog", "Least headroom"): "最小余量",
    ("RecommendDialog", "Parallelism"): "并行方式",
    ("RecommendDialog", "Apply to build"): "应用到配置",
    ("RecommendDialog", "training"): "训练",
    ("RecommendDialog", "inference"): "推理",
    ("RecommendDialog", "%n build(s) fit."): ["有 %n 个配置放得下。"],
    ("RecommendDialog", "Nothing in the catalog fits these workloads within the limits."):
        "在这些限制内，目录中没有能容纳这些工作负载的配置。",
    ("RecommendDialog", "Use %1"): "使用 %1",
    # --- printed comparison sheet (planner/report/sheet.py, via EXTRA_SOURCES) --------------------
    ("ComparisonSheet", "yes"): "是",
    ("ComparisonSheet", "no"): "否",
    ("ComparisonSheet", "GPU Build Planner"): "GPU 配置规划器",
    ("ComparisonSheet", "catalog"): "目录版本",
    ("ComparisonSheet", "Build"): "配置",
    ("ComparisonSheet", "GPU"): "GPU",
    ("ComparisonSheet", "Count"): "数量",
    ("ComparisonSheet", "Memory"): "显存",
    ("ComparisonSheet", "Board power"): "板卡功耗",
    ("ComparisonSheet", "Unit price"): "单价",
    ("ComparisonSheet", "Total"): "合计",
    ("ComparisonSheet", "board power"): "板卡功耗",
    ("ComparisonSheet", "recommended PSU"): "建议电源",
    ("ComparisonSheet", "price"): "价格",
    ("ComparisonSheet", "priced"): "有价格",
    ("ComparisonSheet", "Workloads: memory per GPU"): "工作负载：每张 GPU 的显存",
    ("ComparisonSheet", "Workload"): "工作负载",
    ("ComparisonSheet", "Task"): "任务",
    ("ComparisonSheet", "Needed"): "所需",
    ("ComparisonSheet", "Usable"): "可用",
    ("ComparisonSheet", "Verdict"): "结论",
    ("ComparisonSheet", "train"): "训练",
    ("ComparisonSheet", "inference"): "推理",
    ("ComparisonSheet", "fits"): "够用",
    ("ComparisonSheet", "tight"): "紧张",
    ("ComparisonSheet", "does not fit"): "放不下",
    ("ComparisonSheet", "no gpu"): "无 GPU",
    ("ComparisonSheet", "error"): "出错",
    ("ComparisonSheet", "GPUs side by side"): "GPU 并排对比",
    ("ComparisonSheet", "Architectures"): "架构",
    ("ComparisonSheet", "Energy and cost of running"): "运行能耗与成本",
    ("ComparisonSheet", "a year"): "每年",
    ("ComparisonSheet", "at load"): "负载",
    ("ComparisonSheet", "idle"): "空闲",
    ("ComparisonSheet", "Assumptions"): "假设条件",
    ("ComparisonSheet", "day"): "天",
    ("ComparisonSheet", "days"): "天",
    ("ComparisonSheet", "utilization"): "利用率",
    ("ComparisonSheet", "none (no purchase price on record, or renting costs less per hour than "
     "the electricity)"): "无（没有购置价格记录，或每小时租金低于电费）",
    ("ComparisonSheet", "Renting instead"): "改为租用",
    ("ComparisonSheet", "break-even after"): "回本点",
    ("ComparisonSheet", "Sources"): "来源",
    ("ComparisonSheet", "Memory estimates: docs/estimation.md (formula and validation against "
     "PyTorch measurements). Tensor throughputs are dense; a figure shown as — is not stated by "
     "any source we have."):
        "显存估算：见 docs/estimation.md（公式及与 PyTorch 实测的对照验证）。张量算力均为稠密值；"
        "显示为 — 的数值表示我们掌握的来源均未给出。",
    ("ComparisonSheet", "2:4 structured sparsity"): "2:4 结构化稀疏",
    ("ComparisonSheet", "Architecture"): "架构",
    ("ComparisonSheet", "BF16 support"): "支持 BF16",
    ("ComparisonSheet", "BF16 tensor (dense)"): "BF16 张量（稠密）",
    ("ComparisonSheet", "Board power (TDP)"): "板卡功耗（TDP）",
    ("ComparisonSheet", "FP16 GFLOPS per watt"): "每瓦 FP16 GFLOPS",
    ("ComparisonSheet", "FP16 TFLOPS per $1,000"): "每 1,000 美元的 FP16 TFLOPS",
    ("ComparisonSheet", "FP16 tensor (dense)"): "FP16 张量（稠密）",
    ("ComparisonSheet", "FP32"): "FP32",
    ("ComparisonSheet", "FP4 support"): "支持 FP4",
    ("ComparisonSheet", "FP8 support"): "支持 FP8",
    ("ComparisonSheet", "FP8 tensor (dense)"): "FP8 张量（稠密）",
    ("ComparisonSheet", "Features"): "特性",
    ("ComparisonSheet", "GPU-to-GPU link"): "GPU 互联",
    ("ComparisonSheet", "INT8 tensor (dense)"): "INT8 张量（稠密）",
    ("ComparisonSheet", "Launched"): "发布年份",
    ("ComparisonSheet", "Link bandwidth"): "互联带宽",
    ("ComparisonSheet", "Matrix units"): "矩阵单元",
    ("ComparisonSheet", "Memory bandwidth"): "显存带宽",
    ("ComparisonSheet", "Memory type"): "显存类型",
    ("ComparisonSheet", "Price"): "价格",
    ("ComparisonSheet", "Process"): "制程",
    ("ComparisonSheet", "Transformer Engine"): "Transformer Engine",
    ("ComparisonSheet", "Vendor"): "厂商",
}

EN_PLURALS: dict[tuple[str, str], list[str]] = {
    ("DocumentFiles", "%n GPU(s) in the file are not in your catalog; their figures come from "
     "the file."): ["%n GPU in the file is not in your catalog; its figures come from the file.",
                    "%n GPUs in the file are not in your catalog; their figures come from the "
                    "file."],
    ("Edits", "Add %n GPU(s)"): ["Add %n GPU", "Add %n GPUs"],
    ("MainWindow", "%n GPU(s)"): ["%n GPU", "%n GPUs"],
    ("TotalsBar", "(+%n unpriced)"): ["(+%n unpriced)", "(+%n unpriced)"],
    ("RecommendDialog", "%n build(s) fit."): ["%n build fits.", "%n builds fit."],
    ("WorkloadsPanel", "Per GPU over the build's %n GPU(s)"):
        ["Per GPU over the build's %n GPU", "Per GPU over the build's %n GPUs"],
}


# lupdate files some messages under the wrong context, because it cannot follow an alias:
# `tr = panel.tr` / `panel.tr(...)` / `self.panel.tr(...)` (filed under "", "panel" or "self.panel")
# and `tr = QCoreApplication.translate; tr("Verdict", "fits")` (read as source "Verdict" with the
# disambiguation "fits"). Qt looks them up at run time under these contexts, chosen by the file the
# message comes from; a file named here with None uses the alias-of-translate reading.
MISPARSED_CONTEXTS = ("", "panel", "self.panel")
RUNTIME_CONTEXT: dict[str, str | None] = {
    "panels/headroom.py": "HeadroomPanel",
    "panels/workloads.py": "WorkloadsPanel",
    "panels/comparison.py": "ComparisonPanel",
    "panels/energy.py": "EnergyPanel",
    "panels/recommend.py": "RecommendDialog",
    "panels/common.py": None,
}

# Messages lupdate cannot see at all: planner/report/sheet.py translates through a `_tr` helper
# (context "ComparisonSheet"), including the comparison rows' core labels, the task keys and the
# verdicts with "-" turned into " ".
EXTRA_SOURCES: dict[str, list[str]] = {
    "ComparisonSheet": [
        "yes", "no", "GPU Build Planner", "catalog", "Build", "GPU", "Count", "Memory",
        "Board power", "Unit price", "Total", "board power", "recommended PSU", "price", "priced",
        "Workloads: memory per GPU", "Workload", "Task", "Needed", "Usable", "Verdict",
        "train", "inference", "fits", "tight", "does not fit", "no gpu", "error",
        "GPUs side by side", "Architectures", "Energy and cost of running", "a year", "at load",
        "idle", "Assumptions", "day", "days", "utilization",
        "none (no purchase price on record, or renting costs less per hour than the "
        "electricity)",
        "Renting instead", "break-even after", "Sources",
        "Memory estimates: docs/estimation.md (formula and validation against PyTorch "
        "measurements). Tensor throughputs are dense; a figure shown as — is not stated by any "
        "source we have.",
        # row labels of planner.core.views_compare
        "2:4 structured sparsity", "Architecture", "BF16 support", "BF16 tensor (dense)",
        "Board power (TDP)", "FP16 GFLOPS per watt", "FP16 TFLOPS per $1,000",
        "FP16 tensor (dense)", "FP32", "FP4 support", "FP8 support", "FP8 tensor (dense)",
        "Features", "GPU-to-GPU link", "INT8 tensor (dense)", "Launched", "Link bandwidth",
        "Matrix units", "Memory bandwidth", "Memory type", "Price", "Process",
        "Transformer Engine", "Vendor", "Headroom: %1", "Speed: %1",
    ],
}

DEAD = ("vanished", "obsolete")


def _context(root: ET.Element, name: str) -> ET.Element:
    for context in root.iter("context"):
        if context.findtext("name", "") == name:
            return context
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = name
    return context


def _put(context: ET.Element, message: ET.Element) -> None:
    """Add ``message`` to ``context``, replacing one with the same source (e.g. a vanished copy)."""
    source = message.findtext("source", "")
    for old in context.findall("message"):
        if old.findtext("source", "") == source and old.find("comment") is None:
            context.remove(old)
    context.append(message)


def relocate(root: ET.Element) -> None:
    """Move messages lupdate misfiled to their run-time context; add EXTRA_SOURCES."""
    for context in list(root.iter("context")):
        if context.findtext("name", "") not in MISPARSED_CONTEXTS:
            continue
        for message in context.findall("message"):
            location = message.find("location")
            filename = "" if location is None else location.get("filename", "")
            target = next((v for k, v in RUNTIME_CONTEXT.items() if filename.endswith(k)), "")
            comment = message.find("comment")
            if target is None and comment is not None:  # tr = QCoreApplication.translate
                target = message.findtext("source", "")
                message.find("source").text = comment.text  # type: ignore[union-attr]
                message.remove(comment)
            if not target:
                continue
            context.remove(message)
            _put(_context(root, target), message)
        if context.find("message") is None:
            root.remove(context)
    for name, sources in EXTRA_SOURCES.items():
        context = _context(root, name)
        for source in sources:
            found = [m for m in context.findall("message") if m.findtext("source", "") == source]
            if found:
                translation = found[0].find("translation")
                if translation is not None and translation.get("type") in DEAD:
                    translation.set("type", "unfinished")
                continue
            message = ET.SubElement(context, "message")
            ET.SubElement(message, "source").text = source
            ET.SubElement(message, "translation").set("type", "unfinished")


def fill(ts: Path, table: dict[tuple[str, str], str | list[str]]) -> tuple[int, int]:
    """Write translations into a .ts file; returns (filled, left unfinished)."""
    tree = ET.parse(ts)
    relocate(tree.getroot())
    filled = missing = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            source = message.findtext("source", "")
            translation = message.find("translation")
            if translation is None:
                translation = ET.SubElement(message, "translation")
            if translation.get("type") in DEAD:
                continue
            value = table.get((name, source))
            if value is None:
                missing += 1
                continue
            for child in list(translation):
                translation.remove(child)
            if isinstance(value, list) and "%n" in source:
                # lupdate marks only tr(..., n) as plural, not translate(ctx, text, "", n)
                message.set("numerus", "yes")
            if message.get("numerus") == "yes":
                forms = value if isinstance(value, list) else [value]
                translation.text = None
                for form in forms:
                    ET.SubElement(translation, "numerusform").text = form
            else:
                translation.text = value if isinstance(value, str) else value[0]
            translation.attrib.pop("type", None)
            filled += 1
    ET.indent(tree, space="    ")
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    return filled, missing


def main() -> int:
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    for name, table in (("planner_zh_CN.ts", ZH_CN), ("planner_en.ts", EN_PLURALS)):
        ts = I18N / name
        filled, missing = fill(ts, table)  # type: ignore[arg-type]
        print(f"{name}: {filled} translated, {missing} unfinished")
        subprocess.run([str(lrelease), str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
