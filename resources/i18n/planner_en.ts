<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
    <context>
        <name>AssumptionsForm</name>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="31" />
            <source>Change hours per day</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="32" />
            <source>Change utilization</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="33" />
            <source>Change PUE</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="34" />
            <source>Change tariff</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="35" />
            <source>Change electricity price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="37" />
            <source>Change currency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="38" />
            <source>Change grid carbon region</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="39" />
            <source>Change years</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="40" />
            <source>Change the cloud instance compared</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="43" />
            <source>Change assumptions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="63" />
            <source> h/day</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="67" />
            <source>Average share of board power drawn while a job runs (100 %: at TDP)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="81" />
            <source>Power usage effectiveness: 1.0 at home, about 1.4–1.6 in a typical data centre</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="86" />
            <source> years</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="113" />
            <source>Use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="114" />
            <source>Utilization</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="115" />
            <source>Tariff</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="116" />
            <source>Price per kWh</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="117" />
            <source>Currency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="118" />
            <source>PUE</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="119" />
            <source>Grid carbon</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="120" />
            <source>Horizon</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="121" />
            <source>Rent instead</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="129" />
            <source>Custom price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="136" />
            <source>Not counted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/assumptions_form.py" line="140" />
            <source>Same GPU, cheapest on record</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>BuildCanvas</name>
        <message>
            <location filename="../../planner/ui/build_canvas.py" line="71" />
            <source>Build</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>BuildWarnings</name>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="27" />
            <source>%1 has no NVLink or Infinity Fabric: GPUs exchange gradients over PCIe, which slows multi-GPU training.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="31" />
            <source>The build mixes GPU architectures: data-parallel training runs at the pace of the slowest card and the smallest memory binds.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="35" />
            <source>The build mixes vendors: CUDA and ROCm cannot share one training job.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="39" />
            <source>%1 is %2 on current ROCm: PyTorch may not run on it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="42" />
            <source>%1 is a server module (SXM/OAM): it needs a vendor server baseboard (e.g. HGX), not a desktop.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="46" />
            <source>%1 is passively cooled: it needs a server chassis with front-to-back airflow.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="50" />
            <source>The cards need %1 expansion slots; an ATX board has %2. Use a server chassis, blower or water-cooled cards, or risers.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="54" />
            <source>The cards want %1 PCIe lanes; a mainstream desktop CPU gives %2 (x8/x8 for two cards). A workstation platform (Threadripper, Xeon W, EPYC) gives each card its x16.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="59" />
            <source>The cards need %1 16-pin (12V-2×6) connectors; few PSUs have more than two native ones.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="63" />
            <source>The system draws about %1 W: no single ATX PSU covers it at 80 % load; plan for redundant server PSUs.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="67" />
            <source>About %1 W exceeds what one %2 wall circuit carries continuously (%3 W).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="71" />
            <source>Cards with different memory: sharded and replicated jobs are bound by the smallest card.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="79" />
            <source>unsupported</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/warnings_text.py" line="81" />
            <source>unofficially supported</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CardList</name>
        <message>
            <location filename="../../planner/ui/build_canvas.py" line="38" />
            <source>Drag GPUs here from the catalog
(or double-click one there)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CatalogModel</name>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="92" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="92" />
            <source>Vendor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="92" />
            <source>Architecture</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="93" />
            <source>VRAM (GB)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="93" />
            <source>Bandwidth (GB/s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="93" />
            <source>TDP (W)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="94" />
            <source>FP16 TFLOPS</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="94" />
            <source>Price (USD)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="96" />
            <source>Memory capacity as the vendor states it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="97" />
            <source>Memory bandwidth, 10⁹ bytes per second</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="98" />
            <source>Board power (total graphics power)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="99" />
            <source>Dense FP16 tensor throughput with FP32 accumulate, no sparsity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="100" />
            <source>Dated street price in US dollars, else the launch price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="140" />
            <source> (custom)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="167" />
            <source>Street price as of %1 — source: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="170" />
            <source>Launch price — source: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="171" />
            <source>No price known</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="174" />
            <source>Not stated by any source, or the chip lacks it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="176" />
            <source>Source: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_model.py" line="177" />
            <source>Entered by you</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CatalogPanel</name>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="102" />
            <source>Search GPUs (e.g. 4090 rtx, hopper, mi300)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="104" />
            <source>Search the catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="107" />
            <source>Vendor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="109" />
            <source>Architecture</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="110" />
            <source> GB</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="110" />
            <source>Any VRAM</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="111" />
            <source>At least this much memory per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="112" />
            <source>Any price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="113" />
            <source>At most this price per GPU (US dollars); GPUs without a known price are hidden while set</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="115" />
            <source> W</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="115" />
            <source>Any power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="116" />
            <source>At most this board power per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="121" />
            <source>GPU catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="122" />
            <source>Drag a GPU onto the build, or double-click it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="129" />
            <source>Number of GPUs shown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="130" />
            <source>Loading the catalog…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="186" />
            <source>All vendors</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="187" />
            <source>All architectures</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="202" />
            <source>%1 of %2 GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="213" />
            <source>Add to Build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="215" />
            <source>Edit GPU…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/catalog_panel.py" line="219" />
            <source>Add Custom GPU…</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ComparisonPanel</name>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="184" />
            <source>Add a GPU…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="185" />
            <source>Add an architecture…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="187" />
            <source>GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="188" />
            <source>Architectures</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="288" />
            <source>Add GPUs to the build, or pick them here, to compare two to four side by side.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="315" />
            <source>Headroom: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="317" />
            <source>tokens/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="317" />
            <source>samples/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="318" />
            <source>Speed: %1 (%2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="330" />
            <source>Memory</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="330" />
            <source>Memory type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="331" />
            <source>Memory bandwidth</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="331" />
            <source>FP32</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="332" />
            <source>FP16 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="332" />
            <source>BF16 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="333" />
            <source>FP8 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="333" />
            <source>INT8 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="334" />
            <source>Architecture</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="334" />
            <source>Process</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="335" />
            <source>BF16 support</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="335" />
            <source>FP8 support</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="336" />
            <source>FP4 support</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="337" />
            <source>Transformer Engine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="338" />
            <source>2:4 structured sparsity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="339" />
            <source>GPU-to-GPU link</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="340" />
            <source>Link bandwidth</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="340" />
            <source>Board power (TDP)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="341" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="341" />
            <source>FP16 TFLOPS per $1,000</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="342" />
            <source>FP16 GFLOPS per watt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="342" />
            <source>Vendor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="343" />
            <source>Launched</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="343" />
            <source>Matrix units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="344" />
            <source>Features</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="353" />
            <source>yes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="353" />
            <source>no</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="375" />
            <source>Source: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="377" />
            <source>Price source: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="378" />
            <source>launch MSRP</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="380" />
            <source>Free memory per GPU if the build were made of this card.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="383" />
            <source>Estimated for the build's %1 GPU(s) of this card: training at %2 % of the card's peak dense tensor throughput (model FLOPs utilisation), decoding at %3 % of its memory bandwidth. Shown only where the workload fits.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="390" />
            <source>Best of the compared (higher is better)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="392" />
            <source>Best of the compared (lower is better)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="74" />
            <source>Reset</source>
            <extracomment>Rows whose figures come from the GPU's datasheet (the others are derived or from elsewhere).</extracomment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="75" />
            <source>Compare the build's own GPUs again</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/comparison.py" line="108" />
            <source>Remove %1 from the comparison</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CustomGpuDialog</name>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="69" />
            <source>Edit GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="69" />
            <source>Add Custom GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="79" />
            <source>Consumer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="79" />
            <source>Workstation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="80" />
            <source>Data centre</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="83" />
            <source>PCIe card</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="83" />
            <source>SXM module</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="84" />
            <source>OAM module</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="84" />
            <source>Superchip</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="87" />
            <source> GB</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="91" />
            <source> GB/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="92" />
            <source> W</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="96" />
            <source>Optional: a datasheet link or document title</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="101" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="101" />
            <source>Vendor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="102" />
            <source>Architecture</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="103" />
            <source>Segment</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="104" />
            <source>Form factor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="105" />
            <source>Memory</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="106" />
            <source>Memory type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="107" />
            <source>Memory bandwidth</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="108" />
            <source>Board power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="109" />
            <source>FP16 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="110" />
            <source>Price (USD)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="111" />
            <source>Source</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="154" />
            <source>unknown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="201" />
            <source>Give the GPU a name.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="203" />
            <source>Choose an architecture or type its name.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="205" />
            <source>Memory must be more than 0 GB.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="207" />
            <source>Bandwidth must be at least %1 GB/s (in GB/s, not TB/s).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/custom_gpu_dialog.py" line="211" />
            <source>Board power must be at least %1 W.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>DocumentFiles</name>
        <message>
            <location filename="../../planner/ui/document_files.py" line="50" />
            <source>Unsaved Changes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="51" />
            <source>Save the changes to “%1” before closing it?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="81" />
            <source>Untitled build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="99" />
            <source>Open Build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="100" />
            <source>GPU builds (*.gpubuild);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="112" />
            <location filename="../../planner/ui/document_files.py" line="115" />
            <source>Cannot Open Build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="116" />
            <source>“%1” could not be read: %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="124" />
            <source>Opened %1.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../planner/ui/document_files.py" line="127" />
            <source>%n GPU(s) in the file are not in your catalog; their figures come from the file.</source>
            <translation>
                <numerusform>%n GPU in the file is not in your catalog; its figures come from the file.</numerusform>
                <numerusform>%n GPUs in the file are not in your catalog; their figures come from the file.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="137" />
            <source>Figures Differ</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="138" />
            <source>Some figures in “%1” differ from your catalog. The build keeps the file's figures.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="157" />
            <source>Save Build As</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="158" />
            <source>GPU builds (*.gpubuild)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="174" />
            <source>Cannot Save Build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="181" />
            <source>Saved %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="199" />
            <source>last saved as %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="200" />
            <source>never saved</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="201" />
            <source>GPU Build Planner did not close properly. Recover the build “%1” (%2), autosaved %3?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="205" />
            <source>Recover Unsaved Build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="217" />
            <source>Recover Autosaved Build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="219" />
            <source>Recovered “%1”. Save it to keep it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/document_files.py" line="253" />
            <source>Clear Menu</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Edits</name>
        <message>
            <location filename="../../planner/ui/edits.py" line="27" />
            <source>Add %1</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../planner/ui/edits.py" line="30" />
            <source>Add %n GPU(s)</source>
            <translation>
                <numerusform>Add %n GPU</numerusform>
                <numerusform>Add %n GPUs</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../planner/ui/edits.py" line="47" />
            <source>Change count of %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/edits.py" line="58" />
            <source>Remove %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/edits.py" line="71" />
            <source>Move %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>EnergyPanel</name>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="67" />
            <source>Assumptions</source>
            <extracomment>Table columns of the per-GPU figures.</extracomment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="73" />
            <source>GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="73" />
            <source>Count</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="73" />
            <source>kWh / year</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="73" />
            <source>Cost / year</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="74" />
            <source>CO₂ kg / year</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="74" />
            <source>Heat BTU/h</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="89" />
            <source>A year of use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="99" />
            <source>Years</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="109" />
            <source>Own (purchase + electricity)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="167" />
            <source>Build (with host)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="174" />
            <source>%1 kWh under load, %2 kWh idle</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="178" />
            <source>The cards plus the rest of the computer, at the wall</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="195" />
            <source>idle %1 W</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="196" />
            <source>idle power unknown (counted as 0 W)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="197" />
            <source>Board power %1 W, %2
Source: %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="208" />
            <source>Tariff: %1 (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="209" />
            <source>your price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="211" />
            <source>Purchase: %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="213" />
            <source>Idle power unknown for some cards (counted as 0 W).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="216" />
            <source>No cloud instance rents this GPU in the catalog.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="218" />
            <source>Renting %1 × %2 (%3): %4 per hour, %5 per year.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="224" />
            <source>No price is known for these cards, so no break-even.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="226" />
            <source>Renting stays cheaper than owning at these prices.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="228" />
            <source>Owning pays off after %1 hours of use (about %2 months).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="235" />
            <source>Rent %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="254" />
            <source>Cumulative cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/energy.py" line="273" />
            <source>break-even: %1 months</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>HeadroomPanel</name>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="143" />
            <source>GiB per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="253" />
            <source>train</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="253" />
            <source>infer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="264" />
            <source>%1 (no GPU)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="265" />
            <source>%1 · %2 / %3</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="271" />
            <source>Track workloads to see whether they fit this build.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="274" />
            <source>Add GPUs to the build to place these workloads.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="279" />
            <source>%1 of %2 workloads fit; per GPU on %3 GPU(s), bound by %4.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="299" />
            <source>Weights</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="300" />
            <source>Master weights</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="301" />
            <source>Gradients</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="302" />
            <source>Optimizer state</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="303" />
            <source>Optimizer step temporaries</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="304" />
            <source>Activations</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="305" />
            <source>Logits and loss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="306" />
            <source>KV cache</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="307" />
            <source>Framework (CUDA context, buffers, allocator)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="309" />
            <source>training</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="309" />
            <source>inference</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="312" />
            <source>Per GPU on %1: %2 of %3 usable</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="320" />
            <source>Estimate from %1, ±%2 % (%3 – %4); peak at %5.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="366" />
            <source>Changes that would make a workload fit appear here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="368" />
            <source>Add GPUs to see which changes would make each workload fit.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="369" />
            <source>Every tracked workload fits this build: nothing to change.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="377" />
            <source>Make %1 fit: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="97" />
            <source>%1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="99" />
            <source>%1 does not fit, and no single change makes it fit: add GPUs or choose cards with more memory.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="103" />
            <source>%1 does not fit. What would make it fit:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/headroom.py" line="114" />
            <source>%1 → %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../planner/ui/main_window.py" line="46" />
            <source>GPU Build Planner</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="51" />
            <source>Loading…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="54" />
            <location filename="../../planner/ui/main_window.py" line="241" />
            <source>Catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="104" />
            <source>&amp;New</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="106" />
            <source>&amp;Open…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="108" />
            <source>&amp;Save</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="110" />
            <source>Save &amp;As…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="112" />
            <source>&amp;Export PDF…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="113" />
            <source>Ctrl+E</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="114" />
            <source>&amp;Print…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="116" />
            <source>&amp;Quit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="119" />
            <location filename="../../planner/ui/main_window.py" line="223" />
            <source>&amp;Undo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="121" />
            <location filename="../../planner/ui/main_window.py" line="227" />
            <source>&amp;Redo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="123" />
            <source>&amp;Find GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="124" />
            <source>Add &amp;Custom GPU…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="126" />
            <source>&amp;Recommend…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="126" />
            <source>Ctrl+R</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="128" />
            <source>Find the cheapest builds that fit the tracked workloads</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="129" />
            <source>&amp;Reset Layout</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="130" />
            <source>&amp;Preferences…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="133" />
            <source>&amp;About GPU Build Planner</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="135" />
            <source>About &amp;Qt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="142" />
            <source>&amp;File</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="144" />
            <source>Open &amp;Recent</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="152" />
            <source>&amp;Edit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="158" />
            <source>&amp;View</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="162" />
            <source>&amp;Tools</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="164" />
            <source>&amp;Help</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="166" />
            <source>Main</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="222" />
            <source>&amp;Undo %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="226" />
            <source>&amp;Redo %1</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../planner/ui/main_window.py" line="237" />
            <source>%n GPU(s)</source>
            <translation>
                <numerusform>%n GPU</numerusform>
                <numerusform>%n GPUs</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="238" />
            <source>catalog %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="264" />
            <source>Not available in this version</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="269" />
            <source>The report module is not available in this version</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="306" />
            <source>GPUs Not in Your Catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="307" />
            <source>This build uses GPUs your catalog does not have: %1. Add them to your catalog as your own GPUs?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="317" />
            <source>Cannot Add GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="332" />
            <source>Use the edited figures of %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="369" />
            <source>About GPU Build Planner</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="370" />
            <source>&lt;h3&gt;GPU Build Planner %1&lt;/h3&gt;&lt;p&gt;Plan GPU builds for machine learning: VRAM fit, energy, cost and side-by-side comparison.&lt;/p&gt;&lt;p&gt;Every figure in the catalog names its source; hover over it to see which.&lt;/p&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/main_window.py" line="377" />
            <source>%1[*] — GPU Build Planner</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PanelDocks</name>
        <message>
            <location filename="../../planner/ui/panel_docks.py" line="52" />
            <source>VRAM Headroom</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panel_docks.py" line="54" />
            <source>Workloads</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panel_docks.py" line="56" />
            <source>Energy and Cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panel_docks.py" line="58" />
            <source>Comparison</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PreferencesDialog</name>
        <message>
            <location filename="../../planner/ui/preferences.py" line="95" />
            <source>Preferences</source>
            <extracomment>The languages we ship, by locale name, each named in itself.</extracomment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="105" />
            <source>Use the Open Build's Assumptions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="108" />
            <source>New builds start with</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="112" />
            <source>An open build keeps its own assumptions; they are saved in its file.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="118" />
            <location filename="../../planner/ui/preferences.py" line="124" />
            <source>Follow the system</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="118" />
            <source>Light</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="119" />
            <source>Dark</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="129" />
            <source>A new language takes effect when the app starts again.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="132" />
            <source>Appearance</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="134" />
            <source>Colours</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/preferences.py" line="135" />
            <source>Language</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RecommendDialog</name>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="60" />
            <source>Find the cheapest build that fits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="63" />
            <source>The build's tracked workloads</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="68" />
            <source>Limit to</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="82" />
            <source> % spare</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="84" />
            <source>Lowest price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="84" />
            <source>Lowest power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="85" />
            <source>Fastest</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="94" />
            <source>Size for</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="96" />
            <source>Budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="97" />
            <source>Headroom</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="98" />
            <source>Rank by</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="104" />
            <source>GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="104" />
            <source>Count</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="104" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="104" />
            <source>Board power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="105" />
            <source>Tensor TFLOPS</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="105" />
            <source>Least headroom</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="105" />
            <source>Parallelism</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="115" />
            <source>Apply to build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="159" />
            <source>training</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="159" />
            <source>inference</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../planner/ui/panels/recommend.py" line="186" />
            <source>%n build(s) fit.</source>
            <translation>
                <numerusform>%n build fits.</numerusform>
                <numerusform>%n builds fit.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="187" />
            <source>Nothing in the catalog fits these workloads within the limits.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/recommend.py" line="223" />
            <source>Use %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ReportActions</name>
        <message>
            <location filename="../../planner/ui/report_actions.py" line="57" />
            <source>Export PDF</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/report_actions.py" line="58" />
            <source>PDF files (*.pdf)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/report_actions.py" line="65" />
            <source>Cannot Export PDF</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/report_actions.py" line="79" />
            <source>Cannot Print</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>SlotCard</name>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="62" />
            <source>Number of cards</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="63" />
            <source>How many of this GPU (1–64)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="67" />
            <source>Remove from the build (Delete)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="68" />
            <source>Remove</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="96" />
            <source>%1 GB</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="97" />
            <source>%1 W</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="98" />
            <source>price unknown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="100" />
            <source>not in your catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="103" />
            <source>launch MSRP</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="104" />
            <source>Figures from: %1
Price: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="105" />
            <source>unknown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="107" />
            <source>This GPU is not in your catalog: its figures come from the file.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/slot_card.py" line="113" />
            <source>%1, %2 cards</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Suggestions</name>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="16" />
            <source>Micro-batch %batch with %accumulation× gradient accumulation (same effective batch %effective)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="21" />
            <source>Turn on gradient checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="24" />
            <source>Use FlashAttention / SDPA</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="25" />
            <source>Mixed precision (AMP BF16)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="26" />
            <source>8-bit Adam (bitsandbytes)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="27" />
            <source>Pure BF16 weights and optimizer state</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="30" />
            <source>LoRA adapters (rank 16) instead of full fine-tuning</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="33" />
            <source>QLoRA (4-bit base, rank 16)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="34" />
            <location filename="../../planner/ui/panels/suggestion_text.py" line="37" />
            <source>Shard over the build's %gpus GPUs: %strategy</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="40" />
            <source>Tensor-parallel over the build's %gpus GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="43" />
            <source>FP8 KV cache</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="44" />
            <location filename="../../planner/ui/panels/suggestion_text.py" line="45" />
            <source>Quantize weights to %precision</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="46" />
            <source>Serve batch %batch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="52" />
            <source>Same result per step; more, smaller steps run slower on a big GPU.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="55" />
            <source>About 33 % more compute (one extra forward pass).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="58" />
            <source>None on supported GPUs; usually faster.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="61" />
            <source>Needs BF16 tensor cores (Ampere or newer); usually faster.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="64" />
            <source>Optimizer state in 8 bits; matches 32-bit Adam on most fine-tunes.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="67" />
            <source>No fp32 master weights: small updates can be lost; use with care.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="70" />
            <source>Trains ~0.1–1 % of the weights; close to full fine-tuning on many tasks.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="74" />
            <source>Base weights in 4-bit NF4; slower steps from dequantization.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="77" />
            <source>Shards optimizer state and gradients; same traffic as DDP.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="80" />
            <source>Shards everything; ~1.5× DDP's communication.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="83" />
            <source>Splits every layer; needs fast links (NVLink) to scale.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="86" />
            <source>Halves the cache; small quality loss on long contexts.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="89" />
            <location filename="../../planner/ui/panels/suggestion_text.py" line="92" />
            <source>int8: near-lossless; int4 (GPTQ/AWQ): small quality loss.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/suggestion_text.py" line="95" />
            <source>Lower throughput.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>TotalsBar</name>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="58" />
            <source>GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="58" />
            <source>Total VRAM</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="59" />
            <source>Smallest GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="59" />
            <source>GPU power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="60" />
            <source>System power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="60" />
            <source>Recommended PSU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="61" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="76" />
            <source>GPUs plus about %1 W for the rest of the computer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="84" />
            <source>Build warnings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="106" />
            <source>Smallest common rating that keeps the load at or under 80 %</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="109" />
            <source>server PSUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="113" />
            <source>Cards in the build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="114" />
            <source>Memory of every card, as its datasheet states it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="116" />
            <source>The smallest card bounds what each GPU can hold when work is split evenly</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="118" />
            <source>Board power (TDP) of every card, from its datasheet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="132" />
            <source>Converted from US dollars at the rates of %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/totals_bar.py" line="135" />
            <source>Launch or street prices in US dollars</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../planner/ui/totals_bar.py" line="139" />
            <source>(+%n unpriced)</source>
            <translation>
                <numerusform>(+%n unpriced)</numerusform>
                <numerusform>(+%n unpriced)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Units</name>
        <message>
            <location filename="../../planner/ui/panels/common.py" line="69" />
            <source>%1 GiB</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>WorkloadsPanel</name>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="79" />
            <source>Search models…</source>
            <extracomment>config.json files are a few kilobytes; anything far larger is not one.</extracomment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="80" />
            <source>Add</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="83" />
            <source>From config.json…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="84" />
            <source>Size your own model from its Hugging Face config.json (or drop the file here)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="119" />
            <source>Model</source>
            <extracomment>Width of the model-name column, as the panel always had it (names are long; the user can widen). Short names for the narrow parallelism column; the full label is the item's tooltip. The ``WorkloadsPanel.edit_field`` name each editable column changes. Columns edited with a spin box, and its range (seq 0 means the workload's default). Columns edited with a combo box of :data:`OPTIONS_ROLE` items. Largest estimate the column is sized for ("9,999.9 GiB"): wider than any card holds. A setting that does not apply to the row: no ItemIsEnabled, so the view greys it out.</extracomment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="120" />
            <source>Per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="121" />
            <source>Memory per GPU and whether it fits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="122" />
            <source>Task</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="123" />
            <source>Precision</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="124" />
            <source>Batch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="125" />
            <source>Micro-batch per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="126" />
            <source>Seq / px</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="127" />
            <source>Sequence length in tokens, or image side in pixels</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="129" />
            <source>Optimizer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="130" />
            <source>Ckpt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="131" />
            <source>Gradient checkpointing</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="132" />
            <source>Accum.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="133" />
            <source>Gradient accumulation steps</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="134" />
            <source>Attention</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="135" />
            <source>Parallel</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="136" />
            <source>How the workload is split over the GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="138" />
            <source>Adapter</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="139" />
            <source>Full fine-tuning, LoRA or QLoRA</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="140" />
            <source>Rank</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="141" />
            <source>LoRA rank</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="169" />
            <source>Data parallel (DDP): a full copy on every GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="171" />
            <source>ZeRO-1: optimizer state sharded over the GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="173" />
            <source>ZeRO-2: optimizer state and gradients sharded</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="175" />
            <source>ZeRO-3: weights, gradients and optimizer state sharded</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="177" />
            <source>FSDP (full shard): weights, gradients and optimizer state sharded</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="180" />
            <source>Tensor parallel: each layer split over the GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="182" />
            <source>Pipeline parallel: consecutive layers on each GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="189" />
            <source>Replicas</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="190" />
            <source>A full copy of the model on every GPU, each serving its own requests</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="95" />
            <source>No workloads yet: pick a model above, or drop a Hugging Face config.json here.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="129" />
            <source>Pick a model from the list.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="140" />
            <source>Track %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="148" />
            <source>Stop tracking %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="152" />
            <source>Open a Hugging Face config.json</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="153" />
            <source>Model configuration (*.json)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="173" />
            <source>%1 could not be read (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="177" />
            <source>%1 is not valid JSON (line %2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads.py" line="224" />
            <source>Change %1 of %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="149" />
            <source>Training</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="150" />
            <source>Inference</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="144" />
            <source>default</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="153" />
            <source>Flash / SDPA</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="154" />
            <source>Eager</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="155" />
            <source>Full</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="156" />
            <source>LoRA</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="157" />
            <source>QLoRA</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="145" />
            <source>Stop tracking this workload</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/workloads_model.py" line="147" />
            <source>%1 · %2</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../planner/ui/panels/workloads.py" line="232" />
            <source>Per GPU over the build's %n GPU(s)</source>
            <translation>
                <numerusform>Per GPU over the build's %n GPU</numerusform>
                <numerusform>Per GPU over the build's %n GPUs</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Verdict</name>
        <message>
            <location filename="../../planner/ui/panels/common.py" line="57" />
            <source>fits</source>
            <extracomment>Okabe–Ito bluish green, orange and vermillion: "green / amber / red" that colour-blind readers can still tell apart.</extracomment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/common.py" line="58" />
            <source>tight</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/common.py" line="59" />
            <source>does not fit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/common.py" line="60" />
            <source>no GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../planner/ui/panels/common.py" line="61" />
            <source>error</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ComparisonSheet</name>
        <message>
            <source>yes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU Build Planner</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Build</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Count</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Memory</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Board power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Unit price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Total</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>board power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>recommended PSU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>priced</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Workloads: memory per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Workload</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Task</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Needed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Usable</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Verdict</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>train</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>inference</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>fits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>tight</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>does not fit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>no gpu</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>error</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPUs side by side</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Architectures</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Energy and cost of running</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>a year</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>at load</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>idle</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Assumptions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>day</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>days</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>utilization</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>none (no purchase price on record, or renting costs less per hour than the electricity)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Renting instead</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>break-even after</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Sources</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Memory estimates: docs/estimation.md (formula and validation against PyTorch measurements). Tensor throughputs are dense; a figure shown as — is not stated by any source we have.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>2:4 structured sparsity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Architecture</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>BF16 support</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>BF16 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Board power (TDP)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FP16 GFLOPS per watt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FP16 TFLOPS per $1,000</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FP16 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FP32</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FP4 support</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FP8 support</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>FP8 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Features</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>GPU-to-GPU link</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>INT8 tensor (dense)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Launched</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Link bandwidth</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Matrix units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Memory bandwidth</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Memory type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Process</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Transformer Engine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Vendor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Headroom: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <source>Speed: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>