<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AssumptionsForm</name>
    <message>
        <source> h/day</source>
        <translation> 小时/天</translation>
    </message>
    <message>
        <source>Average share of board power drawn while a job runs (100 %: at TDP)</source>
        <translation>任务运行时平均消耗的板卡功耗比例（100 %：满 TDP）</translation>
    </message>
    <message>
        <source>Power usage effectiveness: 1.0 at home, about 1.4–1.6 in a typical data centre</source>
        <translation>电能使用效率（PUE）：家用为 1.0，典型数据中心约 1.4–1.6</translation>
    </message>
    <message>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <source>New: what a shop charges now (a card with no new price in the last 12 months costs its newest used price, and says so). Used: second-hand. Launch MSRP: the vendor&apos;s price at launch.</source>
        <translation>新卡：商店当前售价（12 个月内没有新卡价格的显卡按其最新二手价计，并注明）。二手：二手市场价。首发建议价：厂商发布时的价格。</translation>
    </message>
    <message>
        <source>Also interruptible and marketplace offers</source>
        <translation>也比较可中断与第三方市场报价</translation>
    </message>
    <message>
        <source>Off: the automatic rental is an on-demand offer (the provider&apos;s own machines, kept as long as you pay). On: interruptible (spot) hours, marketplace hosts and reserved prices compete too, and the cheapest like-for-like offer wins.</source>
        <translation>关闭：自动选择的租用是按需报价（服务商自有的机器，付费期间一直可用）。开启：可中断（竞价）时长、第三方市场主机和预留价格也参与比较，取最便宜的同款同量报价。</translation>
    </message>
    <message>
        <source>Use</source>
        <translation>使用时长</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Tariff</source>
        <translation>电价方案</translation>
    </message>
    <message>
        <source>Price per kWh</source>
        <translation>每千瓦时价格</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Cost GPUs at</source>
        <translation>GPU 计价方式</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Grid carbon</source>
        <translation>电网碳排放</translation>
    </message>
    <message>
        <source>Horizon</source>
        <translation>时间跨度</translation>
    </message>
    <message>
        <source>Rent instead</source>
        <translation>改为租用</translation>
    </message>
    <message>
        <source>Custom price</source>
        <translation>自定义电价</translation>
    </message>
    <message>
        <source>Not counted</source>
        <translation>不计入</translation>
    </message>
    <message>
        <source>Like for like: the same GPU model and count</source>
        <translation>同款同量：相同的 GPU 型号与数量</translation>
    </message>
    <message>
        <source>The cheapest on-demand rental on record of the build&apos;s GPU model, as many GPUs as the build has, priced in the build&apos;s currency when such an offer exists; a build of several GPU models has none</source>
        <translation>记录中该配置 GPU 型号最便宜的按需租用，GPU 数量与配置相同；有以配置币种计价的报价时优先采用；含多种 GPU 型号的配置没有此项</translation>
    </message>
    <message>
        <source>Electricity price converted: %1 %2 per kWh is %3 %4 at the rates of %5.</source>
        <translation>电价已换算：每千瓦时 %1 %2 按 %5 的汇率为 %3 %4。</translation>
    </message>
</context>
<context>
    <name>BuildCanvas</name>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Build name</source>
        <translation>配置名称</translation>
    </message>
    <message>
        <source>The build&apos;s name, the title of its printed sheet; left empty, the build is called after its cards</source>
        <translation>配置的名称，也是打印对比表的标题；留空时以其显卡命名</translation>
    </message>
    <message>
        <source>Untitled build</source>
        <translation>未命名配置</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
</context>
<context>
    <name>BuildWarnings</name>
    <message>
        <source>%1 has no NVLink or Infinity Fabric: GPUs exchange gradients over PCIe, which slows multi-GPU training.</source>
        <translation>%1 没有 NVLink 或 Infinity Fabric：GPU 之间通过 PCIe 交换梯度，会拖慢多卡训练。</translation>
    </message>
    <message>
        <source>The build mixes GPU architectures: data-parallel training runs at the pace of the slowest card and the smallest memory binds.</source>
        <translation>此配置混用了不同的 GPU 架构：数据并行训练以最慢的卡为准，显存以最小的卡为限。</translation>
    </message>
    <message>
        <source>The build mixes vendors: CUDA and ROCm cannot share one training job.</source>
        <translation>此配置混用了不同厂商：CUDA 与 ROCm 无法在同一个训练任务中协同工作。</translation>
    </message>
    <message>
        <source>%1 is %2 on current ROCm: PyTorch may not run on it.</source>
        <translation>%1 在当前 ROCm 上属于“%2”：PyTorch 可能无法在其上运行。</translation>
    </message>
    <message>
        <source>%1 is a server module (SXM/OAM): it needs a vendor server baseboard (e.g. HGX), not a desktop.</source>
        <translation>%1 是服务器模块（SXM/OAM）：需要厂商的服务器基板（如 HGX），不能装在台式机里。</translation>
    </message>
    <message>
        <source>%1 is passively cooled: it needs a server chassis with front-to-back airflow.</source>
        <translation>%1 为被动散热：需要具备前进后出风道的服务器机箱。</translation>
    </message>
    <message>
        <source>The cards need %1 expansion slots; an ATX board has %2. Use a server chassis, blower or water-cooled cards, or risers.</source>
        <translation>这些显卡共需 %1 个扩展槽位，而 ATX 主板只有 %2 个。请使用服务器机箱、涡轮或水冷显卡，或延长线。</translation>
    </message>
    <message>
        <source>The cards want %1 PCIe lanes; a mainstream desktop CPU gives %2 (x8/x8 for two cards). A workstation platform (Threadripper, Xeon W, EPYC) gives each card its x16.</source>
        <translation>这些显卡需要 %1 条 PCIe 通道，主流桌面 CPU 只提供 %2 条（两卡时为 x8/x8）。工作站平台（Threadripper、Xeon W、EPYC）可为每张卡提供 x16。</translation>
    </message>
    <message>
        <source>The cards need %1 16-pin (12V-2×6) connectors; few PSUs have more than two native ones.</source>
        <translation>这些显卡需要 %1 个 16 针（12V-2×6）供电接口，很少有电源原生提供两个以上。</translation>
    </message>
    <message>
        <source>The system draws about %1 W: no single ATX PSU covers it at 80 % load; plan for redundant server PSUs.</source>
        <translation>整机功耗约 %1 W：没有单个 ATX 电源能在 80% 负载内承担，请考虑冗余服务器电源。</translation>
    </message>
    <message>
        <source>About %1 W exceeds what one %2 wall circuit carries continuously (%3 W).</source>
        <translation>约 %1 W 超出了单条 %2 墙壁电路的持续承载能力（%3 W）。</translation>
    </message>
    <message>
        <source>Cards with different memory: sharded and replicated jobs are bound by the smallest card.</source>
        <translation>显卡显存大小不一：分片与复制的任务都受限于显存最小的那张卡。</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>unofficially supported</source>
        <translation>非官方支持</translation>
    </message>
</context>
<context>
    <name>CardList</name>
    <message>
        <source>Drag GPUs here from the catalog
(or double-click one there)</source>
        <translation>从目录把 GPU 拖到这里
（或在目录中双击）</translation>
    </message>
</context>
<context>
    <name>CatalogModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>FP16 TFLOPS</source>
        <translation>FP16 TFLOPS</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>The GPU&apos;s architecture (hover a value for its chips)</source>
        <translation>GPU 的架构（悬停在数值上可查看芯片）</translation>
    </message>
    <message>
        <source>Memory capacity in GB, as the vendor states it</source>
        <translation>显存容量（GB），以厂商标称为准</translation>
    </message>
    <message>
        <source>Memory bandwidth in GB/s (10⁹ bytes per second)</source>
        <translation>显存带宽（GB/s，每秒 10⁹ 字节）</translation>
    </message>
    <message>
        <source>Board power (total graphics power) in watts</source>
        <translation>板卡功耗（整卡功耗），单位瓦</translation>
    </message>
    <message>
        <source>Dense FP16 tensor throughput with FP32 accumulate, no sparsity</source>
        <translation>FP16 张量算力（稠密、FP32 累加、不含稀疏）</translation>
    </message>
    <message>
        <source>Price on the build&apos;s basis: the median of the card&apos;s recent readings, or &quot;no current price&quot; when none is recent</source>
        <translation>按方案的计价基准：该卡近期报价的中位数；近期没有报价时显示“暂无当前价格”</translation>
    </message>
    <message>
        <source> (custom)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <source> ✎ (edited, waiting to sync)</source>
        <translation> ✎（已编辑，等待同步）</translation>
    </message>
    <message>
        <source> ✎ (team)</source>
        <translation> ✎（团队）</translation>
    </message>
    <message>
        <source> ✎ (edited)</source>
        <translation> ✎（已编辑）</translation>
    </message>
    <message>
        <source>Changed in the team catalog by %1 (%2).</source>
        <translation>由 %1 在团队目录中修改（%2）。</translation>
    </message>
    <message>
        <source>Edited on this computer; waiting to be sent to the team catalog.</source>
        <translation>在本机上编辑，等待发送到团队目录。</translation>
    </message>
    <message>
        <source>Edited on this computer.</source>
        <translation>在本机上编辑。</translation>
    </message>
    <message>
        <source>here</source>
        <translation>此处</translation>
    </message>
    <message>
        <source>in the bundled catalog</source>
        <translation>内置目录中</translation>
    </message>
    <message>
        <source>Right-click ▸ Reset to Catalog Figures puts the bundled figures back.</source>
        <translation>右键 ▸ 恢复目录数据，可还原为内置目录的数据。</translation>
    </message>
    <message>
        <source>Not stated by any source, or the chip lacks it</source>
        <translation>没有来源给出此数值，或芯片不支持</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Entered by you</source>
        <translation>由你输入</translation>
    </message>
</context>
<context>
    <name>CatalogPanel</name>
    <message>
        <source>Search GPUs (e.g. 4090 rtx, hopper, mi300)</source>
        <translation>搜索 GPU（如 4090 rtx、hopper、mi300）</translation>
    </message>
    <message>
        <source>Search the catalog</source>
        <translation>搜索目录</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>Any VRAM</source>
        <translation>显存不限</translation>
    </message>
    <message>
        <source>At least this much memory per GPU</source>
        <translation>每张 GPU 的最小显存</translation>
    </message>
    <message>
        <source>Any price</source>
        <translation>价格不限</translation>
    </message>
    <message>
        <source>At most this price per GPU (in the build&apos;s currency); GPUs without a known price are hidden while set</source>
        <translation>每块 GPU 的最高价格（以本配置的货币计）；设置后隐藏价格未知的 GPU</translation>
    </message>
    <message>
        <source> W</source>
        <translation> W</translation>
    </message>
    <message>
        <source>Any power</source>
        <translation>功耗不限</translation>
    </message>
    <message>
        <source>At most this board power per GPU</source>
        <translation>每张 GPU 的最大板卡功耗</translation>
    </message>
    <message>
        <source>GPU catalog</source>
        <translation>GPU 目录</translation>
    </message>
    <message>
        <source>Drag a GPU onto the build, or double-click it</source>
        <translation>把 GPU 拖入配置，或双击它</translation>
    </message>
    <message>
        <source>Right-click to choose the columns</source>
        <translation>右键选择要显示的列</translation>
    </message>
    <message>
        <source>Number of GPUs shown</source>
        <translation>显示的 GPU 数量</translation>
    </message>
    <message>
        <source>Loading the catalog…</source>
        <translation>正在加载目录…</translation>
    </message>
    <message>
        <source>All vendors</source>
        <translation>所有厂商</translation>
    </message>
    <message>
        <source>All architectures</source>
        <translation>所有架构</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs</source>
        <translation>%1 / %2 个 GPU</translation>
    </message>
    <message>
        <source>Add to Build</source>
        <translation>加入配置</translation>
    </message>
    <message>
        <source>Edit GPU…</source>
        <translation>编辑 GPU…</translation>
    </message>
    <message>
        <source>Reset to Catalog Figures</source>
        <translation>恢复目录数据</translation>
    </message>
    <message>
        <source>Add Custom GPU…</source>
        <translation>添加自定义 GPU…</translation>
    </message>
</context>
<context>
    <name>ComparePanel</name>
    <message>
        <source>Compare with renting</source>
        <extracomment>One colour and marker per column (Okabe–Ito), dashed every other line for grey print.</extracomment>
        <translation>与租用对比</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>年</translation>
    </message>
    <message>
        <source>Duplicate the build as a variant (above the build cards) to compare candidate builds side by side.</source>
        <translation>将配置复制为方案（在配置卡片上方），即可并排比较候选配置。</translation>
    </message>
    <message>
        <source>Best of the compared (higher is better)</source>
        <translation>所比较中最佳（越高越好）</translation>
    </message>
    <message>
        <source>Best of the compared (lower is better)</source>
        <translation>所比较中最佳（越低越好）</translation>
    </message>
    <message>
        <source>%1 ↑ %2 (off scale)</source>
        <translation>%1 ↑ %2（超出刻度）</translation>
    </message>
    <message>
        <source>Cumulative cost</source>
        <translation>累计成本</translation>
    </message>
</context>
<context>
    <name>Comparison</name>
    <message>
        <source>Memory</source>
        <extracomment>Comparison row names by row key (workload rows are named after their workload instead).</extracomment>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory type</source>
        <translation>显存类型</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>FP16 tensor (dense)</source>
        <translation>FP16 张量（稠密）</translation>
    </message>
    <message>
        <source>BF16 tensor (dense)</source>
        <translation>BF16 张量（稠密）</translation>
    </message>
    <message>
        <source>FP8 tensor (dense)</source>
        <translation>FP8 张量（稠密）</translation>
    </message>
    <message>
        <source>INT8 tensor (dense)</source>
        <translation>INT8 张量（稠密）</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>制程</translation>
    </message>
    <message>
        <source>BF16 support</source>
        <translation>支持 BF16</translation>
    </message>
    <message>
        <source>FP8 support</source>
        <translation>支持 FP8</translation>
    </message>
    <message>
        <source>FP4 support</source>
        <translation>支持 FP4</translation>
    </message>
    <message>
        <source>Transformer Engine</source>
        <translation>Transformer Engine</translation>
    </message>
    <message>
        <source>2:4 structured sparsity</source>
        <translation>2:4 结构化稀疏</translation>
    </message>
    <message>
        <source>GPU-to-GPU link</source>
        <translation>GPU 互联</translation>
    </message>
    <message>
        <source>Link bandwidth</source>
        <translation>互联带宽</translation>
    </message>
    <message>
        <source>Board power (TDP)</source>
        <translation>板卡功耗（TDP）</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>FP16 TFLOPS per %1</source>
        <extracomment>%1 is the money the figures count per, in the build&apos;s currency: &quot;$1,000&quot;, &quot;¥10,000&quot;.</extracomment>
        <translation>每 %1 的 FP16 TFLOPS</translation>
    </message>
    <message>
        <source>FP16 GFLOPS per watt</source>
        <translation>每瓦 FP16 GFLOPS</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Launched</source>
        <translation>发布年份</translation>
    </message>
    <message>
        <source>Matrix units</source>
        <translation>矩阵单元</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>特性</translation>
    </message>
    <message>
        <source>Total VRAM</source>
        <translation>显存总量</translation>
    </message>
    <message>
        <source>Smallest card</source>
        <translation>最小单卡显存</translation>
    </message>
    <message>
        <source>Purchase price</source>
        <translation>购置价格</translation>
    </message>
    <message>
        <source>Electricity a year</source>
        <translation>每年用电</translation>
    </message>
    <message>
        <source>Running cost a year</source>
        <translation>每年运行成本</translation>
    </message>
    <message>
        <source>Total over the horizon</source>
        <translation>持有期总成本</translation>
    </message>
    <message>
        <source>Renting the same GPUs instead</source>
        <translation>改为租用同样的 GPU</translation>
    </message>
    <message>
        <source>Recommended PSU</source>
        <translation>建议电源</translation>
    </message>
    <message>
        <source>Wall circuit</source>
        <translation>墙插回路</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Waiting on the GPU link</source>
        <translation>等待 GPU 互联</translation>
    </message>
    <message>
        <source>120 V / 15 A</source>
        <extracomment>Wall circuits as a buyer knows them (physics.CIRCUITS_W&apos;s keys).</extracomment>
        <translation>120 V / 15 A</translation>
    </message>
    <message>
        <source>220 V / 10 A</source>
        <translation>220 V / 10 A</translation>
    </message>
    <message>
        <source>230 V / 16 A</source>
        <translation>230 V / 16 A</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <extracomment>Units shown in a row&apos;s name; the memory row&apos;s figure is a card&apos;s capacity, counted in GiB like every other memory figure (see planner.core.costs.formatting). A build that takes several wall circuits: %1 is how many, %2 the circuit.</extracomment>
        <translation>%1 路 %2</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Headroom: %1</source>
        <translation>余量：%1</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>Speed: %1 (%2)</source>
        <translation>速度：%1（%2）</translation>
    </message>
    <message>
        <source>Time for the job: %1</source>
        <translation>完成任务用时：%1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>等待 %1：%2</translation>
    </message>
    <message>
        <source>no current price</source>
        <translation>暂无当前价格</translation>
    </message>
    <message>
        <source>no figure on record</source>
        <translation>暂无数据</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Add a GPU…</source>
        <translation>添加 GPU…</translation>
    </message>
    <message>
        <source>Add an architecture…</source>
        <translation>添加架构…</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Architectures</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Add GPUs to the build, or pick them here, to compare two to four side by side.</source>
        <translation>向配置中添加 GPU，或在这里选择，即可并排对比二到四款。</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Price source: %1</source>
        <translation>价格来源：%1</translation>
    </message>
    <message>
        <source>launch MSRP</source>
        <translation>首发建议零售价</translation>
    </message>
    <message>
        <source>Converted from US dollars at the rates of %1</source>
        <translation>按 %1 的汇率由美元换算</translation>
    </message>
    <message>
        <source>Free memory per GPU if the build were made of this card.</source>
        <translation>若配置全部使用此卡，每张 GPU 剩余的显存。</translation>
    </message>
    <message numerus="yes">
        <source>Estimated for the build&apos;s %n GPU(s) of this card: training at %2 % of the card&apos;s peak dense tensor throughput (model FLOPs utilisation), decoding at %3 % of its memory bandwidth. Shown only where the workload fits.</source>
        <translation>
            <numerusform>按本配置的 %n 张该型号 GPU 估算：训练按该卡稠密张量峰值算力的 %2 %（模型 FLOPs 利用率），解码按其显存带宽的 %3 %。仅在放得下时显示。</numerusform>
        </translation>
    </message>
    <message>
        <source>Best of the compared (higher is better)</source>
        <translation>对比中最佳（越高越好）</translation>
    </message>
    <message>
        <source>Best of the compared (lower is better)</source>
        <translation>对比中最佳（越低越好）</translation>
    </message>
</context>
<context>
    <name>ComparisonSheet</name>
    <message>
        <source>%1 — GPU Build Planner %2</source>
        <extracomment>Rows of the GPU comparison the detail page shows (datasheet figures and value).</extracomment>
        <translation>%1 — GPU 配置规划器 %2</translation>
    </message>
    <message>
        <source>Memory estimates: docs/estimation.md (formula and validation against PyTorch measurements). Tensor throughputs are dense; training speed assumes 40 % of the peak tensor rate. A figure shown as — is not stated by any source we have.</source>
        <translation>显存估算：docs/estimation.md（公式及与 PyTorch 实测的对照验证）。张量算力为稠密值；训练速度按峰值张量算力的 40 % 计算。显示为 — 的数字表示我们掌握的任何资料都未给出。</translation>
    </message>
    <message>
        <source>GPU Build Planner %1 · catalog %2 · %3</source>
        <translation>GPU 配置规划器 %1 · 目录 %2 · %3</translation>
    </message>
    <message>
        <source>The candidates side by side</source>
        <translation>候选方案并排比较</translation>
    </message>
    <message numerus="yes">
        <source>Cumulative cost over %n year(s)</source>
        <translation>
            <numerusform>%n 年累计成本</numerusform>
        </translation>
    </message>
    <message>
        <source>no GPUs</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>Cumulative cost (%1)</source>
        <translation>累计成本（%1）</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>年</translation>
    </message>
    <message>
        <source>%1 h a day</source>
        <translation>每天 %1 小时</translation>
    </message>
    <message>
        <source>%1 days a year</source>
        <translation>每年 %1 天</translation>
    </message>
    <message>
        <source>utilization %1</source>
        <translation>利用率 %1</translation>
    </message>
    <message>
        <source>PUE %1</source>
        <translation>PUE %1</translation>
    </message>
    <message numerus="yes">
        <source>%n year(s)</source>
        <translation>
            <numerusform>%n 年</numerusform>
        </translation>
    </message>
    <message>
        <source>Untitled build</source>
        <translation>未命名配置</translation>
    </message>
    <message>
        <source>rent, %1</source>
        <translation>租金，%1</translation>
    </message>
    <message>
        <source>↑ %1 after %2 (off scale)</source>
        <translation>↑ %2后达 %1（超出刻度）</translation>
    </message>
    <message>
        <source>GPUs costed %1</source>
        <translation>GPU 按%1计价</translation>
    </message>
    <message>
        <source>at the rates of %1</source>
        <translation>按 %1 的汇率</translation>
    </message>
    <message>
        <source>no idle hours</source>
        <translation>不计空闲时段</translation>
    </message>
    <message>
        <source>Assumptions: %1</source>
        <translation>假设：%1</translation>
    </message>
    <message>
        <source>The detail</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory per GPU, by workload</source>
        <translation>各负载的单卡显存</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>estimate ±%1</source>
        <translation>估算 ±%1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>At the wall while running</source>
        <translation>运行时墙插功率</translation>
    </message>
    <message>
        <source>kWh a year at load</source>
        <translation>每年负载用电（kWh）</translation>
    </message>
    <message>
        <source>kWh a year idle</source>
        <translation>每年空闲用电（kWh）</translation>
    </message>
    <message>
        <source>Electricity a year</source>
        <translation>每年电费</translation>
    </message>
    <message>
        <source>CO₂ a year</source>
        <translation>每年 CO₂</translation>
    </message>
    <message>
        <source>Heat into the room</source>
        <translation>室内散热</translation>
    </message>
    <message>
        <source>Owning pays off against renting after</source>
        <translation>购置相对租用的回本时间</translation>
    </message>
    <message>
        <source>%1 months</source>
        <translation>%1 个月</translation>
    </message>
    <message numerus="yes">
        <source>%1× %2 (%n GPU(s))</source>
        <translation>
            <numerusform>%1× %2（%n 块 GPU）</numerusform>
        </translation>
    </message>
    <message>
        <source>vs %1</source>
        <translation>对比 %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Energy and cost of running</source>
        <translation>运行能耗与成本</translation>
    </message>
    <message>
        <source>idle not counted</source>
        <translation>未计空闲功耗</translation>
    </message>
</context>
<context>
    <name>ComparisonTab</name>
    <message>
        <source>Reset</source>
        <extracomment>Rows whose figures come from the GPU&apos;s datasheet (the others are derived or from elsewhere).</extracomment>
        <translation>重置</translation>
    </message>
    <message>
        <source>Compare the build&apos;s own GPUs again</source>
        <translation>重新对比配置中的 GPU</translation>
    </message>
    <message>
        <source>Remove %1 from the comparison</source>
        <translation>从对比中移除 %1</translation>
    </message>
</context>
<context>
    <name>CustomGpuDialog</name>
    <message>
        <source>Edit GPU</source>
        <translation>编辑 GPU</translation>
    </message>
    <message>
        <source>Add Custom GPU</source>
        <translation>添加自定义 GPU</translation>
    </message>
    <message>
        <source>Consumer</source>
        <translation>消费级</translation>
    </message>
    <message>
        <source>Workstation</source>
        <translation>工作站</translation>
    </message>
    <message>
        <source>Data centre</source>
        <translation>数据中心</translation>
    </message>
    <message>
        <source>PCIe card</source>
        <translation>PCIe 卡</translation>
    </message>
    <message>
        <source>SXM module</source>
        <translation>SXM 模块</translation>
    </message>
    <message>
        <source>OAM module</source>
        <translation>OAM 模块</translation>
    </message>
    <message>
        <source>Superchip</source>
        <translation>超级芯片</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source> W</source>
        <translation> W</translation>
    </message>
    <message>
        <source>Optional: a datasheet link or document title</source>
        <translation>可选：规格书链接或文档标题</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Segment</source>
        <translation>定位</translation>
    </message>
    <message>
        <source>Form factor</source>
        <translation>形态</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory type</source>
        <translation>显存类型</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Board power</source>
        <translation>板卡功耗</translation>
    </message>
    <message>
        <source>FP16 tensor (dense)</source>
        <translation>FP16 张量（稠密）</translation>
    </message>
    <message>
        <source>Price (USD)</source>
        <translation>价格（美元）</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Give the GPU a name.</source>
        <translation>请为这张 GPU 起个名字。</translation>
    </message>
    <message>
        <source>Choose an architecture or type its name.</source>
        <translation>请选择架构或输入架构名称。</translation>
    </message>
    <message>
        <source>Memory must be more than 0 GB.</source>
        <translation>显存必须大于 0 GB。</translation>
    </message>
    <message>
        <source>Bandwidth must be at least %1 GB/s (in GB/s, not TB/s).</source>
        <translation>带宽至少为 %1 GB/s（单位是 GB/s，不是 TB/s）。</translation>
    </message>
    <message>
        <source>Board power must be at least %1 W.</source>
        <translation>板卡功耗至少为 %1 W。</translation>
    </message>
</context>
<context>
    <name>Differences</name>
    <message>
        <source>GPU vendor</source>
        <translation>GPU 厂商</translation>
    </message>
    <message>
        <source>GPU name</source>
        <translation>GPU 名称</translation>
    </message>
    <message>
        <source>GPU architecture</source>
        <translation>GPU 架构</translation>
    </message>
    <message>
        <source>GPU segment</source>
        <translation>GPU 市场定位</translation>
    </message>
    <message>
        <source>GPU form factor</source>
        <translation>GPU 外形规格</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>GPU memory type</source>
        <translation>GPU 显存类型</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>board power</source>
        <translation>板卡功耗</translation>
    </message>
    <message>
        <source>memory bus width</source>
        <translation>显存位宽</translation>
    </message>
    <message>
        <source>idle power</source>
        <translation>待机功耗</translation>
    </message>
    <message>
        <source>FP32 throughput</source>
        <translation>FP32 算力</translation>
    </message>
    <message>
        <source>FP16 tensor throughput</source>
        <translation>FP16 张量算力</translation>
    </message>
    <message>
        <source>BF16 tensor throughput</source>
        <translation>BF16 张量算力</translation>
    </message>
    <message>
        <source>FP8 tensor throughput</source>
        <translation>FP8 张量算力</translation>
    </message>
    <message>
        <source>INT8 tensor throughput</source>
        <translation>INT8 张量算力</translation>
    </message>
    <message>
        <source>FP4 tensor throughput</source>
        <translation>FP4 张量算力</translation>
    </message>
    <message>
        <source>compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>ROCm support</source>
        <translation>ROCm 支持</translation>
    </message>
    <message>
        <source>GPU interconnect</source>
        <translation>GPU 互连</translation>
    </message>
    <message>
        <source>interconnect bandwidth</source>
        <translation>互连带宽</translation>
    </message>
    <message>
        <source>PCIe generation</source>
        <translation>PCIe 代数</translation>
    </message>
    <message>
        <source>PCIe lanes</source>
        <translation>PCIe 通道数</translation>
    </message>
    <message>
        <source>ECC</source>
        <translation>ECC</translation>
    </message>
    <message>
        <source>slot width</source>
        <translation>占用槽位宽度</translation>
    </message>
    <message>
        <source>power connectors</source>
        <translation>供电接口</translation>
    </message>
    <message>
        <source>number of 16-pin connectors</source>
        <translation>16 针供电接口数量</translation>
    </message>
    <message>
        <source>number of 8-pin connectors</source>
        <translation>8 针供电接口数量</translation>
    </message>
    <message>
        <source>launch year</source>
        <translation>发布年份</translation>
    </message>
    <message>
        <source>price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 bits</source>
        <translation>%1 位</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>%1 TFLOPS</source>
        <translation>%1 TFLOPS</translation>
    </message>
    <message>
        <source>%1 TOPS</source>
        <translation>%1 TOPS</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>未注明</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>%1: %2 %3 %4, %5 %6.</source>
        <translation>%1：%3的%2为 %4，%5为 %6。</translation>
    </message>
</context>
<context>
    <name>DocumentFiles</name>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to “%1” before closing it?</source>
        <translation>关闭前是否保存对“%1”的更改？</translation>
    </message>
    <message>
        <source>Untitled build</source>
        <translation>未命名配置</translation>
    </message>
    <message>
        <source>Open Build</source>
        <translation>打开配置</translation>
    </message>
    <message>
        <source>GPU builds (*.gpubuild);;All files (*)</source>
        <translation>GPU 配置 (*.gpubuild);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open “%1”.</source>
        <translation>无法打开“%1”。</translation>
    </message>
    <message>
        <source>Cannot Open Build</source>
        <translation>无法打开配置</translation>
    </message>
    <message>
        <source>“%1” could not be read: %2.</source>
        <translation>无法读取“%1”：%2。</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已打开 %1。</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) in the file are not in your catalog; their figures come from the file.</source>
        <translation>
            <numerusform>文件中有 %n 个 GPU 不在你的目录里；其参数取自文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Save Build As</source>
        <translation>配置另存为</translation>
    </message>
    <message>
        <source>GPU builds (*.gpubuild)</source>
        <translation>GPU 配置 (*.gpubuild)</translation>
    </message>
    <message>
        <source>Cannot Save Build</source>
        <translation>无法保存配置</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>“%1” was moved or deleted by another program; Save writes it again.</source>
        <translation>“%1”已被其他程序移动或删除；保存时会重新写入。</translation>
    </message>
    <message>
        <source>Reload “%1”</source>
        <translation>重新载入“%1”</translation>
    </message>
    <message>
        <source>Reloaded %1; Undo brings your version back.</source>
        <translation>已重新载入 %1；撤销可恢复你的版本。</translation>
    </message>
    <message>
        <source>%1 (my copy)</source>
        <translation>%1（我的副本）</translation>
    </message>
    <message>
        <source>%1 (my copy %2)</source>
        <translation>%1（我的副本 %2）</translation>
    </message>
    <message>
        <source>Saved your version as %1; theirs stays in %2.</source>
        <translation>你的版本已另存为 %1；对方的版本仍在 %2 中。</translation>
    </message>
    <message>
        <source>Recover Autosaved Build</source>
        <translation>恢复自动保存的配置</translation>
    </message>
    <message>
        <source>Recovered “%1”. Save it to keep it.</source>
        <translation>已恢复“%1”。请保存以免丢失。</translation>
    </message>
    <message>
        <source>Clear Menu</source>
        <translation>清除菜单</translation>
    </message>
</context>
<context>
    <name>Edits</name>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>gradient checkpointing</source>
        <translation>梯度检查点</translation>
    </message>
    <message>
        <source>gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力实现</translation>
    </message>
    <message>
        <source>parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>activation offloading</source>
        <translation>激活卸载</translation>
    </message>
    <message>
        <source>target length</source>
        <translation>目标长度</translation>
    </message>
    <message>
        <source>software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source>k-bit preparation</source>
        <translation>k 位量化准备</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message numerus="yes">
        <source>Add %n GPU(s)</source>
        <translation>
            <numerusform>添加 %n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Change count of %1</source>
        <translation>修改 %1 的数量</translation>
    </message>
    <message>
        <source>Change the price of %1</source>
        <translation>修改 %1 的价格</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <source>Use the edited figures of %1</source>
        <translation>采用 %1 修改后的参数</translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>使用 %1</translation>
    </message>
    <message>
        <source>Track %1</source>
        <translation>跟踪 %1</translation>
    </message>
    <message>
        <source>Stop tracking %1</source>
        <translation>停止跟踪 %1</translation>
    </message>
    <message>
        <source>Change %1 of %2</source>
        <translation>修改 %2 的 %1</translation>
    </message>
    <message>
        <source>Make %1 fit: %2</source>
        <translation>让 %1 放得下：%2</translation>
    </message>
    <message>
        <source>Change hours per day</source>
        <translation>修改每天使用时长</translation>
    </message>
    <message>
        <source>Change utilization</source>
        <translation>修改利用率</translation>
    </message>
    <message>
        <source>Change PUE</source>
        <translation>修改 PUE</translation>
    </message>
    <message>
        <source>Change tariff</source>
        <translation>修改电价方案</translation>
    </message>
    <message>
        <source>Change electricity price</source>
        <translation>修改电价</translation>
    </message>
    <message>
        <source>Change currency</source>
        <translation>修改货币</translation>
    </message>
    <message>
        <source>Change grid carbon region</source>
        <translation>修改电网碳排放地区</translation>
    </message>
    <message>
        <source>Change years</source>
        <translation>修改年限</translation>
    </message>
    <message>
        <source>Change the cloud instance compared</source>
        <translation>修改对比的云实例</translation>
    </message>
    <message>
        <source>Change the kinds of rental compared</source>
        <translation>修改对比的租用类型</translation>
    </message>
    <message>
        <source>Change assumptions</source>
        <translation>修改假设</translation>
    </message>
    <message>
        <source>Change serving</source>
        <translation>更改部署服务设置</translation>
    </message>
    <message>
        <source>head</source>
        <translation>任务头</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标层</translation>
    </message>
    <message>
        <source>adapter dtype</source>
        <translation>适配器数据类型</translation>
    </message>
    <message>
        <source>double quantization</source>
        <translation>双重量化</translation>
    </message>
    <message>
        <source>8-bit base</source>
        <translation>8 位基座</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步进实现</translation>
    </message>
    <message>
        <source>optimizer step in backward</source>
        <translation>反向传播中的优化器步进</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>checkpointing mode</source>
        <translation>检查点模式</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>Duplicate %1 as %2</source>
        <translation>将 %1 复制为 %2</translation>
    </message>
    <message>
        <source>Switch to %1</source>
        <translation>切换到 %1</translation>
    </message>
    <message>
        <source>A build name has at most %1 characters.</source>
        <translation>配置名称最多 %1 个字符。</translation>
    </message>
    <message>
        <source>Name the build %1</source>
        <translation>将配置命名为 %1</translation>
    </message>
    <message>
        <source>Unname the build</source>
        <translation>取消配置名称</translation>
    </message>
    <message>
        <source>A variant needs a name.</source>
        <translation>方案需要一个名称。</translation>
    </message>
    <message>
        <source>A variant name has at most %1 characters.</source>
        <translation>方案名称最多 %1 个字符。</translation>
    </message>
    <message>
        <source>Another variant is already called %1.</source>
        <translation>已有另一个方案名为 %1。</translation>
    </message>
    <message>
        <source>Rename %1 to %2</source>
        <translation>将 %1 重命名为 %2</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
</context>
<context>
    <name>EnergyPanel</name>
    <message>
        <source>Assumptions</source>
        <extracomment>Table columns of the per-GPU figures.</extracomment>
        <translation>假设条件</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>kWh / year</source>
        <translation>kWh / 年</translation>
    </message>
    <message>
        <source>Cost / year</source>
        <translation>费用 / 年</translation>
    </message>
    <message>
        <source>CO₂ kg / year</source>
        <translation>CO₂ kg / 年</translation>
    </message>
    <message>
        <source>Heat BTU/h</source>
        <translation>发热 BTU/h</translation>
    </message>
    <message>
        <source>A year of use</source>
        <translation>一年的使用</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>年</translation>
    </message>
    <message>
        <source>Own (purchase + electricity)</source>
        <translation>自购（购置 + 电费）</translation>
    </message>
    <message>
        <source>Build (with host)</source>
        <translation>整机（含主机）</translation>
    </message>
    <message>
        <source>%1 (idle not counted)</source>
        <translation>%1（未计空闲）</translation>
    </message>
    <message>
        <source>%1 kWh under load, %2 kWh idle</source>
        <translation>负载 %1 kWh，空闲 %2 kWh</translation>
    </message>
    <message>
        <source>idle %1 W</source>
        <translation>空闲 %1 W</translation>
    </message>
    <message>
        <source>idle not counted: no source states its idle power</source>
        <translation>未计空闲功耗：没有资料给出其空闲功耗</translation>
    </message>
    <message>
        <source>Idle not counted for cards whose idle power no source states.</source>
        <translation>没有资料给出空闲功耗的显卡未计空闲功耗。</translation>
    </message>
    <message>
        <source>No like-for-like rental on record (the same GPU model, at least as many GPUs).</source>
        <translation>没有同型号、同等数量（或更多）GPU 的租用报价记录。</translation>
    </message>
    <message>
        <source>The instance chosen to rent holds another GPU: the same GPUs are compared instead.</source>
        <translation>所选租用实例使用其他型号的 GPU：改为与相同 GPU 比较。</translation>
    </message>
    <message>
        <source>Board power %1 W, %2
Source: %3</source>
        <translation>板卡功耗 %1 W，%2
来源：%3</translation>
    </message>
    <message>
        <source>The cards plus %1 W for the rest of the computer (CPU, board, drives, fans), at the wall</source>
        <translation>显卡加上整机其余部分（CPU、主板、硬盘、风扇）约 %1 W，按墙插处计</translation>
    </message>
    <message>
        <source>Tariff: %1 (%2).</source>
        <translation>电价：%1（%2）。</translation>
    </message>
    <message>
        <source>your price</source>
        <translation>你设定的价格</translation>
    </message>
    <message>
        <source>Purchase: %1.</source>
        <translation>购置：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Renting %1 × %2 (%3, %n GPU(s), %6): %4 per hour, %5 per year.</source>
        <translation>
            <numerusform>租用 %1 × %2（%3，%n 块 GPU，%6）：每小时 %4，每年 %5。</numerusform>
        </translation>
    </message>
    <message>
        <source>No price is known for these cards, so no break-even.</source>
        <translation>这些显卡价格未知，因此无法计算回本点。</translation>
    </message>
    <message>
        <source>Renting stays cheaper than owning at these prices.</source>
        <translation>按这些价格，租用始终比自购便宜。</translation>
    </message>
    <message>
        <source>Owning pays off after %1 hours of use (about %2 months).</source>
        <translation>自购在使用 %1 小时后回本（约 %2 个月）。</translation>
    </message>
    <message>
        <source>Rent %1</source>
        <translation>租用 %1</translation>
    </message>
    <message>
        <source>Cumulative cost</source>
        <translation>累计成本</translation>
    </message>
    <message>
        <source>break-even: %1 months</source>
        <translation>回本：%1 个月</translation>
    </message>
</context>
<context>
    <name>Fields</name>
    <message>
        <source>Enter a value from %1 to %2; %3 is out of range, so the field keeps its value.</source>
        <translation>请输入 %1 到 %2 之间的值；%3 超出范围，此栏保留原值。</translation>
    </message>
</context>
<context>
    <name>FileChangedDialog</name>
    <message>
        <source>File Changed on Disk</source>
        <translation>文件已在磁盘上被修改</translation>
    </message>
    <message>
        <source>Another program changed “%1” after you opened it.</source>
        <translation>你打开“%1”之后，其他程序修改了它。</translation>
    </message>
    <message>
        <source>Your unsaved changes are still here. Reload theirs (Undo brings yours back), keep yours by saving it as a copy beside theirs, or compare the two first.</source>
        <translation>你未保存的更改仍在。可以重新载入对方的版本（撤销可恢复你的版本），也可以把你的版本另存为旁边的副本，或先比较两者。</translation>
    </message>
    <message>
        <source>Reload theirs to see their version, keep yours by saving it as a copy beside theirs, or compare the two first.</source>
        <translation>可以重新载入以查看对方的版本，也可以把你的版本另存为旁边的副本，或先比较两者。</translation>
    </message>
    <message>
        <source>Reload Theirs</source>
        <translation>重新载入对方版本</translation>
    </message>
    <message>
        <source>Save Mine as Copy</source>
        <translation>把我的另存为副本</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Decide Later</source>
        <translation>稍后决定</translation>
    </message>
    <message>
        <source>Both hold the same build; only the file&apos;s dates or format differ.</source>
        <translation>两者的配置相同；只有文件的日期或格式不同。</translation>
    </message>
</context>
<context>
    <name>FileErrors</name>
    <message>
        <source>Could not save &apos;%1&apos;: the disk is full; free some space and save again.</source>
        <translation>无法保存“%1”：磁盘已满，请腾出空间后再保存。</translation>
    </message>
    <message>
        <source>Could not save &apos;%1&apos;: your disk quota is used up; free some space and save again.</source>
        <translation>无法保存“%1”：磁盘配额已用完，请腾出空间后再保存。</translation>
    </message>
    <message>
        <source>Could not save &apos;%1&apos;: you do not have permission to write there; choose another folder.</source>
        <translation>无法保存“%1”：没有写入该位置的权限，请选择其他文件夹。</translation>
    </message>
    <message>
        <source>Could not save &apos;%1&apos;: that disk is read-only; choose another folder.</source>
        <translation>无法保存“%1”：该磁盘为只读，请选择其他文件夹。</translation>
    </message>
    <message>
        <source>Could not save &apos;%1&apos;: its folder does not exist; choose another folder.</source>
        <translation>无法保存“%1”：所在文件夹不存在，请选择其他文件夹。</translation>
    </message>
    <message>
        <source>Could not save &apos;%1&apos;: a folder has that name; choose another name.</source>
        <translation>无法保存“%1”：已有同名文件夹，请换一个名称。</translation>
    </message>
    <message>
        <source>Could not save &apos;%1&apos;: the name is too long; choose a shorter name.</source>
        <translation>无法保存“%1”：名称太长，请换一个短一些的名称。</translation>
    </message>
    <message>
        <source>Cannot open &apos;%1&apos;: it is a folder, not a file.</source>
        <translation>无法打开“%1”：这是文件夹，不是文件。</translation>
    </message>
    <message>
        <source>Cannot open &apos;%1&apos;: it is not a regular file.</source>
        <translation>无法打开“%1”：这不是普通文件。</translation>
    </message>
    <message>
        <source>Cannot open &apos;%1&apos;: there is no such file.</source>
        <translation>无法打开“%1”：文件不存在。</translation>
    </message>
    <message>
        <source>Cannot open &apos;%1&apos;: you do not have permission to read it.</source>
        <translation>无法打开“%1”：没有读取权限。</translation>
    </message>
    <message>
        <source>Cannot open &apos;%1&apos;: the system says &apos;%2&apos;.</source>
        <translation>无法打开“%1”：系统提示“%2”。</translation>
    </message>
    <message>
        <source>Could not save &apos;%1&apos;: the system says &apos;%2&apos;; try again or choose another folder.</source>
        <translation>无法保存“%1”：系统提示“%2”，请重试或选择其他文件夹。</translation>
    </message>
</context>
<context>
    <name>HeadroomPanel</name>
    <message>
        <source>Weights</source>
        <extracomment>The parts of an estimate, by core&apos;s breakdown key, as the bar&apos;s tooltip names them.</extracomment>
        <translation>权重</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Optimizer step temporaries</source>
        <translation>优化器步骤临时缓冲</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Logits and loss</source>
        <translation>logits 与损失</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Framework (CUDA context, buffers, allocator)</source>
        <translation>框架开销（CUDA 上下文、缓冲区、分配器）</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每张 GPU 的 GiB</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>infer</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>%1 (no GPU)</source>
        <translation>%1（无 GPU）</translation>
    </message>
    <message>
        <source>%1 · %2 / %3</source>
        <translation>%1 · %2 / %3</translation>
    </message>
    <message>
        <source>Track workloads to see whether they fit this build.</source>
        <translation>添加要跟踪的工作负载，看看此配置能否容纳它们。</translation>
    </message>
    <message>
        <source>Add GPUs to the build to place these workloads.</source>
        <translation>向配置中添加 GPU 以放置这些工作负载。</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 workloads fit; per GPU on %n GPU(s), bound by %3.</source>
        <translation>
            <numerusform>%2 个工作负载中有 %1 个放得下；按 %n 张 GPU 的单卡显存计，受限于 %3。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 workloads fit; per GPU on %n GPU(s).</source>
        <translation>
            <numerusform>%2 个工作负载中有 %1 个放得下；按 %n 张 GPU 的单卡显存计。</numerusform>
        </translation>
    </message>
    <message>
        <source>Per GPU on %1: %2 of %3 usable</source>
        <translation>%1 单卡：已用 %2，可用 %3</translation>
    </message>
    <message>
        <source>GPU link: %1; its waiting is not counted</source>
        <translation>GPU 互联：%1；其等待时间未计入</translation>
    </message>
    <message>
        <source>The GPUs wait on %1 for %2 of each training step</source>
        <translation>每个训练步中，GPU 有 %2 的时间在等待 %1</translation>
    </message>
    <message>
        <source>Estimate from %1, ±%2 % (%3 – %4); peak at %5.</source>
        <translation>估算依据：%1，±%2%（%3 – %4）；峰值出现在 %5。</translation>
    </message>
    <message>
        <source>plus %1 of host RAM for offloaded state</source>
        <translation>另需 %1 主机内存存放卸载的状态</translation>
    </message>
    <message>
        <source>Changes that would make a workload fit appear here.</source>
        <translation>能让工作负载放得下的调整会显示在这里。</translation>
    </message>
    <message>
        <source>Add GPUs to see which changes would make each workload fit.</source>
        <translation>添加 GPU 后，这里会显示让各工作负载放得下的调整。</translation>
    </message>
    <message>
        <source>Every tracked workload fits this build: nothing to change.</source>
        <translation>所有跟踪的工作负载都放得下：无需调整。</translation>
    </message>
</context>
<context>
    <name>Jobs</name>
    <message>
        <source>Cancel</source>
        <extracomment>A job&apos;s dialog appears only after this long (ms): shorter work passes unseen.</extracomment>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <source>link not on record</source>
        <translation>互联信息缺失</translation>
    </message>
    <message>
        <source>%1 via host memory</source>
        <translation>%1，经主机内存中转</translation>
    </message>
    <message>
        <source>%1 network</source>
        <translation>%1 网络</translation>
    </message>
    <message>
        <source>%1 bridge</source>
        <translation>%1 桥接</translation>
    </message>
    <message>
        <source>%1 (x8/x8)</source>
        <translation>%1（x8/x8）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>GPU Build Planner</source>
        <translation>GPU 配置规划器</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export PDF…</source>
        <translation>导出 PDF(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Team Builds…</source>
        <translation>团队配置(&amp;T)…</translation>
    </message>
    <message>
        <source>P&amp;ublish to Team</source>
        <translation>发布到团队(&amp;U)</translation>
    </message>
    <message>
        <source>Import &amp;Measured Runs…</source>
        <translation>导入实测运行(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find GPU</source>
        <translation>查找 GPU(&amp;F)</translation>
    </message>
    <message>
        <source>Add &amp;Custom GPU…</source>
        <translation>添加自定义 GPU(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Recommend…</source>
        <translation>推荐配置(&amp;R)…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Find the cheapest builds that fit the tracked workloads</source>
        <translation>寻找能容纳所跟踪工作负载的最便宜配置</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>偏好设置(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;About GPU Build Planner</source>
        <translation>关于 GPU 配置规划器(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Update &amp;Prices…</source>
        <translation>更新价格(&amp;P)…</translation>
    </message>
    <message>
        <source>Bring newer price readings into the catalog from a price pack</source>
        <translation>从价格包把较新的价格记录导入目录</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>catalog %1</source>
        <translation>目录版本 %1</translation>
    </message>
    <message>
        <source>Not available in this version</source>
        <translation>此版本不提供该功能</translation>
    </message>
    <message>
        <source>The report module is not available in this version</source>
        <translation>此版本不含报告模块</translation>
    </message>
    <message>
        <source>Some figures in “%1” differ from your catalog. The build keeps the file&apos;s figures.</source>
        <translation>“%1”中的部分参数与你的目录不同。配置保留文件中的参数。</translation>
    </message>
    <message>
        <source>This build uses GPUs your catalog does not have: %1. Their figures come from the file.</source>
        <translation>此配置使用了你的目录中没有的 GPU：%1。它们的参数来自文件。</translation>
    </message>
    <message>
        <source>Add to My Catalog</source>
        <translation>加入我的目录</translation>
    </message>
    <message>
        <source>Cannot Add GPU</source>
        <translation>无法添加 GPU</translation>
    </message>
    <message>
        <source>About GPU Build Planner</source>
        <translation>关于 GPU 配置规划器</translation>
    </message>
    <message>
        <source>&lt;h3&gt;GPU Build Planner %1&lt;/h3&gt;&lt;p&gt;Plan GPU builds for machine learning: VRAM fit, energy, cost and side-by-side comparison.&lt;/p&gt;&lt;p&gt;Every figure in the catalog names its source; hover over it to see which.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GPU 配置规划器 %1&lt;/h3&gt;&lt;p&gt;为机器学习规划 GPU 配置：显存是否够用、能耗、成本与并排对比。&lt;/p&gt;&lt;p&gt;目录中的每个数值都注明了来源；将鼠标悬停其上即可查看。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1[*] — GPU Build Planner</source>
        <translation>%1[*] — GPU 配置规划器</translation>
    </message>
</context>
<context>
    <name>MeasuredRunsPanel</name>
    <message>
        <source>Calibrate estimates from my runs</source>
        <translation>用我的运行校准估算</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>度量</translation>
    </message>
    <message>
        <source>Estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Calibrated error</source>
        <translation>校准后误差</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行数</translation>
    </message>
    <message>
        <source>Per GPU model, software stack and kind of run (full fine-tune, LoRA, QLoRA …), learn by what share your runs exceed the estimates and add it, shrunk for their scatter, to estimates of the same kind on that GPU</source>
        <translation>按 GPU 型号、软件栈和运行类型（全量微调、LoRA、QLoRA …）分别学习你的运行超出估算的比例，按其离散程度收缩后，加到该 GPU 上同类运行的估算中</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Error on the runs</source>
        <translation>在这些运行上的误差</translation>
    </message>
    <message>
        <source>Leave-one-out</source>
        <translation>留一法误差</translation>
    </message>
    <message>
        <source>Correction</source>
        <translation>修正</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export Selected…</source>
        <translation>导出所选…</translation>
    </message>
    <message>
        <source>Keep notes and paths</source>
        <translation>保留备注和路径</translation>
    </message>
    <message>
        <source>Without it, exported runs leave out your notes and cut local model paths to the folder name</source>
        <translation>不勾选时，导出的运行不含你的备注，本地模型路径只保留文件夹名</translation>
    </message>
    <message>
        <source>Your measured runs appear here once the catalog is open.</source>
        <translation>目录打开后，你的实测运行会显示在这里。</translation>
    </message>
    <message>
        <source>No measured runs yet. Record one with planner/measure.py (see docs/measured-run.md), then import it with File ▸ Import Measured Runs… or drop the file on the window.</source>
        <translation>还没有实测运行。用 planner/measure.py 记录一次运行（见 docs/measured-run.md），再用“文件 ▸ 导入实测运行…”导入，或把文件拖到窗口上。</translation>
    </message>
    <message numerus="yes">
        <source>%n measured run(s).</source>
        <translation>
            <numerusform>%n 次实测运行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Calibration is off: estimates are the formulas&apos; alone.</source>
        <translation>校准已关闭：估算只来自公式。</translation>
    </message>
    <message>
        <source>No calibration is applied: too few runs, or none predicts your runs better than the formulas.</source>
        <translation>未应用校准：运行太少，或校准对你的运行的预测不比公式好。</translation>
    </message>
    <message>
        <source>Estimates on %1 are calibrated from your runs.</source>
        <translation>%1 上的估算已按你的运行校准。</translation>
    </message>
    <message>
        <source>%1 of %2 memory (your runs: %3)</source>
        <translation>%2 显存的 %1（你的运行：%3）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>In use</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>Not applied: fewer than %1 runs of this kind</source>
        <translation>未应用：此类运行少于 %1 次</translation>
    </message>
    <message>
        <source>Not applied: no better than the formulas</source>
        <translation>未应用：不比公式好</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>Not used: an older stack</source>
        <translation>未使用：较旧的软件栈</translation>
    </message>
    <message>
        <source>%1 (total %2)</source>
        <translation>%1（总计 %2）</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
</context>
<context>
    <name>MemoryNotes</name>
    <message>
        <source>Gradient checkpointing keeps each layer&apos;s input and recomputes one layer at a time (~33 % more compute).</source>
        <extracomment>The parameters each code&apos;s template takes, in %1, %2 … order.</extracomment>
        <translation>梯度检查点只保留每层的输入，反向传播时逐层重算（计算量约增加 33%）。</translation>
    </message>
    <message>
        <source>Checkpointing every %1 layers: %2 of %3 layers keep only their input and are recomputed in backward.</source>
        <translation>每 %1 层设一个检查点：%3 层中有 %2 层只保留输入，并在反向传播时重算。</translation>
    </message>
    <message>
        <source>Selective checkpointing recomputes the attention sub-block of each layer; the MLP&apos;s activations are kept.</source>
        <translation>选择性检查点重算每层的注意力子块；MLP 的激活值保留。</translation>
    </message>
    <message>
        <source>Op-level selective checkpointing (torchtitan&apos;s &apos;op&apos;): each layer keeps its input, every other matmul&apos;s output and the attention output; the rest is recomputed in backward.</source>
        <translation>算子级选择性检查点（torchtitan 的 &apos;op&apos;）：每层保留其输入、每隔一个矩阵乘法的输出和注意力输出；其余在反向传播中重新计算。</translation>
    </message>
    <message>
        <source>Activation offloading: saved activations wait in host RAM and return a layer ahead of backward.</source>
        <translation>激活卸载：保存的激活在主机内存中等待，并在反向传播前提前一层取回。</translation>
    </message>
    <message>
        <source>prepare_model_for_kbit_training casts the unquantized modules (embeddings, norms, LM head) to fp32.</source>
        <translation>prepare_model_for_kbit_training 将未量化的模块（嵌入、归一化层、LM 头）转换为 fp32。</translation>
    </message>
    <message>
        <source>Checkpointed CNN stages are recomputed one at a time in backward (~33 % more compute).</source>
        <translation>设了检查点的 CNN 阶段在反向传播时逐个重算（计算量约增加 33%）。</translation>
    </message>
    <message>
        <source>Vision models are rarely split by tensor or pipeline parallelism; activations are shown unsplit.</source>
        <translation>视觉模型很少用张量并行或流水线并行切分；激活值按未切分显示。</translation>
    </message>
    <message>
        <source>DDP keeps a second copy of the gradients in its communication buckets (counted under framework).</source>
        <translation>DDP 在通信桶中再保留一份梯度（计入框架）。</translation>
    </message>
    <message>
        <source>%1 gathers two layers&apos; full weights at a time (current and prefetched) and holds a layer&apos;s full gradient until it is reduce-scattered, counted under framework.</source>
        <translation>%1 一次收集两层的完整权重（当前层和预取层），并在 reduce-scatter 之前保留一层的完整梯度，计入框架。</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO-%1 buffers at its configured sizes: %2 of gradient buckets and %3 of parameters kept gathered (counted under framework), %4 of fp32 gradients during the step; the gathered part follows DeepSpeed&apos;s reuse rule, not a measurement.</source>
        <translation>DeepSpeed ZeRO-%1 按其配置大小分配的缓冲区：%2 梯度桶和 %3 保持聚合的参数（计入框架），优化器步骤中另有 %4 fp32 梯度；聚合部分依据 DeepSpeed 的复用规则推算，并非实测。</translation>
    </message>
    <message>
        <source>Batches of varying length: PyTorch&apos;s allocator may keep up to about %1 more reserved (%2 of the tensors, measured on one torchtune run; another shows none: an uncertain figure); it is given back before running out of memory, so it is not in the total.</source>
        <translation>批次长度不一：PyTorch 的分配器可能额外保留最多约 %1（占张量的 %2，仅在一次 torchtune 运行中测得，另一次则没有，数字不确定）；显存不足前它会归还这部分，因此不计入总量。</translation>
    </message>
    <message>
        <source>expandable_segments:True: the allocator keeps no blocks cut for earlier batch shapes.</source>
        <translation>expandable_segments:True：分配器不会保留为先前批次形状切分的内存块。</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO mixed precision: 16-bit weights and gradients, fp32 master weights and Adam state (2 + 2 + 12 bytes per parameter before sharding).</source>
        <translation>DeepSpeed ZeRO 混合精度：16 位权重和梯度，fp32 主权重和 Adam 状态（分片前每个参数 2 + 2 + 12 字节）。</translation>
    </message>
    <message>
        <source>The optimizer step is the peak: the %1 optimizer allocates temporaries during the step.</source>
        <translation>峰值出现在优化器步进：%1 优化器在步进时分配临时张量。</translation>
    </message>
    <message>
        <source>The optimizer steps each parameter as soon as its gradient is ready, so only the largest gradient is held at once.</source>
        <translation>优化器在每个参数的梯度就绪后立即更新它，因此同一时刻只保留最大的一个梯度。</translation>
    </message>
    <message>
        <source>Paged optimizer state (%1) lives in CUDA unified memory: it is evicted to host RAM when the GPU runs short, so it needs no dedicated VRAM (steps slow down while it pages).</source>
        <translation>分页优化器状态（%1）位于 CUDA 统一内存中：显存不足时被换出到主机内存，因此不占专用显存（换页时步进会变慢）。</translation>
    </message>
    <message>
        <source>Offloaded to host RAM: %1 (%2 per GPU process).</source>
        <translation>卸载到主机内存：%1（每个 GPU 进程 %2）。</translation>
    </message>
    <message>
        <source>QLoRA: linear layers in 4-bit NF4 (%1 bits per weight with %2); embeddings, norms and the head stay 16-bit.</source>
        <translation>QLoRA：线性层为 4 位 NF4（采用%2时每个权重 %1 位）；嵌入层、归一化层和任务头保持 16 位。</translation>
    </message>
    <message>
        <source>Base linear layers in 8-bit (bitsandbytes LLM.int8); embeddings, norms and the head stay 16-bit.</source>
        <translation>基座线性层为 8 位（bitsandbytes LLM.int8）；嵌入层、归一化层和任务头保持 16 位。</translation>
    </message>
    <message>
        <source>LoRA rank %1 on %2: %3 trainable parameters in %4.</source>
        <translation>LoRA 秩 %1，作用于%2：%3 个可训练参数，类型 %4。</translation>
    </message>
    <message>
        <source>Chunked cross-entropy upcasts and differentiates the logits %1 chunks at a time.</source>
        <translation>分块交叉熵将 logits 分成 %1 块，逐块升精度并求导。</translation>
    </message>
    <message>
        <source>Embeddings and the LM head stay 16-bit under weight quantization.</source>
        <translation>权重量化时嵌入层和语言模型头保持 16 位。</translation>
    </message>
    <message>
        <source>int4 group quantization (group %1) stores ≈%2 bits per weight including scales and zero points.</source>
        <translation>int4 分组量化（分组 %1）每个权重约占 %2 位，含缩放因子和零点。</translation>
    </message>
    <message>
        <source>Legacy generation loop: the tuple KV cache is rebuilt each step, so two copies exist while decoding, and the prompt&apos;s logits are kept in fp32 (transformers before mid-2024).</source>
        <translation>旧版生成循环：元组形式的 KV 缓存每步重建，解码时同时存在两份副本，且提示词的 logits 以 fp32 保留（2024 年年中以前的 transformers）。</translation>
    </message>
    <message>
        <source>one per output channel</source>
        <translation>每个输出通道一组</translation>
    </message>
    <message>
        <source>MoE: all %1 experts are held in memory; %2 run per token.</source>
        <translation>MoE：全部 %1 个专家都常驻显存；每个 token 运行 %2 个。</translation>
    </message>
    <message>
        <source>Only %1 KV heads: the KV cache is replicated beyond %1-way tensor parallelism.</source>
        <translation>只有 %1 个 KV 头：张量并行超过 %1 路时 KV 缓存会被复制。</translation>
    </message>
    <message>
        <source>Multi-head latent attention caches %1 values per token per layer (compressed KV %2 + RoPE key %3), not full keys and values.</source>
        <translation>多头潜在注意力每层每个 token 缓存 %1 个值（压缩 KV %2 + RoPE 键 %3），而非完整的键和值。</translation>
    </message>
    <message>
        <source>Sliding-window attention: %1 of %2 layers attend to the last %3 tokens only, which bounds their KV cache.</source>
        <translation>滑动窗口注意力：%2 层中有 %1 层只关注最近的 %3 个 token，其 KV 缓存因此有上限。</translation>
    </message>
    <message>
        <source>Mamba keeps a fixed-size state per sequence (convolution and SSM state), not a KV cache that grows with the context.</source>
        <translation>Mamba 为每个序列保留固定大小的状态（卷积状态和 SSM 状态），而不是随上下文增长的 KV 缓存。</translation>
    </message>
    <message>
        <source>The vision tower encodes %1 patch tokens per sample.</source>
        <translation>视觉塔每个样本编码 %1 个图块 token。</translation>
    </message>
    <message>
        <source>The inference working set is scaled from the training profile by the share measured on the SD-1.5 UNet.</source>
        <translation>推理工作集按在 SD-1.5 UNet 上实测的比例由训练剖面换算而来。</translation>
    </message>
    <message>
        <source>master weights and optimizer state</source>
        <translation>主权重和优化器状态</translation>
    </message>
    <message>
        <source>weights, gradients, master weights and optimizer state</source>
        <translation>权重、梯度、主权重和优化器状态</translation>
    </message>
    <message>
        <source>double quantization</source>
        <translation>双重量化</translation>
    </message>
    <message>
        <source>fp32 block scales</source>
        <translation>fp32 块缩放因子</translation>
    </message>
    <message>
        <source>the attention projections</source>
        <translation>注意力投影层</translation>
    </message>
    <message>
        <source>all linear layers</source>
        <translation>全部线性层</translation>
    </message>
</context>
<context>
    <name>Names</name>
    <message>
        <source>Beijing residential tiered tariff (北京居民阶梯电价)</source>
        <extracomment>The tariff names of data/tariffs.toml, exactly as written there.</extracomment>
        <translation>北京居民阶梯电价</translation>
    </message>
    <message>
        <source>Zhejiang residential tiered tariff (浙江居民阶梯电价)</source>
        <translation>浙江居民阶梯电价</translation>
    </message>
    <message>
        <source>Shanghai residential tiered tariff, peak period (上海居民阶梯电价，峰时段)</source>
        <translation>上海居民阶梯电价（峰时段）</translation>
    </message>
    <message>
        <source>Jiangsu residential tiered tariff, peak period (江苏居民阶梯电价，峰时段)</source>
        <translation>江苏居民阶梯电价（峰时段）</translation>
    </message>
    <message>
        <source>Guangdong residential tiered tariff (广东居民阶梯电价)</source>
        <translation>广东居民阶梯电价</translation>
    </message>
    <message>
        <source>Zhejiang commercial tariff, single-part below 1 kV (浙江一般工商业电价，不满1千伏单一制)</source>
        <translation>浙江一般工商业电价（不满1千伏单一制）</translation>
    </message>
    <message>
        <source>U.S. average residential price (EIA Electric Power Monthly, as of April 2026)</source>
        <translation>美国居民平均电价（EIA《电力月报》，2026 年 4 月）</translation>
    </message>
    <message>
        <source>U.S. average commercial price (EIA Electric Power Monthly, as of April 2026)</source>
        <translation>美国商业平均电价（EIA《电力月报》，2026 年 4 月）</translation>
    </message>
    <message>
        <source>California average residential price (EIA, 2025)</source>
        <translation>加州居民平均电价（EIA，2025 年）</translation>
    </message>
    <message>
        <source>California average commercial price (EIA Electric Power Monthly, as of April 2026)</source>
        <translation>加州商业平均电价（EIA《电力月报》，2026 年 4 月）</translation>
    </message>
    <message>
        <source>Texas average residential price (EIA, 2025)</source>
        <translation>得州居民平均电价（EIA，2025 年）</translation>
    </message>
    <message>
        <source>Texas average commercial price (EIA, 2023)</source>
        <translation>得州商业平均电价（EIA，2023 年）</translation>
    </message>
    <message>
        <source>EU-27 average household electricity price (Eurostat, H1 2025)</source>
        <translation>欧盟 27 国家庭平均电价（欧盟统计局，2025 年上半年）</translation>
    </message>
    <message>
        <source>EU-27 average non-household electricity price (Eurostat, H1 2025)</source>
        <translation>欧盟 27 国非家庭平均电价（欧盟统计局，2025 年上半年）</translation>
    </message>
    <message>
        <source>Germany household electricity price (Eurostat, H1 2025)</source>
        <translation>德国家庭电价（欧盟统计局，2025 年上半年）</translation>
    </message>
    <message>
        <source>Germany household electricity price (Destatis, H1 2025)</source>
        <translation>德国家庭电价（德国联邦统计局，2025 年上半年）</translation>
    </message>
    <message>
        <source>France household electricity price (Eurostat, H2 2024)</source>
        <translation>法国家庭电价（欧盟统计局，2024 年下半年）</translation>
    </message>
    <message>
        <source>China, national average electricity CO2 factor (MEE/NBS)</source>
        <extracomment>The grid-carbon regions of data/carbon.toml, exactly as written there.</extracomment>
        <translation>中国，全国平均电力二氧化碳排放因子（生态环境部/国家统计局）</translation>
    </message>
    <message>
        <source>China, national average excluding market-traded non-fossil electricity (MEE/NBS)</source>
        <translation>中国，全国平均（不含市场化交易的非化石能源电量）（生态环境部/国家统计局）</translation>
    </message>
    <message>
        <source>China, North China grid average electricity CO2 factor (MEE/NBS; includes Beijing)</source>
        <translation>中国，华北电网平均电力二氧化碳排放因子（生态环境部/国家统计局；含北京）</translation>
    </message>
    <message>
        <source>China, East China grid average electricity CO2 factor (MEE/NBS; includes Zhejiang)</source>
        <translation>中国，华东电网平均电力二氧化碳排放因子（生态环境部/国家统计局；含浙江）</translation>
    </message>
    <message>
        <source>United States, utility-scale generation average (EIA)</source>
        <translation>美国，公用事业规模发电平均值（EIA）</translation>
    </message>
    <message>
        <source>European Union (EU-27), GHG intensity of electricity generation (EEA), gCO2e</source>
        <translation>欧盟（27 国），发电温室气体排放强度（欧洲环境署），gCO2e</translation>
    </message>
    <message>
        <source>Germany, CO2 emission factor of the electricity mix (Umweltbundesamt)</source>
        <translation>德国，电力结构二氧化碳排放因子（德国联邦环境署）</translation>
    </message>
    <message>
        <source>France, carbon intensity of electricity production (RTE), gCO2e</source>
        <translation>法国，发电碳排放强度（RTE），gCO2e</translation>
    </message>
    <message>
        <source>World, carbon intensity of electricity generation (Ember)</source>
        <translation>全球，发电碳排放强度（Ember）</translation>
    </message>
    <message>
        <source>World, power-sector emission intensity incl. lifecycle emissions (Ember 2024 methodology), gCO2e</source>
        <translation>全球，电力行业排放强度（含全生命周期排放，Ember 2024 年方法），gCO2e</translation>
    </message>
    <message>
        <source>Entry: students and individuals</source>
        <extracomment>Recommend&apos;s presets by id (core names them in English for the CLI).</extracomment>
        <translation>入门：学生和个人</translation>
    </message>
    <message>
        <source>Advanced: research and mid-size projects</source>
        <translation>进阶：科研和中型项目</translation>
    </message>
    <message>
        <source>Professional: large models and data centres</source>
        <translation>专业：大模型和数据中心</translation>
    </message>
    <message>
        <source>FP32</source>
        <extracomment>The training precisions&apos; names, exactly as planner.core.records.precision writes them.</extracomment>
        <translation>FP32</translation>
    </message>
    <message>
        <source>AMP FP16</source>
        <translation>AMP FP16（混合精度）</translation>
    </message>
    <message>
        <source>AMP BF16</source>
        <translation>AMP BF16（混合精度）</translation>
    </message>
    <message>
        <source>FP16 (pure)</source>
        <translation>FP16（纯 16 位）</translation>
    </message>
    <message>
        <source>BF16 (pure)</source>
        <translation>BF16（纯 16 位）</translation>
    </message>
    <message>
        <source>FP8 (Transformer Engine)</source>
        <translation>FP8（Transformer Engine）</translation>
    </message>
    <message>
        <source>Custom flat price</source>
        <extracomment>The tariff core makes of a price the user typed (planner.core.costs.energy.flat_tariff).</extracomment>
        <translation>自定义固定电价</translation>
    </message>
</context>
<context>
    <name>Notice</name>
    <message>
        <source>Notice</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Close this notice</source>
        <translation>关闭此提示</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>PanelDocks</name>
    <message>
        <source>VRAM Headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Energy and Cost</source>
        <translation>能耗与成本</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Compare Variants</source>
        <translation>方案比较</translation>
    </message>
    <message>
        <source>Measured Runs</source>
        <translation>实测运行</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>模型服务</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>偏好设置</translation>
    </message>
    <message>
        <source>Use the Open Build&apos;s Assumptions</source>
        <translation>采用当前配置的假设</translation>
    </message>
    <message>
        <source>New builds start with</source>
        <translation>新建配置的默认假设</translation>
    </message>
    <message>
        <source>An open build keeps its own assumptions; they are saved in its file.</source>
        <translation>已打开的配置保留自己的假设，并随文件保存。</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>A new language takes effect when the app starts again.</source>
        <translation>新的语言在下次启动应用时生效。</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>Colours</source>
        <translation>配色</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>postgresql://you@lab-server/planner?sslmode=require</source>
        <translation>postgresql://你的用户名@实验室服务器/planner?sslmode=require</translation>
    </message>
    <message>
        <source>A PostgreSQL address without a password, or a service name from pg_service.conf. Keep the password in ~/.pgpass or the service file. Leave empty to work alone.</source>
        <translation>不含密码的 PostgreSQL 地址，或 pg_service.conf 中的服务名。密码请保存在 ~/.pgpass 或服务文件中。留空则单独工作。</translation>
    </message>
    <message>
        <source>Team catalog</source>
        <translation>团队目录</translation>
    </message>
    <message>
        <source>Team database</source>
        <translation>团队数据库</translation>
    </message>
    <message>
        <source>kept in the system keyring</source>
        <translation>保存在系统钥匙串中</translation>
    </message>
    <message>
        <source>Typed here, the password goes to the system keyring (%1), never to the settings file; left empty, the one kept stays.</source>
        <translation>在此输入的密码会保存到系统钥匙串（%1），绝不会写入设置文件；留空则保留已保存的密码。</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>This address holds a password, which would be kept in the settings file as plain text; put it in ~/.pgpass or the service file instead.</source>
        <translation>此地址包含密码，会以明文保存在设置文件中；请改为放在 ~/.pgpass 或服务文件中。</translation>
    </message>
</context>
<context>
    <name>PriceBookText</name>
    <message>
        <source>Apply these changes? [y/N] </source>
        <translation>应用这些更改？[y/N] </translation>
    </message>
    <message>
        <source>Nothing was applied; run again with --yes to apply.</source>
        <translation>未应用任何更改；加上 --yes 再运行即可应用。</translation>
    </message>
    <message>
        <source>No price pack is applied.</source>
        <translation>尚未应用任何价格包。</translation>
    </message>
    <message>
        <source>The file is not a price pack: it has no [pack] table.</source>
        <translation>该文件不是价格包：其中没有 [pack] 表。</translation>
    </message>
    <message>
        <source>The price pack is malformed (%1), so nothing was applied.</source>
        <translation>价格包格式有误（%1），未应用任何更改。</translation>
    </message>
    <message>
        <source>The price pack is of format %1, newer than this version of GPU Build Planner reads; update the app to apply it.</source>
        <translation>价格包的格式为 %1，比此版本的 GPU Build Planner 能读取的更新；请更新程序后再应用。</translation>
    </message>
    <message>
        <source>The price pack is damaged or cut short (it is not readable TOML), so nothing was applied; download it again.</source>
        <translation>价格包已损坏或不完整（不是可读的 TOML），未应用任何更改；请重新下载。</translation>
    </message>
    <message>
        <source>The price pack is incomplete: its header counts %1 readings but it holds %2, so nothing was applied; download it again.</source>
        <translation>价格包不完整：表头记有 %1 条价格记录，实际只有 %2 条，未应用任何更改；请重新下载。</translation>
    </message>
    <message>
        <source>The price pack&apos;s checksum does not match its readings: it was changed or damaged after it was built, so nothing was applied; download it again.</source>
        <translation>价格包的校验和与其价格记录不符：它在生成后被改动或损坏，未应用任何更改；请重新下载。</translation>
    </message>
    <message>
        <source>The file is far larger than a price pack, so it was not read.</source>
        <translation>该文件远大于价格包应有的大小，因此未读取。</translation>
    </message>
    <message>
        <source>The price pack could not be downloaded: the server answered %1.</source>
        <translation>无法下载价格包：服务器返回 %1。</translation>
    </message>
    <message>
        <source>The connection broke off while the price pack was downloading, so nothing was applied; try again.</source>
        <translation>下载价格包时连接中断，未应用任何更改；请重试。</translation>
    </message>
    <message>
        <source>The server did not answer within %1 s, so nothing was applied; try again later.</source>
        <translation>服务器在 %1 秒内没有响应，未应用任何更改；请稍后再试。</translation>
    </message>
    <message>
        <source>The price pack could not be downloaded (%1).</source>
        <translation>无法下载价格包（%1）。</translation>
    </message>
    <message>
        <source>Only a file name or an http, https or file address can be read (not %1).</source>
        <translation>只能读取文件名或 http、https、file 地址（不能读取 %1）。</translation>
    </message>
    <message>
        <source>The server sent the download on to %1, which is not an http or https address, so it was not followed.</source>
        <translation>服务器把下载转向了 %1，它不是 http 或 https 地址，因此未跟随。</translation>
    </message>
    <message>
        <source>The catalog database %1, so nothing was changed.</source>
        <translation>目录数据库%1，因此未做任何更改。</translation>
    </message>
    <message>
        <source>There is no file “%1”; check its name and folder.</source>
        <translation>没有文件“%1”；请检查文件名和所在文件夹。</translation>
    </message>
    <message>
        <source>The file “%1” could not be read.</source>
        <translation>无法读取文件“%1”。</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%n added</source>
        <translation>
            <numerusform>新增 %n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changed</source>
        <translation>
            <numerusform>修改 %n 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n removed</source>
        <translation>
            <numerusform>删除 %n 条</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1 price: %2 → %3</source>
        <translation>%1价格：%2 → %3</translation>
    </message>
    <message numerus="yes">
        <source>“%1” of %2 holds %n reading(s) and changes nothing in your catalog.</source>
        <translation>
            <numerusform>“%1”（%2）含 %n 条价格记录，不会改变你的目录。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>“%1” of %2 holds %n reading(s).</source>
        <translation>
            <numerusform>“%1”（%2）含 %n 条价格记录。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>It changes %n card(s):</source>
        <translation>
            <numerusform>将改变 %n 张卡：</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 added, %2 changed, %3 removed.</source>
        <translation>新增 %1 条，修改 %2 条，删除 %3 条。</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <comment>three sentences in a row</comment>
        <translation>%1%2%3</translation>
    </message>
    <message numerus="yes">
        <source>Left out: %n card(s) this catalog does not hold (%1).</source>
        <translation>
            <numerusform>已略过：此目录中没有的 %n 张卡（%1）。</numerusform>
        </translation>
    </message>
    <message>
        <source>This session works from memory, so a price pack would be lost when it ends; it was not applied.</source>
        <translation>本次会话只在内存中运行，价格包会在会话结束时丢失，因此未应用。</translation>
    </message>
    <message numerus="yes">
        <source>The prices of “%1” were applied to %n card(s); Undo takes them back.</source>
        <translation>
            <numerusform>“%1”的价格已应用到 %n 张卡；“撤销”可将其撤回。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The prices of “%1” were taken back from %n card(s).</source>
        <translation>
            <numerusform>已从 %n 张卡撤回“%1”的价格。</numerusform>
        </translation>
    </message>
    <message>
        <source>No price pack is applied, so there is nothing to undo.</source>
        <translation>尚未应用任何价格包，没有可撤销的内容。</translation>
    </message>
    <message>
        <source>“%1” of %2, applied %3</source>
        <translation>“%1”（%2），应用于 %3</translation>
    </message>
</context>
<context>
    <name>PriceUpdateDialog</name>
    <message>
        <source>Update Prices</source>
        <translation>更新价格</translation>
    </message>
    <message>
        <source>A price pack brings newer price readings into your catalog. Give its file or its address (http, https); nothing changes until you apply it.</source>
        <translation>价格包把较新的价格记录导入你的目录。请给出它的文件或地址（http、https）；在你点击应用之前不会有任何更改。</translation>
    </message>
    <message>
        <source>File or address, e.g. https://example.org/prices.toml</source>
        <translation>文件或地址，例如 https://example.org/prices.toml</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Show Changes</source>
        <translation>显示更改</translation>
    </message>
    <message>
        <source>What the pack changes is shown here before anything is applied.</source>
        <translation>应用之前，价格包将做的更改会显示在这里。</translation>
    </message>
    <message>
        <source>Undo Last Update</source>
        <translation>撤销上次更新</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Last update: %1</source>
        <translation>上次更新：%1</translation>
    </message>
    <message>
        <source>No price pack is applied.</source>
        <translation>尚未应用任何价格包。</translation>
    </message>
    <message>
        <source>Open Price Pack</source>
        <translation>打开价格包</translation>
    </message>
    <message>
        <source>Price packs (*.toml);;All files (*)</source>
        <translation>价格包 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading the price pack…</source>
        <translation>正在读取价格包…</translation>
    </message>
    <message>
        <source>Look the changes over, then Apply.</source>
        <translation>请查看这些更改，然后点击“应用”。</translation>
    </message>
    <message>
        <source>Applying the prices…</source>
        <translation>正在应用价格…</translation>
    </message>
    <message>
        <source>Taking the prices back…</source>
        <translation>正在撤销价格…</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>The catalog is still opening; try again in a moment.</source>
        <translation>目录仍在打开中；请稍后再试。</translation>
    </message>
</context>
<context>
    <name>Prices</name>
    <message>
        <source>launch/suggested price (MSRP)</source>
        <translation>首发/建议零售价（MSRP）</translation>
    </message>
    <message>
        <source>list price</source>
        <translation>目录价</translation>
    </message>
    <message>
        <source>retail (street) price</source>
        <translation>零售（市场）价</translation>
    </message>
    <message>
        <source>press estimate</source>
        <translation>媒体估价</translation>
    </message>
    <message>
        <source>used price</source>
        <translation>二手价</translation>
    </message>
    <message>
        <source>quote</source>
        <translation>报价</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新卡</translation>
    </message>
    <message>
        <source>used</source>
        <translation>二手</translation>
    </message>
    <message>
        <source>launch MSRP</source>
        <translation>首发建议价</translation>
    </message>
    <message>
        <source>this month</source>
        <translation>本月</translation>
    </message>
    <message numerus="yes">
        <source>%n month(s) old</source>
        <translation>
            <numerusform>%n 个月前</numerusform>
        </translation>
    </message>
    <message>
        <source>no current price — last seen %1, %2</source>
        <translation>暂无当前价格——最后见于 %1（%2 年）</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>(%1, %2)</source>
        <translation>（%1，%2）</translation>
    </message>
    <message>
        <source>No price known</source>
        <translation>价格未知</translation>
    </message>
    <message>
        <source>Quote of %1 — from: %2</source>
        <translation>%1 的报价 — 来自：%2</translation>
    </message>
    <message>
        <source>%1 of %2 — source: %3</source>
        <translation>%2 的%1 — 来源：%3</translation>
    </message>
    <message>
        <source>Costed as: %1 (%2)</source>
        <translation>计价方式：%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>No new price in the last %n month(s): the newest %1 stands in.</source>
        <translation>
            <numerusform>最近 %n 个月没有新卡价格：改用最新的%1价格。</numerusform>
        </translation>
    </message>
    <message>
        <source>No %1 price is on record: the newest %2 stands in.</source>
        <translation>没有%1价格记录：改用最新的%2价格。</translation>
    </message>
    <message numerus="yes">
        <source>Median of %n reading(s), %1 to %2</source>
        <translation>
            <numerusform>%n 条报价的中位数，%1 至 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Used readings ran above the new price: capped at the new price.</source>
        <translation>二手报价高于新卡价格：已按新卡价格封顶。</translation>
    </message>
    <message numerus="yes">
        <source>No current price: no reading in the last %n month(s). This is what the card was last seen at; totals and rankings leave it out.</source>
        <translation>
            <numerusform>暂无当前价格：最近 %n 个月内没有报价。这是该卡最后见到的价格；合计与排名均不计入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Converted from %1 at the rates of %2</source>
        <translation>由 %1 按 %2 的汇率换算</translation>
    </message>
    <message>
        <source>entered by you</source>
        <translation>您自己输入</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QuoteDialog</name>
    <message>
        <source>Quote for %1</source>
        <translation>%1 的报价</translation>
    </message>
    <message>
        <source>The price quoted for one card</source>
        <translation>单卡报价</translation>
    </message>
    <message>
        <source>Who quoted it</source>
        <translation>报价方</translation>
    </message>
    <message>
        <source>Price per card</source>
        <translation>单卡价格</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Quoted on</source>
        <translation>报价日期</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>供应商</translation>
    </message>
</context>
<context>
    <name>RecipeDialog</name>
    <message>
        <source>The head the model is loaded with; it decides the parameters on top and whether full-vocabulary logits are kept</source>
        <extracomment>Widest the window grows (module names wrap in their list beyond it).</extracomment>
        <translation>加载模型时使用的任务头；它决定顶层的参数量，以及是否保留全词表 logits</translation>
    </message>
    <message>
        <source>Double quantization of the 4-bit base</source>
        <translation>对 4 位基座做双重量化</translation>
    </message>
    <message>
        <source>QLoRA quantizes the quantization constants too: about 0.37 bits less per weight</source>
        <translation>QLoRA 连量化常数也一并量化：每个权重约少 0.37 位</translation>
    </message>
    <message>
        <source>8-bit base (bitsandbytes LLM.int8)</source>
        <translation>8 位基座（bitsandbytes LLM.int8）</translation>
    </message>
    <message>
        <source>Choose LoRA or QLoRA in the Adapter column to set these.</source>
        <translation>在“适配器”列中选择 LoRA 或 QLoRA 后即可设置这些选项。</translation>
    </message>
    <message>
        <source>Step in backward</source>
        <translation>在反向传播中步进</translation>
    </message>
    <message>
        <source>Each parameter is stepped as soon as its gradient is ready, so only the largest gradient is held; needs gradient accumulation 1</source>
        <translation>每个参数的梯度一就绪就立即更新，因此只保留最大的一个梯度；要求梯度累积为 1</translation>
    </message>
    <message>
        <source>N = </source>
        <translation>N = </translation>
    </message>
    <message>
        <source>Activation offloading (torchtune)</source>
        <translation>激活卸载（torchtune）</translation>
    </message>
    <message>
        <source>enable_activation_offloading: saved activations wait in host RAM and come back a layer ahead of backward</source>
        <translation>enable_activation_offloading：保存的激活在主机内存中等待，并在反向传播前提前一层取回</translation>
    </message>
    <message>
        <source>As long as the source</source>
        <translation>与源序列等长</translation>
    </message>
    <message>
        <source>Decoder (target) tokens of an encoder-decoder model such as T5; the sequence length is the source</source>
        <translation>编码器-解码器模型（如 T5）的解码器（目标）词元数；序列长度为源序列</translation>
    </message>
    <message>
        <source>prepare_model_for_kbit_training (PEFT)</source>
        <translation>prepare_model_for_kbit_training（PEFT）</translation>
    </message>
    <message>
        <source>Casts the modules left unquantized (embeddings, norms, LM head) to fp32 before QLoRA</source>
        <translation>在 QLoRA 之前将未量化的模块（嵌入、归一化层、LM 头）转换为 fp32</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>任务头</translation>
    </message>
    <message>
        <source>Target length</source>
        <translation>目标长度</translation>
    </message>
    <message>
        <source>Software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source>Adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>目标层</translation>
    </message>
    <message>
        <source>Adapter dtype</source>
        <translation>适配器类型</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步进实现</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>CPU offload</source>
        <translation>CPU 卸载</translation>
    </message>
    <message>
        <source>Recipe of %1</source>
        <translation>%1 的训练配方</translation>
    </message>
    <message>
        <source>Per GPU: %1</source>
        <translation>每 GPU：%1</translation>
    </message>
</context>
<context>
    <name>RecipeText</name>
    <message>
        <source>inference, %1 weights</source>
        <extracomment>The parameters each code&apos;s template takes, in %1, %2 … order.</extracomment>
        <translation>推理，%1 权重</translation>
    </message>
    <message>
        <source>KV cache %1</source>
        <translation>KV 缓存 %1</translation>
    </message>
    <message>
        <source>batch %1 × %2 tokens</source>
        <translation>批大小 %1 × %2 个 token</translation>
    </message>
    <message>
        <source>batch %1 × the model&apos;s default length</source>
        <translation>批大小 %1 × 模型默认长度</translation>
    </message>
    <message>
        <source>training, %1, %2</source>
        <translation>训练，%1，%2</translation>
    </message>
    <message>
        <source>full fine-tuning</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA rank %1 on %2</source>
        <translation>LoRA 秩 %1（%2）</translation>
    </message>
    <message>
        <source>QLoRA rank %1 on %2</source>
        <translation>QLoRA 秩 %1（%2）</translation>
    </message>
    <message>
        <source>batch %1 × %2</source>
        <translation>批大小 %1 × %2</translation>
    </message>
    <message>
        <source>%1 head</source>
        <translation>%1头</translation>
    </message>
    <message>
        <source>8-bit base</source>
        <translation>8 位基座</translation>
    </message>
    <message>
        <source>no double quantization</source>
        <translation>不做双重量化</translation>
    </message>
    <message>
        <source>%1 adapters</source>
        <translation>%1 适配器</translation>
    </message>
    <message>
        <source>optimizer step: %1</source>
        <translation>优化器步进：%1</translation>
    </message>
    <message>
        <source>optimizer step in backward</source>
        <translation>在反向传播中步进优化器</translation>
    </message>
    <message>
        <source>checkpointing: %1</source>
        <translation>检查点：%1</translation>
    </message>
    <message>
        <source>chunked loss</source>
        <translation>分块损失</translation>
    </message>
    <message>
        <source>CPU offload: %1</source>
        <translation>CPU 卸载：%1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>one layer in %1</source>
        <translation>每 %1 层一个</translation>
    </message>
</context>
<context>
    <name>RecommendDialog</name>
    <message>
        <source>Find the cheapest build that fits</source>
        <translation>寻找放得下的最便宜配置</translation>
    </message>
    <message>
        <source>The build&apos;s tracked workloads</source>
        <translation>配置所跟踪的工作负载</translation>
    </message>
    <message>
        <source>Limit to</source>
        <translation>上限</translation>
    </message>
    <message>
        <source> % spare</source>
        <translation> % 余量</translation>
    </message>
    <message>
        <source>Lowest price</source>
        <translation>价格最低</translation>
    </message>
    <message>
        <source>Lowest power</source>
        <translation>功耗最低</translation>
    </message>
    <message>
        <source>Fastest</source>
        <translation>速度最快</translation>
    </message>
    <message>
        <source>Size for</source>
        <translation>按此估算</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Rank by</source>
        <translation>排序依据</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Board power</source>
        <translation>板卡功耗</translation>
    </message>
    <message>
        <source>Tensor TFLOPS</source>
        <translation>张量 TFLOPS</translation>
    </message>
    <message>
        <source>Least headroom</source>
        <translation>最小余量</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>How it is sold</source>
        <translation>销售形式</translation>
    </message>
    <message>
        <source>Apply to build</source>
        <translation>应用到配置</translation>
    </message>
    <message numerus="yes">
        <source>%n build(s) fit.</source>
        <translation>
            <numerusform>有 %n 个配置放得下。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing in the catalog fits these workloads within the limits.</source>
        <translation>在这些限制内，目录中没有能容纳这些工作负载的配置。</translation>
    </message>
    <message>
        <source>SXM modules: an HGX server of %1 GPUs</source>
        <translation>SXM 模块：%1 卡 HGX 服务器</translation>
    </message>
    <message>
        <source>OAM modules: an 8-GPU server baseboard</source>
        <translation>OAM 模块：8 卡服务器基板</translation>
    </message>
    <message>
        <source>Every build is sized for:</source>
        <translation>每个配置都按以下设置估算：</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
</context>
<context>
    <name>RecoveryDialog</name>
    <message>
        <source>Recover Unsaved Builds</source>
        <translation>恢复未保存的配置</translation>
    </message>
    <message>
        <source>GPU Build Planner did not close properly. These builds were autosaved; recover one to go on working on it, or discard them.</source>
        <translation>GPU 配置规划器上次未正常关闭。以下配置已自动保存；恢复其中一个以继续编辑，或全部丢弃。</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Autosaved</source>
        <translation>自动保存于</translation>
    </message>
    <message>
        <source>Last saved as</source>
        <translation>上次保存为</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard All</source>
        <translation>全部丢弃</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n 个 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n workload(s)</source>
        <translation>
            <numerusform>%n 个工作负载</numerusform>
        </translation>
    </message>
    <message>
        <source>never saved</source>
        <translation>从未保存</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>Rentals</name>
    <message>
        <source>on-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>interruptible</source>
        <translation>可中断（竞价）</translation>
    </message>
    <message>
        <source>marketplace</source>
        <translation>第三方市场</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>kind not stated</source>
        <translation>类型未注明</translation>
    </message>
    <message>
        <source>On-demand: the provider&apos;s own machines by the hour, kept as long as you pay.</source>
        <translation>按需：服务商自有的机器，按小时计费，付费期间一直归你使用。</translation>
    </message>
    <message>
        <source>Interruptible (spot, bid): cheaper hours the provider can take back mid-run.</source>
        <translation>可中断（竞价）：时长更便宜，但服务商可能在运行中途收回。</translation>
    </message>
    <message>
        <source>Marketplace: a third party&apos;s machine listed on the provider&apos;s market; quality and price vary from host to host and day to day.</source>
        <translation>第三方市场：第三方在服务商市场上出租的机器；质量与价格因主机而异，每天都在变。</translation>
    </message>
    <message>
        <source>Reserved: a lower price for a commitment of months or years.</source>
        <translation>预留：承诺租用数月或数年才能享受的较低价格。</translation>
    </message>
    <message>
        <source>The offer&apos;s record does not say what kind of rental it is.</source>
        <translation>该报价记录未注明属于哪类租用。</translation>
    </message>
    <message>
        <source>%1× %2, %3</source>
        <translation>%1× %2，%3</translation>
    </message>
    <message numerus="yes">
        <source>%1× %2 (%n GPU(s)), %3</source>
        <translation>
            <numerusform>%1× %2（%n 块 GPU），%3</numerusform>
        </translation>
    </message>
    <message>
        <source>No on-demand rental of this GPU on record; %1 offers are left out (tick “Also interruptible and marketplace offers” to compare them).</source>
        <translation>记录中没有该 GPU 的按需租用；已略去%1报价（勾选“也比较可中断与第三方市场报价”即可比较）。</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the kinds of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>like for like: %1</source>
        <translation>同款同量：%1</translation>
    </message>
    <message>
        <source>not like for like</source>
        <translation>非同款同量</translation>
    </message>
    <message>
        <source>Rents what %1 has: the same GPU model, as many GPUs (the energy panel&apos;s rental of that variant).</source>
        <translation>租用与 %1 相同的 GPU：同一型号、同样数量（即能耗面板对该方案的租用）。</translation>
    </message>
    <message>
        <source>Not like for like: no compared variant has this GPU model, so one unit of the offer is costed.</source>
        <translation>非同款同量：所比较的方案都没有这种 GPU 型号，因此按该报价的一个单位计价。</translation>
    </message>
</context>
<context>
    <name>ReportActions</name>
    <message>
        <source>Export PDF</source>
        <translation>导出 PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>已导出 %1。</translation>
    </message>
    <message>
        <source>Cannot Export PDF</source>
        <translation>无法导出 PDF</translation>
    </message>
    <message>
        <source>Writing the comparison sheet…</source>
        <translation>正在生成对比表…</translation>
    </message>
    <message>
        <source>The sheet could not be written (%1); nothing was saved.</source>
        <translation>无法生成对比表（%1），未保存任何内容。</translation>
    </message>
    <message>
        <source>Cannot Print</source>
        <translation>无法打印</translation>
    </message>
</context>
<context>
    <name>Runs</name>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已保留</translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <source>full fine-tune</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>%1 with offload</source>
        <translation>%1（含卸载）</translation>
    </message>
    <message>
        <source>Allocated memory leaves out the CUDA context and the allocator&apos;s slack: the %1 of them in this figure are the formulas&apos; own.</source>
        <translation>已分配显存不含 CUDA 上下文和分配器松弛量：此数值中这部分的 %1 来自公式。</translation>
    </message>
    <message>
        <source>Reserved memory leaves out the CUDA context: the %1 of it in this figure are the formulas&apos; own.</source>
        <translation>已保留显存不含 CUDA 上下文：此数值中这部分的 %1 来自公式。</translation>
    </message>
    <message numerus="yes">
        <source>Calibrated from %n of your %1 runs on this GPU (%2): %3, the formulas&apos; %4 with %5 (%6 on the %7 memory those runs measured). Error on those runs ±%8.</source>
        <translation>
            <numerusform>按你在此 GPU 上的 %n 次%1运行校准（%2）：%3，即公式的 %4 加 %5（在这些运行所测的%7显存上加 %6）。在这些运行上的误差 ±%8。</numerusform>
        </translation>
    </message>
    <message>
        <source>Leave-one-out error ±%1.</source>
        <translation>留一法误差 ±%1。</translation>
    </message>
    <message>
        <source>Your runs: %1.</source>
        <translation>你的运行：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Measured in %n of your runs of this configuration: %1 (%2).</source>
        <translation>
            <numerusform>此配置在你的 %n 次运行中实测：%1（%2）。</numerusform>
        </translation>
    </message>
    <message>
        <source>With the formulas&apos; %1 for what it leaves out (CUDA context, allocator&apos;s slack): %2, comparable with this bar.</source>
        <translation>加上公式为其未计入部分（CUDA 上下文、分配器松弛量）给出的 %1：%2，可与此条直接比较。</translation>
    </message>
    <message>
        <source>* calibrated from your runs.</source>
        <translation>* 按你的运行校准。</translation>
    </message>
    <message>
        <source>◆ your measured peak of that configuration.</source>
        <translation>◆ 你实测的该配置峰值。</translation>
    </message>
    <message>
        <source>%1 (record %2)</source>
        <translation>%1（第 %2 条记录）</translation>
    </message>
    <message>
        <source>%1: could not be read (%2).</source>
        <extracomment>%1 is the file, %2 what the system said.</extracomment>
        <translation>%1：无法读取（%2）。</translation>
    </message>
    <message>
        <source>%1: the file is larger than %2 MB, too large for run records.</source>
        <extracomment>%2 is the largest size read, in MB.</extracomment>
        <translation>%1：文件大于 %2 MB，作为运行记录过大。</translation>
    </message>
    <message>
        <source>%1: not a JSON run record (it is not valid UTF-8 JSON).</source>
        <translation>%1：不是 JSON 运行记录（不是有效的 UTF-8 JSON）。</translation>
    </message>
    <message>
        <source>%1: more than %2 records.</source>
        <translation>%1：记录超过 %2 条。</translation>
    </message>
    <message>
        <source>%1: a run record must be a JSON object.</source>
        <translation>%1：运行记录必须是 JSON 对象。</translation>
    </message>
    <message>
        <source>%1: %2 must be a JSON object.</source>
        <translation>%1：%2 必须是 JSON 对象。</translation>
    </message>
    <message>
        <source>%1: format is %2, not &apos;gpu-planner-run&apos;: this is not a measured-run record.</source>
        <extracomment>%2 is the record&apos;s &quot;format&quot; as found in the file.</extracomment>
        <translation>%1：格式为 %2，而不是 &apos;gpu-planner-run&apos;：这不是实测运行记录。</translation>
    </message>
    <message>
        <source>%1: version %2 is newer than this GPU Build Planner reads (%3); please update to import it.</source>
        <translation>%1：版本 %2 比本 GPU 配置规划器能读取的版本（%3）更新；请更新软件后再导入。</translation>
    </message>
    <message>
        <source>%1: unknown key &apos;%2&apos; (a record of a newer version?).</source>
        <translation>%1：未知的键 &apos;%2&apos;（可能是更新版本的记录？）。</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is missing.</source>
        <translation>%1：缺少 &apos;%2&apos;。</translation>
    </message>
    <message>
        <source>%1: gpu.name &apos;%2&apos; names no GPU in the catalog (&apos;gpu-planner catalog gpus&apos; lists them).</source>
        <translation>%1：gpu.name &apos;%2&apos; 不对应目录中的任何 GPU（&apos;gpu-planner catalog gpus&apos; 可列出全部 GPU）。</translation>
    </message>
</context>
<context>
    <name>RunsController</name>
    <message>
        <source>Import measured runs</source>
        <extracomment>Files a drop on the window is taken as run records by (a build file opens as a build).</extracomment>
        <translation>导入实测运行</translation>
    </message>
    <message>
        <source>Measured runs (*.json);;All files (*)</source>
        <translation>实测运行 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n measured run(s).</source>
        <translation>
            <numerusform>已导入 %n 次实测运行。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n were already stored.</source>
        <translation>
            <numerusform>另有 %n 条早已存储。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) could not be imported.</source>
        <translation>
            <numerusform>%n 条记录无法导入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export measured runs</source>
        <translation>导出实测运行</translation>
    </message>
    <message>
        <source>Measured runs (*.json)</source>
        <translation>实测运行 (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n measured run(s).</source>
        <translation>
            <numerusform>已导出 %n 次实测运行。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Serving</name>
    <message>
        <source>vLLM</source>
        <extracomment>The engines by id, as the panel lists them (product names; listed so lupdate sees them).</extracomment>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>TensorRT-LLM</source>
        <translation>TensorRT-LLM</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>Hugging Face transformers</source>
        <translation>Hugging Face transformers</translation>
    </message>
    <message>
        <source>int8 (GPTQ, LLM.int8)</source>
        <extracomment>Weight quantizations named by the methods that produce them.</extracomment>
        <translation>int8（GPTQ、LLM.int8）</translation>
    </message>
    <message>
        <source>int4 (AWQ, GPTQ)</source>
        <translation>int4（AWQ、GPTQ）</translation>
    </message>
    <message>
        <source>the KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>the engine&apos;s cap on sequences a step</source>
        <translation>引擎每步序列数上限</translation>
    </message>
    <message>
        <source>the weights leave no KV cache</source>
        <translation>权重占满显存，没有 KV 缓存空间</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>算力</translation>
    </message>
    <message>
        <source>the link between the GPUs</source>
        <translation>GPU 之间的互连</translation>
    </message>
    <message>
        <source>the engine&apos;s fixed cost per step</source>
        <translation>引擎每步的固定开销</translation>
    </message>
    <message numerus="yes">
        <source>%n user(s)</source>
        <translation>
            <numerusform>%n 个用户</numerusform>
        </translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>模型服务</translation>
    </message>
    <message>
        <source>%1: %2 at once, %3 tokens/s each, %4 per million output tokens</source>
        <translation>%1：同时 %2，每人 %3 tokens/s，每百万输出 token %4</translation>
    </message>
</context>
<context>
    <name>ServingPanel</name>
    <message>
        <source>model&apos;s own</source>
        <translation>模型自带精度</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>pipeline</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>as many as fit</source>
        <translation>能放下的最多人数</translation>
    </message>
    <message>
        <source>none</source>
        <translation>不设</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示 token 数</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <source>Users at once</source>
        <translation>同时在线用户</translation>
    </message>
    <message>
        <source>Or tokens/s each at least</source>
        <translation>或每人至少 tokens/s</translation>
    </message>
    <message>
        <source>GPUs per copy</source>
        <translation>每个副本的 GPU 数</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>切分方式</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>每块 GPU</translation>
    </message>
    <message>
        <source>Served</source>
        <translation>服务负载</translation>
    </message>
    <message>
        <source>Knee</source>
        <translation>拐点</translation>
    </message>
    <message>
        <source>Own, per million output tokens</source>
        <translation>自建，每百万输出 token</translation>
    </message>
    <message>
        <source>Rent, per million output tokens</source>
        <translation>租用，每百万输出 token</translation>
    </message>
    <message>
        <source>APIs, per million output tokens</source>
        <translation>API，每百万输出 token</translation>
    </message>
    <message>
        <source>users at once</source>
        <translation>同时在线用户</translation>
    </message>
    <message>
        <source>tokens/s (blue: all users, orange: each)</source>
        <translation>tokens/s（蓝：全部用户，橙：每人）</translation>
    </message>
    <message>
        <source>Add a GPU to the build to serve a model on it.</source>
        <translation>请先在配置中加入 GPU，才能在上面部署模型。</translation>
    </message>
    <message>
        <source>%1 at %2 tokens each (bound: %3)</source>
        <translation>%1，每人 %2 个 token（瓶颈：%3）</translation>
    </message>
    <message>
        <source>%1 weights, %2 KV cache (%3 tokens)</source>
        <translation>权重 %1，KV 缓存 %2（%3 个 token）</translation>
    </message>
    <message>
        <source>saturated</source>
        <translation>已饱和</translation>
    </message>
    <message>
        <source>%1 s to first token</source>
        <translation>首 token %1 秒</translation>
    </message>
    <message>
        <source>%1: %2 tokens/s each, %3 in all, %4 (bound: %5)</source>
        <translation>%1：每人 %2 tokens/s，合计 %3，%4（瓶颈：%5）</translation>
    </message>
    <message>
        <source>no number of users gets %1 tokens/s each</source>
        <translation>任何用户数都达不到每人 %1 tokens/s</translation>
    </message>
    <message>
        <source>%1 more wait: they do not fit</source>
        <translation>另有 %1 需排队：显存放不下</translation>
    </message>
    <message>
        <source>%1 (hardware %2 + electricity %3)</source>
        <translation>%1（硬件 %2 + 电费 %3）</translation>
    </message>
    <message>
        <source>%1 %2: %3 (%4)</source>
        <translation>%1 %2：%3（%4）</translation>
    </message>
    <message>
        <source>no API prices on record</source>
        <translation>没有 API 价格记录</translation>
    </message>
</context>
<context>
    <name>SlotCard</name>
    <message>
        <source>Number of cards</source>
        <translation>显卡数量</translation>
    </message>
    <message>
        <source>How many of this GPU (1–64)</source>
        <translation>此 GPU 的数量（1–64）</translation>
    </message>
    <message>
        <source>Remove from the build (Delete)</source>
        <translation>从配置中移除（Delete）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>price unknown</source>
        <translation>价格未知</translation>
    </message>
    <message>
        <source>not in your catalog</source>
        <translation>不在你的目录中</translation>
    </message>
    <message>
        <source>As the build (its price basis)</source>
        <translation>与配置相同（按其计价方式）</translation>
    </message>
    <message>
        <source>Bought %1</source>
        <translation>按%1购买</translation>
    </message>
    <message>
        <source>Enter a quote…</source>
        <translation>输入报价…</translation>
    </message>
    <message>
        <source>Build warnings:</source>
        <translation>配置警告：</translation>
    </message>
    <message>
        <source>Figures from: %1
Price: %2</source>
        <translation>参数来源：%1
价格：%2</translation>
    </message>
    <message>
        <source>This GPU is not in your catalog: its figures come from the file.</source>
        <translation>此 GPU 不在你的目录中：其参数来自文件。</translation>
    </message>
    <message>
        <source>%1, %2 cards</source>
        <translation>%1，%2 张</translation>
    </message>
</context>
<context>
    <name>SuggestionGroup</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 does not fit, and no single change makes it fit: add GPUs or choose cards with more memory.</source>
        <translation>%1 放不下，且没有任何单项调整能让它放下：请增加 GPU，或选择显存更大的显卡。</translation>
    </message>
    <message>
        <source>%1 does not fit. What would make it fit:</source>
        <translation>%1 放不下。以下调整可让它放下：</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
</context>
<context>
    <name>Suggestions</name>
    <message>
        <source>Micro-batch %batch with %accumulation× gradient accumulation (same effective batch %effective)</source>
        <translation>微批次 %batch，梯度累积 %accumulation 步（有效批次仍为 %effective）</translation>
    </message>
    <message>
        <source>Turn on gradient checkpointing</source>
        <translation>开启梯度检查点</translation>
    </message>
    <message>
        <source>Use FlashAttention / SDPA</source>
        <translation>使用 FlashAttention / SDPA</translation>
    </message>
    <message>
        <source>Mixed precision (AMP BF16)</source>
        <translation>混合精度（AMP BF16）</translation>
    </message>
    <message>
        <source>8-bit Adam (bitsandbytes)</source>
        <translation>8 位 Adam（bitsandbytes）</translation>
    </message>
    <message>
        <source>Pure BF16 weights and optimizer state</source>
        <translation>纯 BF16 权重与优化器状态</translation>
    </message>
    <message>
        <source>LoRA adapters (rank 16) instead of full fine-tuning</source>
        <translation>用 LoRA 适配器（秩 16）代替全量微调</translation>
    </message>
    <message>
        <source>QLoRA (4-bit base, rank 16)</source>
        <translation>QLoRA（4 位基座，秩 16）</translation>
    </message>
    <message>
        <source>Shard over the build&apos;s %gpus GPUs: %strategy</source>
        <translation>在本配置的 %gpus 张 GPU 上分片：%strategy</translation>
    </message>
    <message>
        <source>Tensor-parallel over the build&apos;s %gpus GPUs</source>
        <translation>在本配置的 %gpus 张 GPU 上做张量并行</translation>
    </message>
    <message>
        <source>FP8 KV cache</source>
        <translation>FP8 KV 缓存</translation>
    </message>
    <message>
        <source>Quantize weights to %precision</source>
        <translation>把权重量化为 %precision</translation>
    </message>
    <message>
        <source>Serve batch %batch</source>
        <translation>推理批次改为 %batch</translation>
    </message>
    <message>
        <source>Same result per step; more, smaller steps run slower on a big GPU.</source>
        <translation>每步结果相同；更多更小的步在大 GPU 上跑得更慢。</translation>
    </message>
    <message>
        <source>About 33 % more compute (one extra forward pass).</source>
        <translation>计算量约增加 33%（多一次前向）。</translation>
    </message>
    <message>
        <source>None on supported GPUs; usually faster.</source>
        <translation>在支持的 GPU 上没有代价，通常更快。</translation>
    </message>
    <message>
        <source>Needs BF16 tensor cores (Ampere or newer); usually faster.</source>
        <translation>需要支持 BF16 的张量核心（Ampere 或更新）；通常更快。</translation>
    </message>
    <message>
        <source>Optimizer state in 8 bits; matches 32-bit Adam on most fine-tunes.</source>
        <translation>优化器状态用 8 位保存；多数微调效果与 32 位 Adam 相当。</translation>
    </message>
    <message>
        <source>No fp32 master weights: small updates can be lost; use with care.</source>
        <translation>没有 FP32 主权重：微小的更新可能丢失，请谨慎使用。</translation>
    </message>
    <message>
        <source>Trains ~0.1–1 % of the weights; close to full fine-tuning on many tasks.</source>
        <translation>只训练约 0.1–1% 的权重；许多任务上接近全量微调。</translation>
    </message>
    <message>
        <source>Base weights in 4-bit NF4; slower steps from dequantization.</source>
        <translation>基座权重为 4 位 NF4；反量化使每步变慢。</translation>
    </message>
    <message>
        <source>Shards optimizer state and gradients; same traffic as DDP.</source>
        <translation>切分优化器状态和梯度；通信量与 DDP 相同。</translation>
    </message>
    <message>
        <source>Shards everything; ~1.5× DDP&apos;s communication.</source>
        <translation>全部切分；通信量约为 DDP 的 1.5 倍。</translation>
    </message>
    <message>
        <source>Splits every layer; needs fast links (NVLink) to scale.</source>
        <translation>拆分每一层；需要高速互联（NVLink）才能扩展。</translation>
    </message>
    <message>
        <source>Halves the cache; small quality loss on long contexts.</source>
        <translation>缓存减半；长上下文下质量略有损失。</translation>
    </message>
    <message>
        <source>int8: near-lossless; int4 (GPTQ/AWQ): small quality loss.</source>
        <translation>int8：几乎无损；int4（GPTQ/AWQ）：质量略有损失。</translation>
    </message>
    <message>
        <source>Lower throughput.</source>
        <translation>吞吐量降低。</translation>
    </message>
    <message>
        <source>Calibrated from your runs of this kind: %1.</source>
        <translation>按你的同类运行校准：%1。</translation>
    </message>
    <message>
        <source>Measured in your runs: %1.</source>
        <translation>在你的运行中实测：%1。</translation>
    </message>
</context>
<context>
    <name>Tasks</name>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
</context>
<context>
    <name>TeamBuildsDialog</name>
    <message>
        <source>Team Builds</source>
        <translation>团队配置</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Shared by</source>
        <translation>分享者</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>The team has shared no builds yet, or the last sync did not reach the server.</source>
        <translation>团队尚未分享配置，或上次同步未能连接服务器。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open This Version</source>
        <translation>打开此版本</translation>
    </message>
    <message>
        <source>Versions of “%1”</source>
        <translation>“%1”的各个版本</translation>
    </message>
    <message>
        <source>The versions of “%1” are on the team server, which cannot be reached now.</source>
        <translation>“%1”的各个版本保存在团队服务器上，目前无法连接。</translation>
    </message>
    <message>
        <source>Version %1 of “%2” could not be fetched from the team server.</source>
        <translation>无法从团队服务器获取“%2”的第 %1 版。</translation>
    </message>
    <message>
        <source>“%1” is not in the local copy and the team server cannot be reached.</source>
        <translation>本地副本中没有“%1”，且无法连接团队服务器。</translation>
    </message>
</context>
<context>
    <name>TeamConflictDialog</name>
    <message>
        <source>Changed in the Team Catalog</source>
        <translation>团队目录中已被修改</translation>
    </message>
    <message>
        <source>Another member</source>
        <translation>另一位成员</translation>
    </message>
    <message>
        <source>%1 deleted “%2” from the team catalog after you changed it.</source>
        <translation>在你修改之后，%1 从团队目录中删除了“%2”。</translation>
    </message>
    <message>
        <source>%1 changed “%2” in the team catalog after you changed it.</source>
        <translation>在你修改之后，%1 在团队目录中修改了“%2”。</translation>
    </message>
    <message>
        <source>Your change is still here and was not sent. Reload theirs to see their version, keep yours to send it over theirs, or compare the two first.</source>
        <translation>你的修改仍在，尚未发送。可重新载入对方的版本，保留你的版本并覆盖对方的，或先比较两者。</translation>
    </message>
    <message>
        <source>Reload Theirs</source>
        <translation>重新载入对方版本</translation>
    </message>
    <message>
        <source>Keep Mine</source>
        <translation>保留我的</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Decide Later</source>
        <translation>稍后决定</translation>
    </message>
    <message>
        <source>Both hold the same figures.</source>
        <translation>两者的数据相同。</translation>
    </message>
</context>
<context>
    <name>TeamController</name>
    <message numerus="yes">
        <source>Team catalog: offline, %n edit(s) waiting</source>
        <translation>
            <numerusform>团队目录：离线，%n 项编辑等待同步</numerusform>
        </translation>
    </message>
    <message>
        <source>Team catalog: connecting…</source>
        <translation>团队目录：正在连接…</translation>
    </message>
    <message>
        <source>Team catalog: synced just now</source>
        <translation>团队目录：刚刚已同步</translation>
    </message>
    <message numerus="yes">
        <source>Team catalog: synced %n min ago</source>
        <translation>
            <numerusform>团队目录：%n 分钟前已同步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n edit(s) waiting</source>
        <translation>
            <numerusform>，%n 项编辑等待同步</numerusform>
        </translation>
    </message>
    <message>
        <source> (read-only)</source>
        <translation>（只读）</translation>
    </message>
    <message numerus="yes">
        <source>%n need(s) your choice</source>
        <translation>
            <numerusform>%n 项需要你来选择</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” shows the bundled catalog&apos;s figures again.</source>
        <translation>“%1”已恢复为内置目录的数据。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Untitled build</source>
        <translation>未命名配置</translation>
    </message>
    <message>
        <source>“%1” will be shared with the team at the next sync.</source>
        <translation>“%1”将在下次同步时分享给团队。</translation>
    </message>
    <message>
        <source>in yours</source>
        <translation>你的版本中</translation>
    </message>
    <message>
        <source>in theirs</source>
        <translation>对方的版本中</translation>
    </message>
</context>
<context>
    <name>TeamText</name>
    <message>
        <source>Your team role %1 may read the team catalog but not change it; ask the database owner for the editor role.</source>
        <translation>你的团队角色 %1 可以读取团队目录但不能修改；请向数据库所有者申请编辑者角色。</translation>
    </message>
    <message>
        <source>The team server %1 cannot be reached, so the app works from its local copy.</source>
        <translation>无法连接团队服务器 %1，程序将使用本地副本工作。</translation>
    </message>
    <message>
        <source>The team server refused the password for %1; check your .pgpass or service file.</source>
        <translation>团队服务器拒绝了 %1 的密码；请检查 .pgpass 或服务文件。</translation>
    </message>
    <message>
        <source>The team database %1 does not exist on that server.</source>
        <translation>该服务器上不存在团队数据库 %1。</translation>
    </message>
    <message>
        <source>The team server at %1 does not offer the encrypted connection that sslmode asks for.</source>
        <translation>位于 %1 的团队服务器不提供 sslmode 要求的加密连接。</translation>
    </message>
    <message>
        <source>The team database was set up by a newer version of GPU Build Planner; update the app to use it. The app works from its local copy.</source>
        <translation>团队数据库由更新版本的 GPU Build Planner 建立；请更新程序后再使用。程序将使用本地副本工作。</translation>
    </message>
    <message>
        <source>The team database needs an upgrade that only its owner may make; ask them to open it once with this version.</source>
        <translation>团队数据库需要升级，只有其所有者可以执行；请让所有者用此版本打开一次。</translation>
    </message>
    <message>
        <source>“%1” is not a PostgreSQL address; write postgresql://user@host/database or a service name from your pg_service.conf.</source>
        <translation>“%1”不是 PostgreSQL 地址；请填写 postgresql://用户@主机/数据库，或 pg_service.conf 中的服务名。</translation>
    </message>
    <message>
        <source>The team catalog needs psycopg 3 (pip install &apos;psycopg[binary]&apos;), so the app works from its local copy.</source>
        <translation>团队目录需要 psycopg 3（pip install &apos;psycopg[binary]&apos;），程序将使用本地副本工作。</translation>
    </message>
    <message>
        <source>No team catalog is set up; set GPU_PLANNER_DATABASE_URL or Preferences ▸ Team catalog to a PostgreSQL address.</source>
        <translation>尚未设置团队目录；请将 GPU_PLANNER_DATABASE_URL 或“偏好设置 ▸ 团队目录”设为一个 PostgreSQL 地址。</translation>
    </message>
    <message>
        <source>online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <source>Team catalog %1: %2</source>
        <translation>团队目录 %1：%2</translation>
    </message>
    <message>
        <source>editor</source>
        <translation>编辑者</translation>
    </message>
    <message>
        <source>reader</source>
        <translation>只读成员</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message numerus="yes">
        <source>Edits waiting: %n</source>
        <translation>
            <numerusform>等待同步的编辑：%n 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n need(s) your choice in the app)</source>
        <translation>
            <numerusform>（%n 项需要你在程序中选择）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; team rows set aside as malformed: %n</source>
        <translation>
            <numerusform>；因格式有误而搁置的团队行：%n</numerusform>
        </translation>
    </message>
    <message>
        <source>Last sync: %1</source>
        <translation>上次同步：%1</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message numerus="yes">
        <source>%1; %n edit(s) still waiting.</source>
        <translation>
            <numerusform>%1；仍有 %n 项编辑等待同步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Synced with the team: %1 sent, %2 received.</source>
        <translation>已与团队同步：发送 %1 项，接收 %2 项。</translation>
    </message>
    <message>
        <source>“%1” was changed by another member after your edit; open the app to choose between the two versions.</source>
        <translation>在你编辑之后，另一位成员修改了“%1”；请打开程序，在两个版本之间做出选择。</translation>
    </message>
    <message>
        <source>its record is not JSON</source>
        <translation>其记录不是 JSON</translation>
    </message>
    <message>
        <source>its record is not a GPU record (a JSON object)</source>
        <translation>其记录不是 GPU 记录（JSON 对象）</translation>
    </message>
    <message>
        <source>its field “%1” is missing or not valid</source>
        <translation>其字段“%1”缺失或无效</translation>
    </message>
    <message>
        <source>its record cannot be read</source>
        <translation>其记录无法读取</translation>
    </message>
    <message>
        <source>The team&apos;s row “%1” was set aside because %2; the rest synced, and it comes in once it is fixed on the server.</source>
        <translation>团队目录中“%1”这一行已被搁置，因为%2；其余内容已同步，在服务器上修正后它会在下次同步时进来。</translation>
    </message>
    <message>
        <source>Your change to “%1” stays queued until the team&apos;s row for it is fixed on the server.</source>
        <translation>你对“%1”的修改会留在队列中，直到服务器上团队的这一行被修正。</translation>
    </message>
    <message>
        <source>%1; the list is the one from the last sync.</source>
        <translation>%1；列表来自上次同步。</translation>
    </message>
    <message>
        <source>The team has no shared builds yet.</source>
        <translation>团队尚未分享任何配置。</translation>
    </message>
    <message>
        <source>%1; the versions of a shared build are kept on the server only.</source>
        <translation>%1；共享配置的各个版本只保存在服务器上。</translation>
    </message>
    <message>
        <source>The team has no shared build named “%1”; &apos;gpu-planner team builds&apos; lists them.</source>
        <translation>团队没有名为“%1”的共享配置；&apos;gpu-planner team builds&apos; 可列出全部共享配置。</translation>
    </message>
    <message>
        <source>The team has no version %1 of “%2”; &apos;gpu-planner team builds --history &quot;%2&quot;&apos; lists its versions.</source>
        <translation>团队没有“%2”的第 %1 版；&apos;gpu-planner team builds --history &quot;%2&quot;&apos; 可列出它的各个版本。</translation>
    </message>
    <message>
        <source>The team holds version %1 of “%2”, newer than the version %3 this file came from; pull it first (gpu-planner team pull-build &quot;%2&quot; --out FILE).</source>
        <translation>团队持有“%2”的第 %1 版，比此文件所基于的第 %3 版更新；请先拉取（gpu-planner team pull-build &quot;%2&quot; --out FILE）。</translation>
    </message>
    <message>
        <source>%1; “%2” will be published at the next sync.</source>
        <translation>%1；“%2”将在下次同步时发布。</translation>
    </message>
    <message>
        <source>Another member published “%1” a moment ago; pull it first.</source>
        <translation>另一位成员刚刚发布了“%1”；请先拉取。</translation>
    </message>
    <message>
        <source>Published “%1” as version %2.</source>
        <translation>已将“%1”发布为第 %2 版。</translation>
    </message>
    <message>
        <source>%1, and “%2” is not in the local copy.</source>
        <translation>%1，且本地副本中没有“%2”。</translation>
    </message>
    <message>
        <source>%1; writing the copy from the last sync.</source>
        <translation>%1；将写入上次同步时的副本。</translation>
    </message>
    <message>
        <source>Wrote “%1” version %2 to %3.</source>
        <translation>已将“%1”第 %2 版写入 %3。</translation>
    </message>
    <message>
        <source>No system keyring can be used here (the optional keyring package is missing, or this desktop has no keyring); keep the password in ~/.pgpass or a libpq service file instead.</source>
        <translation>此处无法使用系统钥匙串（缺少可选的 keyring 软件包，或此桌面没有钥匙串）；请改为把密码保存在 ~/.pgpass 或 libpq 服务文件中。</translation>
    </message>
    <message>
        <source>Password for %1: </source>
        <translation>%1 的密码：</translation>
    </message>
    <message>
        <source>No password was given, so nothing was kept.</source>
        <translation>未输入密码，因此没有保存任何内容。</translation>
    </message>
    <message>
        <source>The password for %1 is kept in the system keyring (%2); the app and gpu-planner use it from now on.</source>
        <translation>%1 的密码已保存在系统钥匙串（%2）中；程序和 gpu-planner 今后都会使用它。</translation>
    </message>
    <message>
        <source>The password for %1 was removed from the system keyring.</source>
        <translation>已从系统钥匙串中删除 %1 的密码。</translation>
    </message>
    <message>
        <source>The system keyring holds no password for %1.</source>
        <translation>系统钥匙串中没有 %1 的密码。</translation>
    </message>
</context>
<context>
    <name>TotalsBar</name>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Total VRAM</source>
        <translation>总显存</translation>
    </message>
    <message>
        <source>Smallest GPU</source>
        <translation>最小单卡显存</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU 功耗</translation>
    </message>
    <message>
        <source>System power</source>
        <translation>整机功耗</translation>
    </message>
    <message>
        <source>Recommended PSU</source>
        <translation>建议电源</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>GPUs plus about %1 W for the rest of the computer</source>
        <translation>GPU 加上其余部件约 %1 W</translation>
    </message>
    <message>
        <source>Smallest common rating that keeps the load at or under 80 %</source>
        <translation>让负载不超过 80% 的最小常见额定功率</translation>
    </message>
    <message>
        <source>server PSUs</source>
        <translation>服务器电源</translation>
    </message>
    <message>
        <source>Cards in the build</source>
        <translation>配置中的显卡数</translation>
    </message>
    <message>
        <source>Memory of every card, as its datasheet states it</source>
        <translation>每张卡的显存，以其规格书为准</translation>
    </message>
    <message>
        <source>The smallest card bounds what each GPU can hold when work is split evenly</source>
        <translation>均分任务时，每张 GPU 能放下多少由显存最小的卡决定</translation>
    </message>
    <message>
        <source>Board power (TDP) of every card, from its datasheet</source>
        <translation>每张卡的板卡功耗（TDP），来自其规格书</translation>
    </message>
    <message>
        <source>Each card at its own price (see the card&apos;s tooltip for its kind and date)</source>
        <translation>每张卡按其自身价格计（价格类型与日期见卡片提示）</translation>
    </message>
    <message>
        <source>Converted at the rates of %1</source>
        <translation>按 %1 的汇率换算</translation>
    </message>
    <message>
        <source>A card with no current price (only last seen) is not in the total.</source>
        <translation>没有当前价格（仅有最后见到的价格）的卡不计入合计。</translation>
    </message>
    <message numerus="yes">
        <source>(+%n without a current price)</source>
        <translation>
            <numerusform>（另有 %n 张无当前价格）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(+%n unpriced)</source>
        <translation>
            <numerusform>（另有 %n 张无价格）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VariantSwitcher</name>
    <message>
        <source>Variants</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Duplicate as variant</source>
        <translation>复制为方案</translation>
    </message>
    <message>
        <source>Copy the variant shown as a new candidate build with the same workloads and assumptions</source>
        <translation>将当前方案复制为新的候选配置，负载和假设保持相同</translation>
    </message>
    <message>
        <source>Rename Variant</source>
        <translation>重命名方案</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>fits</source>
        <translation>够用</translation>
    </message>
    <message>
        <source>tight</source>
        <translation>紧张</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
</context>
<context>
    <name>WarningsPopup</name>
    <message>
        <source>Build warnings</source>
        <translation>配置警告</translation>
    </message>
</context>
<context>
    <name>WarningsStrip</name>
    <message>
        <source>Build warnings</source>
        <translation>配置警告</translation>
    </message>
    <message>
        <source>Number of warnings</source>
        <translation>警告数量</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>No build warnings</source>
        <translation>没有配置警告</translation>
    </message>
    <message numerus="yes">
        <source>%n build warning(s)</source>
        <translation>
            <numerusform>%n 条配置警告</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowLayout</name>
    <message>
        <source>The window&apos;s layout is new in this version, so your saved arrangement of the panels was reset. Arrange them as you like; View › Reset Layout brings this one back.</source>
        <translation>此版本的窗口布局是新的，因此你保存的面板排列已重置。可按需重新排列；“视图 › 重置布局”可随时恢复此布局。</translation>
    </message>
</context>
<context>
    <name>WorkloadLabels</name>
    <message>
        <source>Model</source>
        <extracomment>Width of the model-name column, as the panel always had it (names are long; the user can widen). Short names for the narrow parallelism column; the full label is the item&apos;s tooltip. The setting (a :data:`planner.core.plan.workload_settings.SETTINGS` name) each column edits. The column that shows a setting the estimate refused: its own, else the recipe&apos;s. Columns edited with a spin box, and its range (seq 0 means the workload&apos;s default). Columns edited with a combo box of the cell&apos;s options. Largest estimate the column is sized for (&quot;9,999.9 GiB&quot;): wider than any card holds.</extracomment>
        <translation>模型</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>单卡</translation>
    </message>
    <message>
        <source>Memory per GPU and whether it fits</source>
        <translation>每张 GPU 的显存占用及是否放得下</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Micro-batch per GPU</source>
        <translation>每张 GPU 的微批大小</translation>
    </message>
    <message>
        <source>Seq / px</source>
        <translation>序列/像素</translation>
    </message>
    <message>
        <source>Sequence length in tokens, or image side in pixels</source>
        <translation>序列长度（token 数），或图像边长（像素）</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Ckpt</source>
        <translation>检查点</translation>
    </message>
    <message>
        <source>Gradient checkpointing</source>
        <translation>梯度检查点</translation>
    </message>
    <message>
        <source>Accum.</source>
        <translation>累积</translation>
    </message>
    <message>
        <source>Gradient accumulation steps</source>
        <translation>梯度累积步数</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Parallel</source>
        <translation>并行</translation>
    </message>
    <message>
        <source>How the workload is split over the GPUs</source>
        <translation>工作负载如何在各 GPU 间切分</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>Full fine-tuning, LoRA or QLoRA</source>
        <translation>全量微调、LoRA 或 QLoRA</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>秩</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>配方</translation>
    </message>
    <message>
        <source>Head, LoRA targets, optimizer step, loss, checkpointing mode and offload: click to edit</source>
        <translation>任务头、LoRA 目标层、优化器步进、损失、检查点模式和卸载：点击编辑</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Stop tracking this workload</source>
        <translation>停止跟踪此工作负载</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Flash / SDPA</source>
        <translation>Flash / SDPA</translation>
    </message>
    <message>
        <source>Eager</source>
        <translation>Eager</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>全量</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>Data parallel (DDP): a full copy on every GPU</source>
        <translation>数据并行（DDP）：每张 GPU 上一份完整副本</translation>
    </message>
    <message>
        <source>ZeRO-1: optimizer state sharded over the GPUs</source>
        <translation>ZeRO-1：优化器状态在各 GPU 间分片</translation>
    </message>
    <message>
        <source>ZeRO-2: optimizer state and gradients sharded</source>
        <translation>ZeRO-2：优化器状态与梯度分片</translation>
    </message>
    <message>
        <source>ZeRO-3: weights, gradients and optimizer state sharded</source>
        <translation>ZeRO-3：权重、梯度与优化器状态全部分片</translation>
    </message>
    <message>
        <source>FSDP (full shard): weights, gradients and optimizer state sharded</source>
        <translation>FSDP（完全分片）：权重、梯度与优化器状态全部分片</translation>
    </message>
    <message>
        <source>Tensor parallel: each layer split over the GPUs</source>
        <translation>张量并行：每一层拆分到各 GPU</translation>
    </message>
    <message>
        <source>Pipeline parallel: consecutive layers on each GPU</source>
        <translation>流水线并行：每张 GPU 放连续的若干层</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>多副本</translation>
    </message>
    <message>
        <source>A full copy of the model on every GPU, each serving its own requests</source>
        <translation>每张 GPU 上一份完整模型，各自处理自己的请求</translation>
    </message>
    <message>
        <source>Causal LM</source>
        <translation>因果语言模型</translation>
    </message>
    <message>
        <source>Sequence classification</source>
        <translation>序列分类</translation>
    </message>
    <message>
        <source>Token classification</source>
        <translation>token 分类</translation>
    </message>
    <message>
        <source>Masked LM</source>
        <translation>掩码语言模型</translation>
    </message>
    <message>
        <source>Question answering</source>
        <translation>问答</translation>
    </message>
    <message>
        <source>Base model (no head)</source>
        <translation>基础模型（无任务头）</translation>
    </message>
    <message>
        <source>Seq2seq LM</source>
        <translation>序列到序列语言模型</translation>
    </message>
    <message>
        <source>Auto (%1)</source>
        <translation>自动（%1）</translation>
    </message>
    <message>
        <source>FP32</source>
        <extracomment>(label, key, tooltip) per recipe setting with a fixed set of values.</extracomment>
        <translation>FP32</translation>
    </message>
    <message>
        <source>PEFT&apos;s default: adapters in fp32 beside a 16-bit base</source>
        <translation>PEFT 的默认设置：16 位基座旁的 fp32 适配器</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>For-each (PyTorch default)</source>
        <translation>foreach（PyTorch 默认）</translation>
    </message>
    <message>
        <source>Batches every tensor: the step&apos;s temporaries for all parameters at once</source>
        <translation>批量处理所有张量：一次为全部参数分配步进临时张量</translation>
    </message>
    <message>
        <source>Fused</source>
        <translation>融合（fused）</translation>
    </message>
    <message>
        <source>One kernel per step: no temporaries</source>
        <translation>每步一个内核：无临时张量</translation>
    </message>
    <message>
        <source>Per tensor</source>
        <translation>逐张量</translation>
    </message>
    <message>
        <source>foreach=False: only the largest tensor&apos;s temporaries at once</source>
        <translation>foreach=False：同一时刻只有最大张量的临时张量</translation>
    </message>
    <message>
        <source>Full cross-entropy</source>
        <translation>完整交叉熵</translation>
    </message>
    <message>
        <source>Chunked cross-entropy</source>
        <translation>分块交叉熵</translation>
    </message>
    <message>
        <source>torchtune / Liger: the loss&apos;s fp32 work one chunk of tokens at a time</source>
        <translation>torchtune / Liger：损失的 fp32 计算按 token 分块逐块进行</translation>
    </message>
    <message>
        <source>Shifted logits (transformers)</source>
        <translation>移位 logits（transformers）</translation>
    </message>
    <message>
        <source>transformers&apos; ForCausalLMLoss: upcasts the returned logits to fp32 and copies the shifted positions</source>
        <translation>transformers 的 ForCausalLMLoss：将返回的 logits 上转为 fp32，并复制移位后的位置</translation>
    </message>
    <message>
        <source>FP32 logits held</source>
        <translation>保留 FP32 logits</translation>
    </message>
    <message>
        <source>transformers before 4.46: fp32 logits returned and kept through backward by the training loop</source>
        <translation>transformers 4.46 之前：返回 fp32 logits，训练循环在反向传播期间一直保留它们</translation>
    </message>
    <message>
        <source>Modern (CUDA 11.7+, PyTorch 2)</source>
        <translation>现代（CUDA 11.7+、PyTorch 2）</translation>
    </message>
    <message>
        <source>Lazy module loading: a 512 MiB CUDA context; zero_grad frees the gradients</source>
        <translation>延迟模块加载：CUDA 上下文 512 MiB；zero_grad 释放梯度</translation>
    </message>
    <message>
        <source>PyTorch 1 on CUDA 11</source>
        <translation>PyTorch 1 + CUDA 11</translation>
    </message>
    <message>
        <source>Every kernel loaded at start (1,343 MB measured on a V100); zero_grad keeps the gradients allocated</source>
        <translation>启动时加载全部内核（在 V100 上实测 1,343 MB）；zero_grad 保留已分配的梯度</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>ZeRO-Offload: master weights and optimizer state in host RAM</source>
        <translation>ZeRO-Offload：主权重和优化器状态放在主机内存</translation>
    </message>
    <message>
        <source>Optimizer state and parameters</source>
        <translation>优化器状态和参数</translation>
    </message>
    <message>
        <source>FSDP CPU offload: weights and gradients too</source>
        <translation>FSDP CPU 卸载：权重和梯度也一并卸载</translation>
    </message>
    <message>
        <source>Every layer</source>
        <translation>每一层</translation>
    </message>
    <message>
        <source>Keeps each layer&apos;s input and recomputes the layer in backward</source>
        <translation>保留每层的输入，反向传播时重算该层</translation>
    </message>
    <message>
        <source>Selective, op level (torchtitan)</source>
        <translation>选择性，算子级（torchtitan）</translation>
    </message>
    <message>
        <source>Keeps matmul and attention outputs; recomputes norms, RoPE and activation functions</source>
        <translation>保留矩阵乘法和注意力输出；重新计算归一化、RoPE 和激活函数</translation>
    </message>
    <message>
        <source>Attention only (selective)</source>
        <translation>仅注意力（选择性）</translation>
    </message>
    <message>
        <source>Recomputes each layer&apos;s attention sub-block; keeps the MLP&apos;s activations</source>
        <translation>重算每层的注意力子块；保留 MLP 的激活值</translation>
    </message>
    <message>
        <source>One layer in N</source>
        <translation>每 N 层一个</translation>
    </message>
    <message>
        <source>Checkpoints every N-th layer and keeps the others</source>
        <translation>每隔 N 层设一个检查点，其余层保留激活值</translation>
    </message>
    <message>
        <source>Attention projections</source>
        <translation>注意力投影层</translation>
    </message>
    <message>
        <source>All linear layers</source>
        <translation>全部线性层</translation>
    </message>
    <message>
        <source>Chosen layers</source>
        <translation>指定的层</translation>
    </message>
    <message>
        <source>attention projections</source>
        <translation>注意力投影层</translation>
    </message>
    <message>
        <source>all linear layers</source>
        <translation>全部线性层</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Click to edit this workload&apos;s recipe</source>
        <translation>点击编辑此工作负载的配方</translation>
    </message>
    <message>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <source>%1 adapters</source>
        <translation>%1 适配器</translation>
    </message>
    <message>
        <source>no double quant.</source>
        <translation>无双重量化</translation>
    </message>
    <message>
        <source>8-bit base</source>
        <translation>8 位基座</translation>
    </message>
    <message>
        <source>%1 step</source>
        <translation>%1步进</translation>
    </message>
    <message>
        <source>step in backward</source>
        <translation>反向中步进</translation>
    </message>
    <message>
        <source>chunked loss</source>
        <translation>分块损失</translation>
    </message>
    <message>
        <source>offload: %1</source>
        <translation>卸载：%1</translation>
    </message>
    <message>
        <source>selective ckpt</source>
        <translation>选择性检查点</translation>
    </message>
    <message>
        <source>ckpt 1 layer in %1</source>
        <translation>每 %1 层一个检查点</translation>
    </message>
    <message>
        <source>%1 head</source>
        <translation>%1头</translation>
    </message>
    <message>
        <source>LoRA on %1</source>
        <translation>LoRA：%1</translation>
    </message>
    <message>
        <source>op-level ckpt</source>
        <translation>算子级检查点</translation>
    </message>
    <message>
        <source>shifted-logits loss</source>
        <translation>移位 logits 损失</translation>
    </message>
    <message>
        <source>fp32 logits held</source>
        <translation>保留 fp32 logits</translation>
    </message>
    <message>
        <source>activations offloaded</source>
        <translation>激活已卸载</translation>
    </message>
    <message>
        <source>target %1 tokens</source>
        <translation>目标 %1 个词元</translation>
    </message>
    <message>
        <source>stack: %1</source>
        <translation>软件栈：%1</translation>
    </message>
    <message>
        <source>fp32 unquantized modules</source>
        <translation>未量化模块为 fp32</translation>
    </message>
    <message numerus="yes">
        <source>Per GPU over the build&apos;s %n GPU(s)</source>
        <translation>
            <numerusform>按配置中的 %n 张 GPU 计算的单卡占用</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 个参数</translation>
    </message>
</context>
<context>
    <name>WorkloadsPanel</name>
    <message>
        <source>Search models…</source>
        <extracomment>config.json files are a few kilobytes; anything far larger is not one.</extracomment>
        <translation>搜索模型…</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>From config.json…</source>
        <translation>从 config.json…</translation>
    </message>
    <message>
        <source>Size your own model from its Hugging Face config.json (or drop the file here)</source>
        <translation>根据 Hugging Face 的 config.json 估算你自己的模型（也可把文件拖到这里）</translation>
    </message>
    <message>
        <source>No workloads yet: pick a model above, or drop a Hugging Face config.json here.</source>
        <translation>还没有工作负载：请在上方选择模型，或把 Hugging Face 的 config.json 拖到这里。</translation>
    </message>
    <message>
        <source>Pick a model from the list.</source>
        <translation>请从列表中选择模型。</translation>
    </message>
    <message>
        <source>Open a Hugging Face config.json</source>
        <translation>打开 Hugging Face 的 config.json</translation>
    </message>
    <message>
        <source>Model configuration (*.json)</source>
        <translation>模型配置 (*.json)</translation>
    </message>
    <message>
        <source>%1 could not be read (%2).</source>
        <translation>无法读取 %1（%2）。</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (line %2).</source>
        <translation>%1 不是有效的 JSON（第 %2 行）。</translation>
    </message>
</context>
</TS>
