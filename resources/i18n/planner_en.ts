<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ComparisonPanel</name>
    <message numerus="yes">
        <source>Estimated for the build&apos;s %n GPU(s) of this card: training at %2 % of the card&apos;s peak dense tensor throughput (model FLOPs utilisation), decoding at %3 % of its memory bandwidth. Shown only where the workload fits.</source>
        <translation>
            <numerusform>Estimated for the build&apos;s %n GPU of this card: training at %2 % of the card&apos;s peak dense tensor throughput (model FLOPs utilisation), decoding at %3 % of its memory bandwidth. Shown only where the workload fits.</numerusform>
            <numerusform>Estimated for the build&apos;s %n GPUs of this card: training at %2 % of the card&apos;s peak dense tensor throughput (model FLOPs utilisation), decoding at %3 % of its memory bandwidth. Shown only where the workload fits.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparisonSheet</name>
    <message numerus="yes">
        <source>Cumulative cost over %n year(s)</source>
        <translation>
            <numerusform>Cumulative cost over %n year</numerusform>
            <numerusform>Cumulative cost over %n years</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n year(s)</source>
        <translation>
            <numerusform>%n year</numerusform>
            <numerusform>%n years</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1× %2 (%n GPU(s))</source>
        <translation>
            <numerusform>%1× %2 (%n GPU)</numerusform>
            <numerusform>%1× %2 (%n GPUs)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DocumentFiles</name>
    <message numerus="yes">
        <source>%n GPU(s) in the file are not in your catalog; their figures come from the file.</source>
        <translation>
            <numerusform>%n GPU in the file is not in your catalog; its figures come from the file.</numerusform>
            <numerusform>%n GPUs in the file are not in your catalog; their figures come from the file.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Edits</name>
    <message numerus="yes">
        <source>Add %n GPU(s)</source>
        <translation>
            <numerusform>Add %n GPU</numerusform>
            <numerusform>Add %n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EnergyPanel</name>
    <message numerus="yes">
        <source>Renting %1 × %2 (%3, %n GPU(s), %6): %4 per hour, %5 per year.</source>
        <translation>
            <numerusform>Renting %1 × %2 (%3, %n GPU, %6): %4 per hour, %5 per year.</numerusform>
            <numerusform>Renting %1 × %2 (%3, %n GPUs, %6): %4 per hour, %5 per year.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeadroomPanel</name>
    <message numerus="yes">
        <source>%1 of %2 workloads fit; per GPU on %n GPU(s), bound by %3.</source>
        <translation>
            <numerusform>%1 of %2 workloads fit; per GPU on %n GPU, bound by %3.</numerusform>
            <numerusform>%1 of %2 workloads fit; per GPU on %n GPUs, bound by %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 workloads fit; per GPU on %n GPU(s).</source>
        <translation>
            <numerusform>%1 of %2 workloads fit; per GPU on %n GPU.</numerusform>
            <numerusform>%1 of %2 workloads fit; per GPU on %n GPUs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasuredRunsPanel</name>
    <message numerus="yes">
        <source>%n measured run(s).</source>
        <translation>
            <numerusform>%n measured run.</numerusform>
            <numerusform>%n measured runs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Prices</name>
    <message numerus="yes">
        <source>%n month(s) old</source>
        <translation>
            <numerusform>%n month old</numerusform>
            <numerusform>%n months old</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No new price in the last %n month(s): the newest %1 stands in.</source>
        <translation>
            <numerusform>No new price in the last %n month: the newest %1 stands in.</numerusform>
            <numerusform>No new price in the last %n months: the newest %1 stands in.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecommendDialog</name>
    <message numerus="yes">
        <source>%n build(s) fit.</source>
        <translation>
            <numerusform>%n build fits.</numerusform>
            <numerusform>%n builds fit.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecoveryDialog</name>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n workload(s)</source>
        <translation>
            <numerusform>%n workload</numerusform>
            <numerusform>%n workloads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rentals</name>
    <message numerus="yes">
        <source>%1× %2 (%n GPU(s)), %3</source>
        <translation>
            <numerusform>%1× %2 (%n GPU), %3</numerusform>
            <numerusform>%1× %2 (%n GPUs), %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Runs</name>
    <message numerus="yes">
        <source>Calibrated from %n of your runs on this GPU (%1): %2; the formulas alone say %3. Error on those runs ±%4.</source>
        <translation>
            <numerusform>Calibrated from %n of your runs on this GPU (%1): %2; the formulas alone say %3. Error on that run ±%4.</numerusform>
            <numerusform>Calibrated from %n of your runs on this GPU (%1): %2; the formulas alone say %3. Error on those runs ±%4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Measured in %n of your runs of this configuration: %1 (%2).</source>
        <translation>
            <numerusform>Measured in %n of your runs of this configuration: %1 (%2).</numerusform>
            <numerusform>Measured in %n of your runs of this configuration: %1 (%2).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunsController</name>
    <message numerus="yes">
        <source>Imported %n measured run(s).</source>
        <translation>
            <numerusform>Imported %n measured run.</numerusform>
            <numerusform>Imported %n measured runs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n were already stored.</source>
        <translation>
            <numerusform>%n was already stored.</numerusform>
            <numerusform>%n were already stored.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) could not be imported.</source>
        <translation>
            <numerusform>%n record could not be imported.</numerusform>
            <numerusform>%n records could not be imported.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n measured run(s).</source>
        <translation>
            <numerusform>Exported %n measured run.</numerusform>
            <numerusform>Exported %n measured runs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TeamController</name>
    <message numerus="yes">
        <source>Team catalog: offline, %n edit(s) waiting</source>
        <translation>
            <numerusform>Team catalog: offline, %n edit waiting</numerusform>
            <numerusform>Team catalog: offline, %n edits waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Team catalog: synced %n min ago</source>
        <translation>
            <numerusform>Team catalog: synced %n min ago</numerusform>
            <numerusform>Team catalog: synced %n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n edit(s) waiting</source>
        <translation>
            <numerusform>, %n edit waiting</numerusform>
            <numerusform>, %n edits waiting</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TeamText</name>
    <message numerus="yes">
        <source>Edits waiting: %n</source>
        <translation>
            <numerusform>Edits waiting: %n</numerusform>
            <numerusform>Edits waiting: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n need(s) your choice in the app)</source>
        <translation>
            <numerusform> (%n needs your choice in the app)</numerusform>
            <numerusform> (%n need your choice in the app)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; %n edit(s) still waiting.</source>
        <translation>
            <numerusform>%1; %n edit still waiting.</numerusform>
            <numerusform>%1; %n edits still waiting.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TotalsBar</name>
    <message numerus="yes">
        <source>(+%n unpriced)</source>
        <translation>
            <numerusform>(+%n unpriced)</numerusform>
            <numerusform>(+%n unpriced)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WarningsStrip</name>
    <message numerus="yes">
        <source>%n build warning(s)</source>
        <translation>
            <numerusform>%n build warning</numerusform>
            <numerusform>%n build warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkloadLabels</name>
    <message numerus="yes">
        <source>Per GPU over the build&apos;s %n GPU(s)</source>
        <translation>
            <numerusform>Per GPU over the build&apos;s %n GPU</numerusform>
            <numerusform>Per GPU over the build&apos;s %n GPUs</numerusform>
        </translation>
    </message>
</context>
</TS>
